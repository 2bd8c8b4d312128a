package dev.polyj.polyhedral.flow;

import dev.polyj.presburger.set.UnionRelation;

/**
 * The result of dataflow analysis, as isl's union flow. Dependences map source instances to sink
 * instances; the may dependences include the must dependences. The no-source parts are subsets of
 * the sink access relation; the may part includes the must part.
 *
 * <p>The full dependences ({@code fullMustDependence}, {@code fullMayDependence}) are the same
 * dependences with the array element in the range, as isl's {@code get_full_*_dependence} give them:
 * {@code source -> [sink -> element]}, the element being the one the sink reads and the source
 * writes. They are {@code null} in results built without them (the four-argument constructor), and
 * left as computed, not coalesced (only {@code flow} prints them; it coalesces them first).
 */
public record FlowResult(UnionRelation mustDependence, UnionRelation mayDependence,
    UnionRelation mustNoSource, UnionRelation mayNoSource,
    UnionRelation fullMustDependence, UnionRelation fullMayDependence) {

  /** A result without the full dependences. */
  public FlowResult(UnionRelation mustDependence, UnionRelation mayDependence,
      UnionRelation mustNoSource, UnionRelation mayNoSource) {
    this(mustDependence, mayDependence, mustNoSource, mayNoSource, null, null);
  }

  /** Whether the full dependences are known. */
  public boolean hasFullDependences() {
    return fullMustDependence != null && fullMayDependence != null;
  }
}
