package dev.polyj.polyhedral.pass;

import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.tiling.Tiling;

/**
 * A schedule tree and the SCoP it schedules: when bands are tiled, the statements' instances
 * carry the tile coordinates as extra leading iterators (unused by the bodies). {@code
 * programOrder} is the untiled SCoP when its own loop order is to run wherever the region's work
 * is too small for threads, else null. {@code reductions} gives the reduction clauses of the
 * parallel loops when reductions were reassociated, else null.
 */
public record Scheduled(Scop scop, ScheduleNode tree, Tiling.Result tiling, Scop programOrder,
    ReductionClauses reductions) {
  public Scheduled(Scop scop, ScheduleNode tree, Tiling.Result tiling, Scop programOrder) {
    this(scop, tree, tiling, programOrder, null);
  }

  public Scheduled(Scop scop, ScheduleNode tree) {
    this(scop, tree, null, null);
  }

  public Scheduled(Scop scop, ScheduleNode tree, Tiling.Result tiling) {
    this(scop, tree, tiling, null);
  }

  /**
   * The {@code omp simd} reduction clause of a promoted innermost loop running {@code statements}
   * with the accumulators {@code locals} (array -> local variable), or null. Only untiled loops
   * are vectorized this way: the point loop of a tile runs 32 iterations, too few to pay for the
   * private per-lane accumulators and the final combination (syrk ran 1.8 times slower with them).
   */
  public String simdClause(java.util.Set<String> statements, java.util.Map<String, String> locals) {
    if (reductions == null) return null;
    if (tiling != null) {
      for (String st : statements) if (tiling.addedDims(st) > 0) return null;
    }
    return reductions.simdClause(statements, locals);
  }
}
