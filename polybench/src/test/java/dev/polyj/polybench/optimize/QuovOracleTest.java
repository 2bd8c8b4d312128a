package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.transform.RegionState;
import dev.polyj.polyhedral.pass.PassManager;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code quov} pass against the original programs: single-assignment test programs (1-D, 2-D
 * and 3-D Jacobi-like stencils with a full time dimension, a Smith-Waterman-like recurrence, the
 * QUOV paper's boundary example) are optimized with QUOV storage and run-time tile sizes, compiled
 * ONCE with gcc and OpenMP, and run on two threads for several problem sizes and many tile sizes
 * chosen through the environment; every output must equal the original's bit for bit. The same
 * with the default (automatic) tiling and without tiling. A deliberately shortened occupancy
 * vector must make some run differ (the check can fail).
 *
 * <p>The programs are compiled with {@code gcc -O0} (a tenth of the compile time of {@code -O2} on
 * the separated loops of the moved faces; without optimization gcc contracts no multiply-add
 * that could round differently in the two programs); with {@code -Dpolyj.quov.full=true} with
 * {@code -O2}. The
 * sweeps over many tile sizes are {@code bench/quov/tile-sweep.sh}.
 */
class QuovOracleTest {
  /** {@code -Dpolyj.quov.full=true}: every binary built with {@code gcc -O2} too. */
  private static final boolean FULL = Boolean.getBoolean("polyj.quov.full");

  /** Tile sizes of band members 1..4 ({@code POLYJ_Tk}). */
  private static final List<long[]> TILES = List.of(new long[] {1, 1, 1, 1}, new long[] {2, 3, 2, 2},
      new long[] {4, 4, 4, 4}, new long[] {5, 2, 3, 1}, new long[] {3, 7, 1, 5}, new long[] {32, 32, 32, 32});

  static String program(String name) throws IOException {
    try (InputStream in = QuovOracleTest.class.getResourceAsStream("/quov/" + name + ".c")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /**
   * Optimizations already made, by program text, configuration and options: the tests share some
   * (jacobi2d's faces with run-time and compile-time tile sizes take seconds each).
   */
  private static final Map<String, PolyhedralOptimizer.Output> OPTIMIZED = new ConcurrentHashMap<>();

  /**
   * The program optimized with the quov pass enabled on top of {@code config} (and {@code options}),
   * within two minutes (the code generator once ran for hours on the moved faces with compile-time
   * tile sizes).
   */
  static PolyhedralOptimizer.Output optimize(Path file, PolyhedralOptimizer.Config config, String... options)
      throws IOException {
    String key = Files.readString(file) + "|" + Arrays.toString(config.tileSizes()) + "|"
        + config.withTileSizes(null) + "|" + String.join(",", options);
    PolyhedralOptimizer.Output cached = OPTIMIZED.get(key);
    if (cached != null) return cached;
    PassManager<RegionState> pipeline = config.pipeline().enable("quov");
    for (String o : options) pipeline = pipeline.withOption(o);
    PassManager<RegionState> p = pipeline;
    PolyhedralOptimizer.Output out = assertTimeoutPreemptively(Duration.ofSeconds(120),
        () -> new PolyhedralOptimizer(p).optimize(file, List.of()), "optimizing " + file.getFileName());
    OPTIMIZED.put(key, out);
    return out;
  }

  private static Path compile(Path source) throws IOException, InterruptedException {
    Path exe = source.resolveSibling(source.getFileName().toString().replace(".c", ""));
    // gcc -O2 takes a few seconds on the separated loops of the moved faces (2.2 s of CPU for
    // jacobi2d, 0.2 s with -O0): a longer limit than for the runs, for loaded machines
    String out = run(List.of("gcc", FULL ? "-O2" : "-O0", "-fopenmp", "-o", exe.toString(), source.toString(), "-lm"),
        Map.of(), source.getParent(), 300);
    assertTrue(Files.exists(exe), "gcc failed on " + source + ":\n" + out);
    return exe;
  }

  private static String run(List<String> cmd, Map<String, String> env, Path dir) throws IOException, InterruptedException {
    return run(cmd, env, dir, 60);
  }

  private static String run(List<String> cmd, Map<String, String> env, Path dir, int seconds)
      throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
    pb.environment().keySet().removeIf(k -> k.startsWith("POLYJ_T"));
    pb.environment().put("OMP_NUM_THREADS", "2");
    pb.environment().putAll(env);
    Path out = Files.createTempFile(dir, "out", ".txt");
    pb.redirectOutput(out.toFile());
    Process p = pb.start();
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return "timed out";
    }
    String text = Files.readString(out);
    Files.delete(out);
    return p.exitValue() == 0 ? text : text + "\nexit " + p.exitValue();
  }

  private static Map<String, String> tileEnv(long[] t) {
    return Map.of("POLYJ_T1", "" + t[0], "POLYJ_T2", "" + t[1], "POLYJ_T3", "" + t[2], "POLYJ_T4", "" + t[3]);
  }

  /** The runs (problem size x tile size) of {@code optimized} whose output differs from {@code original}'s. */
  private static List<String> mismatches(Path original, Path optimized, List<String> sizes, List<long[]> tiles)
      throws IOException, InterruptedException {
    List<String> bad = new ArrayList<>();
    for (String size : sizes) {
      List<String> cmd = new ArrayList<>(List.of(original.toString()));
      cmd.addAll(List.of(size.split(" ")));
      String expected = run(cmd, Map.of(), original.getParent());
      assertFalse(expected.contains("exit "), "the original fails: " + expected);
      cmd.set(0, optimized.toString());
      for (long[] t : tiles) {
        String actual = run(cmd, tileEnv(t), optimized.getParent());
        if (!expected.equals(actual)) bad.add("size " + size + ", tiles " + java.util.Arrays.toString(t));
      }
    }
    return bad;
  }

  @ParameterizedTest
  @CsvSource({
      "jacobi1d, A, 20 100; 7 5; 3 2; 1 3",
      "jacobi2d, A, 5 12; 3 8; 1 3",
      "heat3d, A, 4 14; 2 7; 1 3",
      "smith_waterman, H, 40 50; 7 3; 1 1",
      "boundary, A, 10 40; 3 1; 0 0"})
  void contractedStorageComputesWhatTheOriginalComputes(String name, String array, String sizeList,
      @TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Path file = dir.resolve(name + ".c");
    Files.writeString(file, program(name));
    List<String> sizes = List.of(sizeList.split(";\\s*"));
    Path original = compile(file);
    // run-time tile sizes: one binary, every tile size
    PolyhedralOptimizer.Output param = optimize(file,
        PolyhedralOptimizer.Config.defaults().withParametricTiles(new long[] {4, 6}));
    assertTrue(param.notes().stream().anyMatch(n -> n.contains("quov: " + array + " (")), param.notes().toString());
    assertTrue(param.text().contains("polyj_T1"), "not tiled at run-time sizes:\n" + param.text());
    Path paramSource = dir.resolve(name + "_param.c");
    Files.writeString(paramSource, param.text());
    assertEquals(List.of(), mismatches(original, compile(paramSource), sizes, TILES), param.text());
    // the default pipeline (automatic tiling) and no tiling
    for (PolyhedralOptimizer.Config config : List.of(PolyhedralOptimizer.Config.defaults(),
        PolyhedralOptimizer.Config.defaults().withTileSizes(null))) {
      PolyhedralOptimizer.Output out = optimize(file, config);
      Path source = dir.resolve(name + "_" + (config.tileSizes() == null ? "untiled" : "auto") + ".c");
      Files.writeString(source, out.text());
      assertEquals(List.of(), mismatches(original, compile(source), sizes, List.of(TILES.get(0))), out.text());
    }
  }

  @Test
  void theBoundaryExampleKeepsItsArraySharedAndReadsWithoutTests(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("boundary.c");
    Files.writeString(file, program("boundary"));
    PolyhedralOptimizer.Output out = optimize(file,
        PolyhedralOptimizer.Config.defaults().withParametricTiles(new long[] {4, 6}));
    // S0's and S2's storage would be as large as A: A stays, S0, S2 and the boundary of S1 (read
    // where S2's values are read) write it in place; the body of S1 keeps its private scalar
    String notes = out.notes().toString();
    assertTrue(notes.contains("S0 in A itself") && notes.contains("S2 in A itself")
        && notes.contains("S1 (A_S1_b0) in A itself"), notes);
    assertTrue(out.text().contains("double A_S1;"), out.text());
    assertTrue(out.text().matches("(?s).*private\\([^)]*\\bA_S1\\b[^)]*\\).*"), out.text());
    assertFalse(out.text().contains("A_S1_b0") || out.text().contains("A_S0") || out.text().contains("A_S2"), out.text());
    String band = out.text().substring(out.text().indexOf("A_S1 ="), out.text().indexOf("out[c"));
    assertFalse(band.contains("?"), "a read tests its source:\n" + out.text());
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Path original = compile(file);
    Path source = dir.resolve("boundary_kept.c");
    Files.writeString(source, out.text());
    assertEquals(List.of(), mismatches(original, compile(source), List.of("10 40", "3 1", "2 70"), TILES), out.text());
  }

  @Test
  void theBoundaryOfThePapersExampleGetsAScalar(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("boundary.c");
    Files.writeString(file, program("boundary"));
    PolyhedralOptimizer.Output split = optimize(file,
        PolyhedralOptimizer.Config.defaults().withParametricTiles(new long[] {4, 6}), "quov.keep=false");
    // S1 at i = 0 is read again in the next time step: split off as a statement of its own, a
    // scalar; the body's value is read in the iteration that writes it: a scalar private to each
    // thread (the paper's two scalars); each piece writes its own scalar, with no test in between;
    // without splitting, N + 1 cells
    assertTrue(split.text().contains("double A_S1_b0;"), split.text());
    assertTrue(split.text().contains("double A_S1;"), split.text());
    assertTrue(split.text().matches("(?s).*private\\([^)]*\\bA_S1\\b[^)]*\\).*"), split.text());
    assertTrue(split.text().contains("A_S1 = "), split.text());
    assertTrue(split.text().contains("A_S1_b0 = "), split.text());
    assertFalse(split.text().contains("&A_S1"), split.text());
    PolyhedralOptimizer.Output whole = optimize(file,
        PolyhedralOptimizer.Config.defaults().withParametricTiles(new long[] {4, 6}), "quov.split=false",
        "quov.keep=false");
    assertTrue(whole.notes().toString().contains("A_S1[N + 1]"), whole.notes().toString());
    assertFalse(whole.text().contains("A_S1_b0"), whole.text());
    // the paper's storage computes what the original computes too
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Path original = compile(file);
    Path source = dir.resolve("boundary_paper.c");
    Files.writeString(source, split.text());
    assertEquals(List.of(), mismatches(original, compile(source), List.of("10 40", "3 1"), TILES), split.text());
  }

  @Test
  void statementsSplitByTheSourcesOfTheirReadsComputeTheSame(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    for (String name : List.of("boundary", "jacobi1d")) {
      Path file = dir.resolve(name + ".c");
      Files.writeString(file, program(name));
      Path original = compile(file);
      PolyhedralOptimizer.Output out = optimize(file,
          PolyhedralOptimizer.Config.defaults().withParametricTiles(new long[] {4, 6}), "quov.split-reads=true",
          "quov.keep=false");
      assertTrue(out.notes().stream().anyMatch(n -> n.contains("quov: A (")), out.notes().toString());
      if (name.equals("boundary")) assertFalse(out.text().contains("? A_S"), "a read still tests its source:\n" + out.text());
      Path source = dir.resolve(name + "_reads.c");
      Files.writeString(source, out.text());
      assertEquals(List.of(), mismatches(original, compile(source), List.of("10 40", "3 1"), TILES), out.text());
    }
  }

  @Test
  void boundaryStatementsFusedIntoTheBandGetContractedStorage(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    for (String name : List.of("jacobi1d", "smith_waterman")) {
      Path file = dir.resolve(name + ".c");
      Files.writeString(file, program(name));
      Path original = compile(file);
      PolyhedralOptimizer.Output out = optimize(file,
          PolyhedralOptimizer.Config.defaults().withParametricTiles(new long[] {4, 6}), "quov.fuse=true");
      List<String> sizes = name.equals("jacobi1d") ? List.of("20 100", "7 5", "1 3") : List.of("40 50", "7 3");
      if (name.equals("jacobi1d")) {
        // A[t][0] = A[t - 1][0] runs at (t, t) in the band: two cells instead of one per time step
        assertTrue(out.notes().toString().contains("A_S1[2]"), out.notes().toString());
        assertTrue(out.notes().toString().contains("A_S3[2]"), out.notes().toString());
      }
      Path source = dir.resolve(name + "_fused.c");
      Files.writeString(source, out.text());
      assertEquals(List.of(), mismatches(original, compile(source), sizes, TILES), out.text());
      if (name.equals("jacobi1d")) {
        PolyhedralOptimizer.Output bad = optimize(file,
            PolyhedralOptimizer.Config.defaults().withParametricTiles(new long[] {4, 6}), "quov.fuse=true",
            "quov.shorten=true");
        Path shortSource = dir.resolve(name + "_fused_short.c");
        Files.writeString(shortSource, bad.text());
        assertFalse(mismatches(original, compile(shortSource), sizes, TILES).isEmpty(), "shortened vectors unnoticed");
      }
    }
  }

  /**
   * The boundary faces of 2-D stencils (statements of two loops, {@code A[t][0][j]}) moved into
   * the band: their QUOV taken on their own plane of the band, along the time direction, gives two
   * planes of each face instead of one per time step; outputs equal for every run-time tile size.
   * {@code faces2d}'s faces change in every step, so one plane too few (shortened along the
   * lattice only, the interior's storage untouched) must make some run differ. The moved faces
   * run in separated loops: no guard in the band's innermost loop.
   */
  @Test
  void boundaryFacesFusedIntoTheBandGetTwoPlanesEach(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    for (String name : List.of("jacobi2d", "faces2d")) {
      Path file = dir.resolve(name + ".c");
      Files.writeString(file, program(name));
      Path original = compile(file);
      PolyhedralOptimizer.Config param = PolyhedralOptimizer.Config.defaults().withParametricTiles(new long[] {4, 6});
      // by default (quov.fuse=faces) for jacobi2d, with every boundary statement for faces2d
      PolyhedralOptimizer.Output out = name.equals("jacobi2d") ? optimize(file, param)
          : optimize(file, param, "quov.fuse=true");
      String notes = out.notes().toString();
      assertTrue(notes.contains("boundary statements run in the interior's band"), notes);
      for (String face : List.of("A_S1[2, N]", "A_S2[2, N - 2]", "A_S4[2, N - 2]", "A_S5[2, N]", "A_S3[2, N - 2, N - 2]")) {
        assertTrue(notes.contains(face), face + " in " + notes);
      }
      List<String> sizes = List.of("5 12", "3 8", "1 3");
      Path source = dir.resolve(name + "_fused.c");
      Files.writeString(source, out.text());
      assertEquals(List.of(), mismatches(original, compile(source), sizes, TILES), out.text());
      assertFalse(out.text().contains("if (c4 == c3)"), "a face guarded inside the band:\n" + out.text());
      if (name.equals("faces2d")) {
        PolyhedralOptimizer.Output bad = optimize(file, param, "quov.fuse=true", "quov.shorten=lattice");
        assertTrue(bad.notes().toString().contains("A_S1[N]"), bad.notes().toString());
        assertTrue(bad.notes().toString().contains("A_S3[2, N - 2, N - 2]"), bad.notes().toString());
        Path shortSource = dir.resolve(name + "_fused_short.c");
        Files.writeString(shortSource, bad.text());
        assertFalse(mismatches(original, compile(shortSource), List.of("5 12"), TILES).isEmpty(),
            "one plane too few for the faces went unnoticed");
      }
    }
  }

  /**
   * The faces of jacobi2d moved into the band (by default) with compile-time tile sizes (the
   * default tiling, 32): the code generator separates them from the interior at each point loop of the tiles.
   * Coalescing its regions once tested the containment of parameter domains with existentials
   * (the projections of the tile loops), tens of seconds each: the optimization ran for hours. It
   * must now take seconds, and the outputs equal the original's, also for sizes of several tiles.
   */
  @Test
  void boundaryFacesWithCompileTimeTileSizesAreSeparatedQuickly(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("jacobi2d.c");
    Files.writeString(file, program("jacobi2d"));
    PolyhedralOptimizer.Output out = optimize(file, PolyhedralOptimizer.Config.defaults());
    String notes = out.notes().toString();
    assertTrue(notes.contains("boundary statements run in the interior's band") && notes.contains("A_S1[2, N]"), notes);
    assertFalse(out.text().contains("polyj_T1"), "not tiled at compile-time sizes:\n" + out.text());
    assertFalse(out.text().contains("if (c4 == c3)"), "a face guarded inside the band:\n" + out.text());
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Path source = dir.resolve("jacobi2d_fixed.c");
    Files.writeString(source, out.text());
    assertEquals(List.of(), mismatches(compile(file), compile(source), List.of("5 12", "1 3", "40 70"),
        List.of(TILES.get(0))), out.text());
  }

  @Test
  void aTooShortOccupancyVectorIsCaught(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    for (String name : List.of("jacobi1d", "smith_waterman", "boundary")) {
      Path file = dir.resolve(name + ".c");
      Files.writeString(file, program(name));
      Path original = compile(file);
      PolyhedralOptimizer.Output bad = optimize(file,
          PolyhedralOptimizer.Config.defaults().withParametricTiles(new long[] {4, 6}), "quov.shorten=true",
          "quov.keep=false");
      Path source = dir.resolve(name + "_short.c");
      Files.writeString(source, bad.text());
      List<String> sizes = name.equals("smith_waterman") ? List.of("40 50") : List.of("20 100");
      assertFalse(mismatches(original, compile(source), sizes, TILES).isEmpty(),
          name + ": the shortened occupancy vectors went unnoticed");
    }
  }
}
