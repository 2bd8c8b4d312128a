package dev.polyj.codegen.c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scop.Scop;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The optimize path end to end: a SCoP extracted by the front end, regenerated from its own
 * schedule with the statement bodies printed in place, computes what the original computes.
 */
class ScopCodegenTest {
  static final String KERNEL = String.join("\n",
      "void kernel(int n, double A[30][30], double B[30][30], double C[30][30]) {",
      "  int i, j, k;",
      "#pragma scop",
      "  for (i = 0; i < n; i++)",
      "    for (j = 0; j < n; j++) {",
      "      C[i][j] = 0.0;",
      "      for (k = 0; k < n; k++)",
      "        C[i][j] = C[i][j] + A[i][k] * B[k][j];",
      "    }",
      "  for (i = 1; i < n; i++)",
      "    for (j = 0; j <= i; j += 2)",
      "      A[i][j] = A[i - 1][j] + C[j][i];",
      "#pragma endscop",
      "}",
      "");

  static final String DRIVER = String.join("\n",
      "static double A[30][30], B[30][30], C[30][30];",
      "int main(int argc, char **argv) {",
      "  int n = atoi(argv[1]);",
      "  for (int i = 0; i < 30; i++)",
      "    for (int j = 0; j < 30; j++) {",
      "      A[i][j] = (i * 7 + j * 3) % 11;",
      "      B[i][j] = (i + 2 * j) % 5 - 2;",
      "      C[i][j] = -1;",
      "    }",
      "  kernel(n, A, B, C);",
      "  double s = 0;",
      "  for (int i = 0; i < 30; i++)",
      "    for (int j = 0; j < 30; j++) s = s * 1.0001 + A[i][j] + 3 * C[i][j];",
      "  printf(\"%.6f\\n\", s);",
      "  return 0;",
      "}",
      "");

  @Test
  void regeneratedRegionComputesTheSameResult() throws Exception {
    Assumptions.assumeTrue(GccDriver.available());
    List<RegionResult> regions = CFrontEnd.extract(KERNEL, "kernel.c");
    assertEquals(1, regions.size());
    assertTrue(regions.get(0).accepted(), () -> regions.get(0).rejections().toString());
    Scop scop = regions.get(0).scop();
    String region = ScopCodegen.region(scop, scop.schedule(), BuildOptions.defaults(), 1);
    int from = KERNEL.indexOf("#pragma scop");
    int to = KERNEL.indexOf("#pragma endscop") + "#pragma endscop".length();
    String generated = KERNEL.substring(0, from) + region + KERNEL.substring(to);
    if (Boolean.getBoolean("codegen.show")) System.out.println(generated);
    String header = "#include <stdio.h>\n#include <stdlib.h>\n";
    List<long[]> ns = List.of(new long[] {0}, new long[] {1}, new long[] {7}, new long[] {30});
    List<List<String>> expected = CallHarness.run(header + KERNEL + DRIVER, List.of("-O1"), ns, Map.of());
    List<List<String>> actual = CallHarness.run(header + generated + DRIVER,
        List.of("-O1", "-Wall", "-Wno-unknown-pragmas", "-Wno-unused-variable", "-Werror"), ns, Map.of());
    assertEquals(expected, actual, generated);
  }
}
