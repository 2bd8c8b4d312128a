package dev.polyj.polybench.bench;

import dev.polyj.polybench.suite.EmbeddedSuite;
import dev.polyj.polybench.suite.Kernel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A suite of kernels on disk with its harness.
 *
 * @param description   what the reports call the suite
 * @param flavor        which harness macros it uses
 * @param harnessSources C files linked with every kernel
 * @param kernels       the kernels, in suite order
 */
public record BenchSuite(
    String description, Flavor flavor, List<Path> harnessSources, List<BenchKernel> kernels) {

  /** PolyBench/C 4.2 kernel list and harness, relative to the root of a checkout. */
  static final String POLYBENCH_LIST = "utilities/benchmark_list";
  static final String POLYBENCH_HARNESS = "utilities/polybench.c";
  static final String POLYBENCH_UTILITIES = "utilities";

  public BenchSuite {
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(flavor, "flavor");
    harnessSources = List.copyOf(harnessSources);
    kernels = List.copyOf(kernels);
  }

  /** Extracts the built-in suite into {@code dir} and describes it. */
  public static BenchSuite embedded(Path dir) throws IOException {
    return embedded(dir, EmbeddedSuite.load(), "built-in");
  }

  /** The name that selects the scalar-promoted built-in suite ({@code bench --suite builtin-scalar}). */
  public static final String BUILTIN_SCALAR = "builtin-scalar";

  /**
   * The suite named by bench's {@code --suite}: the built-in one when null, the scalar-promoted
   * built-in one for {@value #BUILTIN_SCALAR} (unless a directory of that name exists), else the
   * directory. Built-in suites are extracted into {@code extractDir}.
   */
  public static BenchSuite resolve(Path suite, Path extractDir) throws BenchSetupException, IOException {
    if (suite == null) return embedded(extractDir);
    if (suite.toString().equals(BUILTIN_SCALAR) && !Files.exists(suite)) {
      return embedded(extractDir, EmbeddedSuite.loadScalarPromoted(), BUILTIN_SCALAR);
    }
    return open(suite, extractDir);
  }

  private static BenchSuite embedded(Path dir, EmbeddedSuite suite, String name) throws IOException {
    Path root = suite.extractTo(dir);
    List<BenchKernel> kernels = new ArrayList<>();
    for (Kernel k : suite.kernels()) {
      kernels.add(new BenchKernel(k.name(), k.category(), k.sourceIn(root),
          List.of(root, k.directoryIn(root))));
    }
    return new BenchSuite(name, Flavor.POLYJ, List.of(EmbeddedSuite.harnessSourceIn(root)),
        kernels);
  }

  /**
   * Reads a suite directory: either a PolyBench/C 4.2 checkout ({@value #POLYBENCH_LIST} lists
   * {@code ./category/.../kernel/kernel.c}; the harness is {@value #POLYBENCH_HARNESS}) or a polyj
   * suite ({@code suite.txt} with the harness {@code polyj_bench.c} beside it).
   *
   * @throws BenchSetupException when the directory is neither, or a listed file is missing
   */
  public static BenchSuite open(Path dir) throws BenchSetupException, IOException {
    return open(dir, null);
  }

  /**
   * {@link #open(Path)}, where a polyj suite without a harness of its own ({@code suite.txt} only,
   * as the suites under {@code bench/} are) gets the built-in suite's harness, written into
   * {@code extractDir} (null: such a suite is refused).
   */
  public static BenchSuite open(Path dir, Path extractDir) throws BenchSetupException, IOException {
    if (!Files.isDirectory(dir)) {
      throw new BenchSetupException("suite directory " + dir + " does not exist");
    }
    Path root = dir.toAbsolutePath().normalize();
    if (Files.isRegularFile(root.resolve(POLYBENCH_LIST))) {
      return openPolyBench(root);
    }
    if (Files.isRegularFile(root.resolve(EmbeddedSuite.INDEX))) {
      if (Files.isRegularFile(EmbeddedSuite.harnessSourceIn(root))) {
        return openPolyj(root, root);
      }
      if (extractDir != null) {
        return openPolyj(root, EmbeddedSuite.extractHarnessTo(extractDir.resolve("harness")));
      }
    }
    throw new BenchSetupException(dir + " is neither a PolyBench/C 4.2 tree (no "
        + POLYBENCH_LIST + ") nor a polyj suite (no " + EmbeddedSuite.INDEX + " and "
        + EmbeddedSuite.HARNESS_SOURCE + ")");
  }

  private static BenchSuite openPolyBench(Path root) throws BenchSetupException, IOException {
    Path harness = root.resolve(POLYBENCH_HARNESS);
    if (!Files.isRegularFile(harness)) {
      throw new BenchSetupException(root + ": missing the harness " + POLYBENCH_HARNESS);
    }
    Path utilities = root.resolve(POLYBENCH_UTILITIES);
    List<String> lines = Files.readAllLines(root.resolve(POLYBENCH_LIST), StandardCharsets.UTF_8);
    List<BenchKernel> kernels = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String where = POLYBENCH_LIST + ":" + (i + 1) + ": ";
      Path source = root.resolve(line).normalize();
      if (!source.startsWith(root) || !line.endsWith(".c")) {
        throw new BenchSetupException(where + "expected a path ./category/.../kernel.c inside the"
            + " suite, got '" + line + "'");
      }
      if (!Files.isRegularFile(source)) {
        throw new BenchSetupException(where + "no such file " + source);
      }
      String file = source.getFileName().toString();
      String name = file.substring(0, file.length() - 2);
      Path relativeDir = root.relativize(source.getParent());
      String category = relativeDir.getParent() == null
          ? "" : relativeDir.getParent().toString().replace('\\', '/');
      if (!names.add(name)) {
        throw new BenchSetupException(where + "kernel " + name + " listed twice");
      }
      kernels.add(new BenchKernel(name, category, source, List.of(utilities, source.getParent())));
    }
    if (kernels.isEmpty()) {
      throw new BenchSetupException(root.resolve(POLYBENCH_LIST) + " lists no kernel");
    }
    return new BenchSuite("PolyBench/C at " + root, Flavor.POLYBENCH, List.of(harness), kernels);
  }

  /** A polyj suite at {@code root} whose harness (header and source) is in {@code harness}. */
  private static BenchSuite openPolyj(Path root, Path harness) throws BenchSetupException, IOException {
    List<String> lines =
        Files.readAllLines(root.resolve(EmbeddedSuite.INDEX), StandardCharsets.UTF_8);
    List<BenchKernel> kernels = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty()) {
        continue;
      }
      String[] f = line.split("\\s+");
      String where = EmbeddedSuite.INDEX + ":" + (i + 1) + ": ";
      if (f.length != 2) {
        throw new BenchSetupException(where + "expected '<name> <category>', got '" + line + "'");
      }
      Path dir = root.resolve(f[0]);
      Path source = dir.resolve(f[0] + ".c");
      if (!Files.isRegularFile(source)) {
        throw new BenchSetupException(where + "no such file " + source);
      }
      kernels.add(new BenchKernel(f[0], f[1], source,
          harness.equals(root) ? List.of(root, dir) : List.of(harness, root, dir)));
    }
    if (kernels.isEmpty()) {
      throw new BenchSetupException(root.resolve(EmbeddedSuite.INDEX) + " lists no kernel");
    }
    return new BenchSuite("polyj suite at " + root, Flavor.POLYJ,
        List.of(EmbeddedSuite.harnessSourceIn(harness)), kernels);
  }

  /**
   * The kernels with the given names, in suite order; all kernels when {@code names} is empty.
   *
   * @throws BenchSetupException naming the unknown kernels and listing the known ones
   */
  public List<BenchKernel> select(List<String> names) throws BenchSetupException {
    if (names.isEmpty()) {
      return kernels;
    }
    Map<String, BenchKernel> byName = new LinkedHashMap<>();
    kernels.forEach(k -> byName.put(k.name(), k));
    List<String> unknown = names.stream().filter(n -> !byName.containsKey(n)).toList();
    if (!unknown.isEmpty()) {
      throw new BenchSetupException("unknown kernel" + (unknown.size() > 1 ? "s " : " ")
          + String.join(", ", unknown) + "; the suite has " + String.join(", ", byName.keySet()));
    }
    Set<String> wanted = Set.copyOf(names);
    return kernels.stream().filter(k -> wanted.contains(k.name())).toList();
  }
}
