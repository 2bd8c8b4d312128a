package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.transform.RecurrenceInterleaving;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Independent recurrences run side by side ({@link RecurrenceInterleaving}): adi's row sweeps in
 * strips, the generated programs against the original ones (array dumps compared by the bench
 * runner on two threads, strips full and partial), and the loops the pass must leave alone.
 */
class RecurrenceInterleavingTest {

  @Test
  void adiSweepsRunTheirRecurrencesInStrips(@TempDir Path dir) throws Exception {
    String text = SequentialTimeTest.optimized("adi", "LARGE_DATASET", dir);
    assertTrue(text.contains("polyj_ri0 += " + RecurrenceInterleaving.STRIP), text);
    // the forward sweep's recurrence loop holds the strip, vectorized, as its innermost loop
    assertTrue(Pattern.compile("for \\(c2 = 1; c2 <= n - 2; c2 \\+= 1\\) \\{\\s*#pragma omp simd\\s*"
        + "for \\(c1 = polyj_ri0; c1 <= min\\(polyj_ri0 \\+ 63, n - 2\\); c1 \\+= 1\\)").matcher(text).find(), text);
  }

  @Test
  void adiIsExactWithFullAndPartialStrips(@TempDir Path dir) {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    // SMALL: 58 rows, one partial strip; MEDIUM: 198 rows, three strips of 64 and one of 6
    for (String dataset : List.of("SMALL", "MEDIUM")) {
      OptimizerEndToEndTest.assertVerified(OptimizerEndToEndTest.bench(PolyhedralOptimizer.Config.defaults(),
          dir.resolve(dataset), List.of("--dataset", dataset, "--no-reassociate", "--kernels", "adi")), 1);
    }
  }

  @Test
  void reductionsAndParallelInnerLoopsAreLeftAlone(@TempDir Path dir) throws Exception {
    for (String kernel : List.of("atax", "mvt", "trisolv", "jacobi-2d", "lu", "deriche", "seidel-2d")) {
      String text = SequentialTimeTest.optimized(kernel, "LARGE_DATASET", dir.resolve(kernel));
      assertFalse(text.contains("polyj_ri"), kernel + ":\n" + text);
    }
  }
}
