package dev.polyj.presburger.notation;

import dev.polyj.presburger.set.Relation;

/** Parser of isl notation for sets and relations. */
public final class IslParser {
  private IslParser() {}

  public static dev.polyj.presburger.set.UnionRelation parseUnion(String text) {
    throw new UnsupportedOperationException("parser not implemented yet");
  }

  public static Relation parseRelation(String text) {
    throw new UnsupportedOperationException("parser not implemented yet");
  }
}
