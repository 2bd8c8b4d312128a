package dev.polyj.presburger.qpoly;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Quasi-polynomials written with isl's bracket floors ({@code [e/d]} for {@code floor(e/d)}) and
 * without parentheses around the polynomial: each is checked against its value computed with
 * Java's floor division at every point of a range.
 */
class BracketFloorNotationTest {

  private static Rational at(PwQPolynomial q, long... point) {
    return q.evaluate(point);
  }

  @Test
  void nestedBracketsAreFloors() {
    PwQPolynomial q = PwQPolynomial.parse("{ [i] -> i + [ (i + [i/3])/2 ] }");
    for (long i = -20; i <= 20; i++) {
      long expected = i + Math.floorDiv(i + Math.floorDiv(i, 3), 2);
      assertEquals(Rational.of(expected), at(q, i), "i = " + i);
    }
  }

  @Test
  void productOfBracketFloors() {
    PwQPolynomial q = PwQPolynomial.parse("{ [x] -> ([(x)/2] * [(x)/3]) }");
    for (long x = -15; x <= 15; x++) {
      assertEquals(Rational.of(Math.floorDiv(x, 2) * Math.floorDiv(x, 3)), at(q, x), "x = " + x);
    }
  }

  @Test
  void bracketFloorsWithParametersAndImplicitProducts() {
    PwQPolynomial q = PwQPolynomial.parse("[j] -> { [i, k] -> 1 + 9 * [i/5] + 7[j/11] + 4 * [k/13] }");
    for (long j = -12; j <= 12; j += 5) {
      for (long i = -7; i <= 7; i += 3) {
        for (long k = -14; k <= 14; k += 7) {
          long expected = 1 + 9 * Math.floorDiv(i, 5) + 7 * Math.floorDiv(j, 11) + 4 * Math.floorDiv(k, 13);
          assertEquals(Rational.of(expected), at(q, j, i, k), "at " + j + ", " + i + ", " + k);
        }
      }
    }
  }

  @Test
  void bracketPiecesWithConditions() {
    PwQPolynomial q = PwQPolynomial.parse("{ [i] -> ([i/2]) : i >= 0; [i] -> ([i/3]) : i < 0 }");
    for (long i = -10; i <= 10; i++) {
      long expected = i >= 0 ? Math.floorDiv(i, 2) : Math.floorDiv(i, 3);
      assertEquals(Rational.of(expected), at(q, i), "i = " + i);
    }
  }
}
