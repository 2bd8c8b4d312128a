package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Complex reduction and histogram loops run in parallel with private copies (OpenMP reduction
 * clauses, or explicit per-thread copies with {@code histograms.limit=0}), on two threads, against
 * the original program compiled by gcc: integer histograms and min/max give the same bits.
 */
class CrehcOracleTest {
  private static final String PRELUDE = """
      #include <stdio.h>
      #define N 20000
      static unsigned long long seed = 7;
      static unsigned rnd(void) { seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        return (unsigned) (seed >> 33); }
      """;

  record Program(String name, String decls, String region, String init, String dump) {
    String text() {
      return PRELUDE + decls + "\nvoid kernel(int n) {\n#pragma scop\n" + region + "#pragma endscop\n}\n"
          + "int main(void) {\n" + init + "  kernel(N);\n" + dump + "  return 0;\n}\n";
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Program> programs() {
    return Stream.of(
        new Program("is-key-counts", "int key[N]; int count[1024];",
            """
              for (int i = 0; i < n; i++)
                count[key[i]]++;
            """, "  for (int i = 0; i < N; i++) key[i] = rnd() % 1024;\n",
            "  for (int k = 0; k < 1024; k++) printf(\"%d\\n\", count[k]);\n"),
        new Program("kmeans-update", "int member[N]; int feat[N][4]; int count[8]; int sums[8][4];",
            """
              for (int i = 0; i < n; i++) {
                int c = member[i];
                count[c] += 1;
                for (int f = 0; f < 4; f++)
                  sums[c][f] += feat[i][f];
              }
            """, "  for (int i = 0; i < N; i++) { member[i] = rnd() % 8; for (int f = 0; f < 4; f++) feat[i][f] = rnd() % 100; }\n",
            "  for (int k = 0; k < 8; k++) { printf(\"%d\\n\", count[k]); for (int f = 0; f < 4; f++) printf(\"%d\\n\", sums[k][f]); }\n"),
        new Program("image-histogram", "int img[200][100]; int hist[256];",
            """
              for (int i = 0; i < 200; i++)
                for (int j = 0; j < 100; j++)
                  hist[img[i][j]] += 1;
            """, "  for (int i = 0; i < 200; i++) for (int j = 0; j < 100; j++) img[i][j] = (rnd() % 97) * (rnd() % 3);\n",
            "  for (int k = 0; k < 256; k++) printf(\"%d\\n\", hist[k]);\n"),
        new Program("conditional-min-max", "double a[N]; double lo, hi; int neg;",
            """
              for (int i = 0; i < n; i++)
                if (a[i] > 0.25) {
                  lo = fmin(lo, a[i]);
                  hi = fmax(hi, a[i]);
                } else {
                  neg += 1;
                }
            """, "  for (int i = 0; i < N; i++) a[i] = (double) rnd() / 4294967296.0 * 3.0 - 1.0;\n  lo = 10; hi = -10;\n",
            "  printf(\"%a %a %d\\n\", lo, hi, neg);\n"),
        new Program("angular-bins", "int px[600], py[600]; int bound[12]; long hist[13];",
            """
              for (int i = 0; i < 600; i++)
                for (int j = 0; j < 600; j++) {
                  int dot = px[i] * px[j] + py[i] * py[j];
                  int k = 0;
                  for (int b = 0; b < 12; b++)
                    if (dot > bound[b])
                      k = b + 1;
                  hist[k] += 1;
                }
            """, "  for (int i = 0; i < 600; i++) { px[i] = rnd() % 100; py[i] = rnd() % 100; }\n"
                + "  for (int b = 0; b < 12; b++) bound[b] = 1600 * b;\n",
            "  for (int k = 0; k < 13; k++) printf(\"%ld\\n\", hist[k]);\n"));
  }

  @ParameterizedTest
  @MethodSource("programs")
  void privateCopiesGiveTheSameBits(Program p, @TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Path original = work.resolve(p.name() + ".c");
    Files.writeString(original, "#include <math.h>\n" + p.text());
    String expected = DynamicControlOracleTest.compileAndRun(original, work, "orig");
    for (String limit : List.of("16384", "0")) {
      PolyhedralOptimizer optimizer = new PolyhedralOptimizer(PolyhedralOptimizer.Config.defaults().pipeline()
          .withOption("histograms", "limit", limit));
      PolyhedralOptimizer.Output out = optimizer.optimize(original, List.of());
      assertTrue(out.text().contains("#pragma omp for"), () -> "not parallelized as a CReHC: " + out.notes()
          + "\n" + out.text());
      Path optimized = work.resolve(p.name() + ".opt" + limit + ".c");
      Files.writeString(optimized, out.text());
      assertEquals(expected, DynamicControlOracleTest.compileAndRun(optimized, work, "opt" + limit), out.text());
    }
  }
}
