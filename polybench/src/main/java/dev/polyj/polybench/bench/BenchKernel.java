package dev.polyj.polybench.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One kernel of a suite on disk.
 *
 * @param name        kernel name, e.g. {@code gemm}
 * @param category    category path, e.g. {@code linear-algebra/blas}
 * @param source      the kernel's C file
 * @param includeDirs directories its headers are found in ({@code -I})
 */
public record BenchKernel(String name, String category, Path source, List<Path> includeDirs) {

  public BenchKernel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(category, "category");
    Objects.requireNonNull(source, "source");
    includeDirs = List.copyOf(includeDirs);
  }
}
