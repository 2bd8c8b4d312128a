package dev.polyj.polybench.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A source-to-source optimizer under test: reads a kernel's C file and writes an optimized C
 * file that replaces it in the build. Implementations are called from several threads at once
 * (one kernel each) and must not share mutable state between calls.
 */
public interface Optimizer {

  /** Name shown in reports. */
  String name();

  /**
   * Optimizes {@code source}.
   *
   * @param source      the kernel's C file
   * @param includeDirs where the file's headers are ({@code -I} directories)
   * @param options     where to write the result and how the file is compiled
   * @return the optimized file (normally {@link Options#output()}) or a failure with its reason;
   *     an exception thrown here is reported as a failure with its message
   */
  OptimizeResult optimize(Path source, List<String> includeDirs, Options options)
      throws Exception;

  /**
   * This optimizer allowed ({@code true}) or forbidden to reassociate reductions (reorder their
   * terms, run them in parallel with private partial results); an optimizer that never does returns
   * itself.
   */
  default Optimizer withReassociation(boolean allowed) {
    return this;
  }

  /**
   * @param output  where the optimized C file should be written (its directory exists)
   * @param defines the {@code -D} options of the build (dataset, harness), for preprocessing
   * @param threads number of OpenMP threads the result will run with
   */
  record Options(Path output, List<String> defines, int threads) {
    public Options {
      Objects.requireNonNull(output, "output");
      defines = List.copyOf(defines);
    }
  }
}
