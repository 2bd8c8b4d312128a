package dev.polyj.polybench.optimize;

import static dev.polyj.polybench.optimize.DynamicControlOracleTest.PRELUDE;
import static dev.polyj.polybench.optimize.DynamicControlOracleTest.dump1;
import static dev.polyj.polybench.optimize.DynamicControlOracleTest.dump2;
import static dev.polyj.polybench.optimize.DynamicControlOracleTest.optimizer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Regions with data-dependent {@code while} and {@code do}-{@code while} loops (section 7.1 of
 * Verdoolaege, Nikolov and Stefanov, IMPACT 2013, and its Listing 3), optimized with each loop kept
 * as a sequential loop around its optimized body while the affine loops around and after it are
 * scheduled, tiled and parallelized: run on two threads with every parallel loop parallel and
 * compared bit for bit with the original program, both compiled by gcc.
 */
class WhileLoopOracleTest {

  /** A program; {@code parallel} when the optimized code must hold a parallel loop. */
  record Program(String name, String decls, String region, String init, String dump, boolean parallel) {
    String text() {
      return PRELUDE + decls + "\nvoid kernel(int n) {\n#pragma scop\n" + region + "#pragma endscop\n}\n"
          + "int main(void) {\n" + init + "  kernel(N);\n" + dump + "  return 0;\n}\n";
    }

    @Override
    public String toString() {
      return name;
    }
  }

  private static String fill1(String a, String value) {
    return "  for (int i = 0; i < N; i++) " + a + "[i] = " + value + ";\n";
  }

  private static String fill2(String a, String value) {
    return "  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) " + a + "[i][j] = " + value + ";\n";
  }



  static Stream<Program> programs() {
    return Stream.of(
        new Program("while-in-parallel-loop", "double A[N], B[N][N]; int C[N];",
            """
              for (int i = 0; i < n; i++) {
                while (A[i] > 0.01) {
                  A[i] = A[i] / 2;
                  C[i] += 1;
                }
              }
              for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                  B[i][j] = A[i] * A[j] + B[i][j];
            """, fill1("A", "rnd() * 100") + fill2("B", "rnd()"), dump1("A", false) + dump1("C", true) + dump2("B"),
            true),
        // Listing 3 of the paper: a scalar set before the loop, updated in it, read after it
        new Program("listing-3", "double f[N], lim[N], R[N]; double s;",
            """
              for (int x1 = 0; x1 < n; ++x1) {
                s = f[x1];
                while (s < lim[x1])
                  s = s * 1.5 + 0.25;
                R[x1] = s;
              }
            """, fill1("f", "rnd() + 0.5") + fill1("lim", "rnd() * 40"), dump1("R", false) + "  printf(\"%a\\n\", s);\n",
            false),
        new Program("solver-then-product", "double A[N], B[N], C[N][N]; double err; int it;",
            """
              err = 1.0;
              it = 0;
              while (err > 0.001 && it < 100) {
                for (int i = 1; i < n - 1; i++)
                  B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3;
                err = 0;
                for (int i = 1; i < n - 1; i++)
                  err = err + fabs(B[i] - A[i]);
                for (int i = 1; i < n - 1; i++)
                  A[i] = B[i];
                it = it + 1;
              }
              for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                  C[i][j] = A[i] * A[j];
            """, fill1("A", "rnd()"), dump1("A", false) + dump2("C") + "  printf(\"%a %d\\n\", err, it);\n", true),
        new Program("nested-while", "double A[N]; int C[N];",
            """
              for (int i = 0; i < n; i++) {
                while (A[i] > 1.0) {
                  A[i] = A[i] - 1.0;
                  while (C[i] > 3)
                    C[i] -= 3;
                  C[i] += 2;
                }
              }
            """, fill1("A", "rnd() * 20") + fill1("C", "rndi(10)"), dump1("A", false) + dump1("C", true), true),
        new Program("do-while", "double A[N]; int C[N];",
            """
              for (int i = 0; i < n; i++) {
                do {
                  A[i] = A[i] * 0.5;
                  C[i]++;
                } while (A[i] > 0.01);
              }
            """, fill1("A", "rnd() * 10") + fill1("C", "0"), dump1("A", false) + dump1("C", true), true),
        new Program("while-in-2d-then-stencil", "double B[N][N], D[N][N];",
            """
              for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                  while (B[i][j] > 1.0)
                    B[i][j] = B[i][j] * 0.25;
              for (int i = 1; i < n; i++)
                for (int j = 1; j < n; j++)
                  D[i][j] = B[i - 1][j] + B[i][j - 1] + B[i][j];
            """, fill2("B", "rnd() * 50") + fill2("D", "0"), dump2("B") + dump2("D"), false),
        // block-scope scalars around and in the loops (the second x renamed in the model)
        new Program("local-scalars", "double A[N], B[N], M[N][N];",
            """
              for (int i = 0; i < n; i++) {
                double x = A[i];
                while (x > 1.0) {
                  x = x / 2;
                  for (int j = 0; j < n; j++)
                    M[i][j] = M[i][j] * 0.5 + x;
                }
                B[i] = x;
              }
              for (int i = 0; i < n; i++) {
                double x = B[i] * 3;
                do { x = x - 1.0; } while (x > 0.5);
                A[i] = x;
              }
            """, fill1("A", "rnd() * 100") + fill2("M", "rnd()"), dump1("A", false) + dump1("B", false) + dump2("M"),
            false),
        // Listing 1 of the paper: loop bounds n and m computed in the region (locally static), and
        // Listing 3's for loop with a data-dependent condition
        new Program("listing-1-and-3", "int vals[N + 1], g[N], n0, m0; double a[N + 1][N + 1], h[N][N][N + 1], P[N][N];",
            """
              n0 = vals[0];
              for (int k = 0; k < n; ++k) {
                m0 = g[k];
                for (int i = 0; i < m0; ++i)
                  for (int j = 0; j <= n0; ++j)
                    a[j][i] = k + i * 0.5 + j;
                for (int i = 0; i < n0; ++i)
                  for (int j = 0; j < m0; ++j)
                    h[k][i][j] = a[i + 1][j];
                n0 = vals[k + 1];
              }
              for (int x1 = 0; x1 < n; ++x1)
                for (int x2 = 0; P[x1][x2] < 0.9 && x2 < N - 1; ++x2)
                  P[x1][x2 + 1] = P[x1][x2] + 0.125;
            """, "  for (int i = 0; i <= N; i++) vals[i] = rndi(N - 1);\n" + fill1("g", "rndi(N)") + fill2("P", "rndi(8) * 0.125"),
            "  for (int k = 0; k < N; k++) for (int i = 0; i < N; i++) for (int j = 0; j <= N; j++) printf(\"%a\\n\", h[k][i][j]);\n"
                + "  for (int i = 0; i <= N; i++) for (int j = 0; j <= N; j++) printf(\"%a\\n\", a[i][j]);\n" + dump2("P")
                + "  printf(\"%d %d\\n\", n0, m0);\n", false),
        WHILE_UNDER_IF,
        // a while loop under a locally static if (m0 set in the region), then a tiled product
        new Program("while-under-static-if", "double A[N], B[N], D[N][N]; int C[N], g[N], m0;",
            """
              m0 = g[0];
              for (int i = 0; i < n; i++) {
                if (i < m0) {
                  while (A[i] > 0.01) {
                    A[i] = A[i] / 2;
                    C[i] += 1;
                  }
                } else
                  B[i] = A[i];
              }
              for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                  D[i][j] = A[i] * A[j] + D[i][j];
            """, fill1("A", "rnd() * 100") + fill1("g", "rndi(N)") + fill2("D", "rnd()"),
            dump1("A", false) + dump1("B", false) + dump1("C", true) + dump2("D"), true));
  }

  /** While loops under a data-dependent if and in its else branch, then a tiled product. */
  static final Program WHILE_UNDER_IF = new Program("while-under-if", "double A[N], B[N], D[N][N], M[N]; int C[N];",
      """
        for (int i = 0; i < n; i++) {
          if (M[i] > 0.5) {
            B[i] = A[i];
            while (A[i] > 0.01) {
              A[i] = A[i] / 2;
              C[i] += 1;
            }
          } else
            do {
              A[i] = fabs(A[i]) * 1.5 + 1;
              C[i] += 2;
            } while (A[i] < 40);
        }
        for (int i = 0; i < n; i++)
          for (int j = 0; j < n; j++)
            D[i][j] = A[i] * A[j] + D[i][j];
      """, fill1("A", "rnd() * 100") + fill1("M", "rnd()") + fill2("D", "rnd()"),
      dump1("A", false) + dump1("B", false) + dump1("C", true) + dump2("D"), true);

  /** A changed guard of a loop under a data-dependent if is seen. */
  @Test
  void aWrongGuardIsSeen(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Path original = work.resolve("o.c");
    Files.writeString(original, WHILE_UNDER_IF.text());
    String text = optimizer().optimize(original, List.of()).text();
    assertTrue(text.contains("if (M[i] > 0.5)"), text);
    String expected = DynamicControlOracleTest.compileAndRun(original, work, "o");
    Path wrong = work.resolve("wrong.c");
    Files.writeString(wrong, text.replace("if (M[i] > 0.5)", "if (M[i] > 0.6)"));
    assertNotEquals(expected, DynamicControlOracleTest.compileAndRun(wrong, work, "wrong"));
  }


  @ParameterizedTest
  @MethodSource("programs")
  void optimizedRegionComputesTheSameBits(Program p, @TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Path original = work.resolve(p.name() + ".c");
    Files.writeString(original, p.text());
    PolyhedralOptimizer.Output out = optimizer().optimize(original, List.of());
    assertTrue(out.notes().stream().anyMatch(n -> n.contains(": optimized, ")), () -> out.notes() + "\n" + out.text());
    assertTrue(out.text().contains(p.region().contains("do {") ? "} while (" : "while ("), out.text());
    if (p.parallel()) assertTrue(out.text().contains("omp parallel for"), out.text());
    String expected = DynamicControlOracleTest.compileAndRun(original, work, "orig");
    Path optimized = work.resolve(p.name() + ".opt.c");
    Files.writeString(optimized, out.text());
    assertEquals(expected, DynamicControlOracleTest.compileAndRun(optimized, work, "opt"), out.text());
  }

  /** The comparison is an oracle: a loop run at most once, or a changed condition, is seen. */
  @Test
  void aWrongLoopIsSeen(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Program p = programs().findFirst().orElseThrow();
    Path original = work.resolve("o.c");
    Files.writeString(original, p.text());
    String text = optimizer().optimize(original, List.of()).text();
    assertTrue(text.contains("while (A[i] > 0.01)"), text);
    String expected = DynamicControlOracleTest.compileAndRun(original, work, "o");
    Path once = work.resolve("once.c");
    Files.writeString(once, text.replace("while (A[i] > 0.01)", "if (A[i] > 0.01)"));
    assertNotEquals(expected, DynamicControlOracleTest.compileAndRun(once, work, "once"));
    Path cond = work.resolve("cond.c");
    Files.writeString(cond, text.replace("while (A[i] > 0.01)", "while (A[i] > 0.02)"));
    assertNotEquals(expected, DynamicControlOracleTest.compileAndRun(cond, work, "cond"));
  }
}
