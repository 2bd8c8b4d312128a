package dev.polyj.presburger.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.count.Bounds;
import dev.polyj.presburger.qpoly.UnionPwQPolynomial;
import dev.polyj.presburger.set.UnionRelation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ub}, {@code lb} and {@code poly} as iscc prints them: the engine's bound with its tightness flag. */
class CalculatorBoundsTest {
  @Test
  void boundsPrintAsAPairOfFoldAndTightness() {
    String q = "[N] -> { [i, j] -> (1/2 * i + j - N) : 0 <= i < N and 0 <= j <= i }";
    CalcRun r = CalcRun.of("q := " + q + ";\nub q;\nlb q;\nu := (ub q)[0];\ntypeof u;\nu;\n");
    assertEquals(List.of(), r.err());
    Bounds.UnionResult ub = Bounds.bound(UnionPwQPolynomial.parse(q), true);
    Bounds.UnionResult lb = Bounds.bound(UnionPwQPolynomial.parse(q), false);
    assertEquals(List.of("(" + ub + ", True)", "(" + lb + ", True)", "piecewise quasipolynomial fold", ub.toString()),
        r.out());
  }

  @Test
  void boundsOfCardinalitiesAreTheCardinalities() {
    CalcRun r = CalcRun.of("ub card [N] -> { [i] : 0 <= i < N };\n");
    assertEquals(List.of(), r.err());
    assertEquals(List.of("([N] -> { max(N) : N >= 1 }, True)"), r.out());
  }

  @Test
  void polyOfAConjunctionIsItself() {
    String s = "[N] -> { [i, j] : 0 <= i < N and 0 <= j <= i }";
    CalcRun r = CalcRun.of("poly " + s + ";\npoly [N] -> { [i] -> (i^2 + N) : 0 <= i < N };\n");
    assertEquals(List.of(), r.err());
    assertEquals(true, UnionRelation.parse(s).isEqual(UnionRelation.parse(r.out().get(0))), r.out().get(0));
    assertEquals(UnionPwQPolynomial.parse("[N] -> { [i] -> (i^2 + N) : 0 <= i < N }").toString(), r.out().get(1));
  }
}
