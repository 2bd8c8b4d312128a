package dev.polyj.codegen.multifor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.polyj.codegen.c.GccDriver;
import dev.polyj.polyhedral.multifor.MultiforInterpreter;
import dev.polyj.polyhedral.multifor.MultiforParser;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The paper's multifor examples through their polyhedral model and the code generator: the
 * generated loops, compiled by gcc, print exactly the interpreter's trace; where a nest runs alone
 * with grain g the loop steps by g (the compression of its referential domain).
 */
class MultiforCodegenTest {
  private static final Pattern LABEL = Pattern.compile("printf\\(\"(\\w+)");

  @BeforeAll
  static void gcc() {
    assumeTrue(GccDriver.available(), "gcc is not installed");
  }

  static String check(Map<String, Long> params, String body) throws Exception {
    StringBuilder sb = new StringBuilder("#include <stdio.h>\n\nint main(void) {\n");
    for (var e : params.entrySet()) sb.append("  int ").append(e.getKey()).append(" = ").append(e.getValue()).append(";\n");
    sb.append("  ").append(body).append("\n  return 0;\n}\n");
    String prog = sb.toString();
    var occ = MultiforParser.parse(prog, "t.c");
    List<String> want = MultiforInterpreter.run(occ.get(0).loop(), params).stream().map(e -> {
      Matcher m = LABEL.matcher(e.text());
      assertTrue(m.find());
      return m.group(1) + Arrays.stream(e.indices()).mapToObj(v -> " " + v).collect(Collectors.joining());
    }).toList();
    String c = MultiforCodegen.translateFile(prog, "t.c");
    try (GccDriver g = GccDriver.compile(c, List.of("-O1"))) {
      GccDriver.Run r = g.run(List.of(), Map.of(), 60);
      assertEquals(0, r.exitCode(), c);
      List<String> got = r.stdout().isEmpty() ? List.of() : Arrays.asList(r.stdout().split("\n"));
      assertEquals(want, got, c);
    }
    return c;
  }

  static Map<String, Long> params(Object... kv) {
    Map<String, Long> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], ((Number) kv[i + 1]).longValue());
    return m;
  }

  @Test
  void grainCompressesTheDomainWhereOneLoopRunsAlone() throws Exception {
    String c = check(Map.of(), """
        multifor (i1 = 0, i2 = 10; i1 < 10, i2 < 15; i1++, i2++; 1, 4; 0, 0) {
          0 : printf("A %d\\n", i1);
          1 : printf("B %d\\n", i2);
        }""");
    assertTrue(c.contains("c0 += 4"), c);
  }

  @Test
  void offsetAndNestedAffineBounds() throws Exception {
    check(Map.of(), """
        multifor (i1 = 0, i2 = 10; i1 < 10, i2 < 15; i1++, i2++; 1, 1; 0, 2) {
          0 : printf("A %d\\n", i1);
          1 : printf("B %d\\n", i2);
        }""");
    check(Map.of(), """
        multifor (i1 = 0, i2 = 0; i1 < 6, i2 < 6; i1++, i2++; 1, 1; 0, 1)
        multifor (j1 = 0, j2 = 0; j1 < 6 - i1, j2 < 6; j1++, j2++; 1, 1; 0, 0) {
          0 : printf("A %d %d\\n", i1, j1);
          1 : printf("B %d %d\\n", i2, j2);
        }""");
  }

  @Test
  void sobelAndRedBlackWithParameters() throws Exception {
    check(params("K", 6, "N", 5), """
        multifor (i1 = 0, i2 = 1; i1 < K, i2 < K - 1; i1++, i2++; 1, 1; 0, 3)
        multifor (j1 = 0, j2 = 1; j1 < N, j2 < N - 1; j1++, j2++; 1, 1; 0, 3) {
          0 : printf("read %d %d\\n", i1, j1);
          1 : { printf("sobel %d %d\\n", i2, j2); }
        }""");
    check(params("N", 9), """
        multifor (i0 = 1, i1 = 2, i2 = 1, i3 = 2; i0 < N - 1, i1 < N - 1, i2 < N - 1, i3 < N - 1;
                  i0 += 2, i1 += 2, i2 += 2, i3 += 2; 2, 2, 2, 2; 0, 1, 0, 1)
        multifor (j0 = 1, j1 = 2, j2 = 2, j3 = 1; j0 < N - 1, j1 < N - 1, j2 < N - 1, j3 < N - 1;
                  j0 += 2, j1 += 2, j2 += 2, j3 += 2; 2, 2, 2, 2; 0, 1, 1, 0) {
          0 : printf("r0 %d %d\\n", i0, j0);
          1 : printf("r1 %d %d\\n", i1, j1);
          2 : printf("b2 %d %d\\n", i2, j2);
          3 : printf("b3 %d %d\\n", i3, j3);
        }""");
  }

  @Test
  void matrixProductByBlocksWithDivisions() throws Exception {
    check(params("n", 4), """
        multifor (i1 = 0, i2 = 0, i3 = n/2, i4 = n/2; i1 < n/2, i2 < n/2, i3 < n, i4 < n;
                  i1++, i2++, i3++, i4++; 1, 1, 1, 1; 0, 0, 0, 0) {
          multifor (j1 = 0, j2 = n/2, j3 = 0, j4 = n/2; j1 < n/2, j2 < n, j3 < n/2, j4 < n;
                    j1++, j2++, j3++, j4++; 1, 1, 1, 1; 0, 0, 0, 0) {
            0 : printf("z1 %d %d\\n", i1, j1);
            1 : printf("z2 %d %d\\n", i2, j2);
            2 : printf("z3 %d %d\\n", i3, j3);
            3 : printf("z4 %d %d\\n", i4, j4);
            multifor (k1 = 0, k2 = 0, k3 = 0, k4 = 0; k1 < n, k2 < n, k3 < n, k4 < n;
                      k1++, k2++, k3++, k4++; 1, 1, 1, 1; 0, 0, 0, 0) {
              0 : printf("m1 %d %d %d\\n", i1, j1, k1);
              1 : printf("m2 %d %d %d\\n", i2, j2, k2);
              2 : printf("m3 %d %d %d\\n", i3, j3, k3);
              3 : printf("m4 %d %d %d\\n", i4, j4, k4);
            }
          }
        }""");
  }

  @Test
  void stepsGoingDownAndSelections() throws Exception {
    check(params("N", 7), """
        multifor (a = N, b = 0, c = 1; a > 0, b <= N, 2 * N >= c; a -= 2, b++, c += 3; 3, 2, 1; 1, 0, 4) {
          0 : printf("A %d\\n", a);
          [1, 2] : printf("B %d\\n", [b, c]);
          2 : if (c > 3) printf("C %d\\n", c); else printf("C %d\\n", c);
        }""");
  }

  @Test
  void offsetsGivenByParametersAreAffine() throws Exception {
    // the Sobel delay and the pipeline offset as parameters: offset + grain * t stays affine
    for (long d : new long[] {0, 2, 5}) {
      check(params("K", 5, "N", 4, "d", d), """
          multifor (i1 = 0, i2 = 1; i1 < K, i2 < K - 1; i1++, i2++; 1, 2; 0, d)
          multifor (j1 = 0, j2 = 1; j1 < N, j2 < N - 1; j1++, j2++; 1, 1; 0, d + 1) {
            0 : printf("read %d %d\\n", i1, j1);
            1 : printf("sobel %d %d\\n", i2, j2);
          }""");
    }
  }

  @Test
  void grainsGivenByParametersHaveNoAffineModel() {
    String prog = "void f(int g) {\n  multifor (i = 0, j = 0; i < 3, j < 3; i++, j++; 1, g; 0, 0) { 0 : ; }\n}\n";
    var e = org.junit.jupiter.api.Assertions.assertThrows(dev.polyj.polyhedral.frontend.CSourceException.class,
        () -> MultiforCodegen.translateFile(prog, "t.c"));
    assertTrue(e.getMessage().startsWith("t.c:2:54: error: the grain 'g' of 'j' is not a constant"), e.getMessage());
  }
}
