package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.transform.SmallWorkPass;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code small-work} pass against the original programs, run with gcc: a triangular
 * factorization (no vectorized loop in its schedule, tiles run as a wavefront) is optimized, and
 * at sizes on both sides of the threshold (the original statements, the sequential copy of the
 * tiles, the parallel tiles on two threads) its output must equal the original's bit for bit, the
 * version that ran (traced through the {@code polyj_large_work} macro) must be the one the
 * threshold selects, and forcing either version with {@code -DPOLYJ_SMALL_WORK} must give the
 * same output. The same for an interval recurrence printed in the program's order, whose
 * accumulator reads across rows (the original below the parallel-work threshold). A matrix
 * product (vectorized loops) gets no such version.
 */
class SmallWorkOracleTest {
  static String program(String name) throws IOException {
    try (InputStream in = SmallWorkOracleTest.class.getResourceAsStream("/smallwork/" + name + ".c")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static Path compile(Path source, String... flags) throws IOException, InterruptedException {
    Path exe = source.resolveSibling(source.getFileName().toString().replace(".c", "") + String.join("", flags)
        .replaceAll("[^A-Za-z0-9]", "_"));
    List<String> cmd = new ArrayList<>(List.of("gcc", "-O2", "-fopenmp"));
    cmd.addAll(List.of(flags));
    cmd.addAll(List.of("-o", exe.toString(), source.toString(), "-lm"));
    String[] out = run(cmd, source.getParent());
    assertTrue(Files.exists(exe), "gcc failed on " + source + ":\n" + out[0] + out[1]);
    return exe;
  }

  /** Standard output and standard error of {@code cmd}. */
  private static String[] run(List<String> cmd, Path dir) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
    pb.environment().put("OMP_NUM_THREADS", "2");
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return new String[] {"timed out", ""};
    }
    String[] text = {Files.readString(out), Files.readString(err)};
    Files.delete(out);
    Files.delete(err);
    if (p.exitValue() != 0) text[0] += "\nexit " + p.exitValue();
    return text;
  }

  /** The output of {@code exe} on size {@code n}, and the version it traced (empty when untraced). */
  private static String[] output(Path exe, int n) throws IOException, InterruptedException {
    return run(List.of(exe.toString(), Integer.toString(n)), exe.getParent());
  }

  @Test
  void theOriginalStatementsRunBelowTheThresholdAndEveryVersionComputesTheOriginalsResults(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("doolittle.c");
    Files.writeString(file, program("doolittle"));
    PolyhedralOptimizer.Output out = new PolyhedralOptimizer().optimize(file, List.of());
    String text = out.text();
    assertTrue(text.contains(SmallWorkPass.THRESHOLD_MACRO + " " + SmallWorkPass.DEFAULT_THRESHOLD), text);
    assertTrue(text.contains("if (polyj_large_work("), text);
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Path optimizedFile = dir.resolve("doolittle_opt.c");
    Files.writeString(optimizedFile, text);
    Path original = compile(file);
    Path traced = compile(optimizedFile, "-DTRACE");
    Path alwaysOptimized = compile(optimizedFile, "-DTRACE", "-DPOLYJ_SMALL_WORK=0");
    Path alwaysOriginal = compile(optimizedFile, "-DTRACE", "-DPOLYJ_SMALL_WORK=1e300");
    // the estimate is 2 n^3 + n^2 instances: n = 8 and 70 are below a million, 100 above it (the
    // sequential copy of the tiles), 272 also above the parallel thresholds (two threads)
    for (int n : new int[] {8, 70, 100, 272}) {
      String expected = output(original, n)[0];
      assertFalse(expected.contains("exit "), "the original fails: " + expected);
      String version = 2.0 * n * n * n + (double) n * n >= SmallWorkPass.DEFAULT_THRESHOLD ? "version 2" : "version 1";
      String[] run = output(traced, n);
      assertEquals(expected, run[0], "n = " + n);
      assertEquals(version, run[1].trim(), "n = " + n);
      run = output(alwaysOptimized, n);
      assertEquals(expected, run[0], "n = " + n + ", optimized code forced");
      assertEquals("version 2", run[1].trim());
      run = output(alwaysOriginal, n);
      assertEquals(expected, run[0], "n = " + n + ", original code forced");
      assertEquals("version 1", run[1].trim());
    }
  }

  @Test
  void programOrderReadingAcrossRowsIntoAnAccumulatorRunsTheOriginalBelowTheParallelWork(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("chain.c");
    Files.writeString(file, program("chain"));
    String text = new PolyhedralOptimizer().optimize(file, List.of()).text();
    assertTrue(text.contains("polyj_acc"), text);
    assertTrue(text.contains(">= (double)POLYJ_PARALLEL_WORK)) {"), text);
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Path optimizedFile = dir.resolve("chain_opt.c");
    Files.writeString(optimizedFile, text);
    Path original = compile(file);
    Path traced = compile(optimizedFile, "-DTRACE");
    Path alwaysOptimized = compile(optimizedFile, "-DTRACE", "-DPOLYJ_PARALLEL_WORK=0");
    for (int n : new int[] {9, 130}) {
      String expected = output(original, n)[0];
      String[] run = output(traced, n);
      assertEquals(expected, run[0], "n = " + n);
      assertEquals("version 1", run[1].trim(), "n = " + n);
      run = output(alwaysOptimized, n);
      assertEquals(expected, run[0], "n = " + n + ", optimized code forced");
      assertEquals("version 2", run[1].trim());
    }
  }

  @Test
  void regionsWithVectorizedLoopsKeepTheirCodeAtEverySize(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("product.c");
    Files.writeString(file, program("product"));
    String text = new PolyhedralOptimizer().optimize(file, List.of()).text();
    assertTrue(text.contains("omp simd"), text);
    assertFalse(text.contains(SmallWorkPass.THRESHOLD_MACRO), text);
  }

  @Test
  void theThresholdIsAPassOptionAndThePassCanBeDisabled(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("doolittle.c");
    Files.writeString(file, program("doolittle"));
    String text = new PolyhedralOptimizer(OptimizerPipeline.defaults().withOption("small-work", "threshold", "4096"))
        .optimize(file, List.of()).text();
    assertTrue(text.contains("#define " + SmallWorkPass.THRESHOLD_MACRO + " 4096\n"), text);
    text = new PolyhedralOptimizer(OptimizerPipeline.defaults().disable("small-work")).optimize(file, List.of()).text();
    assertFalse(text.contains(SmallWorkPass.THRESHOLD_MACRO), text);
  }
}
