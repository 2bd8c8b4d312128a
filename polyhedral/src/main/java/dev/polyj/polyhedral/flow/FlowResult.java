package dev.polyj.polyhedral.flow;

import dev.polyj.presburger.set.UnionRelation;

/**
 * The result of dataflow analysis, as isl's union flow. Dependences map source instances to sink
 * instances; the may dependences include the must dependences. The no-source parts are subsets of
 * the sink access relation; the may part includes the must part.
 */
public record FlowResult(UnionRelation mustDependence, UnionRelation mayDependence,
    UnionRelation mustNoSource, UnionRelation mayNoSource) {}
