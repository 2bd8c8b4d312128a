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
    boolean blocked = false;
    for (String code : codes(name, work)) blocked |= code.contains(RegisterBlocking.PREFIX + "0[");
    return blocked;
  }

  /** The optimized regions of {@code name} under every configuration, each checked against the original. */
  private static List<String> codes(String name, Path work) throws Exception {
    Path file = Path.of(RegisterBlockingTest.class.getResource("/register-blocking/" + name).toURI());
    List<String> codes = new java.util.ArrayList<>();
    for (PolyhedralOptimizer.Config config : CONFIGS) {
      AtomicReference<String> code = new AtomicReference<>();
      FragmentHarness.Outcome o = FragmentHarness.check(file, work, scop -> {
        code.set(PolyhedralOptimizer.regionCode(scop, 1, config));
        return code.get();
      });
      assertEquals(FragmentHarness.Status.MATCH, o.status(), name + " " + config + ": " + o.detail() + "\n" + code.get());
      codes.add(code.get());
    }
    return codes;
  }

  @ParameterizedTest
  @ValueSource(strings = {"matmul.c", "shifted-columns.c", "row-update.c"})
  void productsAreBlockedAndExact(String name, @TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    assertTrue(checkAll(name, work), name + " was never register-blocked");
  }

  @Test
  void stripsNeverLeaveARow(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    java.util.regex.Pattern strip = java.util.regex.Pattern.compile("polyj_jb[0-9]+ \\+= ([0-9]+)");
    int strips = 0;
    for (String code : codes("narrow-rows.c", work)) {
      java.util.regex.Matcher m = strip.matcher(code);
      while (m.find()) {
        strips++;
        assertTrue(Integer.parseInt(m.group(1)) <= 16, "a strip of " + m.group(1) + " elements in rows of 16:\n" + code);
      }
    }
    // four rows held at once take strips of 8, which fit
    assertTrue(strips > 0, "no strip at all: the narrow rows were not blocked under any configuration");
  }

  @Test
  void aNestOutsideTheConditionsStaysExact(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    checkAll("symmetric-update.c", work);
  }
}
