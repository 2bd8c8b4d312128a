package dev.polyj.polybench.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.optimize.PolyhedralOptimizer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Programs with a pivot beside Floyd-Warshall (whose kernel the end-to-end tests run): Gauss-Jordan
 * elimination with a shifted pivot (no value becomes infinite), Warshall's transitive closure on
 * integers, and a loop whose dependences go through the row after the step (a pivot {@code i = k +
 * 1}, which the pass does not look for). Each is optimized, compiled with and without OpenMP and run
 * against the original, with the default configuration, small tiles and without parallel loops.
 */
class PivotSplittingProgramsTest {
  private static String program(String type, String init, String statement) {
    return """
        #include <stdio.h>
        #define N 37
        TYPE A[N][N];
        int main(void) {
          int i, j, k;
          for (i = 0; i < N; i++) for (j = 0; j < N; j++) A[i][j] = INIT;
        #pragma scop
          for (k = 0; k < N - 1; k++)
            for (i = 0; i < N; i++)
              for (j = 0; j < N; j++)
                STATEMENT;
        #pragma endscop
          double s = 0;
          for (i = 0; i < N; i++) for (j = 0; j < N; j++) s += (double) A[i][j] * (i + 2 * j + 1);
          printf("%a\\n", s);
          return 0;
        }
        """.replace("TYPE", type).replace("INIT", init).replace("STATEMENT", statement);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "gauss-jordan; double; (i == j ? 4.0 : 0.0) + (double) ((i * 7 + j * 3) % 5) / 8; "
          + "A[i][j] = A[i][j] - A[i][k] * A[k][j] / (A[k][k] + 8.0); 2",
      "warshall; int; (i * 5 + j * 3) % 7 == 0; A[i][j] = A[i][j] | (A[i][k] & A[k][j]); 2",
      "next-row; double; (double) ((i + 3 * j) % 9) / 4; A[i][j] = A[i][j] + A[k + 1][j] * 0.5; -1"})
  void optimizedProgramsComputeWhatTheOriginalsCompute(String name, String type, String init, String statement,
      int parallelLoops, @TempDir Path work) throws Exception {
    String source = program(type, init, statement);
    Path file = work.resolve(name + ".c");
    Files.writeString(file, source);
    String code = PolyhedralOptimizer.optimize(file, List.of(), PolyhedralOptimizer.Config.defaults()).text();
    // the rows on both sides of the pivot run in parallel
    if (parallelLoops >= 0) assertEquals(parallelLoops, code.split("#pragma omp parallel for", -1).length - 1, code);
    Assumptions.assumeTrue(Differential.gccAvailable(), "gcc is not on PATH");
    Differential.Outcome o = new Differential(work.resolve("run"), true).check(source, name + ".c",
        List.of(Differential.Variant.of("defaults"), Differential.Variant.of("tile-4", "--tile", "4"),
            Differential.Variant.of("no-parallel", "--no-parallel")));
    assertTrue(o.passed(), o.failures().toString());
    assertEquals(0, o.regionsLeftUnchanged(), "a region was left unchanged");
  }
}
