package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.ast.Expr;
import dev.polyj.codegen.ast.Node;
import dev.polyj.codegen.transform.DynamicSchedulePass;
import dev.polyj.codegen.transform.RegionState;
import dev.polyj.polybench.suite.EmbeddedSuite;
import dev.polyj.polyhedral.pass.PassManager;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Concurrent-start tiles of time-iterated stencils (the {@code diamond} pass, applied by tiling)
 * and the dynamic schedule of wavefront loops, judged by counting ({@link ParallelBalance}: each
 * start of a parallel loop, the statement instances of every iteration, the busiest thread's share
 * under the loop's OpenMP schedule). That the code computes what the original computes is checked
 * by running it ({@code SequentialTimeTest.stencilsAreExactWithEitherTimeLoop}, with small tiles
 * cut for concurrent start on every time-skewed band; OptimizerEndToEndTest).
 */
class ConcurrentStartTest {
  private static final int[] THREADS = {2, 4, 8, 16};

  @TempDir static Path dir;
  private static EmbeddedSuite suite;
  private static Path root;

  @BeforeAll
  static void extract() throws java.io.IOException {
    suite = EmbeddedSuite.load();
    root = suite.extractTo(dir.resolve("suite"));
  }

  @Test
  void jacobiTilesStartTogetherAndScale() throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    PassManager<RegionState> diamond = PolyhedralOptimizer.Config.defaults().pipeline();
    PassManager<RegionState> pipelined = diamond.disable("diamond");
    ParallelBalance.Region a = ParallelBalance.kernel(suite, root, "jacobi-2d", "MEDIUM", diamond);
    ParallelBalance.Region b = ParallelBalance.kernel(suite, root, "jacobi-2d", "MEDIUM", pipelined);
    ParallelBalance.Scaling sa = ParallelBalance.scaling(a.ast(), a.params(), THREADS);
    ParallelBalance.Scaling sb = ParallelBalance.scaling(b.ast(), b.params(), THREADS);
    assertEquals(sb.total(), sa.total(), "the same instances");
    // pipelined (n = 250, 100 steps): wavefronts of a few tiles, the first of one; concurrent
    // start: every start holds the row of tiles along the space (32 rows per tile), 8 of them
    assertTrue(sb.minTrip() <= 1 && sb.speedup(0) < 1.6 && sb.speedup(3) < 2, sb.toString());
    assertTrue(sa.minTrip() >= 250 / 32 && sa.speedup(0) > 1.9 && sa.speedup(3) > 7.5, sa.toString());
    // the points keep the band's unimodular order: no modulo guard, no exact division
    assertFalse(Node.anyMatch(a.ast(), ConcurrentStartTest::divides), "a point loop divides");
    assertEquals(1, dynamicLoops(a.ast()), "the wavefront loop takes its tiles one at a time");
    // its tiles, cut at the diamonds' and the domain's edges, balance better so than in blocks
    ParallelBalance.Region c = ParallelBalance.kernel(suite, root, "jacobi-2d", "MEDIUM", diamond.disable("dynamic-schedule"));
    ParallelBalance.Scaling sc = ParallelBalance.scaling(c.ast(), c.params(), THREADS);
    assertEquals(0, dynamicLoops(c.ast()));
    assertTrue(sa.speedup(0) > sc.speedup(0) + 0.05, sa.speedup(0) + " vs " + sc.speedup(0));
    for (int t = 0; t < THREADS.length; t++) assertTrue(sa.speedup(t) >= sc.speedup(t), "threads " + THREADS[t]);
  }

  @Test
  void solversAreNotStencilsAndKeepTheirTiles() throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    // lu's and seidel-2d's outer loops are tied to subscripts or admit no legal cut; their code is
    // the same with and without the pass
    PassManager<RegionState> on = PolyhedralOptimizer.Config.defaults().pipeline();
    for (String k : List.of("lu", "cholesky", "seidel-2d")) {
      Node with = ParallelBalance.kernel(suite, root, k, "MEDIUM", on).ast();
      Node without = ParallelBalance.kernel(suite, root, k, "MEDIUM", on.disable("diamond")).ast();
      assertEquals(without, with, k);
    }
  }

  /** A modulo or an exact division in a loop bound or guard. */
  private static boolean divides(Node n) {
    List<Expr> es = new java.util.ArrayList<>();
    if (n instanceof Node.For f) {
      es.add(f.init());
      es.add(f.upper());
    } else if (n instanceof Node.If i) {
      es.add(i.cond());
    }
    for (Expr e : es) if (divides(e)) return true;
    return false;
  }

  private static boolean divides(Expr e) {
    if (e instanceof Expr.Op op) {
      if (op.kind() == Expr.Kind.MOD || op.kind() == Expr.Kind.DIV) return true;
      for (Expr a : op.args()) if (divides(a)) return true;
    }
    if (e instanceof Expr.Linear l) for (Expr.Term t : l.terms()) if (divides(t.expr())) return true;
    return false;
  }

  private static int dynamicLoops(Node n) {
    int[] count = {0};
    Node.anyMatch(n, x -> {
      if (x instanceof Node.For f && f.pragmas().stream().anyMatch(p -> p.contains(DynamicSchedulePass.CLAUSE))) count[0]++;
      return false;
    });
    return count[0];
  }
}
