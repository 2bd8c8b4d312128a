package dev.polyj.polybench.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.optimize.PolyhedralOptimizer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A statement that never runs ({@code if (i != i)}, found by the random-program tester) in a tiled
 * band: its empty domain used to make tiling fail, so the region was left unchanged. It must be
 * optimized and compute what the original computes.
 */
class DeadStatementTest {
  private static final String PROGRAM = """
      #include <stdio.h>
      #define N 40
      double A[N][N], B[N];
      int main(void) {
        int i, j;
        for (i = 0; i < N; i++) { B[i] = i % 7; for (j = 0; j < N; j++) A[i][j] = (i + 2 * j) % 11; }
      #pragma scop
        for (i = 1; i < N; i++)
          for (j = 1; j < N; j++) {
            A[i][j] = A[i - 1][j] + A[i][j - 1] * 0.5;
            if (i != i)
              B[j] += A[i][j];
          }
      #pragma endscop
        double s = 0;
        for (i = 0; i < N; i++) { s += B[i]; for (j = 0; j < N; j++) s += A[i][j] * (i + j); }
        printf("%a\\n", s);
        return 0;
      }
      """;

  @Test
  void aStatementThatNeverRunsDoesNotStopTiling(@TempDir Path work) throws Exception {
    Path file = work.resolve("dead.c");
    Files.writeString(file, PROGRAM);
    PolyhedralOptimizer.Output out = PolyhedralOptimizer.optimize(file, List.of(), PolyhedralOptimizer.Config.defaults());
    assertEquals(List.of("region 1 (main): optimized"), out.notes());
    Assumptions.assumeTrue(Differential.gccAvailable(), "gcc is not on PATH");
    Differential.Outcome o = new Differential(work.resolve("run"), false).check(PROGRAM, "dead.c",
        List.of(Differential.Variant.of("defaults"), Differential.Variant.of("tile-4", "--tile", "4")));
    assertTrue(o.passed(), o.failures().toString());
    assertEquals(0, o.regionsLeftUnchanged(), "a region was left unchanged");
  }
}
