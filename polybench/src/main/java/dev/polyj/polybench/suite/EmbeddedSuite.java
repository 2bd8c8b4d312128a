package dev.polyj.polybench.suite;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The PolyBench-style C benchmark suite shipped as class-path resources under
 * {@value #RESOURCE_ROOT}.
 *
 * <p>The suite consists of a measurement harness ({@value #HARNESS_HEADER}, {@value
 * #HARNESS_SOURCE}) and one directory per kernel holding {@code <name>.c} and {@code <name>.h}.
 * The kernels and their categories are listed in {@value #INDEX}, one {@code <name> <category>}
 * pair a line.
 *
 * <p>A kernel is built from an extracted suite with
 * {@code gcc -O3 -I<root> -I<root>/<name> <root>/polyj_bench.c <root>/<name>/<name>.c -lm}, see
 * {@link #gccCommand}.
 */
public final class EmbeddedSuite {

  /** Class-path directory holding the suite, with a trailing slash. */
  public static final String RESOURCE_ROOT = "dev/polyj/polybench/suite/";
  /** File name of the harness header. */
  public static final String HARNESS_HEADER = "polyj_bench.h";
  /** File name of the harness source. */
  public static final String HARNESS_SOURCE = "polyj_bench.c";
  /** File name of the kernel index. */
  public static final String INDEX = "suite.txt";
  /**
   * Class-path directory of the scalar-promoted variants, with a trailing slash: {@code
   * <name>.kernel.c} holds the kernel function as loop-invariant code motion and value numbering
   * leave it (the rest of the program is the original's); a kernel without such a file has nothing
   * to promote.
   */
  public static final String SCALAR_ROOT = "dev/polyj/polybench/suite-scalar/";

  private final List<Kernel> kernels;
  private final ClassLoader loader;
  /** Per kernel name, the resource of the kernel function that replaces the original's. */
  private final Map<String, String> kernelFunctions;

  private EmbeddedSuite(List<Kernel> kernels, ClassLoader loader, Map<String, String> kernelFunctions) {
    this.kernels = List.copyOf(kernels);
    this.loader = loader;
    this.kernelFunctions = Map.copyOf(kernelFunctions);
  }

  /** Loads the suite index from the class path. */
  public static EmbeddedSuite load() {
    ClassLoader loader = EmbeddedSuite.class.getClassLoader();
    String index = new String(readResource(loader, RESOURCE_ROOT + INDEX), StandardCharsets.UTF_8);
    return new EmbeddedSuite(parseIndex(index), loader, Map.of());
  }

  /**
   * The scalar-promoted suite: the same kernels, headers and harness, each kernel function replaced
   * by its variant under {@value #SCALAR_ROOT} where there is one (accumulators and hoisted loads in
   * scalars; computes bit for bit what the original computes).
   */
  public static EmbeddedSuite loadScalarPromoted() {
    EmbeddedSuite base = load();
    Map<String, String> functions = new java.util.HashMap<>();
    for (Kernel k : base.kernels) {
      String resource = SCALAR_ROOT + k.name() + ".kernel.c";
      if (base.loader.getResource(resource) != null) functions.put(k.name(), resource);
    }
    return new EmbeddedSuite(base.kernels, base.loader, functions);
  }

  /** The C source of {@code kernel} in this suite: the original's, with its kernel function replaced in a variant suite. */
  public String source(Kernel kernel) {
    String program = read(kernel.sourceResource());
    String function = kernelFunctions.get(kernel.name());
    return function == null ? program : withKernelFunction(program, read(function), kernel.name());
  }

  /**
   * {@code program} with its function {@code kernel_...} (from the line starting {@code void
   * kernel_} to the next line holding only {@code }}) replaced by {@code function}.
   */
  static String withKernelFunction(String program, String function, String name) {
    int start = program.indexOf("\nvoid kernel_");
    int end = start < 0 ? -1 : program.indexOf("\n}\n", start);
    if (end < 0) throw new IllegalStateException("kernel " + name + ": no kernel function to replace");
    return program.substring(0, start + 1) + function + program.substring(end + 3);
  }

  /**
   * Parses a suite index: one {@code <name> <category>} a line; blank lines are ignored.
   *
   * @throws IllegalArgumentException on a malformed line or a duplicate kernel
   */
  static List<Kernel> parseIndex(String text) {
    List<Kernel> result = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    String[] lines = text.split("\r?\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty()) {
        continue;
      }
      String[] fields = line.split("\\s+");
      if (fields.length != 2) {
        throw new IllegalArgumentException(
            INDEX + " line " + (i + 1) + ": expected '<name> <category>', got '" + line + "'");
      }
      if (!seen.add(fields[0])) {
        throw new IllegalArgumentException(INDEX + " line " + (i + 1) + ": duplicate kernel " + fields[0]);
      }
      result.add(Kernel.ofEmbedded(fields[0], fields[1]));
    }
    return Collections.unmodifiableList(result);
  }

  /** All kernels, in the order of the index. */
  public List<Kernel> kernels() {
    return kernels;
  }

  /** The kernel with the given name, if any. */
  public Optional<Kernel> kernel(String name) {
    return kernels.stream().filter(k -> k.name().equals(name)).findFirst();
  }

  /** Kernels grouped by category, categories in order of first appearance. */
  public Map<String, List<Kernel>> byCategory() {
    Map<String, List<Kernel>> result = new LinkedHashMap<>();
    for (Kernel k : kernels) {
      result.computeIfAbsent(k.category(), c -> new ArrayList<>()).add(k);
    }
    result.replaceAll((c, list) -> List.copyOf(list));
    return Collections.unmodifiableMap(result);
  }

  /**
   * Writes the whole suite (harness, index and every kernel's directory) into {@code dir},
   * creating it if needed and overwriting files of the same names.
   *
   * @return {@code dir}, the root of the extracted suite: the harness is at {@link
   *     #harnessSourceIn(Path)} / {@link #harnessHeaderIn(Path)} and each kernel's files at {@link
   *     Kernel#sourceIn(Path)} / {@link Kernel#headerIn(Path)}
   */
  public Path extractTo(Path dir) throws IOException {
    copyHarness(loader, dir);
    copy(RESOURCE_ROOT + INDEX, dir.resolve(INDEX));
    for (Kernel k : kernels) {
      Files.createDirectories(k.directoryIn(dir));
      Files.writeString(k.sourceIn(dir), source(k), StandardCharsets.UTF_8);
      copy(k.headerResource(), k.headerIn(dir));
    }
    return dir;
  }

  /**
   * Writes the harness alone (header and source) into {@code dir}, for a suite directory that
   * lists its own kernels but shares the built-in harness.
   *
   * @return {@code dir}
   */
  public static Path extractHarnessTo(Path dir) throws IOException {
    copyHarness(EmbeddedSuite.class.getClassLoader(), dir);
    return dir;
  }

  /** Writes the harness header and source into {@code dir}, creating it if needed. */
  private static void copyHarness(ClassLoader loader, Path dir) throws IOException {
    Files.createDirectories(dir);
    for (String file : List.of(HARNESS_HEADER, HARNESS_SOURCE)) {
      try (InputStream in = open(loader, RESOURCE_ROOT + file)) {
        Files.copy(in, dir.resolve(file), StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  /** The harness source inside an extracted suite. */
  public static Path harnessSourceIn(Path suiteRoot) {
    return suiteRoot.resolve(HARNESS_SOURCE);
  }

  /** The harness header inside an extracted suite. */
  public static Path harnessHeaderIn(Path suiteRoot) {
    return suiteRoot.resolve(HARNESS_HEADER);
  }

  /**
   * Command line building {@code kernel} of the suite extracted at {@code suiteRoot} into the
   * executable {@code output}: {@code compiler flags... -I<root> -I<root>/<name> polyj_bench.c
   * <name>.c -lm -o output}.
   */
  public static List<String> gccCommand(
      String compiler, Path suiteRoot, Kernel kernel, Path output, List<String> flags) {
    List<String> cmd = new ArrayList<>();
    cmd.add(compiler);
    cmd.addAll(flags);
    cmd.add("-I" + suiteRoot);
    cmd.add("-I" + kernel.directoryIn(suiteRoot));
    cmd.add(harnessSourceIn(suiteRoot).toString());
    cmd.add(kernel.sourceIn(suiteRoot).toString());
    cmd.add("-lm");
    cmd.add("-o");
    cmd.add(output.toString());
    return List.copyOf(cmd);
  }

  /** Text of one of the suite's resources, e.g. a kernel's {@link Kernel#sourceResource()}. */
  public String read(String resource) {
    return new String(readResource(loader, resource), StandardCharsets.UTF_8);
  }

  private void copy(String resource, Path target) throws IOException {
    try (InputStream in = open(loader, resource)) {
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static InputStream open(ClassLoader loader, String resource) throws IOException {
    InputStream in = loader.getResourceAsStream(resource);
    if (in == null) {
      throw new IOException("missing suite resource: " + resource);
    }
    return in;
  }

  private static byte[] readResource(ClassLoader loader, String resource) {
    try (InputStream in = open(loader, resource)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
