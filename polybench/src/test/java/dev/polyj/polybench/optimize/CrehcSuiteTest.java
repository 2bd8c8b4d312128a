package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.reductions.crehc.Crehc;
import dev.polyj.reductions.crehc.CrehcDetector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reductions found in the CReHC suite ({@code bench/crehc}), counted as the chapter's tables
 * count them: scalar reductions and histogram reductions per program.
 */
class CrehcSuiteTest {
  @ParameterizedTest
  @CsvSource({"ep, 2, 1, false", "is, 0, 1, true", "histo, 0, 1, true", "tpacf, 0, 1, true", "kmeans, 0, 2, true"})
  void reductionsFound(String kernel, int scalars, int histograms, boolean exact, @TempDir Path tmp)
      throws Exception {
    Path root = Path.of("..", "bench", "crehc").toAbsolutePath().normalize();
    Path file = root.resolve(kernel).resolve(kernel + ".c");
    assertTrue(Files.isRegularFile(file), file::toString);
    Path harness = dev.polyj.polybench.suite.EmbeddedSuite.extractHarnessTo(tmp);
    List<RegionResult> regions = CFrontEnd.extract(file, List.of("-I" + harness, "-I" + root.resolve(kernel)));
    assertEquals(1, regions.size());
    assertTrue(regions.get(0).accepted(), () -> regions.get(0).rejections().toString());
    Crehc c = CrehcDetector.detect(regions.get(0).scop()).orElseThrow();
    assertEquals(scalars, c.scalars(), c::toString);
    assertEquals(histograms, c.histograms(), c::toString);
    assertEquals(exact, c.exact(), c::toString);
  }

  /**
   * Every program of the suite optimized, compiled, run on two threads with every parallel loop
   * forced parallel, and its dump compared with the original's, with the default pipeline and
   * without the histograms pass (which leaves the data-dependent subscripts to the other passes).
   */
  @ParameterizedTest
  @ValueSource(strings = {"", "histograms"})
  void optimizedProgramsComputeWhatTheOriginalsCompute(String disabled, @TempDir Path dir) {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Path root = Path.of("..", "bench", "crehc").toAbsolutePath().normalize();
    List<String> args = new java.util.ArrayList<>(List.of("--suite", root.toString(), "--dataset", "MINI"));
    if (!disabled.isEmpty()) args.addAll(List.of("--disable-pass", disabled));
    OptimizerEndToEndTest.Outcome o = OptimizerEndToEndTest.bench(PolyhedralOptimizer.Config.defaults(), dir, args);
    assertEquals(0, o.exit(), o.out() + "\n" + o.err());
    assertTrue(o.out().contains("5 kernels: 5 ok"), o::out);
  }
}
