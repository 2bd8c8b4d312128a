package dev.polyj.polybench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * LLVM's Polly: the kernel is compiled by {@code clang -O3 -march=native -mllvm -polly -mllvm
 * -polly-parallel -fopenmp}. Usable when clang (or a versioned clang-N) accepts those options and links an OpenMP program.
 */
final class PollyTool implements ComparisonTool {

  static final List<String> FLAGS = List.of(
      "-O3", "-march=native", "-mllvm", "-polly", "-mllvm", "-polly-parallel", "-fopenmp");

  private static final String PROBE = String.join("\n",
      "double a[64][64];",
      "int main(void) {",
      "  for (int i = 0; i < 64; i++)",
      "    for (int j = 0; j < 64; j++)",
      "      a[i][j] = i + j;",
      "  return a[3][4] == 7.0 ? 0 : 1;",
      "}", "");

  /** The clang on the PATH: {@code clang}, else the newest versioned {@code clang-N}. */
  static String clang() {
    String path = System.getenv("PATH");
    if (path == null) return "clang";
    String[] dirs = path.split(java.io.File.pathSeparator);
    List<String> names = new java.util.ArrayList<>(List.of("clang"));
    for (int v = 30; v >= 11; v--) names.add("clang-" + v);
    for (String n : names) {
      for (String d : dirs) {
        if (!d.isEmpty() && Files.isExecutable(Path.of(d, n))) return n;
      }
    }
    return "clang";
  }

  @Override
  public String name() {
    return "polly";
  }

  @Override
  public Optional<String> unavailableReason(ProcessRunner runner, Path scratch)
      throws InterruptedException {
    try {
      Path src = scratch.resolve("polly-probe.c");
      Path exe = scratch.resolve("polly-probe");
      Files.writeString(src, PROBE);
      List<String> cmd = new java.util.ArrayList<>(List.of(clang()));
      cmd.addAll(FLAGS);
      cmd.addAll(List.of(src.toString(), "-o", exe.toString()));
      ProcessRunner.Result compile = runner.run(cmd, scratch, Map.of(), scratch.resolve("polly-cc"));
      if (!compile.ok()) {
        return Optional.of("clang cannot build with Polly and OpenMP ("
            + compile.describeFailure() + ")");
      }
      ProcessRunner.Result run =
          runner.run(List.of(exe.toString()), scratch, Map.of(), scratch.resolve("polly-run"));
      if (!run.ok()) {
        return Optional.of("a program built by clang with Polly does not run ("
            + run.describeFailure() + ")");
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of("clang is not on the PATH");
    }
  }

  @Override
  public Variant prepare(BenchKernel kernel, List<String> defines, Path dir, ProcessRunner runner,
      String compiler) {
    return new Variant(clang(), FLAGS, kernel.source());
  }
}
