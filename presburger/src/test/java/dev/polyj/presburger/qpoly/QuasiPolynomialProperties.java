package dev.polyj.presburger.qpoly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import dev.polyj.presburger.testing.BruteForce;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Quasi-polynomial arithmetic, printing and parsing, and the disjoint pieces of sums, against
 * evaluation point by point (floors computed directly from their definitions).
 */
class QuasiPolynomialProperties {
  static final Space SPACE = Space.set(List.of("N"), Tuple.of("S", "i"));

  /** Random quasi-polynomials over N, i and up to two floor terms, the second possibly nested. */
  @Provide
  Arbitrary<QuasiPolynomial> qpolys() {
    Arbitrary<long[]> num = Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(4);
    Arbitrary<Long> den = Arbitraries.longs().between(1, 4);
    Arbitrary<List<Integer>> monos = Arbitraries.integers().between(0, 2).list().ofSize(4);
    Arbitrary<Integer> coefNum = Arbitraries.integers().between(-5, 5);
    Arbitrary<Integer> coefDen = Arbitraries.integers().between(1, 3);
    Arbitrary<Polynomial> terms = Combinators.combine(monos, coefNum, coefDen)
        .as((e, n, d) -> Polynomial.term(Monomial.of(e.get(0), e.get(1), e.get(2), e.get(3)), Rational.of(n, d)))
        .list().ofMaxSize(4).map(ts -> ts.stream().reduce(Polynomial.ZERO, Polynomial::add));
    return Combinators.combine(num, den, num, den, terms).as((n1, d1, n2, d2, p) -> {
      List<dev.polyj.presburger.set.Div> fl = new ArrayList<>();
      fl.add(new dev.polyj.presburger.set.Div(java.util.Arrays.copyOf(n1, 3), d1));
      fl.add(new dev.polyj.presburger.set.Div(n2, d2));
      return QuasiPolynomial.of(SPACE, fl, p);
    });
  }

  /** Direct evaluation: floors from their definitions, then the polynomial. */
  static Rational direct(QuasiPolynomial q, long[] pt) {
    int nv = pt.length;
    BigInteger[] vals = new BigInteger[nv + q.floors().size()];
    for (int v = 0; v < nv; v++) vals[v] = BigInteger.valueOf(pt[v]);
    long[] ext = new long[nv + q.floors().size()];
    System.arraycopy(pt, 0, ext, 0, nv);
    for (int i = 0; i < q.floors().size(); i++) {
      long[] n = q.floors().get(i).numerator();
      long s = n[0];
      for (int c = 1; c < n.length; c++) s += n[c] * ext[c - 1];
      ext[nv + i] = Math.floorDiv(s, q.floors().get(i).denominator());
      vals[nv + i] = BigInteger.valueOf(ext[nv + i]);
    }
    return q.polynomial().evaluate(vals);
  }

  @Property(tries = 200)
  void arithmeticIsPointwise(@ForAll("qpolys") QuasiPolynomial a, @ForAll("qpolys") QuasiPolynomial b) {
    QuasiPolynomial sum = a.add(b);
    QuasiPolynomial diff = a.subtract(b);
    QuasiPolynomial prod = a.multiply(b);
    BruteForce.forEachPoint(2, -5, 5, p -> {
      Rational x = direct(a, p);
      Rational y = direct(b, p);
      assertEquals(x, a.evaluate(p));
      assertEquals(x.add(y), sum.evaluate(p));
      assertEquals(x.subtract(y), diff.evaluate(p));
      assertEquals(x.multiply(y), prod.evaluate(p));
    });
  }

  @Property(tries = 200)
  void printedFormParsesBackToTheSameFunction(@ForAll("qpolys") QuasiPolynomial a) {
    PwQPolynomial f = PwQPolynomial.on(Relation.parse("[N] -> { S[i] : -3 <= i <= 4 }"), a);
    String s = f.toString();
    PwQPolynomial g = PwQPolynomial.parse(s);
    BruteForce.forEachPoint(2, -5, 5, p -> assertEquals(f.evaluate(p), g.evaluate(p), () -> s + " vs " + g));
  }

  @Provide
  Arbitrary<List<BasicRelation>> domains() {
    return PresburgerArbitraries.basicRelations(SPACE, 2, 3, 1).list().ofMinSize(1).ofMaxSize(4);
  }

  /** The disjoint pieces of a sum of overlapping terms give the same values and are disjoint. */
  @Property(tries = 100)
  void disjointPiecesOfASumAgreeWithTheSum(@ForAll("domains") List<BasicRelation> doms, @ForAll("qpolys") QuasiPolynomial a,
      @ForAll("qpolys") QuasiPolynomial b) {
    PwQPolynomial total = PwQPolynomial.zero(SPACE);
    for (int k = 0; k < doms.size(); k++) {
      total = total.add(PwQPolynomial.on(Relation.of(doms.get(k)), k % 2 == 0 ? a : b.scale(Rational.of(k))));
    }
    PwQPolynomial sum = total;
    List<PwQPolynomial.Piece> pieces = sum.pieces();
    BruteForce.forEachPoint(2, -5, 5, p -> {
      Rational expected = Rational.ZERO;
      for (int k = 0; k < doms.size(); k++) {
        if (doms.get(k).contains(p)) expected = expected.add(direct(k % 2 == 0 ? a : b.scale(Rational.of(k)), p));
      }
      int hits = 0;
      Rational got = Rational.ZERO;
      for (PwQPolynomial.Piece piece : pieces) {
        if (piece.domain().contains(p)) {
          hits++;
          got = piece.qp().evaluate(p);
        }
      }
      assertTrue(hits <= 1, "pieces overlap at " + java.util.Arrays.toString(p));
      assertEquals(expected, got);
      assertEquals(expected, sum.evaluate(p));
    });
  }

  @Property(tries = 50)
  void faulhaberSumsPowersExactly(@ForAll("powers") int k) {
    for (long lo = -6; lo <= 6; lo++) {
      for (long hi = lo - 1; hi <= 8; hi++) {
        Rational s = Rational.ZERO;
        for (long x = lo; x <= hi; x++) s = s.add(Rational.of(BigInteger.valueOf(x).pow(k)));
        Polynomial f = Polynomial.var(0).pow(k);
        Polynomial r = Faulhaber.sum(f, 0, Polynomial.constant(lo), Polynomial.constant(hi));
        assertEquals(s, r.constantTerm());
      }
    }
  }

  @Provide
  Arbitrary<Integer> powers() {
    return Arbitraries.integers().between(0, 7);
  }
}
