package dev.polyj.presburger.set;

/** Affine hull and simple hull of unions. */
final class Hulls {
  private Hulls() {}

  static BasicRelation affineHull(Relation r) {
    throw new UnsupportedOperationException("affineHull: not implemented yet");
  }

  static BasicRelation simpleHull(Relation r) {
    throw new UnsupportedOperationException("simpleHull: not implemented yet");
  }
}
