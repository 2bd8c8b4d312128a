package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Regions with data-dependent conditions and indirect subscripts, optimized (every parallel loop
 * run in parallel, on two threads) and compared bit for bit with the original program, both
 * compiled by gcc, on pseudo-random data: the guarded statements and the may accesses must keep
 * the program's meaning under scheduling, tiling and parallelization.
 */
class DynamicControlOracleTest {
  /** Declarations every test program starts with: N, and seeded random numbers rnd() and rndi(m). */
  static final String PRELUDE = """
      #include <math.h>
      #include <stdio.h>
      #define N 96
      static unsigned long long seed = 42;
      static double rnd(void) { seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        return (double) (seed >> 11) / 9007199254740992.0 - 0.3; }
      static int rndi(int m) { seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        return (int) ((seed >> 33) % (unsigned) m); }
      """;

  record Program(String name, String decls, String region, String init, String dump) {
    String text() {
      return PRELUDE + decls + "\nvoid kernel(int n) {\n#pragma scop\n" + region + "#pragma endscop\n}\n"
          + "int main(void) {\n" + init + "  kernel(N);\n" + dump + "  return 0;\n}\n";
    }
  }

  private static String fill1(String a, boolean integer, int m) {
    return "  for (int i = 0; i < N; i++) " + a + "[i] = " + (integer ? "rndi(" + m + ")" : "rnd()") + ";\n";
  }

  private static String fill2(String a) {
    return "  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) " + a + "[i][j] = rnd();\n";
  }

  static String dump1(String a, boolean integer) {
    return "  for (int i = 0; i < N; i++) printf(\"" + (integer ? "%d" : "%a") + "\\n\", " + a + "[i]);\n";
  }

  static String dump2(String a) {
    return "  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) printf(\"%a\\n\", " + a + "[i][j]);\n";
  }

  static Stream<Program> programs() {
    return Stream.of(
        new Program("if-else", "double A[N], B[N], C[N];",
            """
              for (int i = 0; i < n; i++) {
                if (A[i] > 0.2)
                  B[i] = A[i] * 2;
                else
                  C[i] = A[i] + 1;
              }
              for (int i = 1; i < n; i++)
                C[i] = C[i] + B[i - 1];
            """, fill1("A", false, 0) + fill1("B", false, 0) + fill1("C", false, 0), dump1("B", false) + dump1("C", false)),
        new Program("clamp-then-stencil", "double A[N][N], B[N][N];",
            """
              for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                  if (A[i][j] < 0)
                    A[i][j] = 0;
              for (int i = 1; i < n; i++)
                for (int j = 1; j < n; j++)
                  B[i][j] = A[i - 1][j] + A[i][j - 1] + A[i][j];
            """, fill2("A") + fill2("B"), dump2("A") + dump2("B")),
        new Program("nested-conditions", "double x[N], y[N], z[N];",
            """
              for (int i = 0; i < n; i++) {
                if (x[i] > 0) {
                  if (y[i] < 0.5)
                    z[i] = x[i] * y[i];
                  else
                    z[i] = -x[i];
                }
              }
            """, fill1("x", false, 0) + fill1("y", false, 0) + fill1("z", false, 0), dump1("z", false)),
        new Program("conditional-scalar", "double A[N], B[N]; double s;",
            """
              for (int i = 0; i < n; i++) {
                if (A[i] > 0.4)
                  s = A[i];
                B[i] = s;
              }
            """, fill1("A", false, 0) + "  s = -1;\n", dump1("B", false) + "  printf(\"%a\\n\", s);\n"),
        new Program("histogram", "int idx[N], w[N], H[16], G[16];",
            """
              for (int i = 0; i < n; i++)
                H[idx[i]] += w[i];
              for (int k = 0; k < 16; k++)
                G[k] = H[k] * 2;
            """, fill1("idx", true, 16) + fill1("w", true, 100), dump1("H", true) + dump1("G", true)),
        new Program("masked-matmul", "double A[N][N], B[N][N], C[N][N]; int mask[N][N];",
            """
              for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                  for (int k = 0; k < n; k++)
                    if (mask[i][j] > 0)
                      C[i][j] += A[i][k] * B[k][j];
            """,
            fill2("A") + fill2("B") + fill2("C") + "  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) mask[i][j] = rndi(3);\n",
            dump2("C")),
        // locally static conditions: filters over the values of m, k0 (no filter statement)
        new Program("static-if-else", "double A[N], B[N], C[N]; int lim[4]; int m;",
            """
              m = lim[0];
              for (int i = 0; i < n; i++)
                if (i < m)
                  B[i] = A[i] * 2;
                else
                  B[i] = -A[i];
              for (int i = 1; i < n; i++)
                if (i < m + 3)
                  C[i] = B[i - 1] + B[i];
            """, fill1("A", false, 0) + fill1("C", false, 0) + fill1("lim", true, 96), dump1("B", false) + dump1("C", false)),
        new Program("static-if-product", "double A[N][N], B[N][N], C[N][N]; int lim[4]; int k0;",
            """
              k0 = lim[1];
              for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                  for (int k = 0; k < n; k++)
                    if (k < k0)
                      C[i][j] += A[i][k] * B[k][j];
            """, fill2("A") + fill2("B") + fill2("C") + fill1("lim", true, 96), dump2("C")),
        new Program("static-if-per-iteration", "int g[N], a[N], b[N]; int m;",
            """
              for (int k = 0; k < 8; k++) {
                m = g[k];
                for (int i = 0; i < n; i++)
                  if (i < m)
                    a[i] = a[i] + k;
                  else
                    b[i] = b[i] + a[i];
              }
            """, fill1("g", true, 96) + fill1("a", true, 50) + fill1("b", true, 50), dump1("a", true) + dump1("b", true)));
  }

  /** The default optimizer with every parallel loop run in parallel. */
  static PolyhedralOptimizer optimizer() {
    return new PolyhedralOptimizer(OptimizerEndToEndTest.forcedParallel(PolyhedralOptimizer.Config.defaults().pipeline()));
  }

  @ParameterizedTest
  @MethodSource("programs")
  void optimizedRegionComputesTheSameBits(Program p, @TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Path original = work.resolve(p.name() + ".c");
    Files.writeString(original, p.text());
    PolyhedralOptimizer.Output out = optimizer().optimize(original, List.of());
    assertTrue(out.notes().stream().anyMatch(n -> n.endsWith(": optimized")), () -> out.notes() + "\n" + out.text());
    String expected = compileAndRun(original, work, "orig");
    Path optimized = work.resolve(p.name() + ".opt.c");
    Files.writeString(optimized, out.text());
    assertEquals(expected, compileAndRun(optimized, work, "opt"), out.text());
  }

  /** The comparison is an oracle: a guard changed in the optimized code is seen. */
  @Test
  void aWrongGuardIsSeen(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Program p = programs().findFirst().orElseThrow();
    Path original = work.resolve("o.c");
    Files.writeString(original, p.text());
    String text = optimizer().optimize(original, List.of()).text();
    assertTrue(text.contains("> 0.2 ?"), text);
    Path wrong = work.resolve("w.c");
    Files.writeString(wrong, text.replace("> 0.2 ?", "> 0.3 ?"));
    assertNotEquals(compileAndRun(original, work, "o"), compileAndRun(wrong, work, "w"));
  }

  static String compileAndRun(Path source, Path work, String name) throws IOException, InterruptedException {
    Path exe = work.resolve(name);
    String[] c = run(List.of("gcc", "-O2", "-fopenmp", "-o", exe.toString(), source.toString(), "-lm"), work);
    assertEquals("0", c[0], () -> "gcc failed: " + c[2]);
    String[] r = run(List.of(exe.toString()), work);
    assertEquals("0", r[0], () -> "run failed: " + r[2]);
    return r[1];
  }

  private static String[] run(List<String> cmd, Path dir) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(cmd)).directory(dir.toFile());
    pb.environment().put("OMP_NUM_THREADS", "2");
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    pb.redirectOutput(out.toFile());
    pb.redirectError(err.toFile());
    Process proc = pb.start();
    if (!proc.waitFor(60, TimeUnit.SECONDS)) {
      proc.destroyForcibly();
      return new String[] {"timeout", "", ""};
    }
    return new String[] {String.valueOf(proc.exitValue()), Files.readString(out), Files.readString(err)};
  }
}
