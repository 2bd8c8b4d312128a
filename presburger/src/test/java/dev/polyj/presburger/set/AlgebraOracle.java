package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Brute-force oracle for the relational algebra: relations confined to the box {@code [LO, HI]} on
 * every variable are enumerated once; each operation's result is compared point by point with its
 * definition evaluated on the enumerated points.
 */
final class AlgebraOracle {
  static final long LO = -2;
  static final long HI = 2;

  private AlgebraOracle() {}

  /** The relation cut down to the box, so that existential witnesses of any projection lie in the box. */
  static Relation boxed(Relation r) {
    return r.intersect(BruteForce.box(r.space(), LO, HI));
  }

  /** The points (params then dims) of a boxed relation. */
  static Set<List<Long>> points(Relation r) {
    Set<List<Long>> out = new HashSet<>();
    for (long[] p : BruteForce.points(r, LO, HI)) out.add(list(p));
    return out;
  }

  static List<Long> list(long... p) {
    List<Long> l = new ArrayList<>(p.length);
    for (long v : p) l.add(v);
    return l;
  }

  /** Concatenation of parts of points. */
  static List<Long> cat(long[] params, long[]... parts) {
    List<Long> l = list(params);
    for (long[] part : parts) for (long v : part) l.add(v);
    return l;
  }

  static long[] slice(long[] p, int from, int n) {
    return Arrays.copyOfRange(p, from, from + n);
  }

  /** Every point of the box [lo, hi] in the result's space agrees with {@code expected}. */
  static void assertPoints(Relation actual, Space expectedSpace, long lo, long hi, Predicate<long[]> expected) {
    assertEquals(expectedSpace, actual.space(), "result space");
    BruteForce.forEachPoint(actual.space().nVar(), lo, hi, p -> {
      boolean want = expected.test(p);
      boolean got = actual.contains(p);
      assertEquals(want, got, () -> "at " + Arrays.toString(p) + " expected " + want + " in " + actual);
    });
  }

  /** Also checks that the result has no points outside the box. */
  static void assertPointsBounded(Relation actual, Space expectedSpace, Predicate<long[]> expected) {
    assertPoints(actual, expectedSpace, LO, HI, expected);
    assertTrue(BoundedInclusion.isSubset(actual, BruteForce.box(actual.space(), LO, HI)),
        () -> "result leaves the box: " + actual);
  }

  /** True when some vector of n coordinates in the box satisfies the test. */
  static boolean exists(int n, Predicate<long[]> test) {
    boolean[] found = {false};
    BruteForce.forEachPoint(n, LO, HI, v -> {
      if (!found[0] && test.test(v)) found[0] = true;
    });
    return found[0];
  }
}
