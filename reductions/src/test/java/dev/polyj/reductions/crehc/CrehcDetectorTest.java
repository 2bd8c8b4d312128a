package dev.polyj.reductions.crehc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.reductions.ReductionOperator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * CReHC detection on loops with the structure of the chapter's examples (written for the project)
 * and on its counterexamples, which must not be detected.
 */
class CrehcDetectorTest {
  static Scop scop(String src) {
    List<RegionResult> rs = CFrontEnd.extract(src, "t.c");
    assertEquals(1, rs.size());
    RegionResult r = rs.get(0);
    assertTrue(r.accepted(), () -> r.rejections().toString());
    return r.scop();
  }

  static Optional<Crehc> detect(String src) {
    return CrehcDetector.detect(scop(src));
  }

  /** The chapter's motivating loop (NAS EP): two conditional scalar sums and a histogram. */
  @Test
  void embarrassinglyParallelGaussianPairs() {
    Crehc c = detect("""
        double sqrt(double); double log(double); double fabs(double);
        void ep(int nk, double x[2000], double q[10], double sx, double sy) {
        #pragma scop
          for (int i = 0; i < nk; i++) {
            double x1 = 2.0 * x[2 * i] - 1.0;
            double x2 = 2.0 * x[2 * i + 1] - 1.0;
            double t1 = x1 * x1 + x2 * x2;
            if (t1 <= 1.0) {
              double t2 = sqrt(-2.0 * log(t1) / t1);
              double t3 = x1 * t2;
              double t4 = x2 * t2;
              int l = fabs(t3) > fabs(t4) ? fabs(t3) : fabs(t4);
              q[l] = q[l] + 1.0;
              sx = sx + t3;
              sy = sy + t4;
            }
          }
        #pragma endscop
        }
        """).orElseThrow();
    assertEquals(2, c.scalars());
    assertEquals(1, c.histograms());
    assertFalse(c.exact());
    assertTrue(c.privates().containsAll(List.of("x1", "x2", "t1", "t2", "t3", "t4", "l")), c::toString);
  }

  /** NAS IS: counting the keys into buckets. */
  @Test
  void integerSortKeyCounts() {
    Crehc c = detect("""
        void is(int n, int key[100000], int count[1024]) {
        #pragma scop
          for (int i = 0; i < n; i++)
            count[key[i]]++;
        #pragma endscop
        }
        """).orElseThrow();
    assertEquals(1, c.histograms());
    assertEquals(ReductionOperator.SUM, c.targets().get(0).op());
    assertTrue(c.exact());
  }

  /** A kmeans update: member counts and per-cluster feature sums (a two-dimensional histogram). */
  @Test
  void kmeansUpdate() {
    Crehc c = detect("""
        void km(int n, int nf, int member[1000], int feat[1000][8], int count[16], int sums[16][8]) {
        #pragma scop
          for (int i = 0; i < n; i++) {
            int c = member[i];
            count[c] += 1;
            for (int f = 0; f < nf; f++)
              sums[c][f] += feat[i][f];
          }
        #pragma endscop
        }
        """).orElseThrow();
    assertEquals(2, c.histograms());
    assertTrue(c.exact());
  }

  /** A conditional minimum and maximum (exact whatever the type). */
  @Test
  void conditionalMinMax() {
    Crehc c = detect("""
        double fmin(double, double); double fmax(double, double);
        void mm(int n, double a[1000], double lo, double hi) {
        #pragma scop
          for (int i = 0; i < n; i++)
            if (a[i] > 0) {
              lo = fmin(lo, a[i]);
              hi = fmax(hi, a[i]);
            }
        #pragma endscop
        }
        """).orElseThrow();
    assertEquals(2, c.scalars());
    assertTrue(c.exact());
  }

  @Test
  void counterexamplesAreNotDetected() {
    // an update of a different element in every iteration: no reduction variable
    assertFalse(detect("""
        void f(int n, int a[100], int b[100]) {
        #pragma scop
          for (int i = 0; i < n; i++) b[i] += a[i];
        #pragma endscop
        }
        """).isPresent());
    // pointer chasing: the index depends on the previous iteration
    assertFalse(detect("""
        void f(int n, int a[100], int chase) {
        #pragma scop
          for (int i = 0; i < n; i++) chase = a[chase];
        #pragma endscop
        }
        """).isPresent());
    // a flag carried across iterations controls the histogram
    assertFalse(detect("""
        void f(int n, int a[100], int hist[10], int active) {
        #pragma scop
          for (int i = 0; i < n; i++) {
            if (a[i] > 9) active = 0;
            if (active) hist[a[i]] += 1;
          }
        #pragma endscop
        }
        """).isPresent());
    // the sum controls the update (a control dependence on the reduction variable)
    assertFalse(detect("""
        void f(int n, int a[100], int sum) {
        #pragma scop
          for (int i = 0; i < n; i++)
            if (a[i] <= sum) sum += a[i];
        #pragma endscop
        }
        """).isPresent());
    // a saturating histogram reads its own bins in the condition
    assertFalse(detect("""
        void f(int n, int a[100], int hist[10]) {
        #pragma scop
          for (int i = 0; i < n; i++)
            if (hist[a[i]] < 255) hist[a[i]] += 1;
        #pragma endscop
        }
        """).isPresent());
  }

  /**
   * A temporary set under a locally static condition and read under another on the same scalar,
   * which changes in between: the read may see an earlier iteration's value, so the temporary is
   * not private (the scalar's writes are sources of the filters' reads).
   */
  @Test
  void aTemporaryUnderConditionsOnAChangingScalarIsNotPrivate() {
    Optional<Crehc> c = detect("""
        void f(int N, int w[100], int g[100], int h[100], int s) {
        #pragma scop
          for (int i = 0; i < N; i++) {
            int t;
            int m = g[i];
            if (m > 0)
              t = w[i];
            m = h[i];
            if (m > 0)
              s = s + t;
          }
        #pragma endscop
        }
        """);
    assertTrue(c.isEmpty() || !c.get().privates().contains("t"), c::toString);
  }
}
