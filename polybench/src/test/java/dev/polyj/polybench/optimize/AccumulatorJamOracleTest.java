package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loops with independent iterations around a scalar accumulation loop, unrolled and jammed with
 * one accumulator per copy ({@code ScalarPromotion}'s jam), against the original program run with
 * gcc: a symmetric rank-k update (a triangular bound, so the copies' remainder varies by row), a
 * matrix-vector product whose reads start at an offset, and a triangular solve whose outer loop
 * carries a dependence (never jammed). At sizes around the unroll factor and across tiles, with the
 * optimized code forced sequential and on two threads, every output bit must equal the original's.
 */
class AccumulatorJamOracleTest {
  private static Path compile(Path source, String... flags) throws IOException, InterruptedException {
    Path exe = source.resolveSibling(source.getFileName().toString().replace(".c", "") + String.join("", flags)
        .replaceAll("[^A-Za-z0-9]", "_"));
    List<String> cmd = new ArrayList<>(List.of("gcc", "-O2", "-fopenmp", "-ffp-contract=off"));
    cmd.addAll(List.of(flags));
    cmd.addAll(List.of("-o", exe.toString(), source.toString(), "-lm"));
    String out = run(cmd, source.getParent());
    assertTrue(Files.exists(exe), "gcc failed on " + source + ":\n" + out);
    return exe;
  }

  /** Standard output of {@code cmd} (with its exit code when not 0). */
  private static String run(List<String> cmd, Path dir) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
    pb.environment().put("OMP_NUM_THREADS", "2");
    Path out = Files.createTempFile(dir, "out", ".txt");
    pb.redirectOutput(out.toFile());
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return "timed out";
    }
    String text = Files.readString(out);
    Files.delete(out);
    return p.exitValue() == 0 ? text : text + "\nexit " + p.exitValue();
  }

  /** The body of the function {@code name} in {@code text}. */
  private static String function(String text, String name) {
    int start = text.indexOf("static void " + name + "(");
    int end = text.indexOf("\n}\n", start);
    return text.substring(start, end);
  }

  @Test
  void jammedAccumulatorsComputeTheOriginalsResults(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("updates.c");
    try (InputStream in = AccumulatorJamOracleTest.class.getResourceAsStream("/jam/updates.c")) {
      Files.writeString(file, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
    String text = new PolyhedralOptimizer().optimize(file, List.of()).text();
    // four accumulators side by side in the update and the product, none in the solve
    for (String name : List.of("update", "product")) {
      String code = function(text, name);
      assertTrue(code.contains("+= 4)") && code.contains("polyj_acc3"), code);
    }
    for (String name : List.of("solve", "shift")) assertFalse(function(text, name).contains("+= 4)"), function(text, name));
    Matcher jammed = Pattern.compile("polyj_acc0 \\+= alpha \\* A\\[(c\\d)\\]\\[(c\\d)\\] \\* A\\[(c\\d)\\]\\[\\2\\];\\s*"
        + "polyj_acc1 \\+= alpha \\* A\\[\\1\\]\\[\\2\\] \\* A\\[\\3 \\+ 1\\]\\[\\2\\];").matcher(text);
    assertTrue(jammed.find(), text);
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Path optimizedFile = dir.resolve("updates_opt.c");
    Files.writeString(optimizedFile, text);
    Path original = compile(file);
    List<Path> optimized = List.of(compile(optimizedFile),
        compile(optimizedFile, "-DPOLYJ_SMALL_WORK=0"),
        compile(optimizedFile, "-DPOLYJ_SMALL_WORK=0", "-DPOLYJ_PARALLEL_WORK=0", "-DPOLYJ_PARALLEL_FORK_WORK=0"));
    int[][] sizes = {{1, 1}, {3, 5}, {5, 2}, {7, 13}, {38, 40}, {70, 33}};
    for (int[] s : sizes) {
      List<String> args = List.of(Integer.toString(s[0]), Integer.toString(s[1]));
      List<String> cmd = new ArrayList<>(List.of(original.toString()));
      cmd.addAll(args);
      String expected = run(cmd, dir);
      assertFalse(expected.contains("exit "), "the original fails: " + expected);
      for (Path exe : optimized) {
        cmd = new ArrayList<>(List.of(exe.toString()));
        cmd.addAll(args);
        assertEquals(expected, run(cmd, dir), exe.getFileName() + " at n = " + s[0] + ", m = " + s[1]);
      }
    }
  }
}
