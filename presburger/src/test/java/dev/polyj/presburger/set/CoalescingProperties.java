package dev.polyj.presburger.set;

import static dev.polyj.presburger.set.SetOpsFixtures.box;
import static dev.polyj.presburger.set.SetOpsFixtures.members;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.SetOpsFixtures.Case;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Assume;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.Provide;

/** Coalescing against the box oracle: same points, no more pieces; known convex unions become one piece. */
class CoalescingProperties {

  @Provide
  Arbitrary<Case> unions() {
    return SetOpsFixtures.cases(2, 3);
  }

  @Property(tries = 80, edgeCases = EdgeCasesMode.NONE)
  void preservesPointsAndNeverAddsPieces(@ForAll("unions") Case c) {
    Relation r = c.get(0).union(c.get(1));
    Relation k = r.coalesce();
    assertTrue(k.nBasic() <= r.nBasic(), () -> "more pieces: " + k);
    List<long[]> pts = box(c.space());
    assertArrayEquals(members(r, pts), members(k, pts), () -> "coalesce changed points: " + r + " -> " + k);
    assertTrue(k.isEqual(r), "same point set");
    for (BasicRelation b : k.basics()) assertTrue(!b.isEmpty(), "empty piece left");
  }

  /** Coalescing within a bound on the tests tried keeps the points, whatever the bound. */
  @Property(tries = 60, edgeCases = EdgeCasesMode.NONE)
  void withinABoundPreservesPoints(@ForAll("unions") Case c, @ForAll @IntRange(min = 0, max = 3) int maxTests) {
    Relation r = c.get(0).union(c.get(1));
    Relation k = r.coalesceWithin(maxTests);
    assertTrue(k.nBasic() <= r.nBasic(), () -> "more pieces: " + k);
    List<long[]> pts = box(c.space());
    assertArrayEquals(members(r, pts), members(k, pts), () -> "coalesceWithin changed points: " + r + " -> " + k);
  }

  /** Adjacent boxes (same divisions, one test) still merge within a bound of one test. */
  @Property(tries = 40, edgeCases = EdgeCasesMode.NONE)
  void adjacentBoxesMergeWithinOneTest(@ForAll("splitBoxes") Relation[] parts) {
    Relation u = parts[0].union(parts[1]);
    Assume.that(!parts[0].isEmpty() && !parts[1].isEmpty() && u.nBasic() == 2);
    assertEquals(1, u.coalesceWithin(1).nBasic(), () -> "adjacent boxes stay apart: " + u);
    assertEquals(2, u.coalesceWithin(0).nBasic(), () -> "merged without a test: " + u);
  }

  @Property(tries = 60, edgeCases = EdgeCasesMode.NONE)
  void pieceInsideAnotherDisappears(@ForAll("unions") Case c) {
    Relation a = c.get(0);
    Relation b = c.get(0).intersect(c.get(1));
    if (a.nBasic() != 1 || a.isEmpty()) return;
    Relation k = a.union(b).coalesce();
    assertEquals(1, k.nBasic(), () -> "a piece inside another stays: " + k);
  }

  /** A box cut in two along one variable (one part may extend the other by a single layer). */
  @Property(tries = 100, edgeCases = EdgeCasesMode.NONE)
  void adjacentBoxesMerge(@ForAll("splitBoxes") Relation[] parts) {
    Relation u = parts[0].union(parts[1]);
    Assume.that(!u.isEmpty());
    Relation k = u.coalesce();
    assertEquals(1, k.nBasic(), () -> "adjacent boxes stay apart: " + u + " -> " + k);
    assertTrue(k.isEqual(u));
  }

  @Provide
  Arbitrary<Relation[]> splitBoxes() {
    return SetOpsFixtures.spaces().flatMap(s -> {
      int n = s.nVar();
      Arbitrary<long[]> lo = Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(n);
      Arbitrary<long[]> width = Arbitraries.longs().between(1, 4).array(long[].class).ofSize(n);
      Arbitrary<Integer> axis = Arbitraries.integers().between(0, n - 1);
      Arbitrary<Long> cut = Arbitraries.longs().between(0, 3);
      Arbitrary<Boolean> withParams = Arbitraries.of(true, false);
      return Combinators.combine(lo, width, axis, cut, withParams).as((l, w, ax, ct, wp) -> {
        long at = l[ax] + Math.min(ct, w[ax] - 1);
        return new Relation[] {boxPart(s, l, w, ax, Long.MIN_VALUE, at, wp), boxPart(s, l, w, ax, at + 1, Long.MAX_VALUE, wp)};
      });
    });
  }

  /** The box l <= x <= l + w, with x_axis also within [from, to]; bounds may use the first parameter. */
  private static Relation boxPart(Space s, long[] l, long[] w, int axis, long from, long to, boolean params) {
    int n = s.nVar();
    List<long[]> ineqs = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      long lo = v == axis ? Math.max(l[v], from) : l[v];
      long hi = v == axis ? Math.min(l[v] + w[v], to) : l[v] + w[v];
      long[] a = new long[1 + n];
      a[0] = -lo;
      a[1 + v] = 1;
      long[] b = new long[1 + n];
      b[0] = hi;
      b[1 + v] = -1;
      if (params && s.nParam() > 0 && v >= s.nParam() && v != axis) b[1] = 1; // x_v <= N + hi
      ineqs.add(a);
      ineqs.add(b);
    }
    return Relation.of(BasicRelation.of(s, List.of(), ineqs));
  }
}
