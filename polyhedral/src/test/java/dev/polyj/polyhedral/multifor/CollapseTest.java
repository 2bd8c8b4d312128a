package dev.polyj.polyhedral.multifor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Collapsed loop nests ({@code #pragma polyj collapse}) against the original nest compiled as is:
 * with a fixed number of chunks run one after the other ({@code -DPOLYJ_CHUNKS}), every chunk
 * starts at its unranked point and the whole trace must be the original's, in order; with OpenMP
 * on three threads, the same iterations.
 */
class CollapseTest {
  @BeforeContainer
  static void gcc() {
    Assumptions.assumeTrue(GccRunner.available(), "gcc is not installed");
  }

  static void check(String params, String nest, int chunks) throws Exception {
    String original = "#include <stdio.h>\nint main(void) {\n  " + params + "\n" + nest + "\n  return 0;\n}\n";
    String marked = original.replace(nest, "  #pragma polyj collapse\n" + nest);
    String want = GccRunner.run(original, false, Map.of(), "-O0");
    String c = MultiforTranslator.translateFile(marked, "t.c", false);
    String chunked = "#define POLYJ_CHUNKS " + chunks + "\n" + c;
    assertEquals(want, GccRunner.run(chunked, false, Map.of(), "-O0"), chunked);
    List<String> par = new ArrayList<>(PaperExamplesTest.lines(GccRunner.run(c, true, Map.of("OMP_NUM_THREADS", "3"), "-O0")));
    List<String> seq = new ArrayList<>(PaperExamplesTest.lines(want));
    par.sort(null);
    seq.sort(null);
    assertEquals(seq, par, c);
  }

  @Test
  void papersTriangle() throws Exception {
    // section 5.1, nest (1): for (i = 1; i < N; i++) for (j = 0; j < i; j++)
    check("int N = 40;", """
          for (int i = 1; i < N; i++)
            for (int j = 0; j < i; j++)
              printf("%d %d\\n", i, j);""", 7);
  }

  @Test
  void tetrahedronStepsAndDownwardLoops() throws Exception {
    check("int N = 13;", """
          for (int i = 0; i < N; i++)
            for (int j = i; j >= 0; j -= 2)
              for (int k = j; k < N; k += 3) {
                printf("%d %d %d\\n", i, j, k);
              }""", 11);
  }

  @Test
  void innerLoopsEmptyForSomeOuterValuesAndBracedNests() throws Exception {
    check("int N = 9, M = 4;", """
          for (int i = -2; i <= N; i++) {
            for (int j = i; j < M; j++) {
              printf("%d %d\\n", i, j);
              printf("again %d\\n", j);
            }
          }""", 5);
  }

  @Test
  void emptyNestAndMoreChunksThanIterations() throws Exception {
    check("int N = 0;", """
          for (int i = 0; i < N; i++)
            for (int j = 0; j <= i; j++)
              printf("%d %d\\n", i, j);""", 4);
    check("int N = 2;", """
          for (int i = 0; i < N; i++)
            for (int j = 0; j <= i; j++)
              printf("%d %d\\n", i, j);""", 9);
  }

  @Property(tries = 12)
  void randomAffineNests(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) throws Exception {
    Random r = new Random(seed);
    int d = 1 + r.nextInt(3);
    StringBuilder nest = new StringBuilder();
    List<String> idx = new ArrayList<>();
    for (int k = 0; k < d; k++) {
      String i = "i" + k;
      String outer = idx.isEmpty() ? "" : idx.get(r.nextInt(idx.size()));
      int c = r.nextInt(2 * k + 1) - k;
      String lb = outer.isEmpty() || r.nextBoolean() ? Integer.toString(r.nextInt(5) - 2) : outer + " + " + c;
      String ub = outer.isEmpty() || r.nextBoolean() ? "N - " + r.nextInt(3) : (r.nextBoolean() ? "2 * " : "") + outer + " + " + (r.nextInt(4));
      int s = 1 + r.nextInt(2);
      if (r.nextInt(4) == 0) {
        nest.append("  ".repeat(k + 1)).append("for (int ").append(i).append(" = ").append(ub).append("; ").append(i).append(" >= ").append(lb)
            .append("; ").append(i).append(" -= ").append(s).append(")\n");
      } else {
        nest.append("  ".repeat(k + 1)).append("for (int ").append(i).append(" = ").append(lb).append("; ").append(i).append(" <= ").append(ub)
            .append("; ").append(i).append(" += ").append(s).append(")\n");
      }
      idx.add(i);
    }
    StringBuilder fmt = new StringBuilder();
    for (int k = 0; k < d; k++) fmt.append(k > 0 ? " " : "").append("%d");
    nest.append("  ".repeat(d + 1)).append("printf(\"").append(fmt).append("\\n\", ").append(String.join(", ", idx)).append(");");
    check("int N = " + (3 + r.nextInt(8)) + ";", nest.toString(), 2 + r.nextInt(9));
  }

  @Test
  void rejectsDivisionsInBounds() {
    var e = org.junit.jupiter.api.Assertions.assertThrows(dev.polyj.polyhedral.frontend.CSourceException.class, () ->
        MultiforTranslator.translateFile("void f(int N) {\n#pragma polyj collapse\nfor (int i = 0; i < N / 2; i++) g(i);\n}\n", "t.c", false));
    assertTrue(e.getMessage().startsWith("t.c:3:"), e.getMessage());
    assertTrue(Arrays.asList(e.getMessage().split(" ")).contains("collapsed"), e.getMessage());
  }
}
