package dev.polyj.presburger.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.testing.BruteForce;
import java.util.Arrays;
import java.util.function.Predicate;

/** Point-by-point comparisons on boxes (parameters and dimensions alike). */
final class Points {
  private Points() {}

  /** A box radius that keeps the number of points in the low thousands. */
  static long radius(int nVar) {
    return switch (nVar) {
      case 0, 1, 2 -> 5;
      case 3 -> 4;
      case 4 -> 3;
      default -> 2;
    };
  }

  /** Both relations have the same points in the box {@code [-radius, radius]^nVar}. */
  static void assertSamePoints(Relation expected, Relation actual, String context) {
    assertEquals(expected.space(), actual.space(), () -> "space of " + context);
    long r = radius(expected.space().nVar());
    BruteForce.forEachPoint(expected.space().nVar(), -r, r, p -> assertEquals(expected.contains(p), actual.contains(p),
        () -> "point " + Arrays.toString(p) + " of " + context));
  }

  /** The relation holds exactly the points of the box {@code [lo, hi]^nVar} satisfying {@code meaning}. */
  static void assertMeaning(Relation r, long lo, long hi, Predicate<long[]> meaning, String context) {
    BruteForce.forEachPoint(r.space().nVar(), lo, hi, p -> assertEquals(meaning.test(p), r.contains(p),
        () -> "point " + Arrays.toString(p) + " of " + context + " read as " + r));
  }
}
