package dev.polyj.presburger.set;

/** Redundant constraint removal and implicit equality detection for one basic relation. */
final class Redundancy {
  private Redundancy() {}

  static BasicRelation simplify(BasicRelation b) {
    throw new UnsupportedOperationException("simplify: not implemented yet");
  }
}
