package dev.polyj.polybench.optimize;

import dev.polyj.codegen.transform.ColumnInterchange;
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
 * Scalar expansion and storage contraction end to end: fragments with scalars (symm's accumulator,
 * a scalar read after the region, one carried across the outer loop, one inside a parallel loop,
 * one reused by two passes, gramschmidt's norm) are optimized under several configurations (column
 * walks interchanged by {@link ColumnInterchange}) and
 * compared with the originals bit for bit on the {@link FragmentHarness} (every array and scalar,
 * sequential and with OpenMP on two threads, at two parameter settings). The PolyBench kernels are
 * checked the same way by {@link OptimizerEndToEndTest}.
 */
class ScalarStorageTest {
  private static final List<PolyhedralOptimizer.Config> CONFIGS = List.of(
      PolyhedralOptimizer.Config.defaults(),
      PolyhedralOptimizer.Config.defaults().withTileSizes(new long[] {3}),
      PolyhedralOptimizer.Config.defaults().withTileSizes(null),
      PolyhedralOptimizer.Config.defaults().withUnrollJam(1).withWavefront(false));

  /** The code of {@code name} under the default configuration, after checking it under every configuration. */
  private static String checkAll(String name, Path work) throws Exception {
    Path file = Path.of(ScalarStorageTest.class.getResource("/scalars/" + name).toURI());
    String first = null;
    for (PolyhedralOptimizer.Config config : CONFIGS) {
      AtomicReference<String> code = new AtomicReference<>();
      FragmentHarness.Outcome o = FragmentHarness.check(file, work, scop -> {
        code.set(PolyhedralOptimizer.regionCode(scop, 1, config));
        return code.get();
      });
      assertEquals(FragmentHarness.Status.MATCH, o.status(), name + " " + config + ": " + o.detail() + "\n" + code.get());
      if (first == null) first = code.get();
    }
    return first;
  }

  @ParameterizedTest
  @ValueSource(strings = {"read-after.c", "parallel-private.c", "passes.c", "gramschmidt.c"})
  void expandedScalarsStayExact(String name, @TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    String code = checkAll(name, work);
    assertTrue(code.contains("_x"), name + " has no expanded or renamed scalar:\n" + code);
  }

  @Test
  void symmAccumulatesWithTheKLoopOutsideTheJLoop(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    String code = checkAll("symm.c", work);
    assertTrue(code.contains("temp2_x["), code);
    // the accumulation into the expanded array is vectorized along j, with k outside
    assertTrue(code.matches("(?s).*for \\(c\\d = [^\\n]*\\n\\s*#pragma omp simd\\n[^\\n]*\\n\\s*[^\\n]*temp2_x\\[c\\d\\]\\[c\\d\\] \\+=.*")
        || code.contains("polyj_rb"), code);
  }

  /**
   * A column pass, expanded along its columns: tiled, its point loops put the columns innermost;
   * untiled, the parallel column loop is strip-mined and moved innermost ({@link ColumnInterchange}).
   */
  @Test
  void columnPassesWalkRowsAfterExpansion(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    checkAll("column.c", work);
    Path file = Path.of(ScalarStorageTest.class.getResource("/scalars/column.c").toURI());
    AtomicReference<String> code = new AtomicReference<>();
    PolyhedralOptimizer.Config untiled = PolyhedralOptimizer.Config.defaults().withTileSizes(null);
    FragmentHarness.Outcome o = FragmentHarness.check(file, work, scop -> {
      code.set(PolyhedralOptimizer.regionCode(scop, 1, untiled));
      return code.get();
    });
    assertEquals(FragmentHarness.Status.MATCH, o.status(), o.detail() + "\n" + code.get());
    assertTrue(code.get().contains("polyj_cb0 += " + ColumnInterchange.STRIP), code.get());
  }

  /**
   * ludcmp's shape: the scalar that holds an element of A while it is updated gets the element's
   * two dimensions, and the factorization is tiled although the back substitution (a downward
   * loop) is scheduled in the program's order.
   */
  @Test
  void anElementHeldInAScalarIsExpandedToItsShapeAndTiled(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    String code = checkAll("lu-copy.c", work);
    // w is mapped onto A[i][j]: the factorization updates A in place (PolyBench's lu), tiled
    assertTrue(code.matches("(?s).*A\\[c\\d+\\]\\[c\\d+\\] -= A\\[c\\d+\\]\\[c\\d+\\] \\* A.*"), code);
    assertFalse(code.contains("w = A["), code);
    assertTrue(code.contains("floord("), "the factorization is not tiled:\n" + code);
  }

  /** An element read or written by others while a scalar holds it is not mapped onto the scalar (exact results). */
  @Test
  void anElementOthersAccessWhileHeldStaysApart(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    String code = checkAll("copy-read-between.c", work);
    assertFalse(code.matches("(?s).*A\\[c\\d+\\]\\[c\\d+\\] \\+= .*"), code);
    assertFalse(code.matches("(?s).*D\\[c\\d+\\]\\[c\\d+\\] \\+= .*"), code);
  }

  @Test
  void aScalarCarriedAcrossTheOuterLoopIsNotExpandedAlongIt(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    String code = checkAll("carried-outer.c", work);
    assertFalse(code.contains("x_x"), code);
  }
}
