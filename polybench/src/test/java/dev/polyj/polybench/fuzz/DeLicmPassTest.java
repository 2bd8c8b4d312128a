package dev.polyj.polybench.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

  /**
   * atax and ludcmp as register promotion leaves them; {@code ARRAY_SOLVERS} is the form of the
   * built-in suite (atax's accumulator in its array, ludcmp's in a variable of the function, which
   * scalar expansion expands).
   */
  private static final String PROMOTED_SOLVERS = """
      #include <stdio.h>
      void kernel(int n, double A[200][200], double x[200], double y[200], double tmp[200], double b[200]) {
      #pragma scop
        for (int i = 0; i < n; i++)
          y[i] = 0;
        for (int i = 0; i < n; i++) {
          double t;
          t = 0.0;
          for (int j = 0; j < n; j++)
            t = t + A[i][j] * x[j];
          tmp[i] = t;
          for (int j = 0; j < n; j++)
            y[j] = y[j] + A[i][j] * t;
        }
      #pragma endscop
      }
      void solve(int n, double A[200][200], double x[200], double y[200], double b[200]) {
      #pragma scop
        for (int i = 0; i < n; i++) {
          for (int j = 0; j < i; j++) {
            double w;
            w = A[i][j];
            for (int k = 0; k < j; k++)
              w -= A[i][k] * A[k][j];
            A[i][j] = w / A[j][j];
          }
          for (int j = i; j < n; j++) {
            double w;
            w = A[i][j];
            for (int k = 0; k < i; k++)
              w -= A[i][k] * A[k][j];
            A[i][j] = w;
          }
        }
        for (int i = 0; i < n; i++) {
          double w;
          w = b[i];
          for (int j = 0; j < i; j++)
            w -= A[i][j] * y[j];
          y[i] = w;
        }
        for (int i = n - 1; i >= 0; i--) {
          double w;
          w = y[i];
          for (int j = i + 1; j < n; j++)
            w -= A[i][j] * x[j];
          x[i] = w / A[i][i];
        }
      #pragma endscop
      }
      int main(void) {
        static double A[200][200], x[200], y[200], tmp[200], b[200];
        for (int i = 0; i < 200; i++) {
          x[i] = (i % 17) * 0.25 + 1;
          b[i] = (i % 5) * 0.5 - 1;
          for (int j = 0; j < 200; j++) A[i][j] = i == j ? 200.0 + i : ((i * j) % 13) / 7.0;
        }
        kernel(120, A, x, y, tmp, b);
        solve(120, A, x, y, b);
        double s = 0;
        for (int i = 0; i < 200; i++) {
          s = s * 1.000001 + y[i] + tmp[i] + x[i];
          for (int j = 0; j < 200; j++) s = s * 1.000001 + A[i][j];
        }
        printf("%.17g\\n", s);
        return 0;
      }
      """;

  private static final String ARRAY_SOLVERS = """
      void kernel(int n, double A[200][200], double x[200], double y[200], double tmp[200], double b[200]) {
      #pragma scop
        for (int i = 0; i < n; i++)
          y[i] = 0;
        for (int i = 0; i < n; i++) {
          tmp[i] = 0.0;
          for (int j = 0; j < n; j++)
            tmp[i] = tmp[i] + A[i][j] * x[j];
          for (int j = 0; j < n; j++)
            y[j] = y[j] + A[i][j] * tmp[i];
        }
      #pragma endscop
      }
      void solve(int n, double A[200][200], double x[200], double y[200], double b[200]) {
        double w;
      #pragma scop
        for (int i = 0; i < n; i++) {
          for (int j = 0; j < i; j++) {
            w = A[i][j];
            for (int k = 0; k < j; k++)
              w -= A[i][k] * A[k][j];
            A[i][j] = w / A[j][j];
          }
          for (int j = i; j < n; j++) {
            w = A[i][j];
            for (int k = 0; k < i; k++)
              w -= A[i][k] * A[k][j];
            A[i][j] = w;
          }
        }
        for (int i = 0; i < n; i++) {
          w = b[i];
          for (int j = 0; j < i; j++)
            w -= A[i][j] * y[j];
          y[i] = w;
        }
        for (int i = n - 1; i >= 0; i--) {
          w = y[i];
          for (int j = i + 1; j < n; j++)
            w -= A[i][j] * x[j];
          x[i] = w / A[i][i];
        }
      #pragma endscop
      }
      """;

  /**
   * The mapped program optimizes as the suite's form does: the same reduction clauses when
   * reductions may be reassociated (mapped atax's {@code y[j] += ...} once lost its clause) and the
   * same register accumulators (the mapped LU's {@code A[i][j] -= A[i][k] * A[k][j]} walks a column
   * with {@code k}); and it computes what the promoted program computes, bit for bit.
   */
  @Test
  void mappedSolversOptimizeAsTheirArrayForms(@TempDir Path work) throws Exception {
    Path promoted = work.resolve("solvers.c");
    Files.writeString(promoted, PROMOTED_SOLVERS);
    Path array = work.resolve("solvers-array.c");
    Files.writeString(array, ARRAY_SOLVERS);
    for (List<String> options : List.of(List.<String>of(), List.of("--reassociate"))) {
      Path outP = work.resolve("p.opt.c");
      Path outA = work.resolve("a.opt.c");
      List<String> argsP = new java.util.ArrayList<>(List.of("optimize", "--delicm", promoted.toString(), "-o", outP.toString()));
      argsP.addAll(options);
      List<String> argsA = new java.util.ArrayList<>(List.of("optimize", array.toString(), "-o", outA.toString()));
      argsA.addAll(options);
      Differential.CliRun runP = Differential.optimize(argsP);
      assertEquals(0, runP.code(), runP.err());
      assertTrue(runP.err().contains("scalar writes in loops 2 -> 0"), runP.err());
      assertTrue(runP.err().contains("scalar writes in loops 8 -> 0"), runP.err());
      Differential.CliRun runA = Differential.optimize(argsA);
      assertEquals(0, runA.code(), runA.err());
      String p = Files.readString(outP);
      String a = Files.readString(outA);
      assertEquals(count(a, "reduction("), count(p, "reduction("), options + "\n" + p);
      // no element of A accumulates in memory (the C compiler cannot keep it in a register): no
      // loop whose body updates an element of A that its iterator does not select (an in-place
      // update along the loop, as the lu form's stride-one j loop, is not an accumulation)
      java.util.regex.Pattern inMemory = java.util.regex.Pattern.compile(
          "for \\((c\\d+) = [^\\n]*\\n\\s*A\\[(?![^]]*\\b\\1\\b)[^]]*]\\[(?![^]]*\\b\\1\\b)[^]]*] -= ");
      assertFalse(inMemory.matcher(a).find(), a);
      assertFalse(inMemory.matcher(p).find(), options + "\n" + p);
    }
    assertTrue(count(Files.readString(work.resolve("p.opt.c")), "reduction(") > 0);
    Assumptions.assumeTrue(Differential.gccAvailable(), "gcc is not on PATH");
    Differential d = new Differential(work.resolve("run"), false);
    Differential.Outcome outcome = d.check(PROMOTED_SOLVERS, "solvers.c", List.of(
        Differential.Variant.of("delicm", "--delicm"),
        Differential.Variant.of("delicm sequential untiled", "--delicm", "--no-parallel", "--tile", "none")));
    assertTrue(outcome.passed(), outcome.failures().toString());
  }

  private static int count(String text, String what) {
    int n = 0;
    for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) n++;
    return n;
  }
}
