package dev.polyj.polybench.optimize;

import dev.polyj.codegen.transform.ProductPacking;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.suite.EmbeddedSuite;
import dev.polyj.polybench.suite.Kernel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The PolyBench products and their triangular and symmetric relatives, optimized with the default
 * configuration (packed tiles where {@link ProductPacking} applies) at sizes that are not multiples
 * of the tiles, the micro-kernel's row groups or its column strips, and compared bit for bit with
 * the original program: both are built with {@code -ffp-contract=off}, the harness prints every
 * value in hexadecimal ({@code %a}), and the optimized program runs on one and on two threads with
 * every parallel loop enabled.
 */
class PackedKernelsTest {
  /** Kernel sizes: several tiles with partial edges, and one partial tile smaller than a row group. */
  private static final List<List<String>> SIZES = List.of(
      List.of("-DNI=133", "-DNJ=530", "-DNK=141", "-DNL=519", "-DNM=77", "-DN=131", "-DM=517"),
      List.of("-DNI=13", "-DNJ=10", "-DNK=7", "-DNL=9", "-DNM=11", "-DN=3", "-DM=10"));

  @ParameterizedTest
  @ValueSource(strings = {"gemm", "2mm", "3mm", "syrk", "syr2k", "symm", "trmm"})
  void optimizedKernelIsBitIdentical(String name, @TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    EmbeddedSuite suite = EmbeddedSuite.load();
    Path root = suite.extractTo(dir.resolve("src"));
    Kernel k = suite.kernel(name).orElseThrow();
    // the harness with every value printed exactly
    Path harness = dir.resolve("polyj_bench_exact.c");
    Files.writeString(harness, Files.readString(root.resolve("polyj_bench.c")).replace("\"%0.2lf \"", "\"%a \""));
    assertTrue(Files.readString(harness).contains("\"%a \""), "the harness's dump format changed");
    for (List<String> sizes : SIZES) {
      List<String> cpp = new ArrayList<>(List.of("-I" + root, "-I" + k.directoryIn(root)));
      cpp.addAll(sizes);
      String code = PolyhedralOptimizer.optimize(k.sourceIn(root), cpp, PolyhedralOptimizer.Config.defaults()).text();
      if (List.of("gemm", "2mm", "3mm").contains(name)) {
        assertTrue(code.contains(ProductPacking.PREFIX + "0_0["), name + " was not packed");
      }
      Path optimized = dir.resolve(name + "-optimized.c");
      Files.writeString(optimized, code);
      Path original = build(dir, k.sourceIn(root), harness, cpp, "original");
      Path built = build(dir, optimized, harness, cpp, "optimized");
      byte[] expected = run(original, 1);
      assertTrue(expected.length > 0, name + ": the original printed nothing");
      for (int threads : new int[] {1, 2}) {
        assertArrayEquals(expected, run(built, threads), name + " " + sizes + " on " + threads + " threads");
      }
    }
  }

  private static Path build(Path dir, Path source, Path harness, List<String> cpp, String tag)
      throws IOException, InterruptedException {
    Path exe = dir.resolve(tag);
    List<String> cmd = new ArrayList<>(List.of("gcc", "-O2", "-march=native", "-fopenmp", "-ffp-contract=off", "-w",
        "-DPOLYJ_DUMP", "-DPOLYJ_PARALLEL_WORK=0", "-DPOLYJ_PARALLEL_FORK_WORK=0"));
    cmd.addAll(cpp);
    cmd.addAll(List.of(source.toString(), harness.toString(), "-lm", "-o", exe.toString()));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "gcc timed out");
    assertEquals(0, p.exitValue(), "gcc " + source + ": " + out);
    return exe;
  }

  /** The array dump (stderr) of one run. */
  private static byte[] run(Path exe, int threads) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(exe.toString()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    pb.environment().put("OMP_NUM_THREADS", Integer.toString(threads));
    Process p = pb.start();
    byte[] err = p.getErrorStream().readAllBytes();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), exe + " timed out");
    assertEquals(0, p.exitValue(), exe + " failed");
    return err;
  }
}
