package dev.polyj.polyhedral.frontend;

import com.google.common.collect.ImmutableList;

/**
 * A parsed C file: the global declarations (in order, including those of included files that the
 * parser understood) and the function definitions of the main file.
 */
public record TranslationUnit(String fileName, ImmutableList<Decl> globals, ImmutableList<FunctionDef> functions) {}
