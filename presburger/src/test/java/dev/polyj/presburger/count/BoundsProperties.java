package dev.polyj.presburger.count;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ub} and {@code lb} against enumeration: for parameter values in a range, the bound is
 * defined exactly where the domain has points and equals the largest (smallest) value there.
 */
class BoundsProperties {
  /** The fold's value at the point (target variables), or null where no piece holds it. */
  static Rational valueAt(Bounds.Fold fold, long[] point) {
    return fold.evaluate(point);
  }

  /** Checks that both bounds of f are exact (tight, equal to the enumerated extremes) for parameter values in [-2, 7]. */
  static void check(PwQPolynomial f) {
    checkBounds(f, true);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "[N] -> { [i] -> (i) : 0 <= i < N }",
      "[N] -> { [i, j] -> (1/2 * i + j - N) : 0 <= i < N and 0 <= j <= i }",
      "[N] -> { [i] -> (floor(i/3)) : 0 <= i <= N }",
      "[N] -> { [i] -> (2 * floor((i + 1)/2) - 3/4 * i) : 0 <= i <= N; [i] -> (N) : N < i <= 2N }",
      "[N, M] -> { [i, j] -> (M - 2i + 3j) : 0 <= i <= N and 0 <= j <= M and i + j <= 5 }",
      "[N] -> { [[i] -> [j]] -> (j - i) : 0 <= i < N and i <= j < N }",
      "[N] -> { S[i] -> (N - i) : 0 <= i < N }",
      "[N] -> { (N^2 - 3) : N > 1 }",
      "[N] -> { [i] -> (i) : exists (e : i = 3e) and 0 <= i <= N }",
      // without parameters, any degree: by evaluation at the points
      "{ [i, j] -> (i * j - 2 * i^2 + floor(j/2)) : 0 <= i <= 5 and -3 <= j <= 7 - i }",
      "{ [i] -> (1/2 * i^3 - 4 * i) : -3 <= i <= 4 and i != 0 }",
      "{ [i] -> (i^2) : 0 <= i < 0 }",
  })
  void examplesMatchEnumeration(String text) {
    check(PwQPolynomial.parse(text));
  }

  @Property(tries = 60)
  void randomAffineFunctionsMatchEnumeration(@ForAll @IntRange(min = -3, max = 3) int a,
      @ForAll @IntRange(min = -3, max = 3) int b, @ForAll @IntRange(min = -2, max = 2) int c,
      @ForAll @IntRange(min = 1, max = 3) int den, @ForAll @IntRange(min = -2, max = 3) int k,
      @ForAll @IntRange(min = 1, max = 3) int m, @ForAll @IntRange(min = -2, max = 2) int u) {
    String f = "[N] -> { [i, j] -> (" + a + "/" + den + " * i + " + b + " * j + " + c + " * N + floor((i + "
        + u + " * j)/" + m + ")) : 0 <= i <= N and " + k + " <= j <= i + " + k + " and i + j <= 2N - " + k + " }";
    check(PwQPolynomial.parse(f));
  }

  /**
   * Both bounds of f against enumeration for parameter values in [-2, 7]: defined exactly where
   * the domain has points, above every value (below, for lb) there, and equal to the largest
   * (smallest) value where the bound says it is tight, which {@code exact} requires.
   */
  static void checkBounds(PwQPolynomial f, boolean exact) {
    Space s = f.space();
    Space target = s.isParams() ? s : Summation.resultSpace(s);
    Bounds.Fold ub = Bounds.bound(f, true);
    Bounds.Fold lb = Bounds.bound(f, false);
    if (exact) assertTrue(ub.tight() && lb.tight(), () -> "not tight: " + ub + ", " + lb);
    int nT = target.nVar();
    BruteForce.forEachPoint(nT, -2, 7, t -> {
      Rational[] best = extremes(f, t, 16);
      Rational u = valueAt(ub, t);
      Rational l = valueAt(lb, t);
      String at = " at " + Arrays.toString(t) + " of " + f;
      if (best[0] == null) {
        assertNull(u, () -> "ub defined where the domain is empty" + at + ": " + ub);
        assertNull(l, () -> "lb defined where the domain is empty" + at + ": " + lb);
        return;
      }
      assertNotNull(u, () -> "ub undefined" + at + ": " + ub);
      assertNotNull(l, () -> "lb undefined" + at + ": " + lb);
      assertTrue(u.compareTo(best[0]) >= 0, () -> "ub " + u + " below the maximum " + best[0] + at + ": " + ub);
      assertTrue(l.compareTo(best[1]) <= 0, () -> "lb " + l + " above the minimum " + best[1] + at + ": " + lb);
      if (ub.tight()) assertEquals(best[0], u, () -> "tight ub" + at + ": " + ub);
      if (lb.tight()) assertEquals(best[1], l, () -> "tight lb" + at + ": " + lb);
    });
  }

  /**
   * The largest and smallest value of f over the points {@code (t, x)} with x in {@code [-4, hi]}
   * in each counted variable, or nulls when there is none.
   */
  static Rational[] extremes(PwQPolynomial f, long[] t, long hi) {
    int nT = t.length;
    int n = f.space().nVar() - nT;
    Rational[] best = {null, null};
    BruteForce.forEachPoint(n, -4, hi, x -> {
      long[] full = Arrays.copyOf(t, nT + n);
      System.arraycopy(x, 0, full, nT, n);
      for (PwQPolynomial.Piece p : f.pieces()) {
        if (!p.domain().contains(full)) continue;
        Rational v = p.qp().evaluate(full);
        if (best[0] == null || v.compareTo(best[0]) > 0) best[0] = v;
        if (best[1] == null || v.compareTo(best[1]) < 0) best[1] = v;
      }
    });
    return best;
  }

  static void checkBernstein(PwQPolynomial f) {
    checkBounds(f, false);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "[N] -> { [i] -> (i^2) : 0 <= i <= N }",
      "[N] -> { [i] -> (N * i - i^2) : 0 <= i <= N }",
      "[N] -> { [i, j] -> (i * j) : 0 <= i <= N and 0 <= j <= 10 }",
      "[N, M] -> { [i, j] -> (i * j - M * i + j^2) : 0 <= i <= N and 0 <= j <= M and i + j <= 8 }",
      "[N] -> { [i, j] -> (1/2 * i^2 - j^2 + floor(N/2)) : 0 <= j <= i <= N }",
      "[N] -> { [i] -> (i^3 - 3 * i) : -N <= i <= N }",
      "[N] -> { [i] -> (i^2) : 0 <= i <= N; [i] -> (N * i) : N < i <= 2N }",
      "[N] -> { [[i] -> [j]] -> (i * j) : 0 <= i < N and i <= j < N }",
      "[N] -> { [i, j] -> (i * j) : 0 <= 2i <= N and 0 <= 3j <= N + 1 }",
      "[N] -> { [i] -> (i^2) : exists (e : i = 2e) and 0 <= i <= N }",
      "[N, M] -> { [i, j] -> (i * j - 2 * i^2) : 0 <= i <= N and 0 <= j <= M and N = 2M + 1 }",
      "[N] -> { [i] -> (i^2 - N * i) : 0 <= i <= N and N = 5 }",
      "[N] -> { [i] -> (i * floor(i/2)) : 0 <= i < N }",
      "[N] -> { [i] -> (floor((i + 1)/3) * N) : 0 <= i < N }",
      "[N] -> { [i, j] -> (floor((i + j)/2)^2 - floor(i/3) * j) : 0 <= i < N and 0 <= j <= i }",
      "[N] -> { [i] -> (floor(floor(i/2)/3) * i - floor(N/2) * i) : 0 <= i <= N }",
  })
  void bernsteinExamplesBoundTheValues(String text) {
    checkBernstein(PwQPolynomial.parse(text));
  }

  @Property(tries = 40)
  void bernsteinBoundsOfRandomQuadraticsHoldTheValues(@ForAll @IntRange(min = -2, max = 2) int a,
      @ForAll @IntRange(min = -2, max = 2) int b, @ForAll @IntRange(min = -2, max = 2) int c,
      @ForAll @IntRange(min = -2, max = 2) int e, @ForAll @IntRange(min = -2, max = 3) int k,
      @ForAll @IntRange(min = 1, max = 2) int m) {
    String f = "[N] -> { [i, j] -> (" + a + " * i^2 + " + b + " * i * j + " + c + " * j^2 + " + e + " * N * j + i) : 0 <= i <= N"
        + " and " + k + " <= j <= i + " + k + " and " + m + "i + j <= 2N - " + k + " }";
    checkBernstein(PwQPolynomial.parse(f));
  }

  /** Floors of the counted variables: bounded over the domain lifted by one variable per floor. */
  @Property(tries = 30)
  void bernsteinBoundsWithFloorsOfTheCountedVariablesHoldTheValues(@ForAll @IntRange(min = -2, max = 2) int a,
      @ForAll @IntRange(min = -2, max = 2) int b, @ForAll @IntRange(min = 2, max = 4) int d,
      @ForAll @IntRange(min = -3, max = 3) int c) {
    String f = "[N] -> { [i, j] -> (" + a + " * i * floor((i + " + c + " * j)/" + d + ") + " + b + " * floor(j/" + d + ")^2 + N * j)"
        + " : 0 <= i <= N and 0 <= j <= i + 2 }";
    checkBernstein(PwQPolynomial.parse(f));
  }

  /** Unbounded above: {@code max(infty)} where the domain has points, not tight; the other side stays exact. */
  @ParameterizedTest
  @ValueSource(strings = {
      "[N] -> { [i] -> (i) : i >= N }",
      "[N] -> { [i] -> (i^2 + N) : i >= 0 and N >= 0 }",
      "{ [i, j] -> (i * j) : 0 <= i <= j }",
  })
  void unboundedAboveGivesInfinity(String text) {
    PwQPolynomial f = PwQPolynomial.parse(text);
    Bounds.Fold ub = Bounds.bound(f, true);
    assertTrue(!ub.tight(), ub::toString);
    assertTrue(ub.toString().contains("max(infty)"), ub::toString);
    for (Bounds.FoldPiece p : ub.pieces()) assertTrue(p.values().get(0).isInfinite(), ub::toString);
    // defined exactly where the domain has points
    int nT = ub.space().nVar();
    BruteForce.forEachPoint(nT, -3, 3, t -> {
      boolean has = extremes(f, t, 12)[0] != null;
      boolean defined = false;
      for (Bounds.FoldPiece p : ub.pieces()) defined |= p.domain().contains(t);
      assertEquals(has, defined, () -> "at " + Arrays.toString(t) + ": " + ub);
    });
    // an affine function bounded below keeps its exact minimum (Bernstein bounds need a bounded domain)
    if (f.pieces().stream().allMatch(p -> p.qp().degree() <= 1)) {
      Bounds.Fold lb = Bounds.bound(f, false);
      assertTrue(lb.tight() && !lb.toString().contains("infty"), lb::toString);
    }
  }

  @org.junit.jupiter.api.Test
  void theBernsteinBoundOfASquareIsTight() {
    Bounds.Fold ub = Bounds.bound(PwQPolynomial.parse("[N] -> { [i] -> (i^2) : 0 <= i <= N }"), true);
    assertTrue(ub.tight());
    assertEquals(1, ub.pieces().size());
    assertEquals(1, ub.pieces().get(0).values().size(), ub::toString);
    assertNull(valueAt(Bounds.bound(PwQPolynomial.parse("[N] -> { [i] -> (i) : 0 <= i < N }"), true), new long[] {0}));
  }
}
