package dev.polyj.presburger.count;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.set.Relation;
import org.junit.jupiter.api.Test;

/**
 * Counts quoted in the papers behind the project: the faces of SDR's triangular reduction domain
 * (complexities N^2, N and 1) and the ranking Ehrhart polynomials of multifor's loop nests.
 */
class SeedExamplesTest {
  static long enumerate(Relation r, long n, int dims, long lo, long hi) {
    long[] c = {0};
    dev.polyj.presburger.testing.BruteForce.forEachPoint(dims, lo, hi, x -> {
      long[] p = new long[1 + dims];
      p[0] = n;
      System.arraycopy(x, 0, p, 1, dims);
      if (r.contains(p)) c[0]++;
    });
    return c[0];
  }

  @Test
  void sdrTriangleFacesHaveQuadraticLinearAndConstantCardinalities() {
    Relation triangle = Relation.parse("[N] -> { [i, j] : 0 <= j <= i < N }");
    Relation edge = Relation.parse("[N] -> { [i, j] : j = 0 and 0 <= i < N }");
    Relation vertex = Relation.parse("[N] -> { [i, j] : i = 0 and j = 0 and N > 0 }");
    int[] degrees = {2, 1, 0};
    Relation[] faces = {triangle, edge, vertex};
    for (int f = 0; f < 3; f++) {
      PwQPolynomial c = Counting.card(faces[f]);
      for (long n = -2; n <= 9; n++) {
        assertEquals(Rational.of(enumerate(faces[f], n, 2, -1, 10)), c.evaluate(new long[] {n}), c::toString);
      }
      int maxDegree = 0;
      for (PwQPolynomial.Piece p : c.pieces()) maxDegree = Math.max(maxDegree, p.qp().degree());
      assertEquals(degrees[f], maxDegree, c::toString);
    }
  }

  @Test
  void multiforRankingPolynomials() {
    // for (i = 1; i < N; i++) for (j = 0; j < i; j++): P1(i, j) = i(i - 1)/2 + j
    PwQPolynomial p1 = Ranking.rank(Relation.parse("[N] -> { [i, j] : 1 <= i < N and 0 <= j < i }"));
    for (long n = 0; n <= 8; n++) {
      for (long i = 1; i < n; i++) {
        for (long j = 0; j < i; j++) {
          assertEquals(Rational.of(i * (i - 1) / 2 + j), p1.evaluate(new long[] {n, i, j}), p1::toString);
        }
      }
    }
    // for (i' = 0; i' < M1; i'++) for (j' = 0; j' < M2; j'++): P2(i', j') = i' M2 + j'
    PwQPolynomial p2 = Ranking.rank(Relation.parse("[M1, M2] -> { [i, j] : 0 <= i < M1 and 0 <= j < M2 }"));
    for (long m1 = 0; m1 <= 5; m1++) {
      for (long m2 = 0; m2 <= 5; m2++) {
        for (long i = 0; i < m1; i++) {
          for (long j = 0; j < m2; j++) {
            assertEquals(Rational.of(i * m2 + j), p2.evaluate(new long[] {m1, m2, i, j}), p2::toString);
          }
        }
      }
    }
  }

  @Test
  void printsInIslNotationAndReadsBack() {
    PwQPolynomial c = Counting.card(Relation.parse("[N] -> { [i, j] : 0 <= j <= i < N }"));
    assertEquals("[N] -> { (1/2 * N + 1/2 * N^2) : N >= 1 }", c.toString());
    PwQPolynomial back = PwQPolynomial.parse(c.toString());
    for (long n = -3; n <= 6; n++) assertEquals(c.evaluate(new long[] {n}), back.evaluate(new long[] {n}));
    PwQPolynomial half = Counting.card(Relation.parse("[N] -> { [i] : 0 <= 2i <= N }"));
    for (long n = -3; n <= 9; n++) {
      assertEquals(Rational.of(n < 0 ? 0 : n / 2 + 1), half.evaluate(new long[] {n}), half::toString);
    }
  }

  @Test
  void cardOfARelationIsPerDomainPoint() {
    PwQPolynomial c = Counting.card(Relation.parse("[N] -> { S[i] -> T[j] : 0 <= i < N and i <= j < N }"));
    for (long n = 0; n <= 6; n++) {
      for (long i = -1; i <= n; i++) {
        long expected = i >= 0 && i < n ? n - i : 0;
        assertEquals(Rational.of(expected), c.evaluate(new long[] {n, i}), c::toString);
      }
    }
  }

  @Test
  void unboundedSetsCountInfinity() {
    PwQPolynomial inf = Counting.card(Relation.parse("[N] -> { [i] : i >= N }"));
    for (long n = -5; n <= 5; n++) org.junit.jupiter.api.Assertions.assertTrue(inf.isInfiniteAt(new long[] {n}), inf::toString);
    // integer-empty but rationally unbounded: no points, count 0
    PwQPolynomial c = Counting.card(Relation.parse("{ [i, j] : 1 <= 3i - 3j <= 2 }"));
    assertEquals(Rational.ZERO, c.evaluate(new long[] {}));
  }
}
