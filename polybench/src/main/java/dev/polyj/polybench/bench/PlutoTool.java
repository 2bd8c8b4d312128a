package dev.polyj.polybench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Pluto: {@code polycc --tile --parallel} rewrites the kernel's scop, and the result is compiled
 * like the optimized code ({@code -O3 -march=native -fopenmp}). Usable when {@code polycc} is on
 * the PATH.
 */
final class PlutoTool implements ComparisonTool {

  static final List<String> FLAGS = List.of("-O3", "-march=native", "-fopenmp");

  @Override
  public String name() {
    return "pluto";
  }

  @Override
  public Optional<String> unavailableReason(ProcessRunner runner, Path scratch)
      throws InterruptedException {
    try {
      runner.run(List.of("polycc", "--version"), scratch, Map.of(), scratch.resolve("polycc"));
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of("polycc is not on the PATH");
    }
  }

  @Override
  public Variant prepare(BenchKernel kernel, List<String> defines, Path dir, ProcessRunner runner,
      String compiler) throws Failure, InterruptedException {
    String file = kernel.source().getFileName().toString();
    String stem = file.endsWith(".c") ? file.substring(0, file.length() - 2) : file;
    Path input = dir.resolve(file);
    Path output = dir.resolve(stem + ".pluto.c");
    try {
      Files.copy(kernel.source(), input, StandardCopyOption.REPLACE_EXISTING);
      ProcessRunner.Result r = runner.run(
          List.of("polycc", input.toString(), "--tile", "--parallel", "-o", output.toString()),
          dir, Map.of(), dir.resolve("polycc"));
      if (!r.ok()) {
        throw new Failure("polycc: " + r.describeFailure());
      }
      if (!Files.isRegularFile(output)) {
        throw new Failure("polycc wrote no " + output.getFileName());
      }
    } catch (IOException e) {
      throw Failure.of(e);
    }
    return new Variant(compiler, FLAGS, output);
  }
}
