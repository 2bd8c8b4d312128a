package dev.polyj.polybench.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code sdr} pass of the optimizer (off by default): the dependent prefix sum of the SDR
 * paper's Equation (4), optimized with the pass enabled, must run its simplified form (the
 * temporaries of the reused partial sums appear) and print the original's checksum (integer data:
 * exact), with and without threads and tiling.
 */
class SdrPassTest {
  /** The paper's program (a test resource), with a definition of {@code g} and a driver printing a checksum. */
  private static String program() throws java.io.IOException {
    try (var in = SdrPassTest.class.getResourceAsStream("/sdr/prefix_sum_dependent.c")) {
      String region = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      return "#include <stdio.h>\n"
          + region.replace("long g(long x);", "long g(long x) { return (x * 7 + 3) % 1000; }")
          + """
          int main(void) {
            int N = 700;
            static long A[701], B[700];
            for (int i = 0; i <= N; i++) A[i] = i % 13;
            prefix_sum_dependent(N, A, B);
            long s = 0;
            for (int i = 0; i < N; i++) s = s * 31 + B[i];
            printf("%ld\\n", s);
            return 0;
          }
          """;
    }
  }

  @Test
  void theSimplifiedPrefixSumComputesWhatTheOriginalComputes(@TempDir Path work) throws Exception {
    String program = program();
    Path file = work.resolve("prefix.c");
    Files.writeString(file, program);
    Path out = work.resolve("prefix.opt.c");
    Differential.CliRun run = Differential.optimize(
        List.of("optimize", "--enable-pass", "sdr", file.toString(), "-o", out.toString()));
    assertEquals(0, run.code(), run.err());
    assertTrue(Files.readString(out).contains("B_sdr"), "the pass did not simplify the reduction");
    Assumptions.assumeTrue(Differential.gccAvailable(), "gcc is not on PATH");
    Differential d = new Differential(work.resolve("run"), false);
    Differential.Outcome outcome = d.check(program, "prefix.c", List.of(
        Differential.Variant.of("sdr", "--enable-pass", "sdr"),
        Differential.Variant.of("sdr sequential untiled", "--enable-pass", "sdr", "--no-parallel", "--tile", "none")));
    assertTrue(outcome.passed(), outcome.failures().toString());
  }

  /**
   * Section 6.3's suffix maxima: with {@code i} counting up the heuristic finds no reuse (max has
   * no inverse and the one valid direction runs against the schedule); the pass option {@code
   * optimal} searches every face's options with a schedule, finds the downward one, and the
   * simplified program computes the original's maxima.
   */
  @Test
  void theOptimalSearchSimplifiesSuffixMaxima(@TempDir Path work) throws Exception {
    String region;
    try (var in = SdrPassTest.class.getResourceAsStream("/sdr/suffix_max.c")) {
      region = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    String program = "#include <stdio.h>\nstatic long max(long a, long b) { return a > b ? a : b; }\n" + region
        + """
        int main(void) {
          int N = 900;
          static long A[900], B[900];
          for (int i = 0; i < N; i++) A[i] = (i * 7919) % 1000;
          suffix_max(N, A, B);
          long s = 0;
          for (int i = 0; i < N; i++) s = s * 31 + B[i];
          printf("%ld\\n", s);
          return 0;
        }
        """;
    Path file = work.resolve("suffix.c");
    Files.writeString(file, program);
    Path heuristic = work.resolve("heuristic.c");
    Path optimal = work.resolve("optimal.c");
    Differential.CliRun run = Differential.optimize(
        List.of("optimize", "--enable-pass", "sdr", file.toString(), "-o", heuristic.toString()));
    assertEquals(0, run.code(), run.err());
    assertFalse(Files.readString(heuristic).contains("B_sdr"), "the heuristic reused a partial maximum");
    run = Differential.optimize(List.of("optimize", "--enable-pass", "sdr", "--pass-option", "sdr.optimal=true",
        file.toString(), "-o", optimal.toString()));
    assertEquals(0, run.code(), run.err());
    assertTrue(Files.readString(optimal).contains("B_sdr"), "the optimal search did not simplify the maxima");
    run = Differential.optimize(List.of("optimize", "--simplify-reductions=fast", file.toString()));
    assertEquals(2, run.code(), run.err());
    assertTrue(run.err().contains("expected heuristic or optimal"), run.err());
    // the mode is optional: a file after the option is the file, a mode before it is the mode
    Path spaced = work.resolve("spaced.c");
    run = Differential.optimize(List.of("optimize", "--simplify-reductions", "optimal", file.toString(),
        "-o", spaced.toString()));
    assertEquals(0, run.code(), run.err());
    assertEquals(Files.readString(optimal), Files.readString(spaced));
    run = Differential.optimize(List.of("optimize", "--simplify-reductions", file.toString(), "-o",
        spaced.toString()));
    assertEquals(0, run.code(), run.err());
    assertEquals(Files.readString(heuristic).contains("B_sdr"), Files.readString(spaced).contains("B_sdr"));
    Assumptions.assumeTrue(Differential.gccAvailable(), "gcc is not on PATH");
    Differential d = new Differential(work.resolve("run"), false);
    Differential.Outcome outcome = d.check(program, "suffix.c", List.of(
        Differential.Variant.of("sdr optimal", "--enable-pass", "sdr", "--pass-option", "sdr.optimal=true"),
        Differential.Variant.of("sdr optimal sequential", "--simplify-reductions=optimal", "--no-parallel")));
    assertTrue(outcome.passed(), outcome.failures().toString());
  }
}
