package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.ImmutableList;
import dev.polyj.codegen.ast.CollapsedNest;
import dev.polyj.codegen.ast.Exprs;
import dev.polyj.codegen.ast.Expr;
import dev.polyj.codegen.ast.Node;
import dev.polyj.codegen.transform.RegionState;
import dev.polyj.polybench.bench.BenchCommand;
import dev.polyj.polybench.bench.OptimizeResult;
import dev.polyj.polybench.bench.Optimizer;
import dev.polyj.polybench.suite.EmbeddedSuite;
import dev.polyj.polybench.suite.Kernel;
import dev.polyj.polyhedral.pass.PassManager;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The collapse pass ({@code optimize --collapse}) on the triangular PolyBench kernels: the
 * optimized programs, their triangular parallel tile loops flattened into balanced chunks of
 * ranks, compiled with gcc and OpenMP and run on two threads, dump exactly the original's arrays;
 * so do they with a fixed number of chunks run by the two threads ({@code -DPOLYJ_CHUNKS}: several
 * chunks per thread, more chunks than iterations), where every chunk boundary falls
 * elsewhere in the nest.
 */
class CollapsePassTest {
  private static final String KERNELS = "syrk,lu,cholesky";

  private static PassManager<RegionState> pipeline(long tile) {
    return OptimizerEndToEndTest.forcedParallel(PolyhedralOptimizer.Config.defaults().withTileSizes(new long[] {tile})
        .pipeline().enable("collapse"));
  }

  /** {@code bench} of {@code optimizer} on the kernels, on two threads, one run each. */
  private static OptimizerEndToEndTest.Outcome bench(Optimizer optimizer, Path out, String dataset) {
    StringWriter stdout = new StringWriter();
    StringWriter stderr = new StringWriter();
    CommandLine cl = new CommandLine(new BenchCommand(optimizer));
    cl.setOut(new PrintWriter(stdout, true));
    cl.setErr(new PrintWriter(stderr, true));
    int exit = cl.execute("--reps", "1", "--threads", "2", "--progress", "none", "--out", out.toString(), "--dataset",
        dataset, "--no-reassociate", "--kernels", KERNELS);
    return new OptimizerEndToEndTest.Outcome(exit, stdout.toString(), stderr.toString());
  }

  /** The optimizer with {@code #define POLYJ_CHUNKS chunks} first in every file it writes. */
  private static Optimizer withChunks(PolyhedralOptimizer o, int chunks) {
    return new Optimizer() {
      @Override
      public String name() {
        return o.name();
      }

      @Override
      public OptimizeResult optimize(Path source, List<String> includeDirs, Options options) throws Exception {
        OptimizeResult r = o.optimize(source, includeDirs, options);
        Files.writeString(options.output(), "#define POLYJ_CHUNKS " + chunks + "\n" + Files.readString(options.output()));
        return r;
      }
    };
  }

  @Test
  void collapsedKernelsComputeTheOriginalsArrays(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    // the nests are collapsed (the test would pass vacuously otherwise), with their rank functions at file scope
    EmbeddedSuite suite = EmbeddedSuite.load();
    Path root = suite.extractTo(dir.resolve("src"));
    Kernel k = suite.kernel("syrk").orElseThrow();
    String code = new PolyhedralOptimizer(pipeline(4)).optimize(k.sourceIn(root),
        List.of("-I" + root, "-I" + k.directoryIn(root), "-DMINI_DATASET")).text();
    assertEquals(2, code.split("collapsed loop nest", -1).length - 1, code);
    assertTrue(code.indexOf("_unrank(const long long") < code.indexOf("void kernel_syrk"), code);

    OptimizerEndToEndTest.assertVerified(bench(new PolyhedralOptimizer(pipeline(4)), dir.resolve("a"), "MINI"), 3);
    OptimizerEndToEndTest.assertVerified(bench(new PolyhedralOptimizer(pipeline(32)), dir.resolve("b"), "SMALL"), 3);
    OptimizerEndToEndTest.assertVerified(bench(withChunks(new PolyhedralOptimizer(pipeline(4)), 7), dir.resolve("c"),
        "MINI"), 3);
    // three loops collapsed (syrk's tile rows, tile columns, rows), more chunks than iterations
    PolyhedralOptimizer deep = new PolyhedralOptimizer(pipeline(4).withOption("collapse", "depth", "3"));
    OptimizerEndToEndTest.assertVerified(bench(withChunks(deep, 1000), dir.resolve("d"), "MINI"), 3);
  }

  /**
   * Rectangular parallel loop nests keep their loops; a triangular one whose inner loop is not
   * parallel (lu's wavefronts) is cut into chunks of whole parallel iterations, never collapsed.
   */
  @Test
  void onlyNonRectangularBandsOfParallelLoopsAreCollapsed(@TempDir Path dir) throws Exception {
    EmbeddedSuite suite = EmbeddedSuite.load();
    Path root = suite.extractTo(dir.resolve("src"));
    for (String name : List.of("lu", "gemm")) {
      Kernel k = suite.kernel(name).orElseThrow();
      String code = new PolyhedralOptimizer(pipeline(32)).optimize(k.sourceIn(root),
          List.of("-I" + root, "-I" + k.directoryIn(root), "-DSMALL_DATASET")).text();
      assertFalse(code.contains("collapsed loop nest"), name + ":\n" + code);
      assertEquals(name.equals("lu"), code.contains("chunks of balanced weight"), name + ":\n" + code);
    }
  }

  private static Node.For loop(String it, Expr lo, Expr hi, Node body, boolean coincident, String... pragmas) {
    return new Node.For(it, lo, hi, 1, body, ImmutableList.copyOf(pragmas), null, coincident);
  }

  @Test
  void chainsStopAtLoopsThatAreNotCoincident() {
    Node s = new Node.User("S", List.of(new Expr.Id("i"), new Expr.Id("j")));
    Expr n = new Expr.Id("n");
    // for i in [0, n]: for j in [0, i]: the triangle
    Node.For triangle = loop("i", new Expr.Int(0), n, loop("j", new Expr.Int(0), new Expr.Id("i"), s, true), true,
        "omp parallel for");
    CollapsedNest c = CollapsedNest.of(triangle, 2);
    assertNotNull(c);
    assertEquals(2, c.loops().size());
    assertEquals("[n] -> { [i, j] : i >= 0 and i <= n and j >= 0 and j <= i }", c.set());
    Node.For dependent = loop("i", new Expr.Int(0), n, loop("j", new Expr.Int(0), new Expr.Id("i"), s, false), true,
        "omp parallel for");
    CollapsedNest weighed = CollapsedNest.of(dependent, 2);
    assertTrue(weighed.outerOnly());
    assertFalse(c.outerOnly());
    Node.For square = loop("i", new Expr.Int(0), n, loop("j", new Expr.Int(0), n, s, true), true, "omp parallel for");
    assertNull(CollapsedNest.of(square, 2));
    // parameter-only parts of bounds become parameters computed in C
    Node.For tiles = loop("i", new Expr.Int(0), Exprs.floorDiv(Exprs.plus(n, -1), 32),
        loop("j", new Expr.Int(0), new Expr.Id("i"), s, true), true, "omp parallel for");
    CollapsedNest t = CollapsedNest.of(tiles, 2);
    assertEquals("[polyj_e0] -> { [i, j] : i >= 0 and i <= polyj_e0 and j >= 0 and j <= i }", t.set());
    assertEquals(List.of("floord(n - 1, 32)"), t.paramValues());
  }

  /**
   * The counted load balance of a triangle of 55 iterations on two threads: rows 0-4 and 5-9, or 27
   * and 28 ranks, or rows 0-6 (28 iterations, rank 26 is in row 6) and 7-9.
   */
  @Test
  void loadBalanceOfATriangleByCounting() {
    Node s = new Node.User("S", List.of(new Expr.Id("i"), new Expr.Id("j")));
    Node.For triangle = loop("i", new Expr.Int(0), new Expr.Id("n"), loop("j", new Expr.Int(0), new Expr.Id("i"), s, true),
        true, "omp parallel for");
    double[] plain = ParallelBalance.of(triangle, java.util.Map.of("n", 9L), new int[] {2, 55, 60});
    assertEquals(40 / 27.5, plain[0], 1e-12);
    double[] flat = ParallelBalance.of(new Node.Mark(CollapsedNest.markName(2), triangle), java.util.Map.of("n", 9L),
        new int[] {2, 55, 60});
    assertEquals(28 / 27.5, flat[0], 1e-12);
    assertEquals(1.0, flat[1], 1e-12);
    // more threads than ranks: 55 chunks of one iteration, five threads idle
    assertEquals(60 / 55.0, flat[2], 1e-12);
    Node.For dependent = loop("i", new Expr.Int(0), new Expr.Id("n"),
        loop("j", new Expr.Int(0), new Expr.Id("i"), s, false), true, "omp parallel for");
    double[] weighed = ParallelBalance.of(new Node.Mark(CollapsedNest.markName(2), dependent), java.util.Map.of("n", 9L),
        new int[] {2});
    assertEquals(28 / 27.5, weighed[0], 1e-12);
  }

  /**
   * The simulated speedup of a statement followed by the triangle: 56 instances, of which the
   * busiest of two threads runs 40 of the triangle's 55 (rows 0-4) after the one before it.
   */
  @Test
  void simulatedSpeedupCountsTheInstancesOutsideParallelLoops() {
    Node s = new Node.User("S", List.of(new Expr.Id("i"), new Expr.Id("j")));
    Node.For triangle = loop("i", new Expr.Int(0), new Expr.Id("n"), loop("j", new Expr.Int(0), new Expr.Id("i"), s, true),
        true, "omp parallel for");
    Node region = new Node.Block(List.of(new Node.User("T", List.of()), triangle));
    ParallelBalance.Scaling c = ParallelBalance.scaling(region, java.util.Map.of("n", 9L), new int[] {1, 2, 10});
    assertEquals(56, c.total());
    assertEquals(55, c.parallel());
    assertEquals(1, c.starts());
    assertEquals(10, c.minTrip());
    assertEquals(1.0, c.speedup(0), 1e-12);
    assertEquals(56 / 41.0, c.speedup(1), 1e-12);
    // one row per thread: the last row's 10 instances
    assertEquals(56 / 11.0, c.speedup(2), 1e-12);
  }
}
