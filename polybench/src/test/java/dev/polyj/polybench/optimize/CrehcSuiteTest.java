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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The reductions found in the CReHC suite ({@code bench/crehc}), counted as the chapter's tables
 * count them: scalar reductions and histogram reductions per program.
 */
class CrehcSuiteTest {
  @ParameterizedTest
  @CsvSource({"ep, 2, 1, false", "is, 0, 1, true", "histo, 0, 1, true", "tpacf, 0, 1, true", "kmeans, 0, 2, true"})
  void reductionsFound(String kernel, int scalars, int histograms, boolean exact) throws Exception {
    Path root = Path.of("..", "bench", "crehc").toAbsolutePath().normalize();
    Path file = root.resolve(kernel).resolve(kernel + ".c");
    assertTrue(Files.isRegularFile(file), file::toString);
    List<RegionResult> regions = CFrontEnd.extract(file, List.of("-I" + root, "-I" + root.resolve(kernel)));
    assertEquals(1, regions.size());
    assertTrue(regions.get(0).accepted(), () -> regions.get(0).rejections().toString());
    Crehc c = CrehcDetector.detect(regions.get(0).scop()).orElseThrow();
    assertEquals(scalars, c.scalars(), c::toString);
    assertEquals(histograms, c.histograms(), c::toString);
    assertEquals(exact, c.exact(), c::toString);
  }
}
