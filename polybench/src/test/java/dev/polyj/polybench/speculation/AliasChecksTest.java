package dev.polyj.polybench.speculation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.optimize.PolyhedralOptimizer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Run-time alias checks (SPolly, Section 4.1) against gcc: a kernel on two pointers is called with
 * disjoint arrays, with overlapping ones, and with interleaved ones whose ranges overlap although
 * their elements do not (the checks cannot tell: the original code runs). The optimized program
 * prints what the original prints, bit for bit; the guard macro counts which version ran, and
 * forcing the optimized version on every call changes the result (the overlap is real).
 */
class AliasChecksTest {
  private static final String PROGRAM = """
      #include <stdio.h>
      #include <stdlib.h>
      #ifdef COUNT
      static int polyj_runs[2];
      #define polyj_checked(c) ((c) ? (polyj_runs[1]++, 1) : (polyj_runs[0]++, 0))
      #endif
      #ifdef FORCE
      #define polyj_checked(c) 1
      #endif

      void smooth(int n, double *A, double *B) {
      #pragma scop
        for (int t = 0; t < 3; t++)
          for (int i = 1; i < n - 1; i++)
            A[i] = (B[i - 1] + B[i] + B[i + 1]) / 3.0 + 0.5 * A[i];
      #pragma endscop
      }

      void smooth2(int n, double *A, double *B) {
      #pragma scop
        for (int t = 0; t < 3; t++)
          for (int i = 1; i < n - 1; i++)
            A[2 * i] = (B[2 * i - 2] + B[2 * i] + B[2 * i + 2]) / 3.0 + 0.5 * A[2 * i];
      #pragma endscop
      }

      int main(void) {
        int n = 300;
        double *M = malloc(8 * n * sizeof(double));
        for (int i = 0; i < 8 * n; i++) M[i] = (i * 37 % 101) / 7.0;
        smooth(n, M, M + 2 * n);     /* disjoint */
        smooth(n, M + 4 * n, M + 4 * n + 3);  /* overlapping */
        smooth2(n, M + 6 * n, M + 6 * n + 1);  /* interleaved: no common element, ranges overlap */
        double sum = 0;
        for (int i = 0; i < 8 * n; i++) sum += M[i] * (i % 13 + 1);
        printf("%.17g\\n", sum);
      #ifdef COUNT
        fprintf(stderr, "original %d optimized %d\\n", polyj_runs[0], polyj_runs[1]);
      #endif
        return 0;
      }
      """;

  @Test
  void disjointOverlappingAndUndecidedCalls(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(GccRun.available(), "gcc is not on PATH");
    Path source = dir.resolve("smooth.c");
    Files.writeString(source, PROGRAM);
    // parallel loops run in parallel whatever the work, so that the optimized order shows
    PolyhedralOptimizer.Output out = new PolyhedralOptimizer(PolyhedralOptimizer.Config.defaults().pipeline()
        .withOption("parallel-work", "threshold", "0").withOption("parallel-work", "fork-threshold", "0")).optimize(source, List.of());
    assertTrue(out.notes().toString().contains("optimized under run-time checks"), out.notes().toString());
    Path optimized = dir.resolve("smooth_opt.c");
    Files.writeString(optimized, out.text());
    String expected = GccRun.run(source, dir, List.of()).out();
    GccRun.Result counted = GccRun.run(optimized, dir, List.of("-DCOUNT"));
    assertEquals(expected, counted.out());
    // the disjoint call ran the optimized code; the overlapping and the interleaved ones the original
    assertEquals("original 2 optimized 1", counted.err().strip());
    assertEquals(expected, GccRun.run(optimized, dir, List.of()).out());
    // the test data makes the checks matter: without them, the overlapping call computes something else
    assertNotEquals(expected, GccRun.run(optimized, dir, List.of("-DFORCE")).out());
  }

  @Test
  void withoutTheChecksThePointersKeepTheOriginalCode(@TempDir Path dir) throws Exception {
    Path source = dir.resolve("smooth.c");
    Files.writeString(source, PROGRAM);
    PolyhedralOptimizer o = new PolyhedralOptimizer(PolyhedralOptimizer.Config.defaults().pipeline()
        .disable("runtime-checks"));
    PolyhedralOptimizer.Output out = o.optimize(source, List.of());
    assertEquals(PROGRAM, out.text());
    assertTrue(out.notes().toString().contains("left unchanged: pointers A, B may overlap, and the runtime-checks "
        + "pass is disabled"), out.notes().toString());
  }
}
