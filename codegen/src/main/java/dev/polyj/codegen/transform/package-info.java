/**
 * The AST passes, in pipeline order, over the loop AST of the final schedule tree ({@link
 * dev.polyj.codegen.transform.RegionState}):
 *
 * <ol>
 *   <li>{@code openmp}: parallel loops marked {@code #pragma omp parallel for} (applied by ast-build);
 *   <li>{@code parallel-work}: parallel loops run in one thread when a run-time estimate of the
 *       region's work is small ({@link dev.polyj.codegen.transform.ParallelWork});
 *   <li>{@code ast-build} (required): the loop AST of the schedule tree (isl-style AST generation,
 *       Grosser, Verdoolaege and Cohen, TOPLAS 2015);
 *   <li>{@code runtime-steps} (off; with run-time tile sizes): tile-origin loops stepped by their
 *       size parameters;
 *   <li>{@code guard-peeling}: boundary iterations that need a guard peeled off the loops;
 *   <li>{@code index-set-splitting}: innermost loops split at the thresholds of their inequality
 *       guards, the main range without them ({@link dev.polyj.codegen.ast.IndexSetSplitting});
 *   <li>{@code product-packing}: matrix-product tiles packed into contiguous buffers ({@link
 *       dev.polyj.codegen.transform.ProductPacking}; Goto and van de Geijn, TOMS 2008);
 *   <li>{@code unroll-and-jam}: loops around a vectorized innermost loop unrolled and jammed
 *       (register tiling; Callahan, Carr and Kennedy, PLDI 1990);
 *   <li>{@code versions} (required): the printed versions, the schedule's and the program's own order
 *       under the parallel-work flag;
 *   <li>{@code column-interchange}: column walks turned into row-wise strips ({@link
 *       dev.polyj.codegen.transform.ColumnInterchange});
 *   <li>{@code recurrence-interleaving}: independent recurrences run side by side in vectorized
 *       strips ({@link dev.polyj.codegen.transform.RecurrenceInterleaving}; strip-mine and
 *       interchange);
 *   <li>{@code register-blocking}: matrix-product micro-kernels register-blocked ({@link
 *       dev.polyj.codegen.transform.RegisterBlocking}; Low et al., BLIS, TOMS 2016);
 *   <li>{@code scalar-promotion}: accumulators of innermost loops in local variables ({@link
 *       dev.polyj.codegen.transform.ScalarPromotion}; scalar replacement, Carr and Kennedy, 1994);
 *   <li>{@code cyclic-schedule}: triangular parallel loops dealt to the threads round-robin ({@link
 *       dev.polyj.codegen.transform.CyclicSchedulePass}).
 * </ol>
 */
package dev.polyj.codegen.transform;
