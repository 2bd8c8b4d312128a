package dev.polyj.reductions.sdr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scop.Scop;
import org.junit.jupiter.api.Test;

class SdrProgramsTest {
  static Scop scop(String src) {
    for (RegionResult r : CFrontEnd.extract(src, "program.c")) {
      if (r.accepted()) return r.scop();
      throw new AssertionError("region rejected: " + r.rejections() + "\n" + src);
    }
    throw new AssertionError("no region in\n" + src);
  }

  static final String PREFIX_SUM = """
      #pragma polyj pure(g)
      long g(long x);
      void f(int N, long A[100], long B[100]) {
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
  void dependentPrefixSum() {
    SdrResult r = Sdr.simplify(scop(PREFIX_SUM));
    System.out.println(r.report());
    for (var s : r.program().statements()) System.out.println(s.name() + " " + s.domain() + " : " + dev.polyj.polyhedral.scop.ExprPrinter.print(s.body()));
    System.out.println(r.program().scheduleMap());
    assertEquals("O(N^2)", r.before().toString());
    assertEquals("O(N)", r.after().toString());
  }
}
