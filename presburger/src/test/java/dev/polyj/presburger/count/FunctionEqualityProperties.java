package dev.polyj.presburger.count;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.testing.BruteForce;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Equality of piecewise quasi-polynomials as functions against evaluation: a count compared with
 * itself plus a random quasi-polynomial h on a bounded parameter domain is equal exactly when h
 * vanishes at every parameter point of its domain (enumerated).
 */
class FunctionEqualityProperties {
  record Perturbation(String text) {
    @Override
    public String toString() {
      return text;
    }
  }

  /**
   * {@code h = a (N - l)(N - l - k) + b M (M - 1)(M - 2) + c ((N - l) mod 2)(N - l - 1) + e} on
   * {@code l <= N <= l + w, 0 <= M <= 2}: structurally non-zero terms that often vanish on these
   * few points (thin domains, residue classes).
   */
  @Provide
  Arbitrary<Perturbation> perturbations() {
    Arbitrary<Integer> coef = Arbitraries.integers().between(-2, 2);
    Arbitrary<Integer> small = Arbitraries.integers().between(0, 2);
    Arbitrary<Integer> lo = Arbitraries.integers().between(-3, 4);
    Arbitrary<Integer> e = Arbitraries.of(0, 0, 0, 1);
    return Combinators.combine(coef, coef, coef, e, lo, small, small).as((a, b, c, f, l, k, w) ->
        new Perturbation(String.format("[N, M] -> { (%d * (N - %d) * (N - %d) + %d * M * (M - 1) * (M - 2)"
            + " + %d * (N - %d - 2 * floor((N - %d)/2)) * (N - %d) + %d) : %d <= N <= %d and 0 <= M <= 2 }",
            a, l, l + k, b, c, l, l, l + 1, f, l, l + w)));
  }

  @Provide
  Arbitrary<CountingProperties.Case> sets() {
    return PresburgerArbitraries.setSpaces().flatMap(s ->
        PresburgerArbitraries.relations(s, 2, 3, 0, 1).map(r -> new CountingProperties.Case(CountingProperties.boxed(r))));
  }

  @Property(tries = 80)
  void equalityMatchesEvaluation(@ForAll("sets") CountingProperties.Case c, @ForAll("perturbations") Perturbation h) {
    PwQPolynomial f = Counting.card(c.r());
    PwQPolynomial hf = PwQPolynomial.parse(h.text());
    PwQPolynomial ff = f.alignParams(hf.space().params());
    PwQPolynomial g = ff.add(hf);
    boolean[] zero = {true};
    BruteForce.forEachPoint(2, -4, 8, p -> zero[0] &= hf.evaluate(p).isZero());
    try {
      assertEquals(zero[0], ff.isEqual(g), () -> f + " vs " + g);
      assertEquals(zero[0], g.isEqual(ff), () -> g + " vs " + f);
      assertTrue(f.isEqual(f));
    } catch (UnsupportedOperationException undecided) {
      // a documented outcome (too many residue classes, or a class too thin to decide): never a wrong answer
      Assume.that(false);
    }
  }

  /** The count of a set equals the count of the same set written as a union with a subset. */
  @Property(tries = 60)
  void countsOfEqualSetsAreEqual(@ForAll("sets") CountingProperties.Case c) {
    Relation r = c.r();
    Relation same = r.union(r.sample());
    try {
      assertTrue(Counting.card(r).isEqual(Counting.card(same)), () -> r + " vs " + same);
    } catch (UnsupportedOperationException undecided) {
      Assume.that(false); // a documented outcome (see equalityMatchesEvaluation)
    }
  }
}
