package dev.polyj.presburger.pip;

import dev.polyj.presburger.set.BasicRelation;

/**
 * Thrown when a lexicographic optimum does not exist because an output dimension is unbounded in
 * the direction of optimization (below for lexmin, above for lexmax) for some parameter values.
 */
public final class UnboundedOptimumException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int dimension;
  private final boolean above;
  private final transient BasicRelation where;

  UnboundedOptimumException(String message, int dimension, boolean above, BasicRelation where) {
    super(message);
    this.dimension = dimension;
    this.above = above;
    this.where = where;
  }

  /** The first output dimension (0-based) without a finite optimum. */
  public int dimension() {
    return dimension;
  }

  /** True when unbounded above (a maximization), false when unbounded below. */
  public boolean isAbove() {
    return above;
  }

  /** Parameter (and input) values for which the optimum is unbounded: a non-empty basic set. */
  public BasicRelation where() {
    return where;
  }
}
