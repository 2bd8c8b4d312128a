package dev.polyj.reductions.sdr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.scop.Scop;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exact search of Section 5.3 against the heuristic of Section 6.2, and reductions with
 * {@code max}, {@code min} and {@code *} (operators without an inverse).
 */
class SdrOptimalTest {
  /** Suffix maxima computed with i counting up: no dependence orders the elements of B. */
  static final String SUFFIX_MAX = "for (i = 0; i < N; i++) {\n  B[i] = A[i];\n  for (j = i + 1; j < N; j++)\n"
      + "    B[i] = max(B[i], A[j]);\n}";

  static final String PREFIX_MAX = "for (i = 0; i < N; i++) {\n  B[i] = A[0];\n  for (j = 0; j <= i; j++)\n"
      + "    B[i] = max(B[i], A[j]);\n}";

  static Scop scop(String body) {
    return SdrProgramsTest.scop("#pragma polyj pure(g)\nlong g(long x);\nlong max(long a, long b);\n"
        + "void f(int N, long A[N], long B[N]) {\n  int i, j;\n#pragma scop\n" + body + "\n#pragma endscop\n}\n");
  }

  @Test
  void theSearchAgreesWithTheHeuristicOnTheDependentPrefixSum() {
    for (String body : new String[] {SdrProgramsTest.PREFIX, SdrProgramsTest.SUFFIX}) {
      SdrResult h = Sdr.simplify(SdrProgramsTest.scop(SdrProgramsTest.program("int N, long A[N], long B[N]", body)));
      SdrResult o = Sdr.simplifyOptimal(SdrProgramsTest.scop(SdrProgramsTest.program("int N, long A[N], long B[N]", body)));
      assertEquals(h.after().toString(), o.after().toString(), o.report());
      assertArrayEquals(h.faces().get(0).reuse(), o.faces().get(0).reuse(), o.report());
      assertEquals(List.of(), NewDependences.violations(o));
    }
  }

  @Test
  void maxReusesOnlyOutOfTheBoundary() {
    SdrResult r = Sdr.simplify(scop(PREFIX_MAX));
    assertTrue(r.changed(), r.report());
    assertArrayEquals(new long[] {1, 0}, r.faces().get(0).reuse());
    assertEquals("O(N)", r.after().toString(), r.report());
  }

  /**
   * Section 6.3: without an inverse only one direction is valid; the schedule the heuristic is
   * given (Pluto's, i upwards) goes the other way, so it leaves the reduction, while the search
   * finds the schedule running i downwards.
   */
  @Test
  void theSearchIsStrictlyBetterForSuffixMaxima() {
    SdrResult h = Sdr.simplify(scop(SUFFIX_MAX));
    assertFalse(h.changed(), h.report());
    assertTrue(h.faces().get(0).reason().contains("needs the inverse of max"), h.report());
    assertEquals("O(N^2)", h.after().toString());
    SdrResult o = Sdr.simplifyOptimal(scop(SUFFIX_MAX));
    assertTrue(o.changed(), o.report());
    assertArrayEquals(new long[] {-1, 0}, o.faces().get(0).reuse(), o.report());
    assertEquals("O(N)", o.after().toString(), o.report());
    assertTrue(o.after().lowerThan(h.after()));
    assertEquals(List.of(), NewDependences.violations(o));
  }
}
