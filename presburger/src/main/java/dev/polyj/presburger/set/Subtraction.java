package dev.polyj.presburger.set;

/** Set difference and complement of unions of basic relations, exact in the presence of locals. */
final class Subtraction {
  private Subtraction() {}

  /** {@code a \ b}; both in the same space with aligned parameters. */
  static Relation subtract(Relation a, Relation b) {
    throw new UnsupportedOperationException("subtract: not implemented yet");
  }
}
