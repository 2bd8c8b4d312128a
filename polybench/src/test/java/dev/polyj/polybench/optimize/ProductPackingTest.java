package dev.polyj.polybench.optimize;

import dev.polyj.codegen.transform.ProductPacking;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * {@link ProductPacking} end to end: matrix-product fragments (scaled, transposed panels, a vector
 * operand, a chain of two products) are optimized with tile sizes that leave partial row groups
 * and column strips at the tile edges (and tiles smaller than one group), and the optimized
 * regions are compared with the originals bit for bit on the {@link FragmentHarness}, sequential
 * and with OpenMP, at two parameter settings. The PolyBench products are checked the same way by
 * {@link OptimizerEndToEndTest}.
 */
class ProductPackingTest {
  private static final List<PolyhedralOptimizer.Config> CONFIGS = List.of(
      PolyhedralOptimizer.Config.defaults(),
      PolyhedralOptimizer.Config.defaults().withTileSizes(new long[] {3}),
      PolyhedralOptimizer.Config.defaults().withTileSizes(new long[] {9, 13, 11}),
      PolyhedralOptimizer.Config.defaults().withTileSizes(new long[] {8, 5, 16}),
      PolyhedralOptimizer.Config.defaults().withUnrollJam(1).withTileSizes(new long[] {6, 7, 10}));

  /** Whether any configuration packed a tile, and whether any reordered a parallel loop to pack column panels once per start. */
  private record Packed(boolean packed, boolean reordered) {}

  /** The regions of {@code name} under every configuration, each checked. */
  private static Packed checkAll(String name, Path work) throws Exception {
    Path file = Path.of(ProductPackingTest.class.getResource("/packing/" + name).toURI());
    boolean packed = false;
    boolean reordered = false;
    for (PolyhedralOptimizer.Config config : CONFIGS) {
      AtomicReference<String> code = new AtomicReference<>();
      FragmentHarness.Outcome o = FragmentHarness.check(file, work, scop -> {
        code.set(PolyhedralOptimizer.regionCode(scop, 1, config));
        return code.get();
      });
      assertEquals(FragmentHarness.Status.MATCH, o.status(), name + " " + config + ": " + o.detail() + "\n" + code.get());
      packed |= code.get().contains(ProductPacking.PREFIX + "0_0[");
      reordered |= code.get().contains("firstprivate(" + ProductPacking.PREFIX + "done0)");
    }
    return new Packed(packed, reordered);
  }

  @ParameterizedTest
  @ValueSource(strings = {"matmul-alpha.c", "vector-operand.c", "chain.c"})
  void productsArePackedAndExact(String name, @TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Packed p = checkAll(name, work);
    assertTrue(p.packed(), name + " was never packed");
    // the column panels once per start: the comparisons above ran the reordered loops
    assertTrue(p.reordered(), name + " never packed its column panels once per start");
  }

  /** Transposed column panels: the stride order puts the accumulation loop innermost, so no tile has the packed shape yet. */
  @Test
  void transposedPanelsStayExact(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    checkAll("transposed.c", work);
  }

  @Test
  void aProductReadingItsOwnOutputIsNotPackedAndStaysExact(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    assertFalse(checkAll("self-read.c", work).packed(), "self-read.c was packed");
  }
}
