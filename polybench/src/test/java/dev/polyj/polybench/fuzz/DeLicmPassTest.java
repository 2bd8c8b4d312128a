package dev.polyj.polybench.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code delicm} pass of the optimizer (off by default, {@code --delicm}) on the scalar shapes
 * register promotion and loop-invariant code motion leave (the DeLICM paper's Listings 2 and 3, a
 * promoted matrix product): the optimized program, built with gcc, must print what the original
 * prints, bit for bit, with and without threads and tiling, and the region note must say what was
 * mapped and forwarded.
 */
class DeLicmPassTest {
  private static final String PROGRAM = """
      #include <stdio.h>
      void kernel(int N, int K, double C[300][300], double A[300][300], double B[300][300], double x[300], double y[300]) {
      #pragma scop
        for (int i = 0; i < N; i += 1) {
          double c;
          c = 0;
          for (int k = 0; k < K; k += 1)
            c += x[i] * B[i][k];
          y[i] = c;
        }
        for (int i = 0; i < N; i += 1) {
          double a;
          a = x[i] * 2.0;
          for (int k = 0; k < K; k += 1)
            A[i][k] = A[i][k] + a * B[k][i];
        }
        for (int i = 0; i < N; i += 1)
          for (int j = 0; j < N; j += 1) {
            double acc;
            acc = C[i][j] * 1.5;
            for (int k = 0; k < K; k += 1)
              acc += A[i][k] * B[k][j];
            C[i][j] = acc;
          }
      #pragma endscop
      }
      int main(void) {
        static double A[300][300], B[300][300], C[300][300], x[300], y[300];
        for (int i = 0; i < 300; i++) {
          x[i] = (i % 17) * 0.25 + 1;
          y[i] = 0;
          for (int j = 0; j < 300; j++) {
            A[i][j] = ((i * j) % 13) / 7.0;
            B[i][j] = ((i + 2 * j) % 11) / 3.0;
            C[i][j] = ((i - j) % 5) * 0.5;
          }
        }
        kernel(150, 130, C, A, B, x, y);
        double s = 0;
        for (int i = 0; i < 300; i++) {
          s = s * 1.000001 + y[i];
          for (int j = 0; j < 300; j++) s = s * 1.000001 + C[i][j] + A[i][j];
        }
        printf("%.17g\\n", s);
        return 0;
      }
      """;

  @Test
  void mappedAndForwardedProgramsComputeWhatTheOriginalComputes(@TempDir Path work) throws Exception {
    Path file = work.resolve("promoted.c");
    Files.writeString(file, PROGRAM);
    Path out = work.resolve("promoted.opt.c");
    Differential.CliRun run = Differential.optimize(List.of("optimize", "--delicm", file.toString(), "-o", out.toString()));
    assertEquals(0, run.code(), run.err());
    assertTrue(run.err().contains("delicm: 2 scalar(s) mapped {c=y, acc=C}, 1 forwarded [a], scalar writes in loops 5 -> 0"),
        run.err());
    Assumptions.assumeTrue(Differential.gccAvailable(), "gcc is not on PATH");
    Differential d = new Differential(work.resolve("run"), false);
    Differential.Outcome outcome = d.check(PROGRAM, "promoted.c", List.of(
        Differential.Variant.of("delicm", "--delicm"),
        Differential.Variant.of("delicm sequential untiled", "--delicm", "--no-parallel", "--tile", "none")));
    assertTrue(outcome.passed(), outcome.failures().toString());
  }
}
