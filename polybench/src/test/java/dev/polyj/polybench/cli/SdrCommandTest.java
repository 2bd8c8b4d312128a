package dev.polyj.polybench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The sdr command: the per-face report, the simplified C, pure functions, bad input. */
class SdrCommandTest {
  private static final String PREFIX = """
      long g(long x);
      void f(int N, long A[N], long B[N]) {
        int i, j;
      #pragma scop
        for (i = 0; i < N; i++) {
          B[i] = 0;
          for (j = 0; j <= i; j++)
            B[i] += A[j];
          if (i < N - 1)
            A[i + 1] = g(B[i]);
        }
      #pragma endscop
      }
      """;

  @Test
  void reportsReuseVectorsAndComplexities() {
    MainTest.Run r = MainTest.run(PREFIX, "sdr", "--pure", "g");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("reuse [1, 0], O(N^2) -> O(N)"), r.out());
    assertTrue(r.out().contains("program: O(N^2) -> O(N)"), r.out());
  }

  @Test
  void emitsTheSimplifiedRegion() {
    MainTest.Run r = MainTest.run("#pragma polyj pure(g)\n" + PREFIX, "sdr", "--emit-c");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("malloc") && r.out().contains("free(") && !r.out().contains("#pragma scop"), r.out());
  }

  @Test
  void undeclaredCallsRejectTheRegionWithTheirPosition() {
    MainTest.Run r = MainTest.run(PREFIX, "sdr");
    assertEquals(0, r.code());
    assertTrue(r.out().contains("<stdin>:10:18: region rejected: call to 'g'"), r.out());
  }

  @Test
  void aHistogramIsLeftAsWrittenAndSaysWhy() {
    String hist = """
        void h(int n, long w[100], long H[100][8], long c[100]) {
          int i, j;
        #pragma scop
          for (i = 0; i < n; i++) {
            for (j = 0; j < i; j++)
              H[i][w[j]] += 1;
            c[i] = H[i][w[i]];
          }
        #pragma endscop
        }
        """;
    MainTest.Run r = MainTest.run(hist, "sdr");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("not simplified, the store H goes through data (a histogram)"), r.out());
    assertTrue(r.out().contains("program: O(n^2) -> O(n^2)"), r.out());
  }

  @Test
  void badInputExitsWithTwo() {
    assertEquals(2, MainTest.run("", "sdr", Path.of("no-such-file.c").toString()).code());
    MainTest.Run r = MainTest.run("void f( {", "sdr");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("<stdin>:1:"), r.err());
  }
}
