package dev.polyj.polybench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The contribution of a pass: geometric mean over the kernels ok in both runs of full / without. */
class AblationReportTest {
  private static BenchResults results(KernelResult... ks) {
    RunInfo info = new RunInfo("built-in", "MINI", "polyj", 2, 1, "gcc (test) 12", "gcc -O3", "gcc -O3 -fopenmp",
        List.of(), "test host", "2024-01-01T00:00:00Z", List.of());
    return new BenchResults(info, List.of(ks));
  }

  private static KernelResult ok(String name, double baseline, double optimized) {
    return KernelResult.builder(name, "test").check("exact").baseline(Timing.of(baseline))
        .optimized(Timing.of(optimized)).build();
  }

  @Test
  void contributionIsTheGeometricMeanOfTheSpeedupRatiosOverKernelsOkInBoth() {
    BenchResults full = results(ok("a", 1.0, 0.25), ok("b", 1.0, 0.5), ok("c", 1.0, 1.0));
    // without the pass: a runs 2x slower than with it, b 8x slower, c fails (left out)
    BenchResults without = results(ok("a", 1.0, 0.5), ok("b", 1.0, 4.0),
        KernelResult.builder("c", "test").fail(Status.FAILED, "optimizer: boom").build());
    AblationReport r = new AblationReport(full, Map.of("p", without));
    assertEquals(4.0, r.rows().get(0).contribution().getAsDouble(), 1e-9);
    assertTrue(r.markdown().contains("| p | 0.71x | 4.00x | 2/3 |"), r.markdown());
    assertTrue(r.svg().contains("<title>p: 4.00x</title>"), r.svg());
    assertTrue(r.text().contains("p "), r.text());
  }
}
