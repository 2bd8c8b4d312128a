/**
 * Loop AST generation: {@link dev.polyj.codegen.ast.ScanProblem} places statement instances in a
 * scan space (from a flat schedule map or, through {@link dev.polyj.codegen.ast.ScheduleTreeProblem},
 * a schedule tree); {@link dev.polyj.codegen.ast.AstBuilder} turns it into {@link
 * dev.polyj.codegen.ast.Node}s (loops with min/max/floord bounds and strides, guards simplified
 * under the context, substitutions for one-valued dimensions, separated, atomic or unrolled loops,
 * parallel and SIMD annotations); {@link dev.polyj.codegen.ast.AstInterpreter} executes an AST
 * exactly.
 */
package dev.polyj.codegen.ast;
