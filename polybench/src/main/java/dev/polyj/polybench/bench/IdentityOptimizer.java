package dev.polyj.polybench.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The optimizer that changes nothing: copies the source. It makes the whole benchmark pipeline
 * usable on its own and measures what {@code -fopenmp} alone does (speedups near 1x).
 */
public final class IdentityOptimizer implements Optimizer {

  @Override
  public String name() {
    return "identity";
  }

  @Override
  public OptimizeResult optimize(Path source, List<String> includeDirs, Options options)
      throws Exception {
    Files.copy(source, options.output(), StandardCopyOption.REPLACE_EXISTING);
    return OptimizeResult.ok(options.output());
  }
}
