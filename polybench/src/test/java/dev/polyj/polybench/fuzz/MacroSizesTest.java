package dev.polyj.polybench.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.optimize.PolyhedralOptimizer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Size macros in region bounds (issue 25): kept as parameters, so the optimized file compiled with
 * other {@code -D} values computes what the original computes at those values; a region that can
 * only be read with their values (a bound {@code N * N}) is specialized and refuses other values
 * at compile time.
 */
class MacroSizesTest {
  private static final String PROGRAM = """
      #include <stdio.h>
      #ifndef N
      #define N 40
      #endif
      #define M (N / 2 + 3)
      #define SQ (N * N)
      double A[N][N], B[N];
      int main(void) {
        int i, j;
        for (i = 0; i < N; i++) { B[i] = i % 5; for (j = 0; j < N; j++) A[i][j] = (i * j % 7) / 7.0; }
      #pragma scop
        for (i = 1; i < N; i++)
          for (j = 0; j < M && j < N; j++)
            A[i][j] = A[i - 1][j] + B[j] * 0.5;
      #pragma endscop
      #pragma scop
        for (i = 0; i < SQ / N; i++)
          for (j = 0; j < N; j++)
            B[i] += A[j][i];
      #pragma endscop
        double s = 0;
        for (i = 0; i < N; i++) { s += B[i]; for (j = 0; j < N; j++) s += A[i][j] * (i + j); }
        printf("%a\\n", s);
        return 0;
      }
      """;

  @Test
  void sizeMacrosStayParametersAndSpecializedRegionsRefuseOtherValues(@TempDir Path work) throws Exception {
    Path file = work.resolve("sizes.c");
    Files.writeString(file, PROGRAM);
    PolyhedralOptimizer.Output out = PolyhedralOptimizer.optimize(file, List.of(), PolyhedralOptimizer.Config.defaults());
    String text = out.text();
    String first = text.substring(text.indexOf("for (i = 0; i < N; i++) { B[i]"), text.indexOf("#if (N) != 40"));
    assertTrue(first.contains("N - 1") && !first.contains("39"), first);
    assertTrue(text.contains("#if (N) != 40 || (SQ) != 1600\n#error"), text);
    assertTrue(out.notes().get(1).contains("for N = 40, SQ = 1600 only"), out.notes().toString());
    Assumptions.assumeTrue(Differential.gccAvailable(), "gcc is not on PATH");
    Differential d = new Differential(work.resolve("run"), false);
    Differential.Outcome same = d.check(PROGRAM, "sizes.c", List.of(Differential.Variant.of("defaults")));
    assertTrue(same.passed(), same.failures().toString());
    Differential.Outcome other = d.check(PROGRAM, "sizes.c",
        List.of(new Differential.Variant("other N", List.of(), List.of("-DN=17"), false)));
    assertTrue(other.passed(), other.failures().toString());
    assertEquals(1, other.specializedRefusals());
    assertFalse(text.contains("__polyj_macro_"), text);
  }
}
