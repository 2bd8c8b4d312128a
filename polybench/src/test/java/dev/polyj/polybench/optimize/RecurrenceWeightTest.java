package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.transform.ParallelWork;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.scop.Scop;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The work estimate that decides between a region's parallel code and the program's own order
 * counts an instance of a statement whose innermost loop carries a recurrence as many times as the
 * statement reads: seidel-2d's sequential sweep chains nine reads per point, where jacobi-2d's and
 * gemm's innermost loops vectorize.
 */
class RecurrenceWeightTest {
  private static Map<String, Integer> weights(String kernel, Path dir) throws Exception {
    Scop scop = SequentialTimeTest.scop(kernel, dir);
    return ParallelWork.recurrenceWeights(scop, new ScheduleState(scop, 0).deps(), java.util.Set.of());
  }

  @Test
  void recurrencesOfTheInnermostLoopAreWeighted(@TempDir Path dir) throws Exception {
    Scop seidel = SequentialTimeTest.scop("seidel-2d", dir.resolve("s"));
    assertEquals(Map.of(seidel.statements().get(0).name(), 9), weights("seidel-2d", dir.resolve("seidel")));
    // x[i] -= L[i][j] * x[j]: a sum along j, kept in order without reassociation
    assertEquals(1, weights("trisolv", dir.resolve("trisolv")).size());
    assertEquals(3, weights("trisolv", dir.resolve("trisolv2")).values().iterator().next());
  }

  @Test
  void vectorizableInnermostLoopsAreNot(@TempDir Path dir) throws Exception {
    assertEquals(Map.of(), weights("jacobi-2d", dir.resolve("jacobi")));
    assertEquals(Map.of(), weights("heat-3d", dir.resolve("heat")));
    // gemm's k loop carries its sum, but j runs innermost
    assertEquals(Map.of(), weights("gemm", dir.resolve("gemm")));
  }

  /**
   * seidel-2d at MEDIUM (16 M points, 0.13 s in one thread) runs its wavefront of tiles in
   * parallel; its sums, where reassociated and vectorized in the program's order, are no chains.
   */
  @Test
  void theRegionsFlagCountsTheWeights(@TempDir Path dir) throws Exception {
    String seidel = SequentialTimeTest.optimized("seidel-2d", "MEDIUM_DATASET", dir.resolve("seidel"));
    assertTrue(seidel.contains(ParallelWork.FLAG + " = 9.0 * (double)tsteps * (double)n * (double)n >= "), seidel);
    String exact = SequentialTimeTest.optimized("trisolv", "MEDIUM_DATASET", dir.resolve("trisolv"));
    assertTrue(exact.contains("3.0 * (double)n * (double)n"), exact);
    String reassociated = SequentialTimeTest.optimized("trisolv", "MEDIUM_DATASET", dir.resolve("trisolv2"),
        PolyhedralOptimizer.Config.defaults().withReassociate(true));
    assertTrue(reassociated.contains("omp simd reduction"), reassociated);
    assertFalse(reassociated.contains("3.0 * (double)n * (double)n"), reassociated);
  }

  /**
   * The work per start of the parallel loops counts the statements inside them: durbin's schedule
   * has one parallel loop, the O(n) initialization of its sums, beside O(n^2) sequential sums (at
   * EXTRALARGE the total passed the threshold, and that code ran 0.98x of gcc, where the program's
   * order vectorizes its sums). Where the parallel loop holds lines written in place of statements
   * (mvt's promoted sums), all the work counts.
   */
  @Test
  void theWorkPerStartCountsTheStatementsInsideParallelLoops(@TempDir Path dir) throws Exception {
    PolyhedralOptimizer.Config reassociate = PolyhedralOptimizer.Config.defaults().withReassociate(true);
    String durbin = SequentialTimeTest.optimized("durbin", "EXTRALARGE_DATASET", dir.resolve("durbin"), reassociate);
    assertTrue(durbin.contains("&& (double)n >= (double)" + ParallelWork.FORK_MACRO + " * (1.0);"), durbin);
    String mvt = SequentialTimeTest.optimized("mvt", "EXTRALARGE_DATASET", dir.resolve("mvt"), reassociate);
    assertTrue(mvt.contains("&& (double)n * (double)n + (double)n * (double)n >= (double)" + ParallelWork.FORK_MACRO),
        mvt);
  }
}
