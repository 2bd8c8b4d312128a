package dev.polyj.reductions;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.polyhedral.scop.Access;

/**
 * A reduction-like computation of one statement (Doerfert et al., IMPACT 2015, Section 3.1): the
 * statement loads {@code load}, combines the loaded value with other values by {@code operator}
 * only, and stores the result with {@code store}; the two accesses reach (partly) the same
 * elements of {@code array} and no other access of the statement does. A sum that subtracts some
 * of its values ({@code x -= e}, {@code x = x - e1 + e2}) has {@code subtracts} set: it is the sum
 * of their negations, reassociated like any sum (a private copy starts from 0 and is added to the
 * original), but it is not the sum of the operands as they are written.
 */
public record Reduction(String statement, String array, ReductionOperator operator, Access load, Access store,
    boolean subtracts) {
  public Reduction {
    checkArgument(!subtracts || operator == ReductionOperator.SUM, "only a sum subtracts, not a %s", operator);
    checkArgument(load.isRead() && store.isWrite(),
        "a reduction loads with a read and stores with a write, got %s and %s",
        load.kind(), store.kind());
    checkArgument(load.array().equals(array) && store.array().equals(array),
        "the load and store of a reduction on %s access %s and %s", array, load.array(), store.array());
  }
}
