package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.ast.AstInterpreter;
import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.c.ScopCodegen;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scheduling.pass.PivotSplitting;
import dev.polyj.polyhedral.scop.Scop;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Index-set splitting at a pivot (Griebl, Feautrier and Lengauer): Floyd-Warshall's rows and
 * columns split at step k run in parallel and vectorize, and the split order computes the same
 * shortest paths as the program's order (statement instances run by the generated loops, on random
 * weights, compared with the original order's result).
 */
class PivotSplittingTest {
  @Test
  void floydWarshallSplitsItsRowsAndColumnsAtTheStep(@TempDir Path dir) throws Exception {
    Scop scop = SequentialTimeTest.scop("floyd-warshall", dir);
    var deps = new ScheduleState(scop, 0).deps();
    ScheduleNode program = TreeDependences.annotate(scop.schedule(), deps);
    ScheduleNode split = PivotSplitting.split(program, deps);
    assertNotSame(program, split);
    TreeDependences.check(split, deps);
    // before the pivot, the pivot and after it, for rows, and in each for columns: nine pieces
    assertEquals(9, leaves(split));
    // every row loop off the pivot and every column loop is parallel; only the step loop is not
    List<Boolean> flags = new ArrayList<>();
    coincident(split, flags);
    assertEquals(1, flags.stream().filter(f -> !f).count(), flags.toString());

    Random random = new Random(7);
    for (long n : new long[] {1, 2, 5, 8}) {
      long[][] weights = new long[(int) n][(int) n];
      for (long[] row : weights) for (int j = 0; j < row.length; j++) row[j] = random.nextInt(41) - 5;
      assertArrayEquals(run(scop, program, weights), run(scop, split, weights), "n = " + n);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"seidel-2d", "lu", "nussinov", "jacobi-2d", "gemm"})
  void loopsWithoutAPivotStayAsTheyAre(String kernel, @TempDir Path dir) throws Exception {
    Scop scop = SequentialTimeTest.scop(kernel, dir);
    var deps = new ScheduleState(scop, 0).deps();
    ScheduleNode program = TreeDependences.annotate(scop.schedule(), deps);
    assertSame(program, PivotSplitting.split(program, deps));
  }

  /**
   * The optimizer's code for floyd-warshall: parallel rows on both sides of the pivot, vectorized
   * columns; where the work is small, the same pieces in one thread rather than the program's
   * loops, whose columns do not vectorize (six vectorized loops in each version).
   */
  @Test
  void theOptimizedCodeRunsRowsInParallel(@TempDir Path dir) throws Exception {
    String code = SequentialTimeTest.optimized("floyd-warshall", "MINI_DATASET", dir);
    assertEquals(2, code.split("#pragma omp parallel for", -1).length - 1, code);
    assertEquals(12, code.split("#pragma omp simd", -1).length - 1, code);
  }

  /** Floyd-Warshall's statement run on {@code weights} in the order of the loops built from {@code tree}. */
  private static long[][] run(Scop scop, ScheduleNode tree, long[][] weights) {
    long[][] path = new long[weights.length][];
    for (int i = 0; i < path.length; i++) path[i] = weights[i].clone();
    var ast = ScopCodegen.ast(scop, tree, BuildOptions.defaults());
    int[] calls = {0};
    AstInterpreter.run(ast, Map.of("n", (long) weights.length), 10_000_000, c -> {
      int k = (int) c.args()[0];
      int i = (int) c.args()[1];
      int j = (int) c.args()[2];
      path[i][j] = Math.min(path[i][j], path[i][k] + path[k][j]);
      calls[0]++;
    });
    assertEquals(weights.length * weights.length * weights.length, calls[0]);
    return path;
  }

  private static int leaves(ScheduleNode n) {
    if (n instanceof ScheduleNode.Leaf) return 1;
    int s = 0;
    for (ScheduleNode c : n.children()) s += leaves(c);
    return s;
  }

  private static void coincident(ScheduleNode n, List<Boolean> out) {
    if (n instanceof ScheduleNode.Band b) out.addAll(b.coincident());
    for (ScheduleNode c : n.children()) coincident(c, out);
  }
}
