package dev.polyj.polybench.speculation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.optimize.PolyhedralOptimizer;
import dev.polyj.polybench.optimize.ProfileInstrumentation;
import dev.polyj.polybench.optimize.Specializations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delinearization, specialization and profiling (SPolly, Section 4.2) against gcc: linearized
 * kernels (the paper's Figure 2b, a matrix product on flat arrays, a kernel whose rows overlap on
 * some calls) optimized, specialized for a value given on the command line and for the values a
 * profiled run recorded; every optimized program prints what the original prints, and the guard
 * macro counts which versions ran.
 */
class DelinearizationTest {
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

      void b(double *A, int N) {
        int i, j;
      #pragma scop
        for (i = 1; i < N; i++)
          for (j = 0; j < N; j++)
            A[j * N + i] += A[j * N + i - 1];
      #pragma endscop
      }

      void mm(int N, double *C, double *A, double *B) {
      #pragma scop
        for (int i = 0; i < N; i++)
          for (int j = 0; j < N; j++)
            for (int k = 0; k < N; k++)
              C[i * N + j] += A[i * N + k] * B[k * N + j];
      #pragma endscop
      }

      /* rows of N elements, walked M elements wide: they overlap when M > N */
      void rows(double *A, int N, int M) {
      #pragma scop
        for (int j = 1; j < 40; j++)
          for (int i = 0; i < M; i++)
            A[j * N + i] = 0.5 * A[(j - 1) * N + i] + A[j * N + i];
      #pragma endscop
      }

      int main(int argc, char **argv) {
        int n = argc > 1 ? atoi(argv[1]) : 60;
        double *A = malloc(4 * n * n * sizeof(double)), *B = malloc(n * n * sizeof(double));
        double *C = malloc(n * n * sizeof(double));
        for (int i = 0; i < 4 * n * n; i++) A[i] = (i % 17) / 3.0;
        for (int i = 0; i < n * n; i++) { B[i] = (i % 5) / 7.0; C[i] = 0; }
        b(A, n);
        mm(n, C, A, B);
        rows(A, n, n);
        rows(A + n * n, n, n + 3);
        double s = 0;
        for (int i = 0; i < n * n; i++) s += C[i] * (i % 11);
        for (int i = 0; i < 4 * n * n; i++) s += A[i] * (i % 3);
        printf("%.17g\\n", s);
      #ifdef COUNT
        fprintf(stderr, "original %d optimized %d\\n", polyj_runs[0], polyj_runs[1]);
      #endif
        return 0;
      }
      """;

  private static PolyhedralOptimizer optimizer() {
    // parallel loops run in parallel whatever the work, so that the optimized order shows
    return new PolyhedralOptimizer(PolyhedralOptimizer.Config.defaults().pipeline()
        .withOption("parallel-work", "threshold", "0").withOption("parallel-work", "fork-threshold", "0"));
  }

  @Test
  void linearizedKernelsUnderRowChecks(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(GccRun.available(), "gcc is not on PATH");
    Path source = dir.resolve("lin.c");
    Files.writeString(source, PROGRAM);
    PolyhedralOptimizer.Output out = optimizer().optimize(source, List.of());
    assertTrue(out.notes().get(0).contains("'A' read as the 2-d array polyj_view_A (rows of N)"), out.notes().toString());
    Path optimized = dir.resolve("lin_opt.c");
    Files.writeString(optimized, out.text());
    String expected = GccRun.run(source, dir, List.of()).out();
    GccRun.Result counted = GccRun.run(optimized, dir, List.of("-DCOUNT"));
    assertEquals(expected, counted.out());
    // b, mm and rows with M = N ran optimized; rows with M > N did not
    assertEquals("original 1 optimized 3", counted.err().strip());
    // without the checks, the overlapping rows compute something else
    assertNotEquals(expected, GccRun.run(optimized, dir, List.of("-DFORCE")).out());
  }

  @Test
  void specializedVersionNextToTheGeneralOne(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(GccRun.available(), "gcc is not on PATH");
    Path source = dir.resolve("lin.c");
    Files.writeString(source, PROGRAM);
    PolyhedralOptimizer.Output out = optimizer().withSpecializations(Specializations.parse(List.of("N=60")))
        .optimize(source, List.of());
    assertTrue(out.notes().get(0).contains("specialized for N = 60, next to the general code optimized under run-time "
        + "checks"), out.notes().toString());
    assertTrue(out.text().contains("if (polyj_checked((N) == 60"), out.text());
    Path optimized = dir.resolve("lin_sp.c");
    Files.writeString(optimized, out.text());
    for (String n : List.of("60", "45")) {
      assertEquals(GccRun.run(source, dir, List.of(), n).out(), GccRun.run(optimized, dir, List.of(), n).out(), "n = " + n);
    }
  }

  @Test
  void profiledRunSpecializesTheQuasiConstantParameters(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(GccRun.available(), "gcc is not on PATH");
    Path source = dir.resolve("lin.c");
    Files.writeString(source, PROGRAM);
    Path profiling = dir.resolve("lin_prof.c");
    Files.writeString(profiling, ProfileInstrumentation.instrument(source, List.of()).text());
    String expected = GccRun.run(source, dir, List.of()).out();
    assertEquals(expected, GccRun.run(profiling, dir, List.of()).out());
    Path data = dir.resolve("polyj.profile");
    // rows is entered twice, with M = 60 and M = 63: M is not quasi-constant, N is
    assertEquals(List.of("1 N 60", "2 N 60", "3 M 60", "3 N 60", "3 M 63", "3 N 60"), Files.readAllLines(data));
    PolyhedralOptimizer.Output out = optimizer().withSpecializations(Specializations.profile(data))
        .optimize(source, List.of());
    assertTrue(out.notes().toString().contains("region 3 (rows): specialized for N = 60,"), out.notes().toString());
    Path optimized = dir.resolve("lin_pd.c");
    Files.writeString(optimized, out.text());
    assertEquals(expected, GccRun.run(optimized, dir, List.of()).out());
    assertEquals(GccRun.run(source, dir, List.of(), "45").out(), GccRun.run(optimized, dir, List.of(), "45").out());
  }

  @Test
  void nonAffineLoopBoundSpecializedByItsValue(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(GccRun.available(), "gcc is not on PATH");
    String program = """
        #include <stdio.h>
        #include <stdlib.h>
        void sq(int N, double *restrict A, double *restrict B) {
        #pragma scop
          for (int i = 1; i < N * N; i++)
            A[i] = A[i - 1] * 0.5 + B[i];
        #pragma endscop
        }
        int main(int argc, char **argv) {
          int n = argc > 1 ? atoi(argv[1]) : 30;
          double *A = malloc(n * n * sizeof(double)), *B = malloc(n * n * sizeof(double));
          for (int i = 0; i < n * n; i++) { A[i] = i % 3; B[i] = i % 7; }
          sq(n, A, B);
          double s = 0;
          for (int i = 0; i < n * n; i++) s += A[i] * (i % 5);
          printf("%.17g\\n", s);
          return 0;
        }
        """;
    Path source = dir.resolve("sq.c");
    Files.writeString(source, program);
    PolyhedralOptimizer.Output out = optimizer().withSpecializations(Specializations.parse(List.of("N=30")))
        .optimize(source, List.of());
    assertTrue(out.notes().get(0).contains("specialized for N = 30, next to the original code"), out.notes().toString());
    assertTrue(out.text().contains("c0 <= 899"), out.text());
    Path optimized = dir.resolve("sq_sp.c");
    Files.writeString(optimized, out.text());
    for (String n : List.of("30", "20")) {
      assertEquals(GccRun.run(source, dir, List.of(), n).out(), GccRun.run(optimized, dir, List.of(), n).out(), "n = " + n);
    }
  }
}
