package dev.polyj.polyhedral.multifor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.polyj.polyhedral.frontend.CSourceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The paper's parallel forms beyond one point at a time (Fassi et al., IMPACT 2013, sections 2.3
 * and 3.2): {@code #pragma polyj multifor threads parallel(...)} runs each nest in its own thread,
 * joined at the end of the level, and the marked loops as OpenMP taskloops (hybrid parallelism).
 * Oracle: the sequential translation's output. Every parallel build must print it: OpenMP on two
 * threads, the OpenMP translation compiled without OpenMP, and the same with
 * {@code -DPOLYJ_REVERSE=1} (nests started last first, parallel loops backwards), which is how a
 * dependence the pragma wrongly declares absent shows up deterministically.
 */
class HybridParallelTest {
  @BeforeAll
  static void gcc() {
    assumeTrue(GccRunner.available(), "gcc is not installed");
  }

  /** The outputs of the sequential translation and of the four parallel builds. */
  static List<String> outputs(String prog) throws Exception {
    String seq = MultiforTranslator.translateFile(prog, "t.c", false);
    String par = MultiforTranslator.translateFile(prog, "t.c", true);
    assertTrue(par.contains("#pragma omp task"), par);
    assertFalse(seq.contains("polyj multifor") || par.contains("polyj multifor"), par);
    List<String> out = new ArrayList<>();
    out.add(GccRunner.run(seq, false, Map.of()));
    out.add(GccRunner.run(par, true, Map.of("OMP_NUM_THREADS", "2")));
    out.add(GccRunner.run(par, false, Map.of()));
    out.add(GccRunner.run(par, false, Map.of(), List.of("-O2", "-DPOLYJ_REVERSE=1")));
    out.add(GccRunner.run(par, true, Map.of("OMP_NUM_THREADS", "2"), List.of("-O2", "-DPOLYJ_REVERSE=1")));
    return out;
  }

  static void assertAllEqual(String prog) throws Exception {
    List<String> out = outputs(prog);
    assertFalse(out.get(0).isBlank());
    for (int i = 1; i < out.size(); i++) assertEquals(out.get(0), out.get(i), "build " + i + "\n" + MultiforTranslator.translateFile(prog, "t.c", true));
  }

  static final String PRODUCT = """
      #include <stdio.h>
      #define n 24
      static long a[n][n], b[n][n], c[n][n];
      int main(void) {
        for (int i = 0; i < n; i++)
          for (int j = 0; j < n; j++) { a[i][j] = (i * 7 + j * 3) % 11 - 5; b[i][j] = (i * 5 + j) % 13 - 6; }
        #pragma polyj multifor threads parallel(0, 1, 2, 3)
        multifor (i1 = 0, i2 = 0, i3 = n/2, i4 = n/2; i1 < n/2, i2 < n/2, i3 < n, i4 < n;
                  i1++, i2++, i3++, i4++; 1, 1, 1, 1; 0, 0, 0, 0) {
          #pragma polyj multifor parallel(0, 1, 2, 3)
          multifor (j1 = 0, j2 = n/2, j3 = 0, j4 = n/2; j1 < n/2, j2 < n, j3 < n/2, j4 < n;
                    j1++, j2++, j3++, j4++; 1, 1, 1, 1; 0, 0, 0, 0) {
            0 : c[i1][j1] = 0;
            1 : c[i2][j2] = 0;
            2 : c[i3][j3] = 0;
            3 : c[i4][j4] = 0;
            multifor (k1 = 0, k2 = 0, k3 = 0, k4 = 0; k1 < n, k2 < n, k3 < n, k4 < n;
                      k1++, k2++, k3++, k4++; 1, 1, 1, 1; 0, 0, 0, 0) {
              0 : c[i1][j1] = c[i1][j1] + a[i1][k1] * b[k1][j1];
              1 : c[i2][j2] = c[i2][j2] + a[i2][k2] * b[k2][j2];
              2 : c[i3][j3] = c[i3][j3] + a[i3][k3] * b[k3][j3];
              3 : c[i4][j4] = c[i4][j4] + a[i4][k4] * b[k4][j4];
            }
          }
        }
        for (int i = 0; i < n; i++) {
          for (int j = 0; j < n; j++) printf(" %ld", c[i][j]);
          printf("\\n");
        }
        return 0;
      }
      """;

  @Test
  void matrixProductByBlocksAsMapReduceWithParallelLoops() throws Exception {
    assertAllEqual(PRODUCT);
    // and the product is the product
    int from = PRODUCT.indexOf("  #pragma polyj multifor threads");
    int to = PRODUCT.indexOf("  for (int i = 0; i < n; i++) {\n    for");
    String plain = PRODUCT.substring(0, from)
        + "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { c[i][j] = 0; for (int k = 0; k < n; k++) c[i][j] += a[i][k] * b[k][j]; }\n"
        + PRODUCT.substring(to);
    assertFalse(plain.contains("multifor"), plain);
    assertEquals(GccRunner.run(plain, false, Map.of()), outputs(PRODUCT).get(1));
  }

  static final String STEGANOGRAPHY = """
      #include <stdio.h>
      static int E[9][7], H[4][3], M[9][7];
      int main(void) {
        int HWidth = 4, HHeight = 3, EWidth = 9, EHeight = 7;
        for (int i = 0; i < EWidth; i++) for (int j = 0; j < EHeight; j++) E[i][j] = (i * 37 + j * 11) % 256;
        #pragma polyj multifor threads parallel(0, 1, 2, 3)
        multifor (i1 = 0, i2 = 0, i3 = 0, i4 = HWidth; i1 < HWidth, i2 < HWidth, i3 < HWidth, i4 < EWidth;
                  i1++, i2++, i3++, i4++; 1, 1, 1, 1; 0, 0, 0, 0)
        #pragma polyj multifor parallel(0, 1, 2, 3)
        multifor (j1 = 0, j2 = 0, j3 = HHeight, j4 = 0; j1 < HHeight, j2 < HHeight, j3 < EHeight, j4 < EHeight;
                  j1++, j2++, j3++, j4++; 1, 1, 1, 1; 0, 0, 0, 0) {
          0 : H[i1][j1] = E[i1][j1] % 2;
          1 : M[i2][j2] = E[i2][j2] - E[i2][j2] % 2;
          [2, 3] : M[[i3, i4]][[j3, j4]] = E[[i3, i4]][[j3, j4]];
        }
        for (int i = 0; i < EWidth; i++) { for (int j = 0; j < EHeight; j++) printf(" %d", M[i][j]); printf("\\n"); }
        for (int i = 0; i < HWidth; i++) { for (int j = 0; j < HHeight; j++) printf(" %d", H[i][j]); printf("\\n"); }
        return 0;
      }
      """;

  @Test
  void steganographyFullyParallel() throws Exception {
    assertAllEqual(STEGANOGRAPHY);
  }

  /**
   * A two-stage pipeline over rows (the cryptosystem's offset 1) whose stages, at one referential
   * point, work on different rows: the inner level runs its two nests as threads and their column
   * loops in parallel, inside the referential walk of the outer level.
   */
  static String pipeline(int offset, String stage2) {
    return """
        #include <stdio.h>
        #define N 9
        #define M 40
        static long a[N][M], b[N][M];
        int main(void) {
          multifor (i1 = 0, i2 = 0; i1 < N, i2 < N; i1++, i2++; 1, 1; 0, OFFSET) {
            #pragma polyj multifor threads parallel(0, 1)
            multifor (j1 = 0, j2 = 0; j1 < M, j2 < M; j1++, j2++; 1, 1; 0, 0) {
              0 : a[i1][j1] = (i1 * 31 + j1 * 17) % 23;
              1 : STAGE2;
            }
          }
          for (int i = 0; i < N; i++) { for (int j = 0; j < M; j++) printf(" %ld", b[i][j]); printf("\\n"); }
          return 0;
        }
        """.replace("OFFSET", Integer.toString(offset)).replace("STAGE2", stage2);
  }

  @Test
  void pipelineOfRowsWithThreadsAndParallelColumnsInside() throws Exception {
    // += : a stage run twice, or at a point where its nest is absent, would show
    assertAllEqual(pipeline(1, "b[i2][j2] += 3 * a[i2][j2] + (j2 > 0 ? a[i2][j2 - 1] : 1)"));
  }

  @Test
  void aDependenceBetweenNestsDeclaredAbsentIsCaught() throws Exception {
    // offset 0: stage 2 reads the row stage 1 writes at the same point; 'threads' is wrong
    List<String> out = outputs(pipeline(0, "b[i2][j2] = 3 * a[i2][j2] + (j2 > 0 ? a[i2][j2 - 1] : 1)"));
    assertNotEquals(out.get(0), out.get(3));
  }

  @Test
  void aDependenceAlongAParallelLoopIsCaught() throws Exception {
    // a running sum along the columns: parallel(1) is wrong
    List<String> out = outputs(pipeline(1, "b[i2][j2] = a[i2][j2] + (j2 > 0 ? b[i2][j2 - 1] : 0)"));
    assertEquals(out.get(0), out.get(2));
    assertNotEquals(out.get(0), out.get(3));
  }

  @Test
  void eachNestKeepsItsOwnOrderInTheThreadsForm() throws Exception {
    String prog = """
        #include <stdio.h>
        int main(void) {
          int K = 4;
          #pragma polyj multifor threads
          multifor (i1 = 0, i2 = 1; i1 < K, i2 < K - 1; i1++, i2++; 1, 1; 0, 3)
          multifor (j1 = 0, j2 = 1; j1 < 3, j2 < 2; j1++, j2++; 1, 1; 0, 3) {
            0 : printf("read %d %d\\n", i1, j1);
            1 : printf("sobel %d %d\\n", i2, j2);
          }
          return 0;
        }
        """;
    var ev = MultiforInterpreter.run(MultiforParser.parse(prog, "t.c").get(0).loop(), Map.of("K", 4L));
    String par = MultiforTranslator.translateFile(prog, "t.c", true);
    List<String> want = new ArrayList<>();
    for (int k = 0; k < 2; k++) for (var e : ev) if (e.nest() == k) want.add(PaperExamplesTest.line(e));
    assertEquals(want, PaperExamplesTest.lines(GccRunner.run(par, false, Map.of())));
    List<String> reversed = new ArrayList<>(want.subList(12, want.size()));
    reversed.addAll(want.subList(0, 12));
    assertEquals(reversed, PaperExamplesTest.lines(GccRunner.run(par, false, Map.of(), List.of("-O2", "-DPOLYJ_REVERSE=1"))));
    // the sequential translation ignores the pragma: the referential order
    assertEquals(ev.stream().map(PaperExamplesTest::line).toList(),
        PaperExamplesTest.lines(GccRunner.run(MultiforTranslator.translateFile(prog, "t.c", false), false, Map.of())));
  }

  @Test
  void badPragmas() {
    String head = "void f(int n) {\n";
    String loop = "  multifor (i = 0, j = 0; i < n, j < n; i++, j++; 1, 1; 0, 0) { 0 : ; }\n}\n";
    var e = assertThrows(CSourceException.class, () -> MultiforParser.parse(head + "  #pragma polyj multifor parallel(0)\n" + loop, "t.c"));
    assertTrue(e.getMessage().startsWith("t.c:2:35: error: parallel(...) needs 'threads'"), e.getMessage());
    e = assertThrows(CSourceException.class, () -> MultiforParser.parse(head + "  #pragma polyj multifor threads parallel(2)\n" + loop, "t.c"));
    assertTrue(e.getMessage().startsWith("t.c:2:43: error: no nest 2"), e.getMessage());
    e = assertThrows(CSourceException.class, () -> MultiforParser.parse(head + "  #pragma polyj multifor thread\n" + loop, "t.c"));
    assertTrue(e.getMessage().startsWith("t.c:2:26: error: unknown clause 'thread'"), e.getMessage());
    e = assertThrows(CSourceException.class, () -> MultiforParser.parse(head + "  #pragma polyj multifor threads\n  int x;\n" + loop, "t.c"));
    assertTrue(e.getMessage().startsWith("t.c:2:3: error: '#pragma polyj multifor' must be followed by a multifor"), e.getMessage());
    // a single nest needs no 'threads' for its loop to be parallel
    MultiforParser.parse(head + "  #pragma polyj multifor parallel(0)\n  multifor (i = 0; i < n; i++; 1; 0) { 0 : ; }\n}\n", "t.c");
  }
}
