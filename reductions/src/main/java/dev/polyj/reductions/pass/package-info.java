/**
 * The reduction passes:
 *
 * <ol>
 *   <li>{@code sdr} ({@link dev.polyj.reductions.pass.SdrPass}, first of all, off by default):
 *       simplifying dependent reductions (Yang, Atkinson and Carbin, POPL 2021).
 *   <li>{@code reductions} ({@link dev.polyj.reductions.pass.ReductionsPass}, off by default:
 *       sums then round differently): reduction-enabled scheduling and code generation with
 *       OpenMP reduction clauses, after tiling (Doerfert, Streit, Hack and Benaissa, IMPACT 2015, Section 5),
 *       choosing among the schedules of {@link dev.polyj.reductions.pass.ReductionSchedules}.
 * </ol>
 */
package dev.polyj.reductions.pass;
