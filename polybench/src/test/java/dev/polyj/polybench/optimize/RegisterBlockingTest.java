package dev.polyj.polybench.optimize;

import dev.polyj.codegen.transform.RegisterBlocking;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link RegisterBlocking} end to end: fragments shaped like matrix products (and one that is not
 * eligible) are optimized with several tile sizes and unroll factors, and the optimized regions
 * are compared with the originals bit for bit on the {@link FragmentHarness} (sequential and with
 * OpenMP, at two parameter settings). The PolyBench kernels are checked the same way by {@link
 * OptimizerEndToEndTest}.
 */
class RegisterBlockingTest {
  private static final List<PolyhedralOptimizer.Config> CONFIGS = List.of(
      PolyhedralOptimizer.Config.defaults(),
      PolyhedralOptimizer.Config.defaults().withTileSizes(new long[] {3}),
      PolyhedralOptimizer.Config.defaults().withTileSizes(new long[] {9, 2, 11}),
      PolyhedralOptimizer.Config.defaults().withUnrollJam(1),
      PolyhedralOptimizer.Config.defaults().withUnrollJam(2).withTileSizes(new long[] {5}));

  /** The regions of {@code name} under every configuration, each checked; returns whether any was blocked. */
  private static boolean checkAll(String name, Path work) throws Exception {
    Path file = Path.of(RegisterBlockingTest.class.getResource("/register-blocking/" + name).toURI());
    boolean blocked = false;
    for (PolyhedralOptimizer.Config config : CONFIGS) {
      AtomicReference<String> code = new AtomicReference<>();
      FragmentHarness.Outcome o = FragmentHarness.check(file, work, scop -> {
        code.set(PolyhedralOptimizer.regionCode(scop, 1, config));
        return code.get();
      });
      assertEquals(FragmentHarness.Status.MATCH, o.status(), name + " " + config + ": " + o.detail() + "\n" + code.get());
      blocked |= code.get().contains(RegisterBlocking.PREFIX + "0[");
    }
    return blocked;
  }

  @ParameterizedTest
  @ValueSource(strings = {"matmul.c", "shifted-columns.c", "row-update.c"})
  void productsAreBlockedAndExact(String name, @TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    assertTrue(checkAll(name, work), name + " was never register-blocked");
  }

  @Test
  void aNestOutsideTheConditionsStaysExact(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    checkAll("symmetric-update.c", work);
  }
}
