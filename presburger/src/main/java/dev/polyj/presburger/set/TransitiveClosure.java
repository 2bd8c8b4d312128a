package dev.polyj.presburger.set;

/** Transitive closure of relations: exact for translations, otherwise a flagged over-approximation. */
public final class TransitiveClosure {
  private TransitiveClosure() {}

  /** A closure and whether it is exact ({@code false}: a proper over-approximation may have been returned). */
  public record Result(Relation closure, boolean exact) {}

  /** A closure of a union of maps and whether it is exact. */
  public record UnionResult(UnionRelation closure, boolean exact) {}

  static UnionResult compute(UnionRelation r) {
    throw new UnsupportedOperationException("transitive closure: not implemented yet");
  }

  static Result compute(Relation r) {
    throw new UnsupportedOperationException("transitive closure: not implemented yet");
  }
}
