package dev.polyj.presburger.count;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.qpoly.Monomial;
import dev.polyj.presburger.qpoly.Polynomial;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** sum and rank against enumeration on random bounded parametric sets. */
class SummationAndRankingProperties {
  static final long BOX = CountingProperties.BOX;

  record SumCase(Relation set, QuasiPolynomial f) {
    @Override
    public String toString() {
      return set + " f = " + f;
    }
  }

  @Provide
  Arbitrary<SumCase> sumCases() {
    return PresburgerArbitraries.setSpaces().flatMap(s -> {
      int nv = s.nVar();
      Arbitrary<Relation> sets = PresburgerArbitraries.relations(s, 2, 3, 1, 2).map(CountingProperties::boxed);
      Arbitrary<Polynomial> terms = Combinators.combine(
              Arbitraries.integers().between(0, 1).list().ofSize(nv + 1), Arbitraries.integers().between(-3, 3))
          .as((e, c) -> Polynomial.term(Monomial.of(e.stream().mapToInt(Integer::intValue).toArray()), Rational.of(c)))
          .filter(t -> t.degree() <= 2)
          .list().ofMaxSize(2).map(ts -> ts.stream().reduce(Polynomial.ONE, Polynomial::add));
      Arbitrary<long[]> floorNum = Arbitraries.longs().between(-2, 2).array(long[].class).ofSize(1 + nv);
      return Combinators.combine(sets, terms, floorNum, Arbitraries.longs().between(1, 3))
          .as((r, p, n, d) -> new SumCase(r, QuasiPolynomial.of(s, List.of(new Div(n, d)), p)));
    });
  }

  @Property(tries = 100)
  void sumOverASetMatchesEnumeration(@ForAll("sumCases") SumCase c) {
    Relation r = c.set();
    PwQPolynomial f = PwQPolynomial.of(c.f());
    PwQPolynomial total = Summation.sum(f, r);
    Relation known = r.computeDivs();
    int np = r.space().nParam();
    int nd = r.space().nOut();
    BruteForce.forEachPoint(np, CountingProperties.PARAM_LO, CountingProperties.PARAM_HI, p -> {
      Rational expected = Rational.ZERO;
      List<long[]> pts = new ArrayList<>();
      BruteForce.forEachPoint(nd, -BOX, BOX, x -> {
        long[] full = Arrays.copyOf(p, np + nd);
        System.arraycopy(x, 0, full, np, nd);
        if (known.contains(full)) pts.add(full);
      });
      for (long[] pt : pts) expected = expected.add(c.f().evaluate(pt));
      assertEquals(expected, total.evaluate(p), () -> "sum at " + Arrays.toString(p) + " = " + total);
    });
  }

  @Provide
  Arbitrary<Relation> rankSets() {
    return PresburgerArbitraries.setSpaces().flatMap(s ->
        PresburgerArbitraries.relations(s, 2, 3, 1, 1).map(CountingProperties::boxed));
  }

  @Property(tries = 80)
  void rankIsTheNumberOfLexicographicallySmallerPoints(@ForAll("rankSets") Relation r) {
    PwQPolynomial rank = Ranking.rank(r);
    Relation known = r.computeDivs();
    int np = r.space().nParam();
    int nd = r.space().nOut();
    BruteForce.forEachPoint(np, -1, 3, p -> {
      List<long[]> pts = new ArrayList<>();
      BruteForce.forEachPoint(nd, -BOX, BOX, x -> {
        long[] full = Arrays.copyOf(p, np + nd);
        System.arraycopy(x, 0, full, np, nd);
        if (known.contains(full)) pts.add(full); // enumerated in lexicographic order
      });
      for (int k = 0; k < pts.size(); k++) {
        long[] pt = pts.get(k);
        assertEquals(Rational.of(k), rank.evaluate(pt), () -> "rank of " + Arrays.toString(pt) + " = " + rank);
      }
    });
  }

  @Property(tries = 30)
  void cardOfAUnionMapIsAddedPerDomainSpace(@ForAll("rankSets") Relation a, @ForAll("rankSets") Relation b) {
    Relation ra = a.withSpace(Space.set(a.space().params(), dev.polyj.presburger.space.Tuple.anonymous("A", a.space().nOut())));
    Relation rb = b.withSpace(Space.set(b.space().params(), dev.polyj.presburger.space.Tuple.anonymous("B", b.space().nOut())));
    var u = Counting.card(dev.polyj.presburger.set.UnionRelation.of(List.of(ra, rb)));
    PwQPolynomial ca = Counting.card(ra);
    PwQPolynomial cb = Counting.card(rb);
    List<String> params = u.params();
    Space ps = Space.params(params);
    PwQPolynomial cu = u.get(ps);
    PwQPolynomial expected = ca.alignParams(params).add(cb.alignParams(params));
    BruteForce.forEachPoint(params.size(), -2, 3, p -> assertEquals(expected.evaluate(p), cu.evaluate(p)));
  }
}
