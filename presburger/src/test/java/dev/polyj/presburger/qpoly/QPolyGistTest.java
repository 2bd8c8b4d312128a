package dev.polyj.presburger.qpoly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.testing.BruteForce;
import org.junit.jupiter.api.Test;

/**
 * The gist of a piecewise quasi-polynomial with respect to a set must have the same value at every
 * point of the set (checked at every point of a box), and the domain of a function must hold every
 * point where it is not zero.
 */
class QPolyGistTest {

  private static void agreesOnContext(String q, String context) {
    UnionPwQPolynomial f = UnionPwQPolynomial.parse(q);
    UnionRelation c = UnionRelation.parse(context);
    UnionPwQPolynomial g = f.gist(c);
    for (Relation r : c.relations()) {
      PwQPolynomial fr = f.get(r.space());
      PwQPolynomial gr = g.alignParams(f.params()).get(r.space());
      for (long[] p : BruteForce.points(r, -12, 12)) {
        Rational expected = fr == null ? Rational.ZERO : fr.evaluate(p);
        Rational got = gr == null ? Rational.ZERO : gr.evaluate(p);
        assertEquals(expected, got, "gist of " + q + " in " + context + " is " + g + "; differs at " + java.util.Arrays.toString(p));
      }
    }
  }

  @Test
  void gistAgreesWithTheFunctionOnTheContext() {
    agreesOnContext("{ [i] -> i }", "{ [k] : exists a : k = 2a }");
    agreesOnContext("{ [i] -> i + floor((i + floor(i/3))/2) }", "{ [10] }");
    agreesOnContext("{ [i] -> floor(i/2) }", "{ [k] : exists a : k = 2a + 1 }");
    agreesOnContext("{ [i] -> i^2 : i != 0 }", "{ [i] : i != 0 }");
    agreesOnContext("[N] -> { [i] -> N - i : 0 <= i < N; [i] -> 2 : i >= N and i <= N + 3 }", "[N] -> { [i] : 2 <= N <= 5 and 0 <= i }");
    agreesOnContext("{ A[i, j] -> i * j : 0 <= i <= j; B[i] -> 3 : i > 0 }", "{ A[i, j] : i = j; C[x] }");
  }

  @Test
  void domainHoldsTheNonZeroPoints() {
    String[] qs = {"{ [i] -> i^2 + 1 : -3 <= i <= 4; [i] -> 2 : i >= 7 }", "{ A[i, j] -> i - j : 0 <= i, j <= 5 }"};
    for (String q : qs) {
      UnionPwQPolynomial f = UnionPwQPolynomial.parse(q);
      UnionRelation dom = f.domain();
      for (PwQPolynomial m : f.members()) {
        Relation d = dom.relation(m.space());
        BruteForce.forEachPoint(m.space().nVar(), -8, 8, p -> {
          if (!m.evaluate(p).equals(Rational.ZERO)) assertTrue(d.contains(p), "dom " + dom + " misses a non-zero point of " + q);
        });
      }
    }
  }
}
