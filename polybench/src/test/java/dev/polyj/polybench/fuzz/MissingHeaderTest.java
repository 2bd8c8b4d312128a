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
 * {@code optimize} on a file whose header is not on the include path (issue 16, item 5), as polycc
 * reads PolyBench files without {@code -I}: the region is read on its own, the names of the missing
 * header stay names (integer parameters in bounds), a note says what was assumed, and the optimized
 * file, compiled once the header is there, prints what the original prints.
 */
class MissingHeaderTest {
  private static final String HEADER = """
      #define DATA_TYPE float
      #define NN 37
      #define BOUND(x, y) y
      #define LEN BOUND(NN, n)
      #define SCALE 0.5f
      """;

  private static final String PROGRAM = """
      #include <stdio.h>
      #include "missing.h"
      static DATA_TYPE A[NN][NN], B[NN][NN];

      static void kernel(int n) {
        int i, j;
      #pragma scop
        for (i = 1; i < LEN; i++)
          for (j = 0; j < LEN; j++) {
            DATA_TYPE t = A[i - 1][j] * SCALE;
            A[i][j] = t + B[i][j];
          }
      #pragma endscop
      }

      int main(void) {
        int i, j;
        double s = 0;
        for (i = 0; i < NN; i++)
          for (j = 0; j < NN; j++) {
            A[i][j] = (DATA_TYPE)((i * 3 + j) % 7);
            B[i][j] = (DATA_TYPE)((i + 5 * j) % 3);
          }
        kernel(NN);
        for (i = 0; i < NN; i++)
          for (j = 0; j < NN; j++) s += A[i][j] * (i + j + 1);
        printf("%a\\n", s);
        return 0;
      }
      """;

  @Test
  void regionsAreReadWithoutTheMissingHeader(@TempDir Path work) throws Exception {
    Path file = work.resolve("prog.c");
    Files.writeString(file, PROGRAM);
    PolyhedralOptimizer.Output out = PolyhedralOptimizer.optimize(file, List.of(), PolyhedralOptimizer.Config.defaults());
    String notes = String.join("\n", out.notes());
    assertTrue(notes.contains("missing.h not found"), notes);
    assertTrue(notes.contains("integer parameters: LEN"), notes);
    assertTrue(notes.contains("region 1 (kernel): optimized"), notes);
    assertTrue(out.text().contains("LEN - 1"), out.text());
    Assumptions.assumeTrue(Differential.gccAvailable(), "gcc is not on PATH");
    Path include = work.resolve("include");
    Files.createDirectories(include);
    Files.writeString(include.resolve("missing.h"), HEADER);
    Path optimized = work.resolve("opt.c");
    Files.writeString(optimized, out.text());
    Differential d = new Differential(work.resolve("run"), true);
    // the original and the optimized file are both compiled with the header found
    String expected = d.compileAndRun(file, "orig", List.of("-I" + include), false).output();
    assertEquals(expected, d.compileAndRun(optimized, "opt", List.of("-I" + include), false).output());
    assertEquals(expected, d.compileAndRun(optimized, "opt", List.of("-I" + include), true).output());
  }
}
