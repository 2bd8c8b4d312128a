package dev.polyj.presburger.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code q % S} (gist) and {@code dom q} on quasi-polynomials in the calculator, checked with the
 * calculator's exact function comparison: the gist restricted to S equals q restricted to S, and q
 * restricted to its domain is q.
 */
class CalculatorQPolyGistTest {

  @Test
  void gistAndDomainOfQuasiPolynomials() {
    String[][] cases = {
      {"{ [i] -> [(i + [i/3])/2] + i }", "{ [i] : 0 <= i <= 20 and i mod 3 = 1 }"},
      {"[N] -> { [i] -> (N - i) : 0 <= i < N; [i] -> (2) : N <= i <= N + 3 }", "[N] -> { [i] : N >= 2 and i >= 1 }"},
      {"{ A[i, j] -> (i * j) : 0 <= i <= j; B[i] -> (3) : i > 0 }", "{ A[i, j] : i = j; B[i] : i < 5 }"},
    };
    for (String[] c : cases) {
      CalcRun r = CalcRun.of("Q := " + c[0] + "; S := " + c[1] + ";\n((Q % S) * S) == (Q * S);\n(Q * (dom Q)) == Q;\n");
      assertEquals(List.of(), r.err(), "errors for " + c[0]);
      assertEquals(List.of("True", "True"), r.out(), "gist or domain of " + c[0] + " in " + c[1]);
    }
  }
}
