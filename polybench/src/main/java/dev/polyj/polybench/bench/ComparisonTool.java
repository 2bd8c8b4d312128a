package dev.polyj.polybench.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Another optimizer the results are compared with. A tool is probed once per run and skipped
 * (with a note) when it is not installed or does not work; it is never required.
 */
public interface ComparisonTool {

  /** Names accepted by {@code --compare}. */
  List<String> KNOWN = List.of("polly", "pluto");

  /** The tool of the given name, if it is known. */
  static Optional<ComparisonTool> named(String name) {
    return switch (name) {
      case "polly" -> Optional.of(new PollyTool());
      case "pluto" -> Optional.of(new PlutoTool());
      default -> Optional.empty();
    };
  }

  /** Name as given to {@code --compare}. */
  String name();

  /**
   * Checks whether the tool works here.
   *
   * @param scratch an empty directory for probe files
   * @return why it cannot be used, or empty when it can
   */
  Optional<String> unavailableReason(ProcessRunner runner, Path scratch)
      throws InterruptedException;

  /**
   * Prepares the tool's build of a kernel (running the tool when it is a source-to-source one).
   *
   * @param defines  the {@code -D} options of the build
   * @param dir      an empty directory for the tool's files
   * @param compiler the C compiler of the run's other builds
   * @throws Failure when the tool fails on this kernel
   */
  Variant prepare(BenchKernel kernel, List<String> defines, Path dir, ProcessRunner runner,
      String compiler) throws Failure, InterruptedException;

  /**
   * How to build a kernel with this tool: compiler, flags (without {@code -D}, {@code -I},
   * sources) and the kernel source to compile.
   */
  record Variant(String compiler, List<String> flags, Path source) {
    public Variant {
      Objects.requireNonNull(compiler, "compiler");
      Objects.requireNonNull(source, "source");
      flags = List.copyOf(flags);
    }
  }

  /** A tool that failed on one kernel. */
  final class Failure extends Exception {
    public Failure(String message) {
      super(message);
    }

    static Failure of(IOException e) {
      return new Failure(e.getMessage() == null ? e.toString() : e.getMessage());
    }
  }
}
