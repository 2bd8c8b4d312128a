package dev.polyj.polybench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code optimize --compute-budget}: a region whose analysis needs more steps of the integer-set
 * engine than allowed is left exactly as written, with a note, and the command succeeds; other
 * regions of the file are still optimized; a negative budget is a usage error.
 */
class ComputeBudgetCommandTest {
  @TempDir Path dir;

  private static final String HEAVY = """
        for (int t = 0; t < T; t++)
          for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++)
              A[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j]) / 5;
      """;

  private Path program() throws IOException {
    Path p = dir.resolve("two.c");
    Files.writeString(p, """
        #define N 200
        #define T 20
        double A[N][N], x[N];
        void heavy(void) {
        #pragma scop
        """ + HEAVY + """
        #pragma endscop
        }
        void light(void) {
        #pragma scop
          for (int i = 0; i < N; i++)
            x[i] = 2 * x[i];
        #pragma endscop
        }
        """);
    return p;
  }

  @Test
  void aRegionOverTheBudgetIsLeftAsWrittenWithANote() throws IOException {
    Path f = program();
    Path out = dir.resolve("out.c");
    // the stencil needs thousands of steps (its dependences alone), the copy loop a few hundred
    MainTest.Run r = MainTest.run("", "optimize", "--compute-budget", "2000", f.toString(), "-o", out.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("region 1 (heavy): left unchanged: the analysis needs more than 2000 steps"), r.err());
    assertTrue(r.err().contains("region 2 (light): optimized"), r.err());
    String text = Files.readString(out);
    assertTrue(text.contains("void heavy(void) {\n#pragma scop\n" + HEAVY + "#pragma endscop\n}"), text);

    r = MainTest.run("", "optimize", f.toString(), "-o", out.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("region 1 (heavy): optimized"), r.err());
  }

  @Test
  void noBudgetAndBadBudgets() throws IOException {
    Path f = program();
    MainTest.Run r = MainTest.run("", "optimize", "--compute-budget", "0", f.toString(), "-o", dir.resolve("o.c").toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("region 1 (heavy): optimized"), r.err());
    r = MainTest.run("", "optimize", "--compute-budget", "-1", f.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--compute-budget"), r.err());
    r = MainTest.run("", "optimize", "--compute-budget", "lots", f.toString());
    assertEquals(2, r.code());
  }
}
