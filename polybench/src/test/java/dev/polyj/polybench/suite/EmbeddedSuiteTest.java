package dev.polyj.polybench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedSuiteTest {

  private static final List<String> POLYBENCH_KERNELS = List.of(
      "correlation", "covariance", "2mm", "3mm", "atax", "bicg", "doitgen", "mvt", "gemm",
      "gemver", "gesummv", "symm", "syr2k", "syrk", "trmm", "cholesky", "durbin", "gramschmidt",
      "lu", "ludcmp", "trisolv", "deriche", "floyd-warshall", "nussinov", "adi", "fdtd-2d",
      "heat-3d", "jacobi-1d", "jacobi-2d", "seidel-2d");

  private static final Set<String> CATEGORIES = Set.of(
      "datamining", "linear-algebra/blas", "linear-algebra/kernels", "linear-algebra/solvers",
      "medley", "stencils");

  /** Flags of every build; contraction is disabled so -O0 and -O3 round identically. */
  private static final List<String> COMMON_FLAGS =
      List.of("-DMINI_DATASET", "-DPOLYJ_DUMP", "-ffp-contract=off");

  private static final long PROCESS_TIMEOUT_SECONDS = 60;

  private static final Pattern BEGIN = Pattern.compile("begin dump: (\\S+)");
  private static final Pattern END = Pattern.compile("end   dump: (\\S+)");
  private static final Pattern VALUE = Pattern.compile("-?[0-9]+\\.[0-9]{2}");

  @TempDir static Path work;

  private static ExecutorService pool;

  @BeforeAll
  static void startPool() {
    int threads = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
    pool = Executors.newFixedThreadPool(threads);
  }

  @AfterAll
  static void stopPool() throws InterruptedException {
    pool.shutdownNow();
    pool.awaitTermination(10, TimeUnit.SECONDS);
  }

  @Test
  void indexListsTheThirtyPolyBenchKernels() {
    EmbeddedSuite suite = EmbeddedSuite.load();
    List<String> names = suite.kernels().stream().map(Kernel::name).toList();
    assertEquals(30, names.size());
    assertEquals(Set.copyOf(POLYBENCH_KERNELS), Set.copyOf(names));
    for (Kernel k : suite.kernels()) {
      assertTrue(CATEGORIES.contains(k.category()), k.name() + ": " + k.category());
    }
    assertEquals("linear-algebra/blas", suite.kernel("gemm").orElseThrow().category());
    assertEquals("stencils", suite.kernel("fdtd-2d").orElseThrow().category());
    assertEquals("kernel_fdtd_2d", suite.kernel("fdtd-2d").orElseThrow().functionName());
    assertEquals(6, suite.byCategory().size());
    assertTrue(suite.kernel("no-such-kernel").isEmpty());
  }

  @Test
  void everyKernelHasAScopAndItsKernelFunction() {
    EmbeddedSuite suite = EmbeddedSuite.load();
    for (Kernel k : suite.kernels()) {
      String source = suite.read(k.sourceResource());
      String header = suite.read(k.headerResource());
      assertEquals(1, count(source, "#pragma scop"), k.name());
      assertEquals(1, count(source, "#pragma endscop"), k.name());
      assertTrue(source.indexOf("#pragma scop") < source.indexOf("#pragma endscop"), k.name());
      assertTrue(source.contains("void " + k.functionName() + "("), k.name());
      assertTrue(header.contains(k.functionName() + "("), k.name());
      for (String dataset : List.of("MINI", "SMALL", "MEDIUM", "LARGE", "EXTRALARGE")) {
        assertTrue(header.contains(dataset + "_DATASET"), k.name() + " lacks " + dataset);
      }
    }
  }

  @Test
  void indexParserRejectsMalformedLines() {
    assertEquals(2, EmbeddedSuite.parseIndex("a x\n\nb y/z\n").size());
    assertThrows(IllegalArgumentException.class, () -> EmbeddedSuite.parseIndex("a\n"));
    assertThrows(IllegalArgumentException.class, () -> EmbeddedSuite.parseIndex("a x\na y\n"));
    assertThrows(IllegalArgumentException.class, () -> EmbeddedSuite.parseIndex("A! x\n"));
  }

  @Test
  void extractionWritesHarnessAndAllKernelSources(@TempDir Path dir) throws IOException {
    EmbeddedSuite suite = EmbeddedSuite.load();
    Path root = suite.extractTo(dir.resolve("suite"));
    assertTrue(Files.isRegularFile(EmbeddedSuite.harnessHeaderIn(root)));
    assertTrue(Files.isRegularFile(EmbeddedSuite.harnessSourceIn(root)));
    for (Kernel k : suite.kernels()) {
      assertTrue(Files.size(k.sourceIn(root)) > 0, k.name());
      assertTrue(Files.size(k.headerIn(root)) > 0, k.name());
    }
    // Extracting again over an existing tree is fine.
    assertEquals(root, suite.extractTo(root));
  }

  @Test
  void dumpParserAcceptsWellFormedAndRejectsBrokenDumps() {
    String good = "begin dump: x\n" + "1.00 ".repeat(20) + "\n-2.50 \nend   dump: x\n";
    assertEquals(Map.of("x", 21), checkDump(good));
    assertThrows(AssertionError.class, () -> checkDump(""));
    assertThrows(AssertionError.class, () -> checkDump("begin dump: x\nend   dump: x\n"));
    assertThrows(AssertionError.class, () -> checkDump("begin dump: x\n1.00 \nend   dump: y\n"));
    assertThrows(AssertionError.class, () -> checkDump("begin dump: x\nnan \nend   dump: x\n"));
    assertThrows(AssertionError.class,
        () -> checkDump("begin dump: x\n1.00 \n1.00 \nend   dump: x\n"));
  }

  /**
   * Builds every kernel at -O3 and -O0 with the MINI dataset and dumping on, runs the -O3 build
   * twice and the -O0 build once: each run must exit 0 with a well-formed dump, and the three
   * dumps must be identical. The harness fills fresh arrays with NaN, so a kernel reading an
   * element nothing wrote dumps "nan", which the format check rejects.
   */
  @TestFactory
  Stream<DynamicTest> kernelsBuildRunAndDumpDeterministically() throws IOException {
    Assumptions.assumeTrue(gccAvailable(), "gcc is not on PATH");
    EmbeddedSuite suite = EmbeddedSuite.load();
    Path root = suite.extractTo(work.resolve("suite"));
    Path bin = Files.createDirectories(work.resolve("bin"));
    List<Kernel> kernels = suite.kernels();
    List<Future<String>> results = new ArrayList<>();
    for (Kernel k : kernels) {
      results.add(pool.submit(() -> buildAndCompare(root, bin, k)));
    }
    return kernels.stream().map(k -> DynamicTest.dynamicTest(k.name(), () -> {
      try {
        results.get(kernels.indexOf(k)).get(5, TimeUnit.MINUTES);
      } catch (ExecutionException e) {
        if (e.getCause() instanceof AssertionError a) {
          throw a;
        }
        throw new AssertionError(k.name() + ": " + e.getCause(), e.getCause());
      }
    }));
  }

  @Test
  void timedBuildPrintsSeconds() throws Exception {
    Assumptions.assumeTrue(gccAvailable(), "gcc is not on PATH");
    EmbeddedSuite suite = EmbeddedSuite.load();
    Path root = suite.extractTo(work.resolve("timed"));
    Kernel gemm = suite.kernel("gemm").orElseThrow();
    Path exe = work.resolve("gemm-timed");
    compile(root, gemm, exe, List.of("-O2", "-DMINI_DATASET", "-DPOLYJ_TIME"));
    Run run = run(exe);
    assertEquals(0, run.exit(), run.stderr());
    assertTrue(run.stdout().matches("[0-9]+\\.[0-9]{6}\n"), "timer output: '" + run.stdout() + "'");
    assertEquals("", run.stderr());
  }

  // ---------------------------------------------------------------------------------------------

  private static String buildAndCompare(Path root, Path bin, Kernel k) throws Exception {
    Path opt = bin.resolve(k.name() + "-O3");
    Path noOpt = bin.resolve(k.name() + "-O0");
    compile(root, k, opt, concat(List.of("-O3"), COMMON_FLAGS));
    compile(root, k, noOpt, concat(List.of("-O0"), COMMON_FLAGS));
    Run first = run(opt);
    Run second = run(opt);
    Run reference = run(noOpt);
    for (Run r : List.of(first, second, reference)) {
      assertEquals(0, r.exit(), k.name() + " exited with " + r.exit() + ": " + r.stderr());
    }
    Map<String, Integer> arrays = checkDump(first.stderr());
    assertFalse(arrays.isEmpty(), k.name());
    assertEquals(first.stderr(), second.stderr(), k.name() + ": two -O3 runs dump differently");
    assertEquals(reference.stderr(), first.stderr(), k.name() + ": -O0 and -O3 dumps differ");
    return first.stderr();
  }

  /**
   * Checks the dump format: blocks of a {@code begin dump: NAME} line, lines of "%0.2lf "
   * values (20 a line but the last), and an {@code end   dump: NAME} line.
   *
   * @return number of values per dumped array
   */
  static Map<String, Integer> checkDump(String dump) {
    List<String> lines = dump.lines().toList();
    if (lines.isEmpty()) {
      fail("empty dump");
    }
    Map<String, Integer> arrays = new java.util.LinkedHashMap<>();
    int i = 0;
    while (i < lines.size()) {
      Matcher begin = BEGIN.matcher(lines.get(i));
      if (!begin.matches()) {
        fail("line " + (i + 1) + ": expected 'begin dump: NAME', got '" + lines.get(i) + "'");
      }
      String name = begin.group(1);
      i++;
      int values = 0;
      boolean shortLineSeen = false;
      while (i < lines.size() && !lines.get(i).startsWith("end")) {
        String line = lines.get(i);
        if (shortLineSeen) {
          fail(name + ": only the last line of a dump may hold fewer than 20 values");
        }
        if (!line.endsWith(" ")) {
          fail(name + ": value line without trailing separator: '" + line + "'");
        }
        String[] tokens = line.strip().split(" ");
        if (tokens.length > 20) {
          fail(name + ": more than 20 values on a line");
        }
        for (String token : tokens) {
          if (!VALUE.matcher(token).matches()) {
            fail(name + ": malformed value '" + token + "'");
          }
        }
        shortLineSeen = tokens.length < 20;
        values += tokens.length;
        i++;
      }
      if (i >= lines.size()) {
        fail(name + ": missing end line");
      }
      Matcher end = END.matcher(lines.get(i));
      if (!end.matches() || !end.group(1).equals(name)) {
        fail("expected 'end   dump: " + name + "', got '" + lines.get(i) + "'");
      }
      if (values == 0) {
        fail(name + ": no values");
      }
      if (arrays.put(name, values) != null) {
        fail(name + ": dumped twice");
      }
      i++;
    }
    return arrays;
  }

  private record Run(int exit, String stdout, String stderr) {}

  private static void compile(Path root, Kernel k, Path exe, List<String> flags) throws Exception {
    List<String> cmd = EmbeddedSuite.gccCommand("gcc", root, k, exe, flags);
    Run r = exec(cmd, exe.resolveSibling(exe.getFileName() + ".cc"));
    if (r.exit() != 0) {
      fail(k.name() + ": compilation failed: " + String.join(" ", cmd) + "\n" + r.stderr());
    }
  }

  private static Run run(Path exe) throws Exception {
    return exec(List.of(exe.toString()), exe.resolveSibling(exe.getFileName() + ".run"));
  }

  /** Runs a command with stdout and stderr sent to files (no pipe can fill up). */
  private static Run exec(List<String> cmd, Path outputPrefix) throws Exception {
    Path out = outputPrefix.resolveSibling(outputPrefix.getFileName() + ".out");
    Path err = outputPrefix.resolveSibling(outputPrefix.getFileName() + ".err");
    Process p = new ProcessBuilder(cmd)
        .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
        .redirectOutput(out.toFile())
        .redirectError(err.toFile())
        .start();
    if (!p.waitFor(PROCESS_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("timed out: " + String.join(" ", cmd));
    }
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private static java.io.File nullDevice() {
    return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
  }

  private static boolean gccAvailable() {
    try {
      Process p = new ProcessBuilder("gcc", "--version")
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .start();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static int count(String text, String needle) {
    int n = 0;
    for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      n++;
    }
    return n;
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return Stream.concat(a.stream(), b.stream()).collect(Collectors.toList());
  }
}
