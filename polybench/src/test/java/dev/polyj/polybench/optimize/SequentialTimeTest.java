package dev.polyj.polybench.optimize;

import dev.polyj.codegen.transform.ParallelWork;
import dev.polyj.polyhedral.scheduling.pass.StreamingOrder;
import dev.polyj.polyhedral.scheduling.pass.SequentialTime;
import dev.polyj.polyhedral.pass.Scheduled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.suite.EmbeddedSuite;
import dev.polyj.polybench.suite.Kernel;
import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Scop;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The decision between a time-tiled wavefront and a sequential time loop around the space loops
 * ({@link SequentialTime}), on the PolyBench stencils: the schedule trees it gives and, end to end,
 * the exactness of the generated programs against the original ones (array dumps compared by the
 * bench runner, on two threads).
 */
class SequentialTimeTest {
  /** The SCoP of a kernel of the embedded suite at the MINI dataset (extracted into dir). */
  static Scop scop(String name, Path dir) throws Exception {
    EmbeddedSuite suite = EmbeddedSuite.load();
    Path root = suite.extractTo(dir);
    Kernel k = suite.kernel(name).orElseThrow();
    List<RegionResult> regions = CFrontEnd.extract(k.sourceIn(root),
        List.of("-I" + root, "-I" + k.directoryIn(root), "-DMINI_DATASET"));
    assertTrue(regions.get(0).accepted(), name + " has no SCoP");
    return regions.get(0).scop();
  }

  /** The default optimizer's C for a kernel of the embedded suite at a dataset (e.g. MINI_DATASET). */
  static String optimized(String name, String dataset, Path dir) throws Exception {
    return optimized(name, dataset, dir, PolyhedralOptimizer.Config.defaults());
  }

  /** {@link #optimized(String, String, Path)} with another configuration. */
  static String optimized(String name, String dataset, Path dir, PolyhedralOptimizer.Config config) throws Exception {
    EmbeddedSuite suite = EmbeddedSuite.load();
    Path root = suite.extractTo(dir);
    Kernel k = suite.kernel(name).orElseThrow();
    return PolyhedralOptimizer.optimize(k.sourceIn(root),
        List.of("-I" + root, "-I" + k.directoryIn(root), "-D" + dataset), config).text();
  }

  private static ScheduleNode.Band outermostBand(ScheduleNode n) {
    while (!(n instanceof ScheduleNode.Band)) n = n.children().get(0);
    return (ScheduleNode.Band) n;
  }

  /** Every band below the time loop has a parallel outermost member. */
  private static void assertInnerBandsParallel(ScheduleNode n, boolean below) {
    if (n instanceof ScheduleNode.Band b && below) {
      assertTrue(b.coincident().get(0), "a space loop is not parallel: " + b.members());
      return;
    }
    for (ScheduleNode c : n.children()) assertInnerBandsParallel(c, below || n instanceof ScheduleNode.Band);
  }

  @ParameterizedTest
  @ValueSource(strings = {"fdtd-2d", "heat-3d", "jacobi-1d"})
  void timeLoopStaysSequentialOutsideParallelSpaceLoops(String name, @TempDir Path dir) throws Exception {
    Scop scop = scop(name, dir);
    Scheduled s = PolyhedralOptimizer.schedule(scop, PolyhedralOptimizer.Config.defaults());
    ScheduleNode.Band time = outermostBand(s.tree());
    assertEquals(1, time.nMember(), "the time loop is tiled: " + time.members());
    assertFalse(time.coincident().get(0), "the time loop carries the stencil's dependences");
    assertInstanceOf(ScheduleNode.Sequence.class, time.child());
    assertInnerBandsParallel(time.child(), true);
  }

  /**
   * An outer loop around a sequence of nests is a time loop only when the space it sweeps does not
   * move with it: cholesky's and lu's outer loops are not, and their schedules keep the band Pluto
   * found (cholesky ran in program order, 2.4 times slower at LARGE, when its outer loop was taken
   * for a time loop).
   */
  @ParameterizedTest
  @ValueSource(strings = {"cholesky", "lu", "ludcmp", "gramschmidt", "durbin", "nussinov", "floyd-warshall", "trisolv"})
  void triangularOuterLoopsAreNotTimeLoops(String name, @TempDir Path dir) throws Exception {
    assertFalse(SequentialTime.spaceIndependentOfTime(scop(name, dir)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"fdtd-2d", "heat-3d", "jacobi-1d", "jacobi-2d", "seidel-2d"})
  void stencilTimeLoopsSweepAFixedSpace(String name, @TempDir Path dir) throws Exception {
    assertTrue(SequentialTime.spaceIndependentOfTime(scop(name, dir)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"seidel-2d", "jacobi-2d"})
  void smallTwoDimensionalStencilsKeepTheWavefront(String name, @TempDir Path dir) throws Exception {
    Scop scop = scop(name, dir);
    Scheduled s = PolyhedralOptimizer.schedule(scop, PolyhedralOptimizer.Config.defaults());
    ScheduleNode.Band tiles = outermostBand(s.tree());
    assertTrue(tiles.nMember() >= 3, "the time-space band is not tiled: " + tiles.members());
    assertTrue(tiles.coincident().get(1), "the wavefront's second tile loop is not parallel");
  }

  /** With {@code time-loop.out-of-place=true}, the out-of-place jacobi-2d runs parallel sweeps in a sequential time loop; in-place seidel-2d does not. */
  @ParameterizedTest
  @ValueSource(strings = {"seidel-2d", "jacobi-2d"})
  void outOfPlaceStencilsCanKeepTheTimeLoopOutside(String name, @TempDir Path dir) throws Exception {
    Scop scop = scop(name, dir);
    Scheduled s = PolyhedralOptimizer.schedule(scop,
        PolyhedralOptimizer.Config.defaults().pipeline().withOption("time-loop", "out-of-place", "true"));
    ScheduleNode.Band time = outermostBand(s.tree());
    assertEquals(name.equals("jacobi-2d"), time.nMember() == 1, "time band: " + time.members());
    if (name.equals("jacobi-2d")) assertInnerBandsParallel(time.child(), true);
  }

  @Test
  void oneDimensionalStencilForksNoThreads(@TempDir Path dir) throws Exception {
    String text = optimized("jacobi-1d", "MINI_DATASET", dir);
    // too little work for threads, and no reuse beyond a row: the program's own order (StreamingOrder)
    assertFalse(text.contains("omp parallel"), text);
  }

  /**
   * adi's two sweeps alternate in a time loop, each a column of boundary statements and three row
   * recurrences (two forward, one backward): the scheduler cuts between the sweeps and between
   * the boundary statements and the recurrences, but keeps each sweep's recurrences fused in one
   * parallel loop over the rows, as the program wrote them (one parallel loop per statement, as
   * before, streamed every row's intermediate values through memory: 1.5 times slower in one
   * thread at LARGE). Exactness: {@link #stencilsAreExactWithEitherTimeLoop}.
   */
  @Test
  void adiSweepsRunTheirRowRecurrencesFused(@TempDir Path dir) throws Exception {
    String text = optimized("adi", "LARGE_DATASET", dir);
    String parallel = text.substring(text.indexOf("if (" + ParallelWork.FLAG + ")"), text.indexOf("else"));
    assertEquals(2, parallel.split("#pragma omp parallel for", -1).length - 1, parallel);
  }

  @Test
  void smallWorkRunsTheParallelLoopsInOneThread(@TempDir Path dir) throws Exception {
    String text = optimized("gesummv", "MINI_DATASET", dir);
    assertTrue(text.contains("#pragma omp parallel for if(" + ParallelWork.FLAG + ")"), text);
    assertTrue(text.contains("const int " + ParallelWork.FLAG + " = "), text);
    assertTrue(text.contains("#define " + ParallelWork.THRESHOLD_MACRO + " "), text);
  }

  @Test
  void stencilsAreExactWithEitherTimeLoop(@TempDir Path dir) {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    String kernels = "fdtd-2d,heat-3d,jacobi-1d,jacobi-2d,seidel-2d,adi";
    // modes: the decision, a sequential time loop everywhere (fused steps, then unfused ones), and
    // the default threshold of parallel work (the others run every parallel loop in parallel)
    // "diamond": small tiles (many of them at MINI) cut for concurrent start on every time-skewed band
    for (String mode : List.of("auto", "sequential", "unfused", "threshold", "diamond")) {
      var pipeline = PolyhedralOptimizer.Config.defaults().pipeline()
          .withOption("time-loop", "mode", mode.equals("unfused") ? "sequential" : "auto")
          .withOption("time-loop", "fuse", Boolean.toString(!mode.equals("unfused")));
      if (mode.equals("diamond")) {
        pipeline = pipeline.disable("time-loop").disable("program-order").withOption("tiling", "sizes", "5,4,3")
            .withOption("diamond", "bands", "all");
      }
      if (!mode.equals("threshold")) pipeline = OptimizerEndToEndTest.forcedParallel(pipeline);
      OptimizerEndToEndTest.assertVerified(OptimizerEndToEndTest.bench(pipeline, dir.resolve(mode),
          List.of("--dataset", "MINI", "--no-reassociate", "--kernels", kernels)), 6);
    }
  }
}
