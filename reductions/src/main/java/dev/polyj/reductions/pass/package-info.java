/**
 * The reduction pass, after tiling in the pipeline:
 *
 * <ol>
 *   <li>{@code reductions} ({@link dev.polyj.reductions.pass.ReductionsPass}, off by default:
 *       sums then round differently): reduction-enabled scheduling and code generation with
 *       OpenMP reduction clauses (Doerfert, Streit, Hack and Benaissa, IMPACT 2015, Section 5),
 *       choosing among the schedules of {@link dev.polyj.reductions.pass.ReductionSchedules}.
 * </ol>
 */
package dev.polyj.reductions.pass;
