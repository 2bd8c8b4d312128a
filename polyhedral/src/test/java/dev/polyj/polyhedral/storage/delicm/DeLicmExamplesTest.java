package dev.polyj.polyhedral.storage.delicm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.ScopPrinter;
import dev.polyj.polyhedral.scop.Scop;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The paper's running examples (Listings 2 to 4): what DeLICM does with them, checked by interpretation. */
class DeLicmExamplesTest {
  static Scop scop(String body) {
    String src = "void f(int N, int K, double C[20], double A[20], double B[20]) {\n#pragma scop\n" + body
        + "\n#pragma endscop\n}\n";
    return CFrontEnd.extract(src, "t.c").get(0).scop();
  }

  static void sameResult(Scop a, Scop b) {
    ScopInterpreter.registerLocals(a);
    for (long n = 0; n <= 3; n++) {
      for (long k = 0; k <= 3; k++) {
        Map<String, Long> p = Map.of("N", n, "K", k);
        assertEquals(ScopInterpreter.run(a, p, 5), ScopInterpreter.run(b, p, 5), "N=" + n + " K=" + k);
      }
    }
  }

  @Test
  void listing3TheAccumulatorGoesToCi() {
    Scop s = scop("for (int i = 0; i < N; i += 1) {\n double c;\n c = 0;\n for (int k = 0; k < K; k += 1)\n"
        + "  c += A[i] * B[k];\n C[i] = c;\n}");
    DeLicm.Result r = DeLicm.run(s);
    assertEquals(Map.of("c", "C"), r.mapped());
    assertEquals(0, r.writesAfter());
    sameResult(s, r.scop());
  }

  @Test
  void listing4PartialPromotion() {
    // a constant trip count: the element C[i] is then written for every i, so it exists
    Scop s = scop("for (int i = 0; i < N; i += 1) {\n double c;\n c = 0;\n for (int k = 0; k < 4; k += 1)\n"
        + "  C[i] = (c += A[i] * B[k]);\n}");
    DeLicm.Result r = DeLicm.run(s);
    assertEquals(Map.of("c", "C"), r.mapped());
    assertEquals(0, r.writesAfter());
    sameResult(s, r.scop());
  }

  @Test
  void listing2TheHoistedLoadIsForwarded() {
    Scop s = scop("for (int i = 0; i < N; i += 1) {\n double a;\n C[i] = 0; a = A[i];\n for (int k = 0; k < K; k += 1)\n"
        + "  C[i] += a * B[k];\n}");
    DeLicm.Result r = DeLicm.run(s);
    assertEquals(0, r.writesAfter());
    sameResult(s, r.scop());
  }
}
