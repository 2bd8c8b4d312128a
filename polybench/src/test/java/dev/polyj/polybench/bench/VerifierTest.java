package dev.polyj.polybench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class VerifierTest {

  private static final Tolerance REL = new Tolerance(1e-9);

  @Provide
  Arbitrary<double[]> values() {
    return Arbitraries.doubles().between(-1000, 1000).ofScale(2)
        .array(double[].class).ofMinSize(1).ofMaxSize(50);
  }

  @Property(tries = 200)
  void identicalDumpsMatchInBothModes(@ForAll("values") double[] a, @ForAll("values") double[] b) {
    Map<String, double[]> arrays = arrays(a, b);
    for (Tolerance t : new Tolerance[] {Tolerance.EXACT, REL}) {
      assertTrue(Verifier.verify(Dumps.polyj(arrays), Dumps.polyj(arrays), t).matches());
      // The two harness formats of the same values are the same dump.
      assertTrue(Verifier.verify(Dumps.polyj(arrays), Dumps.polybench(arrays), t).matches());
    }
  }

  /**
   * Changing some values of the second array by at least two printed units makes the dump wrong,
   * in both modes, and the message names the second array and the first changed index.
   */
  @Property(tries = 200)
  void changedValuesAreFlaggedWithArrayAndIndex(@ForAll("values") double[] a,
      @ForAll("values") double[] b, @ForAll @IntRange(min = 0, max = 49) int at,
      @ForAll @IntRange(min = 2, max = 500) int units) {
    int first = at % b.length;
    double[] changed = b.clone();
    changed[first] += units * 0.01;
    if (first + 1 < changed.length) {
      changed[changed.length - 1] -= 0.5;
    }
    String reference = Dumps.polyj(arrays(a, b));
    String actual = Dumps.polyj(arrays(a, changed));
    for (Tolerance t : new Tolerance[] {Tolerance.EXACT, REL}) {
      Verdict v = Verifier.verify(reference, actual, t);
      assertEquals(Verdict.Kind.MISMATCH, v.kind(), t.label());
      assertTrue(v.message().startsWith("y1[" + first + "]: expected "), v.message());
    }
  }

  @Test
  void toleranceAcceptsSmallRelativeDifferencesAndOnePrintedUnit() {
    String ref = "begin dump: s\n1000000000.00 0.13 5.00 \nend   dump: s\n";
    String nearRel = "begin dump: s\n1000000000.50 0.13 5.00 \nend   dump: s\n";
    String lastDigit = "begin dump: s\n1000000000.00 0.12 5.00 \nend   dump: s\n";
    String twoUnits = "begin dump: s\n1000000000.00 0.11 5.00 \nend   dump: s\n";
    String farRel = "begin dump: s\n1000000002.00 0.13 5.00 \nend   dump: s\n";
    assertEquals(Verdict.Kind.MISMATCH, Verifier.verify(ref, nearRel, Tolerance.EXACT).kind());
    assertTrue(Verifier.verify(ref, nearRel, REL).matches());
    assertEquals(Verdict.Kind.MISMATCH, Verifier.verify(ref, lastDigit, Tolerance.EXACT).kind());
    assertTrue(Verifier.verify(ref, lastDigit, REL).matches());
    Verdict two = Verifier.verify(ref, twoUnits, REL);
    assertEquals(Verdict.Kind.MISMATCH, two.kind());
    assertTrue(two.message().contains("s[1]: expected 0.13, got 0.11"), two.message());
    Verdict far = Verifier.verify(ref, farRel, REL);
    assertEquals(Verdict.Kind.MISMATCH, far.kind());
    assertTrue(far.message().contains("s[0]"), far.message());
  }

  @Test
  void toleranceIsSymmetricAndExactOnlyAcceptsEqualValues() {
    assertTrue(Tolerance.EXACT.accepts(0.0, -0.0, 0.01));
    assertTrue(Tolerance.EXACT.accepts(Double.NaN, Double.NaN, 0.01));
    assertFalse(Tolerance.EXACT.accepts(Double.NaN, 1, 0.01));
    assertFalse(REL.accepts(1, Double.NaN, 0.01));
    assertFalse(REL.accepts(Double.POSITIVE_INFINITY, 1e308, 0.01));
    for (double[] p : new double[][] {{1, 1 + 1e-10}, {-3e5, -3e5 * (1 + 2e-9)}, {0.12, 0.13}}) {
      assertEquals(REL.accepts(p[0], p[1], 0.01), REL.accepts(p[1], p[0], 0.01));
    }
    assertEquals("exact", Tolerance.EXACT.label());
    assertEquals("rel 1e-09", REL.label());
  }

  @Test
  void differentArraysOrSizesAreWrong() {
    String ref = "begin dump: a\n1.00 2.00 \nend   dump: a\n";
    Verdict names = Verifier.verify(ref, "begin dump: b\n1.00 2.00 \nend   dump: b\n", REL);
    assertEquals(Verdict.Kind.MISMATCH, names.kind());
    assertTrue(names.message().contains("[b] instead of [a]"), names.message());
    Verdict size = Verifier.verify(ref, "begin dump: a\n1.00 \nend   dump: a\n", REL);
    assertEquals(Verdict.Kind.MISMATCH, size.kind());
    assertTrue(size.message().contains("a: 1 values instead of 2"), size.message());
  }

  @Test
  void malformedDumpsAreNotMistakenForWrongOutput() {
    String ref = "begin dump: a\n1.00 2.00 \nend   dump: a\n";
    Verdict actual = Verifier.verify(ref, "begin dump: a\n1.00 2.00 \n", Tolerance.EXACT);
    assertEquals(Verdict.Kind.MALFORMED, actual.kind());
    assertTrue(actual.message().startsWith("dump: a: no 'end"), actual.message());
    Verdict reference = Verifier.verify("garbage", ref, Tolerance.EXACT);
    assertEquals(Verdict.Kind.MALFORMED, reference.kind());
    assertTrue(reference.message().startsWith("reference dump:"), reference.message());
  }

  private static Map<String, double[]> arrays(double[] a, double[] b) {
    Map<String, double[]> m = new LinkedHashMap<>();
    m.put("x1", a);
    m.put("y1", b);
    return m;
  }
}
