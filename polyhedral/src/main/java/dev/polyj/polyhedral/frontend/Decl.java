package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.SourcePos;

/**
 * A declared name: a variable, parameter, function or typedef. {@code init} is the initializer or
 * null; {@code name} may be null for an unnamed parameter.
 */
public record Decl(String name, CType type, Expr init, boolean isTypedef, SourcePos pos) {}
