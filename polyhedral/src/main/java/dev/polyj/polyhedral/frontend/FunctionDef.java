package dev.polyj.polyhedral.frontend;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.scop.SourcePos;

/** A function definition: its name, parameters and body. */
public record FunctionDef(String name, CType result, ImmutableList<Decl> params, CStmt.Block body, SourcePos pos) {}
