package dev.polyj.polybench.suite;

import java.nio.file.Path;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One kernel of the embedded benchmark suite.
 *
 * @param name           kernel name as in PolyBench, e.g. {@code "gemm"} or {@code "fdtd-2d"}
 * @param category       PolyBench category, e.g. {@code "linear-algebra/blas"}
 * @param sourceResource class-path resource of the kernel's C source
 * @param headerResource class-path resource of the kernel's C header
 */
public record Kernel(String name, String category, String sourceResource, String headerResource) {

  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");
  private static final Pattern CATEGORY = Pattern.compile("[a-z0-9-]+(/[a-z0-9-]+)*");

  public Kernel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(category, "category");
    Objects.requireNonNull(sourceResource, "sourceResource");
    Objects.requireNonNull(headerResource, "headerResource");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("invalid kernel name: " + name);
    }
    if (!CATEGORY.matcher(category).matches()) {
      throw new IllegalArgumentException("invalid category for " + name + ": " + category);
    }
  }

  /** The kernel whose files live under the suite's resource root, in {@code <name>/<name>.c|.h}. */
  static Kernel ofEmbedded(String name, String category) {
    String base = EmbeddedSuite.RESOURCE_ROOT + name + "/" + name;
    return new Kernel(name, category, base + ".c", base + ".h");
  }

  /** Name of the C function holding the scop, e.g. {@code kernel_fdtd_2d}. */
  public String functionName() {
    return "kernel_" + name.replace('-', '_');
  }

  /** Directory of this kernel inside an extracted suite. */
  public Path directoryIn(Path suiteRoot) {
    return suiteRoot.resolve(name);
  }

  /** The kernel's C source inside an extracted suite. */
  public Path sourceIn(Path suiteRoot) {
    return directoryIn(suiteRoot).resolve(name + ".c");
  }

  /** The kernel's C header inside an extracted suite. */
  public Path headerIn(Path suiteRoot) {
    return directoryIn(suiteRoot).resolve(name + ".h");
  }
}
