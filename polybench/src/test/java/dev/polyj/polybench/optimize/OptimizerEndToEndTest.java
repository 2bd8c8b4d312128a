package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.transform.RegionState;
import dev.polyj.polybench.bench.BenchCommand;
import dev.polyj.polyhedral.pass.PassManager;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * The optimizer end to end on the PolyBench kernels: each kernel is optimized (scheduled, tiled,
 * parallelized), compiled with gcc and OpenMP, run on two threads, and its array dump compared
 * with the original program's. Every region must be optimized (a schedule that violates a
 * dependence is refused by the legality check and would show up as a region left unchanged).
 */
class OptimizerEndToEndTest {
  private static final String TILED_KERNELS =
      "gemm,2mm,3mm,lu,cholesky,syr2k,trmm,jacobi-1d,jacobi-2d,seidel-2d,fdtd-2d,heat-3d,nussinov,floyd-warshall";

  record Outcome(int exit, String out, String err) {}

  private static Outcome bench(PolyhedralOptimizer.Config config, Path dir, String dataset, String kernels) {
    return bench(config, dir, dataset, kernels, "--no-reassociate");
  }

  private static Outcome bench(PolyhedralOptimizer.Config config, Path dir, String dataset, String kernels,
      String reassociation) {
    List<String> args = new ArrayList<>(List.of("--dataset", dataset, reassociation));
    if (kernels != null) args.addAll(List.of("--kernels", kernels));
    return bench(config, dir, args);
  }

  /** {@code pipeline} with every parallel loop run in parallel, whatever the work of the small datasets. */
  static PassManager<RegionState> forcedParallel(PassManager<RegionState> pipeline) {
    // the optimized code also where the work is tiny (small-work would run the original there)
    return pipeline.withOption("parallel-work", "threshold", "0").withOption("parallel-work", "fork-threshold", "0")
        .withOption("small-work", "threshold", "0");
  }

  /** {@link #bench(PassManager, Path, List)} of {@code config}'s pipeline, parallel loops forced, under {@code dir}/out. */
  static Outcome bench(PolyhedralOptimizer.Config config, Path dir, List<String> args) {
    return bench(forcedParallel(config.pipeline()), dir.resolve("out"), args);
  }

  /** {@code bench} of {@code pipeline} with {@code args}, one timed run on two threads, outputs in {@code out}. */
  static Outcome bench(PassManager<RegionState> pipeline, Path out, List<String> args) {
    StringWriter stdout = new StringWriter();
    StringWriter stderr = new StringWriter();
    CommandLine cl = new CommandLine(new BenchCommand(new PolyhedralOptimizer(pipeline)));
    cl.setOut(new PrintWriter(stdout, true));
    cl.setErr(new PrintWriter(stderr, true));
    List<String> all = new ArrayList<>(List.of("--reps", "1", "--threads", "2", "--progress", "none",
        "--out", out.toString()));
    all.addAll(args);
    int exit = cl.execute(all.toArray(String[]::new));
    return new Outcome(exit, stdout.toString(), stderr.toString());
  }

  /** Every kernel verified exact, none left unchanged. */
  static void assertVerified(Outcome o, int nKernel) {
    assertEquals(0, o.exit(), o.out() + o.err());
    assertTrue(o.out().contains(nKernel + " kernels: " + nKernel + " ok"), o.out());
    assertFalse(o.out().contains("left unchanged"), o.out());
    assertFalse(o.out().contains(" rel "), "an optimized output differs from the original: " + o.out());
  }

  private static void assertAllOptimizedAndExact(Outcome o, int nKernel) {
    assertVerified(o, nKernel);
  }


  @Test
  void everyKernelWithTheDefaultConfiguration(@TempDir Path dir) {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    assertAllOptimizedAndExact(bench(PolyhedralOptimizer.Config.defaults(), dir, "MINI", null), 30);
  }

  /**
   * Tiles of one point and tiles of different sizes that divide no extent; other sizes that
   * leave remainders run in {@link #unrollAndJamOfMatrixProducts} (7) and in the golden
   * configurations (16, and 8 for diamond tiles).
   */
  @ParameterizedTest
  @ValueSource(strings = {"1", "3,5,2"})
  void tiledKernelsWithSmallAndNonDividingTileSizes(String sizes, @TempDir Path dir) {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    long[] t = java.util.Arrays.stream(sizes.split(",")).mapToLong(Long::parseLong).toArray();
    PolyhedralOptimizer.Config config = PolyhedralOptimizer.Config.defaults().withTileSizes(t);
    assertAllOptimizedAndExact(bench(config, dir, "MINI", TILED_KERNELS), TILED_KERNELS.split(",").length);
  }

  @Test
  void withoutWavefrontsStrideOrderOrTiling(@TempDir Path dir) {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    PolyhedralOptimizer.Config plain = PolyhedralOptimizer.Config.defaults().withWavefront(false)
        .withStrideOrder(false);
    assertAllOptimizedAndExact(bench(plain, dir.resolve("a"), "MINI", TILED_KERNELS), TILED_KERNELS.split(",").length);
    PolyhedralOptimizer.Config untiled = PolyhedralOptimizer.Config.defaults().withTileSizes(null);
    assertAllOptimizedAndExact(bench(untiled, dir.resolve("b"), "MINI", TILED_KERNELS),
        TILED_KERNELS.split(",").length);
  }

  /**
   * Unroll-and-jam of the matrix products by factors other than the default (which the tests
   * above cover), with the default long tiles and with tiles of 7 that leave remainders: the
   * generated code holds the unrolled loops and computes the same arrays as the original.
   */
  @ParameterizedTest
  @ValueSource(ints = {2, 3})
  void unrollAndJamOfMatrixProducts(int factor, @TempDir Path dir) throws java.io.IOException {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    String kernels = "gemm,2mm,3mm";
    dev.polyj.polybench.suite.EmbeddedSuite suite = dev.polyj.polybench.suite.EmbeddedSuite.load();
    Path root = suite.extractTo(dir.resolve("src"));
    PolyhedralOptimizer.Config config = PolyhedralOptimizer.Config.defaults().withUnrollJam(factor);
    for (String name : List.of("gemm", "2mm", "3mm")) {
      dev.polyj.polybench.suite.Kernel k = suite.kernel(name).orElseThrow();
      String code = PolyhedralOptimizer.optimize(k.sourceIn(root),
          List.of("-I" + root, "-I" + k.directoryIn(root), "-DMINI_DATASET"), config).text();
      assertTrue(code.contains(" += " + factor + ")"), name + " not unrolled:\n" + code);
    }
    assertAllOptimizedAndExact(bench(config, dir.resolve("a"), "MINI", kernels), kernels.split(",").length);
    assertAllOptimizedAndExact(bench(config.withTileSizes(new long[] {7}), dir.resolve("b"), "SMALL", kernels),
        kernels.split(",").length);
  }

  /**
   * Reassociated reductions (the default of {@code bench}): every kernel with a reduction is
   * optimized, run on two threads with its parallel loops forced on, and its output agrees with the
   * original's within the tolerance; those whose reductions were reordered are reported as checked
   * with the tolerance (atax, bicg, mvt and gemver run their outer loop in parallel with a reduction clause).
   */
  @Test
  void reassociatedReductionsAgreeWithinTheTolerance(@TempDir Path dir) {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    String kernels = "atax,bicg,mvt,gemver,gesummv,gemm,2mm,symm,syrk,doitgen,durbin,gramschmidt,correlation,covariance";
    Outcome o = bench(PolyhedralOptimizer.Config.defaults(), dir, "MINI", kernels, "--reassociate");
    int n = kernels.split(",").length;
    assertEquals(0, o.exit(), o.out() + o.err());
    assertTrue(o.out().contains(n + " kernels: " + n + " ok"), o.out());
    assertFalse(o.out().contains("left unchanged"), o.out());
    for (String k : List.of("atax", "bicg", "mvt", "gemver")) {
      assertTrue(o.out().lines().anyMatch(l -> l.startsWith(k + " ") && l.endsWith("rel 1e-09")), o.out());
    }
  }

  /**
   * Reassociated sums in the program's own loops, which run where the work is small (the parallel
   * loops are not forced here): trisolv, gesummv and durbin at SMALL vectorize them, and agree with the
   * original within the tolerance.
   */
  @Test
  void reassociatedSumsOfTheProgramsOwnLoopsAgreeWithinTheTolerance(@TempDir Path dir) {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Outcome o = bench(PolyhedralOptimizer.Config.defaults().pipeline(), dir.resolve("out"),
        List.of("--dataset", "SMALL", "--reassociate", "--kernels", "trisolv,gesummv,durbin"));
    assertEquals(0, o.exit(), o.out() + o.err());
    assertTrue(o.out().contains("3 kernels: 3 ok"), o.out());
    for (String k : List.of("trisolv", "gesummv", "durbin")) {
      assertTrue(o.out().lines().anyMatch(l -> l.startsWith(k + " ") && l.endsWith("rel 1e-09")), o.out());
    }
  }

  @Test
  void concurrentStartAndMachineTileSizes(@TempDir Path dir) {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    PolyhedralOptimizer.Config diamond = PolyhedralOptimizer.Config.defaults().withDiamond(true)
        .withTileSizes(new long[] {4});
    assertAllOptimizedAndExact(bench(diamond, dir.resolve("a"), "MINI", "jacobi-1d"), 1);
    PolyhedralOptimizer.Config sica = PolyhedralOptimizer.Config.defaults().withSizePolicy(
        dev.polyj.polyhedral.tiling.TileSizePolicies.parse("sica2",
            dev.polyj.polyhedral.tiling.MachineModel.parse("l1=1K,l2=4K,simd=16")));
    assertAllOptimizedAndExact(bench(sica, dir.resolve("b"), "MINI", "gemm,syr2k,2mm,doitgen"), 4);
  }
}
