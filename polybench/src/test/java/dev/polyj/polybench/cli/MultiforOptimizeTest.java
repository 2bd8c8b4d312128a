package dev.polyj.polybench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.c.GccDriver;
import dev.polyj.polyhedral.multifor.MultiforTranslator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A multifor inside {@code #pragma scop}: {@code polyj multifor --polyhedral} turns it into affine
 * loops and statements, which {@code polyj optimize} reads as a static control part and transforms;
 * the optimized program prints what the sequential multifor translation prints (the referential
 * order is the semantics the optimizer preserves).
 */
class MultiforOptimizeTest {
  @TempDir Path dir;

  private static final String PROGRAM = """
      #include <stdio.h>
      #define K 40
      #define N 37
      double a[K][N], s[K][N];
      void kernel(void) {
      #pragma scop
        multifor (i1 = 0, i2 = 1; i1 < K, i2 < K - 1; i1++, i2++; 1, 1; 0, 3)
        multifor (j1 = 0, j2 = 1; j1 < N, j2 < N - 1; j1++, j2++; 1, 1; 0, 3) {
          0 : a[i1][j1] = (i1 * 7 + j1 * 3) % 11 + 0.5 * s[i1][j1];
          1 : s[i2][j2] = a[i2 - 1][j2 - 1] + a[i2][j2 - 1] + a[i2 + 1][j2 - 1] + a[i2 - 1][j2] - 8 * a[i2][j2]
                + a[i2 + 1][j2] + a[i2 - 1][j2 + 1] + a[i2][j2 + 1] + a[i2 + 1][j2 + 1] + 0.25 * s[i2 - 1][j2];
        }
      #pragma endscop
      }
      int main(void) {
        for (int i = 0; i < K; i++) for (int j = 0; j < N; j++) s[i][j] = (i + 2 * j) % 5;
        kernel();
        kernel();
        double c = 0;
        for (int i = 0; i < K; i++) for (int j = 0; j < N; j++) c += (1 + (i * N + j) % 7) * s[i][j];
        printf("%.17g\\n", c);
        return 0;
      }
      """;

  @Test
  void optimizerTransformsTheMultiforStatements() throws IOException {
    Assumptions.assumeTrue(GccDriver.available(), "gcc is not installed");
    Path src = dir.resolve("m.c");
    Files.writeString(src, PROGRAM);
    Path poly = dir.resolve("poly.c");
    MainTest.Run p = MainTest.run("", "multifor", "--polyhedral", "-o", poly.toString(), src.toString());
    assertEquals(0, p.code(), p.err());
    MainTest.Run scops = MainTest.run("", "scops", poly.toString());
    assertTrue(scops.out().contains("status: scop"), scops.out());
    Path opt = dir.resolve("opt.c");
    MainTest.Run o = MainTest.run("", "optimize", "-o", opt.toString(), poly.toString());
    assertEquals(0, o.code(), o.err());
    assertTrue(Files.readString(opt).contains("#pragma omp parallel for"), Files.readString(opt));
    String want = run(MultiforTranslator.translateFile(PROGRAM, "m.c", false), List.of());
    assertEquals(want, run(Files.readString(poly), List.of()));
    assertEquals(want, run(Files.readString(opt), List.of()));
    assertEquals(want, run(Files.readString(opt), List.of("-fopenmp")));
  }

  /** {@code optimize} reads the multifor syntax itself: the translation is its first step. */
  @Test
  void optimizeReadsMultiforDirectly() throws IOException {
    Assumptions.assumeTrue(GccDriver.available(), "gcc is not installed");
    Path src = dir.resolve("m.c");
    Files.writeString(src, PROGRAM);
    Path opt = dir.resolve("opt.c");
    MainTest.Run o = MainTest.run("", "optimize", "-o", opt.toString(), src.toString());
    assertEquals(0, o.code(), o.err());
    assertTrue(o.err().contains("optimized"), o.err());
    String code = Files.readString(opt);
    assertTrue(code.contains("#pragma omp parallel for") && !code.contains("multifor ("), code);
    String want = run(MultiforTranslator.translateFile(PROGRAM, "m.c", false), List.of());
    assertEquals(want, run(code, List.of()));
    assertEquals(want, run(code, List.of("-fopenmp")));
    // a bad multifor header: its position and exit code 2
    Files.writeString(src, PROGRAM.replace("i2++; 1, 1; 0, 3)", "i2++; 1, 0; 0, 3)"));
    MainTest.Run bad = MainTest.run("", "optimize", src.toString());
    assertEquals(2, bad.code(), bad.err());
    assertTrue(bad.err().contains("m.c:"), bad.err());
  }

  /** The delay of the Sobel stage as a parameter: the offset stays affine, the optimizer reads it. */
  @Test
  void offsetGivenByAParameter() throws IOException {
    Assumptions.assumeTrue(GccDriver.available(), "gcc is not installed");
    String prog = PROGRAM.replace("0, 3)", "0, d)").replace("void kernel(void)", "void kernel(int d)")
        .replace("  kernel();\n  kernel();", "  kernel(3);\n  kernel(1);\n  kernel(6);");
    assertTrue(prog.contains("kernel(6)") && prog.contains("0, d)"), prog);
    Path src = dir.resolve("m.c");
    Files.writeString(src, prog);
    Path opt = dir.resolve("opt.c");
    MainTest.Run o = MainTest.run("", "optimize", "-o", opt.toString(), src.toString());
    assertEquals(0, o.code(), o.err());
    String code = Files.readString(opt);
    String want = run(MultiforTranslator.translateFile(prog, "m.c", false), List.of());
    assertEquals(want, run(code, List.of()));
    assertEquals(want, run(code, List.of("-fopenmp")));
  }

  /** Plain C that calls a function named multifor is read as it is, not as a multifor statement. */
  @Test
  void aFunctionNamedMultiforIsPlainC() throws IOException {
    Path src = dir.resolve("f.c");
    Files.writeString(src, """
        void multifor(int n, double *a);
        void kernel(int n, double A[n]) {
          multifor(n, A);
        #pragma scop
          for (int i = 0; i < n; i++)
            A[i] = A[i] * 2.0;
        #pragma endscop
        }
        """);
    MainTest.Run o = MainTest.run("", "optimize", src.toString());
    assertEquals(0, o.code(), o.err());
    assertTrue(o.out().contains("multifor(n, A);"), o.out());
  }

  private static String run(String c, List<String> flags) throws IOException {
    try (GccDriver g = GccDriver.compile(c, flags)) {
      GccDriver.Run r = g.run(List.of(), Map.of("OMP_NUM_THREADS", "2"), 60);
      assertEquals(0, r.exitCode(), r.stderr());
      return r.stdout();
    }
  }
}
