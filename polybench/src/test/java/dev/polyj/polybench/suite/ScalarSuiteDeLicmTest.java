package dev.polyj.polybench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.storage.delicm.DeLicm;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * DeLICM on kernels of the scalar-promoted suite: the scalar writes in loops before and after (the
 * paper's Table 2 measure, docs/delicm.md), for kernels freed by mapping, by forwarding, by
 * mapping through a removed copy (gramschmidt) and one the paper explains cannot be (symm).
 */
class ScalarSuiteDeLicmTest {
  @TempDir static Path work;

  @ParameterizedTest
  @CsvSource({"gemm, 2, 0", "gramschmidt, 5, 0", "ludcmp, 8, 0", "bicg, 3, 0", "heat-3d, 2, 0", "symm, 3, 2"})
  void scalarWritesInLoops(String kernel, int before, int after) throws Exception {
    Assumptions.assumeTrue(gcc(), "gcc is not on PATH (the front end preprocesses with it)");
    Path root = EmbeddedSuite.loadScalarPromoted().extractTo(work.resolve("s"));
    Kernel k = EmbeddedSuite.loadScalarPromoted().kernel(kernel).orElseThrow();
    List<RegionResult> regions = CFrontEnd.extract(k.sourceIn(root),
        List.of("-I" + root, "-I" + k.directoryIn(root)));
    assertTrue(regions.get(0).accepted(), regions.get(0).rejections().toString());
    DeLicm.Result r = DeLicm.run(regions.get(0).scop());
    assertEquals(before, r.writesBefore(), r.note());
    assertEquals(after, r.writesAfter(), r.note());
  }

  private static boolean gcc() {
    try {
      return new ProcessBuilder("gcc", "--version").start().waitFor() == 0;
    } catch (java.io.IOException | InterruptedException e) {
      return false;
    }
  }
}
