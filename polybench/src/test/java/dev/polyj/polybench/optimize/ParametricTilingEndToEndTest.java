package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.suite.EmbeddedSuite;
import dev.polyj.polybench.suite.Kernel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Parametric tiling end to end: each tiled kernel is optimized with run-time tile sizes, compiled
 * ONCE with gcc and OpenMP, and run with many tile sizes chosen through the environment (unit
 * tiles, small and non-dividing sizes, sizes larger than the data, different sizes per band
 * member) and with the compiled-in defaults, on two threads; every run's array dump must equal
 * the original program's exactly. The stencils and lu run their tiles as wavefronts with a
 * parallel second tile loop, as with constant sizes.
 */
class ParametricTilingEndToEndTest {
  /** Sizes of band members 1, 2, 3, 4 (the last one repeats), null for the compiled-in defaults. */
  private static final List<long[]> SIZES = java.util.Arrays.asList(null, new long[] {1}, new long[] {2},
      new long[] {7}, new long[] {32}, new long[] {3, 5, 2}, new long[] {1, 4, 9}, new long[] {5, 1, 3, 2},
      new long[] {13, 2, 6, 1});

  private record Run(int exit, String dump) {}

  private static Run run(List<String> cmd, Map<String, String> env, Path dir) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
    pb.environment().keySet().removeIf(k -> k.startsWith("POLYJ_T"));
    pb.environment().put("OMP_NUM_THREADS", "2");
    pb.environment().putAll(env);
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException(String.join(" ", cmd) + " timed out");
    }
    String dump = Files.readString(err, StandardCharsets.UTF_8);
    if (p.exitValue() != 0) dump += Files.readString(out, StandardCharsets.UTF_8);
    return new Run(p.exitValue(), dump);
  }

  @ParameterizedTest
  @ValueSource(strings = {"gemm", "2mm", "syr2k", "trmm", "cholesky", "lu", "jacobi-1d", "jacobi-2d", "seidel-2d",
      "fdtd-2d", "heat-3d", "3mm"})
  void compiledOnceRunWithManyTileSizes(String name, @TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    EmbeddedSuite suite = EmbeddedSuite.load();
    Path root = suite.extractTo(dir);
    Kernel k = suite.kernel(name).orElseThrow();
    List<String> cpp = List.of("-I" + root, "-I" + k.directoryIn(root), "-DMINI_DATASET");
    PolyhedralOptimizer.Config config = PolyhedralOptimizer.Config.defaults().withParametricTiles(new long[] {4, 6});
    PolyhedralOptimizer.Output opt = PolyhedralOptimizer.optimize(k.sourceIn(root), cpp, config);
    assertFalse(opt.notes().toString().contains("left unchanged"), opt.notes().toString());
    assertTrue(opt.text().contains("polyj_T1 * ceild("), "no run-time tile loop in\n" + opt.text());
    // as many parallel loops as constant tiling with the same sizes
    String constant = PolyhedralOptimizer.optimize(k.sourceIn(root), cpp,
        PolyhedralOptimizer.Config.defaults().withTileSizes(new long[] {4, 6})).text();
    assertEquals(count(constant, "#pragma omp parallel for"), count(opt.text(), "#pragma omp parallel for"),
        "parallel loops differ from constant tiling in\n" + opt.text());
    // the defaults of the sizes the code uses (a wavefront band uses POLYJ_T1 for both tile loops)
    assertTrue(opt.text().contains("#define POLYJ_T1 4\n"), opt.text());
    assertEquals(opt.text().contains("polyj_T2"), opt.text().contains("#define POLYJ_T2 6\n"), opt.text());
    Path optSource = k.directoryIn(root).resolve(name + "-param.c");
    Files.writeString(optSource, opt.text());

    List<String> flags = List.of("-O1", "-DPOLYJ_DUMP", "-DMINI_DATASET");
    Path origExe = dir.resolve("orig");
    Run build = run(EmbeddedSuite.gccCommand("gcc", root, k, origExe, flags), Map.of(), dir);
    assertEquals(0, build.exit(), build.dump());
    List<String> optCmd = new ArrayList<>(EmbeddedSuite.gccCommand("gcc", root, k, dir.resolve("opt"),
        List.of("-O1", "-fopenmp", "-DPOLYJ_DUMP", "-DMINI_DATASET")));
    optCmd.set(optCmd.indexOf(k.sourceIn(root).toString()), optSource.toString());
    build = run(optCmd, Map.of(), dir);
    assertEquals(0, build.exit(), build.dump());

    Run expected = run(List.of(origExe.toString()), Map.of(), dir);
    assertEquals(0, expected.exit(), expected.dump());
    assertFalse(expected.dump().isBlank(), "the original dumped nothing");
    for (long[] sizes : SIZES) {
      Map<String, String> env = new java.util.HashMap<>();
      for (int m = 0; sizes != null && m < 4; m++) env.put("POLYJ_T" + (m + 1), Long.toString(sizes[Math.min(m, sizes.length - 1)]));
      Run got = run(List.of(dir.resolve("opt").toString()), env, dir);
      assertEquals(0, got.exit(), got.dump());
      assertEquals(expected.dump(), got.dump(), name + " with tile sizes " + env);
    }
  }

  private static int count(String text, String what) {
    int n = 0;
    for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) n++;
    return n;
  }
}
