package dev.polyj.presburger.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.qpoly.UnionPwQPolynomial;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.testing.BruteForce;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Quasi-polynomials in the calculator: literals, {@code + - *}, restriction, {@code sum}, and
 * evaluation {@code q(s)} / {@code q @ s}, each checked point by point against enumeration of the
 * literals' own values.
 */
class CalculatorQPolyTest {
  static final long LO = -4;
  static final long HI = 8;

  private static UnionPwQPolynomial q(CalcRun r, String var) {
    Value v = r.variable(var);
    assertTrue(v instanceof QPolyValue, () -> var + " is " + v.typeName() + "; errors " + r.err());
    return ((QPolyValue) v).value();
  }

  /** The only member of a union (or zero on {@code space} when it is empty). */
  private static PwQPolynomial member(UnionPwQPolynomial u) {
    assertTrue(u.members().size() <= 1, () -> "several members: " + u);
    return u.members().get(0);
  }

  private static Rational value(UnionPwQPolynomial u, dev.polyj.presburger.space.Space sp, long[] p) {
    return u.get(sp).evaluate(p);
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @CsvSource(delimiter = '|', value = {
      "[N] -> { [i] -> (i^2 - N) : 0 <= i <= N } | + | [N] -> { [i] -> (floor((i + N)/3)) : i >= 1 }",
      "[N] -> { [i] -> (i^2 - N) : 0 <= i <= N } | - | [N] -> { [i] -> (1/2 * i * N) : i <= 3 }",
      "[N] -> { [i] -> (i + 1) : i >= 0 } | * | [N] -> { [i] -> (N - floor(i/2)) : i <= N }",
      "[N] -> { (N^2 + 1/3) : N > 0 } | + | [N] -> { (floor(N/2)) : N < 5 }",
  })
  void arithmeticIsPointwise(String a, String op, String b) {
    CalcRun r = CalcRun.of("A := " + a + "; B := " + b + "; C := A " + op + " B; C;");
    assertEquals(List.of(), r.err());
    UnionPwQPolynomial ua = q(r, "A");
    UnionPwQPolynomial ub = q(r, "B");
    UnionPwQPolynomial uc = q(r, "C");
    dev.polyj.presburger.space.Space sp = member(ua).space();
    BruteForce.forEachPoint(sp.nVar(), LO, HI, p -> {
      Rational x = value(ua, sp, p);
      Rational y = value(ub, sp, p);
      Rational expected = switch (op) {
        case "+" -> x.add(y);
        case "-" -> x.subtract(y);
        default -> x.multiply(y);
      };
      assertEquals(expected, value(uc, sp, p), () -> "at " + java.util.Arrays.toString(p));
    });
    // what is printed reads back as the same function
    CalcRun back = CalcRun.of("D := " + r.out().get(0) + ";");
    assertEquals(List.of(), back.err());
    UnionPwQPolynomial ud = q(back, "D");
    BruteForce.forEachPoint(sp.nVar(), LO, HI, p -> assertEquals(value(uc, sp, p), value(ud, sp, p)));
  }

  @ParameterizedTest(name = "{0} * {1}")
  @CsvSource(delimiter = '|', value = {
      "[N] -> { [i] -> (i^2 - N) : i <= N } | [N] -> { [i] : 0 <= i and 2i <= N + 1 }",
      "[N] -> { [i] -> (i^2 - N) : i <= N } | [N] -> { : N >= 3 }",
      "[N] -> { [i] -> (i + N) } | { [i] : exists (e : i = 3e) }",
  })
  void restrictionToASet(String a, String s) {
    CalcRun r = CalcRun.of("A := " + a + "; S := " + s + "; C := A * S;");
    assertEquals(List.of(), r.err());
    UnionPwQPolynomial ua = q(r, "A");
    UnionPwQPolynomial uc = q(r, "C");
    dev.polyj.presburger.space.Space sp = member(ua).space();
    Relation set = ((UnionValue) r.variable("S")).union().single().alignParams(sp.params());
    BruteForce.forEachPoint(sp.nVar(), LO, HI, p -> {
      boolean in = set.space().isParams() ? set.contains(java.util.Arrays.copyOf(p, set.space().nVar()))
          : set.contains(p);
      assertEquals(in ? value(ua, sp, p) : Rational.ZERO, value(uc, sp, p));
    });
  }

  @ParameterizedTest(name = "sum {0}")
  @CsvSource(delimiter = '|', value = {
      "[N] -> { [i] -> (i^2) : 0 <= i < N }",
      "[N] -> { [i, j] -> (i * j + floor((i + j)/2)) : 0 <= j <= i < N }",
      "[N, M] -> { [i] -> (M - i) : 0 <= i <= N and i <= M; [i] -> (5) : N < i < M }",
      "[N] -> { [[i] -> [j]] -> (j - i) : 0 <= i < N and i <= j <= 2i }",
      "[N] -> { [i] -> (floor(i/3)) : 0 <= i <= N and i mod 2 = 0 }",
  })
  void sumMatchesEnumeration(String a) {
    CalcRun r = CalcRun.of("A := " + a + "; S := sum A;");
    assertEquals(List.of(), r.err());
    PwQPolynomial f = member(q(r, "A"));
    UnionPwQPolynomial s = q(r, "S");
    dev.polyj.presburger.space.Space sp = f.space();
    boolean wrapped = sp.tuple().isWrapping();
    int np = sp.nParam();
    int nKeep = np + (wrapped ? sp.unwrap().nIn() : 0);
    dev.polyj.presburger.space.Space target =
        wrapped ? sp.unwrap().domain() : sp.paramsSpace();
    BruteForce.forEachPoint(nKeep, 0, 5, outer -> {
      Rational[] total = {Rational.ZERO};
      BruteForce.forEachPoint(sp.nVar() - nKeep, -2, 12, inner -> {
        long[] p = new long[sp.nVar()];
        System.arraycopy(outer, 0, p, 0, nKeep);
        System.arraycopy(inner, 0, p, nKeep, inner.length);
        total[0] = total[0].add(f.evaluate(p));
      });
      assertEquals(total[0], s.members().isEmpty() ? Rational.ZERO : value(s, target, outer),
          () -> "at " + java.util.Arrays.toString(outer));
    });
  }

  @Test
  void sumOfACardIsTheCardOfTheWrappedRelation() {
    CalcRun r = CalcRun.of("M := [N] -> { [i] -> [j] : 0 <= i < N and 0 <= j <= i and j mod 2 = 0 };"
        + " S := sum (card M); T := card (wrap M);");
    assertEquals(List.of(), r.err());
    UnionPwQPolynomial s = q(r, "S");
    UnionPwQPolynomial t = q(r, "T");
    dev.polyj.presburger.space.Space sp = member(t).space();
    for (long n = -1; n <= 9; n++) {
      assertEquals(value(t, sp, new long[] {n}), value(s, member(s).space(), new long[] {n}));
    }
  }

  @ParameterizedTest(name = "{0} at {1}")
  @CsvSource(delimiter = '|', value = {
      "[N] -> { [i] -> (i^2 - N + floor(i/2)) : i <= N } | [N] -> { [i] : N = 4 and -2 <= i <= 6 }",
      "[N] -> { (N^3 - 1/2 * N) } | [N] -> { : 0 <= N <= 7 }",
      "{ [i, j] -> (i * j) : i >= j } | { [i, j] : 0 <= i <= 3 and 0 <= j <= 3 }",
  })
  void evaluationAtThePointsOfASet(String a, String s) {
    for (String form : List.of("A(S)", "A @ S")) {
      CalcRun r = CalcRun.of("A := " + a + "; S := " + s + "; V := " + form + ";");
      assertEquals(List.of(), r.err());
      PwQPolynomial f = member(q(r, "A"));
      UnionPwQPolynomial v = q(r, "V");
      Relation set = ((UnionValue) r.variable("S")).union().single();
      dev.polyj.presburger.space.Space sp = f.space();
      // the result is q on the points of s and zero elsewhere, as constants per point
      BruteForce.forEachPoint(sp.nVar(), LO, HI, p -> {
        Rational expected = set.contains(p) ? f.evaluate(p) : Rational.ZERO;
        assertEquals(expected, value(v, sp, p), () -> form + " at " + java.util.Arrays.toString(p));
      });
      for (PwQPolynomial.Piece piece : member(v).pieces()) assertTrue(piece.qp().isConstant());
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', ignoreLeadingAndTrailingWhitespace = false, value = {
      "A := [N] -> { [i] -> (i) }; A({ [i] : i >= 0 });|1:30: apply: the set has more than 1000 points (parameters included)",
      "A := { [i] -> (i) }; A(1);|1:23: a piecewise quasipolynomial applies to a set, found value",
      "A := { [i] -> (i) }; A + { [i] };|1:24: '+' is not defined on piecewise quasipolynomial and set",
      "A := { [i] -> (i) }; A == { [i] };|1:24: '==' is not defined on piecewise quasipolynomial and set",
      "A := [N] -> { infty : N >= 0 }; A - A;|1:35: -: -infty is undefined",
      "{ [i] -> (i +) };|1:10: expected a tuple after '->' but found '('",
  })
  void errors(String script, String expected) {
    CalcRun r = CalcRun.of(script);
    assertEquals(List.of(expected), r.err());
  }

  /**
   * {@code ==} compares functions: the answer must agree with evaluation of both sides on a
   * parameter range that covers their bounded domains.
   */
  @ParameterizedTest(name = "{0} == {1}")
  @CsvSource(delimiter = '|', value = {
      "card [N] -> { [i] : 0 <= i <= N and exists (k : i = 3k) and N <= 6 } | [N] -> { (1 + floor(N/3)) : 0 <= N <= 6 }",
      "card [N] -> { [i] : 0 <= i <= N and exists (k : i = 3k) and N <= 6 } | [N] -> { (1 + floor(N/3)) : 1 <= N <= 6 }",
      "sum [N] -> { [i] -> (i) : 0 <= i <= N and N <= 6 } | [N] -> { (N * (N + 1) / 2) : 0 <= N <= 6 }",
      "[N] -> { (N * (N - 1)) : 0 <= N <= 1 } | [N] -> { 0 }",
      "[N] -> { (N * (N - 2)) : 0 <= N <= 2 } | [N] -> { 0 }",
      "[N] -> { (N - 2 * floor(N/2)) : 0 <= N <= 6 } | [N] -> { ((N - 2 * floor(N/2))^2) : 0 <= N <= 6 }",
      "[N] -> { (N - 2 * floor(N/2)) : 0 <= N <= 6 } | [N] -> { (N - 3 * floor(N/3)) : 0 <= N <= 6 }",
  })
  void equalityAgreesWithEvaluation(String a, String b) {
    CalcRun r = CalcRun.of("A := " + a + "; B := " + b + "; A == B;");
    assertEquals(List.of(), r.err());
    UnionPwQPolynomial fa = q(r, "A");
    UnionPwQPolynomial fb = q(r, "B");
    boolean[] same = {true};
    BruteForce.forEachPoint(1, LO, HI, p -> same[0] &= valueOrZero(fa, p).equals(valueOrZero(fb, p)));
    assertEquals(same[0] ? "True" : "False", r.out().get(r.out().size() - 1));
  }

  private static Rational valueOrZero(UnionPwQPolynomial u, long[] p) {
    return u.members().isEmpty() ? Rational.ZERO : member(u).evaluate(p);
  }

  @Test
  void cardOfAnUnboundedSetIsInfinity() {
    CalcRun r = CalcRun.of("card [N] -> { [i] : i >= N }; card [N] -> { [i, j] : 0 <= i <= N and j >= i };"
        + " card [N] -> { [i] : i >= N } == [N] -> { infty };");
    assertEquals(List.of(), r.err());
    assertEquals(List.of("[N] -> { infty }", "[N] -> { infty : N >= 0 }", "True"), r.out());
  }

  @Test
  void typeOfAQuasiPolynomialLiteral() {
    CalcRun r = CalcRun.of("typeof [N] -> { (N^2) : N > 0 }; typeof { 0 }; -{ [i] -> (2i) : 0 <= i <= 1 };");
    assertEquals(List.of(), r.err());
    assertEquals("piecewise quasipolynomial", r.out().get(0));
    assertEquals("piecewise quasipolynomial", r.out().get(1));
    assertTrue(r.out().get(2).contains("-2"), r.out().get(2));
  }

  /** A sum over a polynomial with no domain (a card's result) is bad input, as in iscc, not an internal error. */
  @Test
  void sumOfAPolynomialWithoutDomainIsAnInputError() {
    CalcRun r = CalcRun.on(new Calculator(), "D := [N] -> { [i, j] : 0 <= i < N and 0 <= j <= i };\nsum (card D);\nprint 2;");
    assertEquals(Calculator.Outcome.INPUT_ERROR, r.outcome());
    assertTrue(r.err().get(0).startsWith("2:") && r.err().get(0).contains("no domain"), r.err().toString());
  }
}
