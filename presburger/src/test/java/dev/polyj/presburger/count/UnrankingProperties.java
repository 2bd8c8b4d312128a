package dev.polyj.presburger.count;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.testing.BruteForce;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Ranking and unranking against enumeration: on random bounded parametric sets, for each parameter
 * value, the k-th point in lexicographic order has rank k and unrank(k) is that point; ranks
 * outside [0, card) are refused.
 */
class UnrankingProperties {
  @Provide
  Arbitrary<Relation> sets() {
    return PresburgerArbitraries.setSpaces().flatMap(s ->
        PresburgerArbitraries.relations(s, 2, 3, 1, 1).map(CountingProperties::boxed));
  }

  @Property(tries = 20)
  void unrankInvertsRankOnEveryPoint(@ForAll("sets") Relation r) {
    check(r, -1, 3, CountingProperties.BOX);
  }

  static void check(Relation r, long paramLo, long paramHi, long box) {
    Unranking u = Unranking.of(r);
    Relation known = r.computeDivs();
    int np = r.space().nParam();
    int nd = r.space().nOut();
    BruteForce.forEachPoint(np, paramLo, paramHi, p -> {
      List<long[]> pts = new ArrayList<>();
      BruteForce.forEachPoint(nd, -box, box, x -> {
        long[] full = Arrays.copyOf(p, np + nd);
        System.arraycopy(x, 0, full, np, nd);
        if (known.contains(full)) pts.add(x.clone()); // lexicographic order
      });
      assertEquals(pts.size(), u.cardinality(p), () -> "card at " + Arrays.toString(p) + " of " + r);
      for (int k = 0; k < pts.size(); k++) {
        long[] full = Arrays.copyOf(p, np + nd);
        System.arraycopy(pts.get(k), 0, full, np, nd);
        assertEquals(k, u.rankOf(full), "rank");
        int kk = k;
        assertArrayEquals(pts.get(k), u.unrank(p, k), () -> "unrank(" + kk + ") at " + Arrays.toString(p) + " of " + r);
      }
      assertThrows(IllegalArgumentException.class, () -> u.unrank(p, pts.size()));
      assertThrows(IllegalArgumentException.class, () -> u.unrank(p, -1));
    });
  }

  @Test
  void papersTriangleAndRectangle() {
    // section 5.1: for (i = 1; i < N; i++) for (j = 0; j < i; j++), P1 = i(i - 1)/2 + j
    check(Relation.parse("[N] -> { [i, j] : 1 <= i < N and 0 <= j < i }"), 0, 9, 10);
    check(Relation.parse("[M1, M2] -> { [i, j] : 0 <= i < M1 and 0 <= j < M2 }"), 0, 4, 5);
    // a tetrahedron (cubic ranking polynomial) and a lattice with holes
    check(Relation.parse("[N] -> { [i, j, k] : 0 <= k <= j <= i < N }"), 0, 6, 7);
    check(Relation.parse("[N] -> { [i, j] : 0 <= i < N and i <= j < 2N and exists (e : i + j = 3e) }"), 0, 5, 11);
  }

  @Test
  void largeTriangleUnranksExactlyFarFromTheOrigin() {
    Unranking u = Unranking.of(Relation.parse("[N] -> { [i, j] : 0 <= j <= i < N }"));
    long n = 3_000_000_000L; // ranks beyond 2^62: floating-point roots alone would be off
    long[] params = {n};
    long total = n * (n + 1) / 2;
    assertEquals(total, u.cardinality(params));
    for (long r : new long[] {0, 1, total / 3, total / 2 + 12345, total - 2, total - 1}) {
      long[] x = u.unrank(params, r);
      long i = x[0];
      long j = x[1];
      assertEquals(r, i * (i + 1) / 2 + j, () -> Arrays.toString(x));
      org.junit.jupiter.api.Assertions.assertTrue(0 <= j && j <= i && i < n);
    }
    // the quadratic estimate lands on the answer: 8 evaluations per dimension (two fits of three
    // samples, two exact checks), where galloping and bisection alone would need about 64 for i
    org.junit.jupiter.api.Assertions.assertTrue(u.evaluations() <= 6 * 2 * 8, () -> "evaluations: " + u.evaluations());
  }
}
