package dev.polyj.polybench.optimize;

import dev.polyj.codegen.transform.ParallelWork;
import dev.polyj.polyhedral.scheduling.pass.StreamingOrder;
import dev.polyj.codegen.transform.RegionState;
import dev.polyj.polyhedral.pass.Scheduled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.bench.BenchCommand;
import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scop.Scop;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigInteger;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * The choice of the program's own loop order for one thread ({@link StreamingOrder}): the rank
 * it is built on against the largest non-zero minor, the decision on small synthetic programs
 * (a streaming program whose reuse spans vectors, one that reads a matrix along its columns, a
 * matrix product) and on PolyBench kernels, and, end to end, the exactness of both branches of the
 * generated code (the program's order below the work threshold, the schedule above it) against
 * the original programs.
 */
class StreamingOrderTest {
  /** A PolyBench-like tree with the synthetic kernels, using the bench tests' stand-in header. */
  private static Path syntheticSuite(Path dir) throws IOException, URISyntaxException {
    copyTree(Path.of(StreamingOrderTest.class.getResource("/dev/polyj/polybench/bench/minibench/utilities").toURI()),
        dir.resolve("utilities"));
    copyTree(Path.of(StreamingOrderTest.class.getResource("streaming").toURI()), dir);
    return dir;
  }

  private static void copyTree(Path src, Path dst) throws IOException {
    try (Stream<Path> files = Files.walk(src)) {
      for (Path f : files.toList()) {
        Path target = dst.resolve(src.relativize(f).toString());
        if (Files.isDirectory(f)) Files.createDirectories(target);
        else Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  private static Scop synthetic(String name, Path dir) throws Exception {
    Path root = syntheticSuite(dir);
    Path source = root.resolve("toy/" + name + "/" + name + ".c");
    List<RegionResult> regions = CFrontEnd.extract(source,
        List.of("-I" + root.resolve("utilities"), "-I" + source.getParent(), "-DMINI_DATASET"));
    assertTrue(regions.get(0).accepted(), name + " has no SCoP");
    return regions.get(0).scop();
  }

  private static Scop polybench(String name, Path dir) throws Exception {
    return SequentialTimeTest.scop(name, dir);
  }

  private static boolean programOrder(Scop scop) {
    return PolyhedralOptimizer.schedule(scop, PolyhedralOptimizer.Config.defaults()).programOrder() != null;
  }

  /** The rank is the size of the largest square submatrix with a non-zero determinant. */
  @Property(tries = 300)
  void rankIsTheLargestNonZeroMinor(@ForAll @Size(min = 1, max = 4) List<@Size(4) List<@IntRange(min = -3, max = 3) Integer>> m) {
    List<long[]> rows = new ArrayList<>();
    for (List<Integer> r : m) rows.add(r.stream().mapToLong(Integer::longValue).toArray());
    int largest = 0;
    int nr = rows.size();
    for (int rowMask = 1; rowMask < 1 << nr; rowMask++) {
      for (int colMask = 1; colMask < 1 << 4; colMask++) {
        int k = Integer.bitCount(rowMask);
        if (k != Integer.bitCount(colMask) || k <= largest) continue;
        long[][] sub = new long[k][k];
        int i = 0;
        for (int r = 0; r < nr; r++) {
          if ((rowMask >> r & 1) == 0) continue;
          int j = 0;
          for (int c = 0; c < 4; c++) if ((colMask >> c & 1) != 0) sub[i][j++] = rows.get(r)[c];
          i++;
        }
        if (determinant(sub).signum() != 0) largest = k;
      }
    }
    assertEquals(largest, StreamingOrder.rank(rows));
  }

  /** Laplace expansion along the first row. */
  private static BigInteger determinant(long[][] a) {
    int n = a.length;
    if (n == 1) return BigInteger.valueOf(a[0][0]);
    BigInteger d = BigInteger.ZERO;
    for (int c = 0; c < n; c++) {
      long[][] minor = new long[n - 1][n - 1];
      for (int r = 1; r < n; r++) {
        int j = 0;
        for (int k = 0; k < n; k++) if (k != c) minor[r - 1][j++] = a[r][k];
      }
      BigInteger t = BigInteger.valueOf(a[0][c]).multiply(determinant(minor));
      d = c % 2 == 0 ? d.add(t) : d.subtract(t);
    }
    return d;
  }

  @Test
  void aStreamingProgramWhoseReuseSpansVectorsKeepsItsOrder(@TempDir Path dir) throws Exception {
    Scop scop = synthetic("rowupdate", dir);
    assertTrue(StreamingOrder.streams(scop));
    assertTrue(programOrder(scop));
  }

  @Test
  void columnAccessesInTheInnermostLoopKeepTheSchedule(@TempDir Path dir) throws Exception {
    Scop scop = synthetic("colsum", dir);
    assertFalse(StreamingOrder.streams(scop));
    assertFalse(programOrder(scop));
  }

  @Test
  void aMatrixProductKeepsItsTiles(@TempDir Path dir) throws Exception {
    Scop scop = synthetic("product", dir);
    assertTrue(StreamingOrder.streams(scop), "i, k, j order is stride one innermost");
    Scheduled untiled = PolyhedralOptimizer.schedule(scop,
        PolyhedralOptimizer.Config.defaults().withTileSizes(null));
    assertTrue(StreamingOrder.tilingPays(untiled.tree(), scop), "B is reused along i over a matrix");
    assertFalse(programOrder(scop));
  }

  @ParameterizedTest
  @ValueSource(strings = {"atax", "bicg", "gesummv", "trisolv", "durbin"})
  void memoryBoundKernelsKeepTheirOrderForOneThread(String name, @TempDir Path dir) throws Exception {
    assertTrue(programOrder(polybench(name, dir)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"gemm", "2mm", "mvt", "gemver", "lu", "doitgen"})
  void kernelsThatTheScheduleSpeedsUpKeepIt(String name, @TempDir Path dir) throws Exception {
    assertFalse(programOrder(polybench(name, dir)));
  }

  /**
   * Time-tiled stencils: the skewed tiles pay at large sizes, but their own (streaming) order runs
   * where the work is too small for threads.
   */
  @ParameterizedTest
  @ValueSource(strings = {"seidel-2d", "jacobi-2d"})
  void skewedStencilsKeepTheirOrderOnlyForSmallWork(String name, @TempDir Path dir) throws Exception {
    Scop scop = polybench(name, dir);
    Scheduled untiled = PolyhedralOptimizer.schedule(scop,
        PolyhedralOptimizer.Config.defaults().withTileSizes(null));
    assertFalse(StreamingOrder.preferred(untiled.tree(), scop, "auto"), "tiling pays at large sizes");
    assertTrue(StreamingOrder.streams(scop));
    assertTrue(programOrder(scop), "the program's order runs the small work");
  }

  @ParameterizedTest
  @ValueSource(strings = {"gemm", "2mm", "doitgen"})
  void unskewedBandsAreNotSkewed(String name, @TempDir Path dir) throws Exception {
    Scop scop = polybench(name, dir);
    Scheduled untiled = PolyhedralOptimizer.schedule(scop,
        PolyhedralOptimizer.Config.defaults().withTileSizes(null));
    assertFalse(StreamingOrder.skews(untiled.tree()));
  }

  /**
   * Kernels whose schedule has no permutable band to tile and no tiling that pays: the schedule only
   * reorders their loops, so their own order stays even where it does not stream (symm, ludcmp;
   * nussinov's maxima now run in an interchanged order, ReductionInterchangeTest).
   */
  @ParameterizedTest
  @ValueSource(strings = {"symm", "ludcmp"})
  void schedulesThatOnlyReorderTheLoopsGiveWay(String name, @TempDir Path dir) throws Exception {
    Scop scop = polybench(name, dir);
    Scheduled untiled = PolyhedralOptimizer.schedule(scop,
        PolyhedralOptimizer.Config.defaults().withTileSizes(null));
    assertFalse(StreamingOrder.transforms(untiled.tree()));
    assertTrue(programOrder(scop));
  }

  @Test
  void bothBranchesAreExact(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(gcc(), "gcc is not on PATH");
    Path suite = syntheticSuite(dir.resolve("suite"));
    String text = PolyhedralOptimizer.optimize(suite.resolve("toy/rowupdate/rowupdate.c"),
        List.of("-I" + suite.resolve("utilities"), "-I" + suite.resolve("toy/rowupdate"), "-DMINI_DATASET"),
        PolyhedralOptimizer.Config.defaults()).text();
    assertTrue(text.contains("if (" + ParallelWork.FLAG + ")"), text);
    assertTrue(text.contains("omp parallel for"), text);
    // the default threshold runs the program's order at MINI; 0 runs the schedule
    for (String threshold : List.of("default", "0")) {
      var pipeline = PolyhedralOptimizer.Config.defaults().pipeline();
      if (!threshold.equals("default")) {
        pipeline = pipeline.withOption("parallel-work", "threshold", threshold).withOption("parallel-work", "fork-threshold", threshold);
      }
      assertExact(bench(pipeline, dir.resolve("synthetic-" + threshold), "--suite", suite.toString()), 3);
      assertExact(bench(pipeline, dir.resolve("polybench-" + threshold), "--kernels",
          "atax,bicg,gesummv,trisolv,durbin,jacobi-1d,fdtd-2d,cholesky,nussinov,symm,jacobi-2d,seidel-2d,doitgen"), 13);
    }
  }

  private static String bench(dev.polyj.polyhedral.pass.PassManager<RegionState> pipeline, Path out,
      String... args) {
    StringWriter sout = new StringWriter();
    StringWriter serr = new StringWriter();
    CommandLine cl = new CommandLine(new BenchCommand(new PolyhedralOptimizer(pipeline)));
    cl.setOut(new PrintWriter(sout, true));
    cl.setErr(new PrintWriter(serr, true));
    List<String> all = new ArrayList<>(List.of("--dataset", "MINI", "--reps", "1", "--threads", "2", "--progress",
        "none", "--no-reassociate", "--out", out.toString()));
    all.addAll(List.of(args));
    int exit = cl.execute(all.toArray(String[]::new));
    assertEquals(0, exit, sout + "" + serr);
    return sout.toString();
  }

  private static void assertExact(String out, int nKernel) {
    assertTrue(out.contains(nKernel + " kernels: " + nKernel + " ok"), out);
    assertFalse(out.contains("left unchanged"), out);
    assertFalse(out.contains(" rel "), "an optimized output differs from the original: " + out);
  }

  private static boolean gcc() {
    try {
      return new ProcessBuilder("gcc", "--version").start().waitFor() == 0;
    } catch (Exception e) {
      return false;
    }
  }
}
