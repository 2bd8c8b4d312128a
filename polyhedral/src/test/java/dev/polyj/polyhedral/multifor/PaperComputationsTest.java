package dev.polyj.polyhedral.multifor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The paper's multifor programs compute what the loops they replace compute: Sobel edge detection
 * (Figures 1 and 2: the dataflow overlap of reading and filtering), the pipelined cryptosystem and
 * the product by blocks (Figure 8), sequential and with OpenMP sections on three threads.
 */
class PaperComputationsTest {
  @BeforeAll
  static void gcc() {
    assumeTrue(GccRunner.available(), "gcc is not installed");
  }

  static void sameOutput(String prelude, String original, String multifor, String epilogue) throws Exception {
    String ref = prelude + "int main(void) {\n" + original + "\n" + epilogue + "\n  return 0;\n}\n";
    String mf = prelude + "int main(void) {\n" + multifor + "\n" + epilogue + "\n  return 0;\n}\n";
    String want = GccRunner.run(ref, false, Map.of());
    String seq = MultiforTranslator.translateFile(mf, "t.c", false);
    assertEquals(want, GccRunner.run(seq, false, Map.of()), seq);
    String par = MultiforTranslator.translateFile(mf, "t.c", true);
    assertEquals(want, GccRunner.run(par, true, Map.of("OMP_NUM_THREADS", "3")), par);
  }

  @Test
  void sobelOverlapsReadingAndFiltering() throws Exception {
    String prelude = """
        #include <stdio.h>
        #define K 13
        #define N 11
        static int state = 7;
        static int ReadImage(void) { state = (state * 1103 + 12345) % 1000; return state; }
        static long long image = 0;
        static void WriteImage(int v) { image = (image * 31 + v) % 1000000007; }
        static int Sobel(int a, int b, int c, int d, int e, int f, int g, int h, int i) {
          int gx = (g + 2 * h + i) - (a + 2 * b + c), gy = (c + 2 * f + i) - (a + 2 * d + g);
          (void) e;
          return (gx < 0 ? -gx : gx) + (gy < 0 ? -gy : gy);
        }
        int a[K][N], Sbl[K][N];
        """;
    String figure1 = """
          for (int i = 0; i < K; i++)
            for (int j = 0; j < N; j++)
              a[i][j] = ReadImage();
          for (int i = 1; i < K - 1; i++)
            for (int j = 1; j < N - 1; j++) {
              Sbl[i][j] = Sobel(a[i - 1][j - 1], a[i][j - 1], a[i + 1][j - 1], a[i - 1][j], a[i][j], a[i + 1][j],
                                a[i - 1][j + 1], a[i][j + 1], a[i + 1][j + 1]);
              WriteImage(Sbl[i][j]);
            }""";
    String figure2 = """
          multifor (i1 = 0, i2 = 1; i1 < K, i2 < K - 1; i1++, i2++; 1, 1; 0, 3)
          multifor (j1 = 0, j2 = 1; j1 < N, j2 < N - 1; j1++, j2++; 1, 1; 0, 3) {
            0 : a[i1][j1] = ReadImage();
            1 : { Sbl[i2][j2] = Sobel(a[i2 - 1][j2 - 1], a[i2][j2 - 1], a[i2 + 1][j2 - 1], a[i2 - 1][j2], a[i2][j2],
                                      a[i2 + 1][j2], a[i2 - 1][j2 + 1], a[i2][j2 + 1], a[i2 + 1][j2 + 1]);
                  WriteImage(Sbl[i2][j2]); }
          }""";
    sameOutput(prelude, figure1, figure2, "  printf(\"%lld\\n\", image);");
  }

  @Test
  void cryptosystemPipelineEncryptsEveryBlockTwice() throws Exception {
    String prelude = """
        #include <stdio.h>
        #define k 20
        unsigned m[k], c[k];
        static unsigned Encrypt(unsigned x, unsigned key) { return (x ^ key) * 2654435761u + (x >> 3); }
        """;
    String loop = """
          for (int i = 0; i < k; i++) m[i] = 17u * i + 3;
          for (int i = 0; i < k; i++) {
            c[i] = Encrypt(m[i], 11u);
            c[i] = Encrypt(c[i], 23u); }""";
    String pipelined = """
          for (int i = 0; i < k; i++) m[i] = 17u * i + 3;
          multifor (i1 = 0, i2 = 0; i1 < k, i2 < k; i1++, i2++; 1, 1; 0, 1) {
            0 : c[i1] = Encrypt(m[i1], 11u);
            1 : c[i2] = Encrypt(c[i2], 23u);
          }""";
    sameOutput(prelude, loop, pipelined, "  for (int i = 0; i < k; i++) printf(\"%u\\n\", c[i]);");
  }

  @Test
  void matrixProductByBlocks() throws Exception {
    String prelude = """
        #include <stdio.h>
        double a[10][10], b[10][10], c[10][10];
        """;
    String init = """
          int n = 10;
          for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) { a[i][j] = (i * 7 + j * 3) % 11 / 4.0; b[i][j] = (i * 5 + j) % 13 / 8.0; }
        """;
    String product = init + """
          for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
              c[i][j] = 0;
              for (int k = 0; k < n; k++) c[i][j] = c[i][j] + a[i][k] * b[k][j];
            }""";
    String figure8 = init + """
          multifor (i1 = 0, i2 = 0, i3 = n/2, i4 = n/2; i1 < n/2, i2 < n/2, i3 < n, i4 < n;
                    i1++, i2++, i3++, i4++; 1, 1, 1, 1; 0, 0, 0, 0) {
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
          }""";
    sameOutput(prelude, product, figure8,
        "  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) printf(\"%.17g\\n\", c[i][j]);");
  }
}
