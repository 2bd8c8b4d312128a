/**
 * C output: {@link dev.polyj.codegen.c.CPrinter} prints ASTs (helper macros under {@code #ifndef},
 * OpenMP pragmas, statement calls or bodies), {@link dev.polyj.codegen.c.CodegenCommand} is the
 * {@code codegen} command (isl_codegen's input), {@link dev.polyj.codegen.c.ScopCodegen} regenerates
 * a SCoP region for the {@code optimize} path, and {@link dev.polyj.codegen.c.GccDriver} compiles
 * and runs C programs.
 */
package dev.polyj.codegen.c;
