package dev.polyj.reductions;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.polyhedral.scop.Access;

/**
 * A reduction-like computation of one statement (Doerfert et al., IMPACT 2015, Section 3.1): the
 * statement loads {@code load}, combines the loaded value with other values by {@code operator}
 * only, and stores the result with {@code store}; the two accesses reach (partly) the same
 * elements of {@code array} and no other access of the statement does.
 */
public record Reduction(String statement, String array, ReductionOperator operator, Access load, Access store) {
  public Reduction {
    checkArgument(load.isRead() && store.isWrite(),
        "a reduction loads with a read and stores with a write, got %s and %s",
        load.kind(), store.kind());
    checkArgument(load.array().equals(array) && store.array().equals(array),
        "the load and store of a reduction on %s access %s and %s", array, load.array(), store.array());
  }
}
