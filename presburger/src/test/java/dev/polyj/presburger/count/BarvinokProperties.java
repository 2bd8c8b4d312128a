package dev.polyj.presburger.count;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.polyj.presburger.qpoly.Monomial;
import dev.polyj.presburger.qpoly.Polynomial;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Barvinok's algorithm on its own (no fallback for the chambers it covers) against enumeration:
 * parametric polytopes with non-unit coefficients, degenerate vertices and several chambers,
 * and random polytopes.
 */
class BarvinokProperties {
  static final long P_LO = -3;
  static final long P_HI = 9;

  /** The Barvinok count; pieces it leaves to the fallback are counted by nested summation. */
  static PwQPolynomial barvinok(BasicRelation b, Space target) {
    return Barvinok.card(b, target, piece -> {
      NestedSummation ns = new NestedSummation(target);
      ns.add(piece, dev.polyj.presburger.qpoly.QuasiPolynomial.constant(piece.space(), Rational.ONE));
      return ns.result();
    });
  }

  /** Points of b with the first ctx.length variables fixed, dimensions in [lo, hi]. */
  static long enumerate(BasicRelation b, long[] ctx, long lo, long hi) {
    int n = b.nVar() - ctx.length;
    long[] count = {0};
    BruteForce.forEachPoint(n, lo, hi, p -> {
      long[] full = Arrays.copyOf(ctx, ctx.length + n);
      System.arraycopy(p, 0, full, ctx.length, n);
      if (b.contains(full)) count[0]++;
    });
    return count[0];
  }

  static void check(BasicRelation b, long lo, long hi) {
    Space target = b.space().paramsSpace();
    PwQPolynomial c = barvinok(b, target);
    assertNotNull(c, () -> "not applicable to " + b);
    BruteForce.forEachPoint(target.nVar(), P_LO, P_HI, p -> assertEquals(Rational.of(enumerate(b, p, lo, hi)),
        c.evaluate(p), () -> "at " + Arrays.toString(p) + " of " + b + " = " + c));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "[N] -> { [i] : 0 <= i <= N }",
      "[N] -> { [i] : 0 <= 3i <= N }",
      "[N] -> { [i, j] : i >= 0 and j >= 0 and i + j <= N }",
      "[N] -> { [i, j] : i >= 0 and j >= 0 and 2i + 3j <= N }",
      "[N] -> { [i, j, k] : i >= 0 and j >= 0 and k >= 0 and 2i + 3j + 5k <= N }",
      "[N] -> { [i, j, k] : i >= 0 and j >= 0 and k >= 0 and i + j + k <= N }",
      "[N, M] -> { [i, j] : 0 <= i <= N and 0 <= j <= M and i + j <= 5 }",
      "[N, M] -> { [i, j] : 0 <= i and 0 <= j and 3i + 2j <= N and j <= M }",
      "[N] -> { [i, j, k] : 0 <= i and 0 <= j and 0 <= k and i + k <= N and j + k <= N }",
      "[N] -> { [i, j] : 0 <= i <= N and 0 <= j <= N and i + j <= N + 2 and i - j <= 3 }",
      "[N] -> { [k, i, j] : 0 <= k < N and k < i < N and k < j < N }",
      "[N] -> { [ti, i] : 0 <= i < N and 4ti <= i < 4ti + 4 }",
      "[N] -> { [i, j] : 2i >= N and 3j <= 2N and j >= i - 4 and 5i + 7j <= 3N + 11 }",
      "{ [i, j] : 0 <= i <= 7 and 0 <= j <= 5 and 3i + 4j <= 25 }",
      // implicitly lower-dimensional: equalities made explicit and compressed first
      "[N, M] -> { [i, j] : N <= 0 <= M <= N and 0 <= i <= j <= M + 3 }",
      "[N, M] -> { [i, j] : M <= N and N <= 2 and M >= 2 and 0 <= i <= M and i <= j <= N + i }",
      "[N] -> { [i, j] : 0 <= i <= N and j <= i and 2j >= 2i and i + j <= 7 }",
      "[N] -> { [i, j] : 0 <= i <= N and i + j >= N and i + j <= N and j >= 0 }",
      "[N] -> { [i, j, k] : 0 <= i <= N and 2i <= 3j + k <= 2i and 0 <= k <= 5 and j >= 0 }",
      "[N, M] -> { [i, j] : 0 <= i <= N and 0 <= j <= M and N + M <= 4 and N + M >= 4 }",
  })
  void examplesMatchEnumeration(String text) {
    check(Relation.parse(text).basics().get(0), -12, 30);
  }

  /**
   * Sets with divisions and equalities reach Barvinok's algorithm through {@link PolytopeForm}
   * (divisions lifted, equalities solved after a unimodular change of variables).
   */
  @ParameterizedTest
  @ValueSource(strings = {
      "[N] -> { [i, j] : 0 <= i <= N and j = 2i + 1 }",
      "[N] -> { [i, j] : i >= 0 and j >= 0 and 2i + 3j = N }",
      "[N] -> { [i, j, k] : i >= 0 and j >= 0 and k >= 0 and 3i + 5j + 7k = N + 4 }",
      "[N] -> { [i] : 0 <= i <= N and exists (e : i = 3e + 1) }",
      "[N, M] -> { [i, j] : 0 <= i <= N and 0 <= j <= M and exists (e : i + 2j = 5e + M) }",
      "[N] -> { [i, j] : 0 <= i < N and 0 <= j <= floor(i / 2) }",
      "[N] -> { [i, j] : 0 <= i <= N and 2j = i + N }",
      "[N] -> { [i] : 0 <= i <= 10 and 3i = N + 1 }",
      "[N, M] -> { [i, j] : 0 <= i <= N and 0 <= j and 4i + 6j = M }",
      "[N, M] -> { [i, j] : 0 <= i <= N and i <= j <= M and N = 2M + 1 }",
      "[N, M] -> { [i, j, k] : 0 <= i <= N and 0 <= j <= M and 6k = 2i + 4j + N and 3M = 2N }",
      "[N] -> { [i, j] : 0 <= i <= N and 0 <= j <= N and exists (e, f : i = 4e + N and j = 6f + i) }",
  })
  void piecesWithDivisionsAndEqualitiesMatchEnumeration(String text) {
    Relation r = Relation.parse(text);
    Space target = r.space().paramsSpace();
    for (BasicRelation b : r.computeDivs().basics()) {
      PwQPolynomial c = Counting.countByBarvinok(b, target);
      assertNotNull(c, () -> "not applicable to " + b);
      BruteForce.forEachPoint(target.nVar(), P_LO, P_HI, p -> assertEquals(Rational.of(enumerate(b, p, -3, 20)),
          c.evaluate(p), () -> "at " + Arrays.toString(p) + " of " + b + " = " + c));
    }
  }

  /**
   * A triangle whose vertex cones have indices above the enumeration limit (decomposed with
   * reduced lattice bases), against a direct sum over j for large values of N.
   */
  @Property(tries = 40)
  void largeIndexConesMatchDirectSums(@ForAll("largeN") long n) {
    BasicRelation b = Relation.parse("[N] -> { [i, j] : i >= 0 and j >= 0 and 20011i + 30013j <= N }").basics().get(0);
    PwQPolynomial c = barvinok(b, b.space().paramsSpace());
    assertNotNull(c);
    long expected = 0;
    for (long j = 0; 30013 * j <= n; j++) expected += Math.floorDiv(n - 30013 * j, 20011) + 1;
    assertEquals(Rational.of(expected), c.evaluate(new long[] {n}));
  }

  @Provide
  Arbitrary<Long> largeN() {
    return Arbitraries.longs().between(-50_000, 3_000_000);
  }

  record Poly(BasicRelation b) {
    @Override
    public String toString() {
      return b.toString();
    }
  }

  /**
   * Random polytopes in 1-3 dimensions with 1-2 parameters: random constraints with coefficients
   * in [-3, 3], closed by {@code -5 <= x_k <= 5 + N} so that they stay bounded.
   */
  @Provide
  Arbitrary<Poly> polytopes() {
    return Combinators.combine(Arbitraries.integers().between(1, 2), Arbitraries.integers().between(1, 3))
        .flatAs((np, d) -> {
          Space s = Space.set(List.of("N", "M").subList(0, np), d);
          int width = 1 + np + d;
          Arbitrary<long[]> row = Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(width);
          return row.list().ofMinSize(1).ofMaxSize(4).map(rows -> {
            BasicRelation.Builder bld = BasicRelation.builder(s);
            for (long[] r : rows) bld.addIneq(r);
            for (int k = 0; k < d; k++) {
              long[] lo = new long[width];
              lo[0] = 5;
              lo[1 + np + k] = 1;
              long[] hi = new long[width];
              hi[0] = 5;
              hi[1] = 1;
              hi[1 + np + k] = -1;
              bld.addIneq(lo).addIneq(hi);
            }
            return new Poly(bld.build());
          });
        });
  }

  record Weighted(BasicRelation b, QuasiPolynomial q) {
    @Override
    public String toString() {
      return b + " weight " + q;
    }
  }

  /** Random polytopes with a random weight of degree <= 2 in all variables, plus a floor term. */
  @Provide
  Arbitrary<Weighted> weighted() {
    return polytopes().flatMap(p -> {
      Space s = p.b().space();
      int nv = s.nVar();
      Arbitrary<Polynomial> terms = Combinators.combine(
              Arbitraries.integers().between(0, 2).list().ofSize(nv + 1), Arbitraries.integers().between(-3, 3))
          .as((e, c) -> Polynomial.term(Monomial.of(e.stream().mapToInt(Integer::intValue).toArray()), Rational.of(c)))
          .filter(t -> t.degree() <= 2)
          .list().ofMaxSize(3).map(ts -> ts.stream().reduce(Polynomial.ZERO, Polynomial::add));
      Arbitrary<long[]> floorNum = Arbitraries.longs().between(-2, 2).array(long[].class).ofSize(1 + nv);
      return Combinators.combine(terms, floorNum, Arbitraries.longs().between(1, 3))
          .as((poly, n, d) -> new Weighted(p.b(), QuasiPolynomial.of(s, List.of(new Div(n, d)), poly)));
    });
  }

  /** Barvinok's algorithm with a polynomial weight against summation over enumerated points. */
  @Property(tries = 40)
  void weightedSumsMatchEnumeration(@ForAll("weighted") Weighted w) {
    BasicRelation b = w.b();
    if (b.isMarkedEmpty()) return;
    Space target = b.space().paramsSpace();
    PwQPolynomial total = Counting.weightedSumByBarvinok(b, w.q(), target);
    assertNotNull(total, () -> "not applicable to " + w);
    int np = target.nVar();
    int n = b.nVar() - np;
    BruteForce.forEachPoint(np, P_LO, P_HI, p -> {
      Rational[] expected = {Rational.ZERO};
      BruteForce.forEachPoint(n, -5, 5 + P_HI, x -> {
        long[] full = Arrays.copyOf(p, np + n);
        System.arraycopy(x, 0, full, np, n);
        if (b.contains(full)) expected[0] = expected[0].add(w.q().evaluate(full));
      });
      assertEquals(expected[0], total.evaluate(p), () -> "at " + Arrays.toString(p) + " of " + w + " = " + total);
    });
  }

  @Property(tries = 150)
  void randomPolytopesMatchEnumeration(@ForAll("polytopes") Poly p) {
    if (p.b().isMarkedEmpty()) return;
    check(p.b(), -5, 5 + P_HI);
  }
}
