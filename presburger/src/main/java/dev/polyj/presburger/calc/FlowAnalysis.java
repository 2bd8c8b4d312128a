package dev.polyj.presburger.calc;

import dev.polyj.presburger.set.UnionRelation;

/**
 * Array dataflow analysis for the calculator's {@code last ... before ... under ...} and
 * {@code any ... before ... under ...} (isl's compute_flow). It lives in a higher module; a
 * calculator without one reports these operations as not supported.
 */
@FunctionalInterface
public interface FlowAnalysis {
  /** Dependences (source instance -> sink instance) and sink accesses without a source. */
  record Result(UnionRelation mustDependence, UnionRelation mayDependence, UnionRelation mustNoSource,
      UnionRelation mayNoSource) {}

  /**
   * Analyses the sink accesses against the must and may source accesses (all maps from statement
   * instances to array elements) under a schedule map (instance -> time, lexicographic order).
   */
  Result compute(UnionRelation sink, UnionRelation mustSource, UnionRelation maySource, UnionRelation schedule);
}
