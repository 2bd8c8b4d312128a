package dev.polyj.polybench.bench;

import dev.polyj.polybench.report.BenchResults;
import dev.polyj.polybench.report.ComparisonResult;
import dev.polyj.polybench.report.KernelResult;
import dev.polyj.polybench.report.RunInfo;
import dev.polyj.polybench.report.Status;
import dev.polyj.polybench.report.Timing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Runs a benchmark: for every kernel, builds the original with the baseline flags and the
 * optimizer's output with the optimized flags, checks that both dump the same arrays, then times
 * both.
 *
 * <p>Phase one (in parallel, {@link BenchConfig#jobs()} kernels at a time) per kernel: build the
 * baseline twice (a dump build and a timing build), run the dump build and keep its arrays as the
 * reference; call the optimizer; build its output twice, run its dump build and compare the
 * arrays with the reference (exactly, or with the configured tolerance when the optimizer
 * reassociated reductions); the same for each available comparison tool. Dump builds add
 * {@code -ffp-contract=off} so that a transformed program may only differ from the original where
 * the transformation itself changed the order of operations.
 *
 * <p>Phase two (sequential, nothing else running): for every kernel whose optimized or
 * comparison build verified, run the timing builds {@link BenchConfig#reps()} times each,
 * interleaved (baseline, optimized, tools, baseline, ...) so that slow drifts of the machine affect
 * all alike; each run prints the kernel's own time (caches flushed before it), and the median is
 * reported.
 */
public final class BenchRunner {

  /** Flags of the baseline builds. */
  public static final List<String> BASELINE_FLAGS = List.of("-O3", "-march=native");
  /** Flags of the optimized builds. */
  public static final List<String> OPTIMIZED_FLAGS = List.of("-O3", "-march=native", "-fopenmp");
  /** Added to every dump (verification) build. */
  public static final List<String> VERIFY_FLAGS = List.of("-ffp-contract=off");

  private final BenchConfig config;
  private final Optimizer optimizer;
  private final Progress progress;
  private final ProcessRunner runner;
  private final Map<String, String> env;

  public BenchRunner(BenchConfig config, Optimizer optimizer, Progress progress) {
    this.config = config;
    this.optimizer = optimizer;
    this.progress = progress;
    this.runner = new ProcessRunner(config.timeout());
    this.env = Map.of("OMP_NUM_THREADS", Integer.toString(config.threads()));
  }

  /** Per-kernel state between the two phases. */
  private static final class Prepared {
    final BenchKernel kernel;
    final KernelResult.Builder result;
    final List<String> notes = new ArrayList<>();
    Path baselineExe;
    Path optimizedExe;
    /** Comparison tools in request order: a timing executable, or a final not-ok result. */
    final Map<String, Path> toolExes = new LinkedHashMap<>();
    final Map<String, ComparisonResult> toolResults = new LinkedHashMap<>();

    Prepared(BenchKernel kernel) {
      this.kernel = kernel;
      this.result = KernelResult.builder(kernel.name(), kernel.category());
    }
  }

  /** A failed step of the pipeline, with the reason for the report. */
  private static final class StepFailure extends Exception {
    final Status status;

    StepFailure(Status status, String message) {
      super(message);
      this.status = status;
    }
  }

  /**
   * Runs the benchmark on {@code kernels} of {@code suite}.
   *
   * @throws BenchSetupException when the compiler cannot be run
   */
  public BenchResults run(BenchSuite suite, List<BenchKernel> kernels)
      throws BenchSetupException, IOException, InterruptedException {
    String date = OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS).toString();
    Path work = Files.createDirectories(config.outDir().resolve("work"));
    String compilerVersion = probeCompiler(work);
    List<String> notes = new ArrayList<>();
    List<ComparisonTool> tools = probeTools(work, notes);

    // Phase one: optimize, build and verify, several kernels at a time.
    ExecutorService pool = Executors.newFixedThreadPool(config.jobs(), daemon("polyj-bench"));
    ExecutorService optimizerCalls = Executors.newCachedThreadPool(daemon("polyj-optimizer"));
    List<Prepared> prepared = new ArrayList<>();
    try {
      AtomicInteger done = new AtomicInteger();
      List<Future<Prepared>> futures = new ArrayList<>();
      progress.update("prepare", 0, kernels.size(), "");
      for (BenchKernel k : kernels) {
        futures.add(pool.submit(() -> {
          Prepared p = prepare(suite, k, work, tools, optimizerCalls);
          int n = done.incrementAndGet();
          progress.update("prepare", n, kernels.size(), k.name() + " " + p.result.status().label());
          if (p.result.status() != Status.OK) {
            progress.message(k.name() + ": " + p.result.status().label() + ": "
                + p.result.build().reason());
          }
          return p;
        }));
      }
      for (Future<Prepared> f : futures) {
        prepared.add(get(f));
      }
    } finally {
      pool.shutdownNow();
      optimizerCalls.shutdownNow();
    }

    // Phase two: timings, one program at a time.
    List<Prepared> timed = prepared.stream()
        .filter(p -> p.baselineExe != null && (p.optimizedExe != null || !p.toolExes.isEmpty()))
        .toList();
    progress.update("timing", 0, timed.size(), "");
    for (int i = 0; i < timed.size(); i++) {
      time(timed.get(i), i, timed.size());
    }
    progress.finish();

    List<KernelResult> results = new ArrayList<>();
    for (Prepared p : prepared) {
      for (String tool : p.toolResults.keySet()) {
        p.result.comparison(p.toolResults.get(tool));
      }
      results.add(p.result.build());
      p.notes.forEach(n -> notes.add(p.kernel.name() + ": " + n));
    }
    RunInfo info = new RunInfo(suite.description(), config.dataset().name(), optimizer.name(),
        config.threads(), config.reps(), compilerVersion,
        config.compiler() + " " + String.join(" ", BASELINE_FLAGS),
        config.compiler() + " " + String.join(" ", OPTIMIZED_FLAGS)
            + " (dump builds add " + String.join(" ", VERIFY_FLAGS) + ")",
        tools.stream().map(ComparisonTool::name).toList(), host(), date, notes);
    return new BenchResults(info, results);
  }

  // ---------------------------------------------------------------------------------------------
  // Phase one

  private Prepared prepare(BenchSuite suite, BenchKernel k, Path work,
      List<ComparisonTool> tools, ExecutorService optimizerCalls)
      throws IOException, InterruptedException {
    Prepared p = new Prepared(k);
    Path dir = work.resolve(k.name());
    deleteTree(dir);
    Files.createDirectories(dir);
    List<String> defines = defines(suite);
    ArrayDump reference;
    try {
      step(k, "baseline build");
      build(suite, k, config.compiler(), concat(BASELINE_FLAGS, VERIFY_FLAGS),
          concat(defines, List.of(suite.flavor().dumpDefine())), k.source(),
          dir.resolve("baseline-dump"), "baseline build");
      build(suite, k, config.compiler(), BASELINE_FLAGS,
          concat(defines, List.of(suite.flavor().timeDefine())), k.source(),
          dir.resolve("baseline-time"), "baseline build");
      step(k, "baseline run");
      ProcessRunner.Result run = execute(dir.resolve("baseline-dump"), dir, "baseline run");
      try {
        reference = ArrayDump.parse(run.stderr());
      } catch (MalformedDumpException e) {
        throw new StepFailure(Status.FAILED, "baseline dump: " + e.getMessage());
      }
      p.baselineExe = dir.resolve("baseline-time");
    } catch (StepFailure e) {
      p.result.fail(e.status, e.getMessage());
      return p;
    }

    try {
      step(k, "optimize");
      OptimizeResult opt = optimize(k, dir, defines, p, optimizerCalls);
      p.notes.addAll(opt.notes());
      Path source = opt.optimized().orElseThrow();
      step(k, "compile");
      build(suite, k, config.compiler(), concat(OPTIMIZED_FLAGS, VERIFY_FLAGS),
          concat(defines, List.of(suite.flavor().dumpDefine())), source,
          dir.resolve("optimized-dump"), "optimized build");
      ProcessRunner.Result compile = build(suite, k, config.compiler(), OPTIMIZED_FLAGS,
          concat(defines, List.of(suite.flavor().timeDefine())), source,
          dir.resolve("optimized-time"), "optimized build");
      p.result.compileSeconds(compile.seconds());
      step(k, "verify");
      ProcessRunner.Result run = execute(dir.resolve("optimized-dump"), dir, "optimized run");
      Tolerance tolerance = opt.reassociated() ? config.tolerance() : Tolerance.EXACT;
      p.result.check(tolerance.label());
      check(Verifier.verify(reference, run.stderr(), tolerance), "optimized ");
      p.optimizedExe = dir.resolve("optimized-time");
    } catch (StepFailure e) {
      p.result.fail(e.status, e.getMessage());
    }

    for (ComparisonTool tool : tools) {
      step(k, tool.name());
      Path toolDir = Files.createDirectories(dir.resolve(tool.name()));
      try {
        ComparisonTool.Variant v;
        try {
          v = tool.prepare(k, defines, toolDir, runner, config.compiler());
        } catch (ComparisonTool.Failure e) {
          throw new StepFailure(Status.FAILED, e.getMessage());
        }
        build(suite, k, v.compiler(), concat(v.flags(), VERIFY_FLAGS),
            concat(defines, List.of(suite.flavor().dumpDefine())), v.source(),
            toolDir.resolve("dump"), "build");
        build(suite, k, v.compiler(), v.flags(),
            concat(defines, List.of(suite.flavor().timeDefine())), v.source(),
            toolDir.resolve("time"), "build");
        ProcessRunner.Result run = execute(toolDir.resolve("dump"), toolDir, "run");
        check(Verifier.verify(reference, run.stderr(), config.tolerance()), "");
        p.toolExes.put(tool.name(), toolDir.resolve("time"));
      } catch (StepFailure e) {
        p.toolResults.put(tool.name(),
            ComparisonResult.notOk(tool.name(), e.status, e.getMessage()));
      }
    }
    return p;
  }

  private OptimizeResult optimize(BenchKernel k, Path dir, List<String> defines, Prepared p,
      ExecutorService optimizerCalls) throws StepFailure, IOException, InterruptedException {
    Path outDir = Files.createDirectories(dir.resolve("optimized"));
    Path output = outDir.resolve(k.source().getFileName());
    List<String> includes = k.includeDirs().stream().map(Path::toString).toList();
    Optimizer.Options options = new Optimizer.Options(output, defines, config.threads());
    long start = System.nanoTime();
    Future<OptimizeResult> call =
        optimizerCalls.submit(() -> optimizer.optimize(k.source(), includes, options));
    OptimizeResult result;
    try {
      result = call.get(config.timeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      call.cancel(true);
      throw new StepFailure(Status.FAILED,
          "optimizer: timed out after " + config.timeout().toSeconds() + " s");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      String message = cause.getMessage() == null || cause.getMessage().isBlank()
          ? cause.getClass().getSimpleName()
          : cause.getClass().getSimpleName() + ": " + cause.getMessage();
      throw new StepFailure(Status.FAILED, "optimizer: " + message);
    } finally {
      p.result.optimizeSeconds((System.nanoTime() - start) / 1e9);
    }
    if (result == null) {
      throw new StepFailure(Status.FAILED, "optimizer: returned no result");
    }
    if (!result.succeeded()) {
      throw new StepFailure(Status.FAILED, "optimizer: " + result.failure());
    }
    if (!Files.isRegularFile(result.optimized().get())) {
      throw new StepFailure(Status.FAILED,
          "optimizer: its output " + result.optimized().get() + " does not exist");
    }
    return result;
  }

  private static void check(Verdict v, String what) throws StepFailure {
    switch (v.kind()) {
      case MATCH -> { }
      case MISMATCH -> throw new StepFailure(Status.WRONG, v.message());
      case MALFORMED -> throw new StepFailure(Status.FAILED, what + v.message());
      default -> throw new AssertionError(v);
    }
  }

  /** Compiles the kernel {@code source} with the suite's harness into {@code exe}. */
  private ProcessRunner.Result build(BenchSuite suite, BenchKernel k, String compiler,
      List<String> flags, List<String> defines, Path source, Path exe, String what)
      throws StepFailure, IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(compiler);
    cmd.addAll(flags);
    cmd.addAll(defines);
    k.includeDirs().forEach(d -> cmd.add("-I" + d));
    suite.harnessSources().forEach(h -> cmd.add(h.toString()));
    cmd.add(source.toString());
    cmd.addAll(List.of("-lm", "-o", exe.toString()));
    ProcessRunner.Result r;
    try {
      r = runner.run(cmd, exe.getParent(), Map.of(), logPrefix(exe, "compile"));
    } catch (IOException e) {
      throw new StepFailure(Status.FAILED, what + ": cannot run " + compiler + ": "
          + e.getMessage());
    }
    if (!r.ok()) {
      throw new StepFailure(Status.FAILED, what + " failed: " + r.describeFailure());
    }
    return r;
  }

  /** Runs a program built by {@link #build}; a failing run is a failed step. */
  private ProcessRunner.Result execute(Path exe, Path dir, String what)
      throws StepFailure, IOException, InterruptedException {
    ProcessRunner.Result r = runner.run(List.of(exe.toString()), dir, env, logPrefix(exe, "run"));
    if (!r.ok()) {
      throw new StepFailure(Status.FAILED, what + " failed: " + r.describeFailure());
    }
    return r;
  }

  private void step(BenchKernel k, String what) {
    progress.detail(k.name() + " " + what);
  }

  // ---------------------------------------------------------------------------------------------
  // Phase two

  private void time(Prepared p, int index, int total) throws IOException, InterruptedException {
    List<Double> baseline = new ArrayList<>();
    List<Double> optimized = new ArrayList<>();
    Map<String, List<Double>> tools = new LinkedHashMap<>();
    p.toolExes.keySet().forEach(t -> tools.put(t, new ArrayList<>()));
    String name = p.kernel.name();
    for (int rep = 0; rep < config.reps(); rep++) {
      progress.detail(String.format(Locale.ROOT, "%s run %d/%d", name, rep + 1, config.reps()));
      try {
        baseline.add(timedRun(p.baselineExe, "baseline timing run"));
      } catch (StepFailure e) {
        p.result.fail(Status.FAILED, e.getMessage());
        progress.message(name + ": failed: " + e.getMessage());
        for (String tool : p.toolExes.keySet()) {
          p.toolResults.put(tool, ComparisonResult.notOk(tool, Status.FAILED,
              "not timed: the baseline timing run failed"));
        }
        return;
      }
      if (p.optimizedExe != null) {
        try {
          optimized.add(timedRun(p.optimizedExe, "optimized timing run"));
        } catch (StepFailure e) {
          p.result.fail(Status.FAILED, e.getMessage());
          progress.message(name + ": failed: " + e.getMessage());
          p.optimizedExe = null;
          optimized.clear();
        }
      }
      for (String tool : List.copyOf(p.toolExes.keySet())) {
        try {
          tools.get(tool).add(timedRun(p.toolExes.get(tool), "timing run"));
        } catch (StepFailure e) {
          p.toolExes.remove(tool);
          tools.remove(tool);
          p.toolResults.put(tool, ComparisonResult.notOk(tool, Status.FAILED, e.getMessage()));
        }
      }
    }
    p.result.baseline(new Timing(baseline));
    if (!optimized.isEmpty()) {
      p.result.optimized(new Timing(optimized));
    }
    for (Map.Entry<String, List<Double>> t : tools.entrySet()) {
      p.toolResults.put(t.getKey(), ComparisonResult.ok(t.getKey(), new Timing(t.getValue())));
    }
    progress.update("timing", index + 1, total, name);
  }

  /** Runs a timing build once and reads the seconds it prints. */
  private double timedRun(Path exe, String what)
      throws StepFailure, IOException, InterruptedException {
    ProcessRunner.Result r = execute(exe, exe.getParent(), what);
    return parseSeconds(r.stdout(), what);
  }

  /** The seconds a timing build prints: the last non-blank line of its output. */
  static double parseSeconds(String stdout, String what) throws StepFailure {
    List<String> lines = stdout.lines().filter(l -> !l.isBlank()).toList();
    String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1).strip();
    try {
      double s = Double.parseDouble(last);
      if (s >= 0 && Double.isFinite(s)) {
        return s;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new StepFailure(Status.FAILED, what + ": cannot read the time from its output '"
        + ProcessRunner.tail(stdout, 1, 80) + "'");
  }

  // ---------------------------------------------------------------------------------------------
  // Set-up

  private String probeCompiler(Path work) throws BenchSetupException, InterruptedException {
    try {
      ProcessRunner.Result r = runner.run(List.of(config.compiler(), "--version"), work,
          Map.of(), work.resolve("compiler-version"));
      if (!r.ok()) {
        throw new BenchSetupException(config.compiler() + " --version failed: "
            + r.describeFailure());
      }
      return r.stdout().lines().findFirst().orElse(config.compiler()).strip();
    } catch (IOException e) {
      throw new BenchSetupException("cannot run the C compiler '" + config.compiler()
          + "' (" + e.getMessage() + "); install gcc or name another compiler with --cc");
    }
  }

  private List<ComparisonTool> probeTools(Path work, List<String> notes)
      throws BenchSetupException, IOException, InterruptedException {
    List<ComparisonTool> tools = new ArrayList<>();
    for (String name : config.compare()) {
      ComparisonTool tool = ComparisonTool.named(name).orElseThrow(() -> new BenchSetupException(
          "unknown comparison tool '" + name + "'; known: " + String.join(", ",
              ComparisonTool.KNOWN)));
      Path scratch = Files.createDirectories(work.resolve("probe-" + name));
      Optional<String> why = tool.unavailableReason(runner, scratch);
      if (why.isPresent()) {
        notes.add(name + " skipped: " + why.get());
        progress.message(name + " skipped: " + why.get());
      } else {
        tools.add(tool);
      }
    }
    return tools;
  }

  private List<String> defines(BenchSuite suite) {
    return concat(List.of(config.dataset().define()), suite.flavor().defines());
  }

  /** Processors, CPU model when known, OS. */
  static String host() {
    String cpu = "";
    Path cpuinfo = Path.of("/proc/cpuinfo");
    if (Files.isReadable(cpuinfo)) {
      try (Stream<String> lines = Files.lines(cpuinfo)) {
        cpu = lines.filter(l -> l.startsWith("model name")).findFirst()
            .map(l -> l.substring(l.indexOf(':') + 1).strip() + ", ").orElse("");
      } catch (IOException | java.io.UncheckedIOException e) {
        cpu = "";
      }
    }
    return cpu + Runtime.getRuntime().availableProcessors() + " processors, "
        + System.getProperty("os.name") + " " + System.getProperty("os.arch");
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  private static <T> T get(Future<T> f) throws IOException, InterruptedException {
    try {
      return f.get();
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof IOException io) {
        throw io;
      }
      if (c instanceof InterruptedException ie) {
        throw ie;
      }
      if (c instanceof RuntimeException re) {
        throw re;
      }
      if (c instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(c);
    }
  }

  private static java.util.concurrent.ThreadFactory daemon(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  private static Path logPrefix(Path exe, String what) {
    return exe.resolveSibling(exe.getFileName() + "." + what);
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> r = new ArrayList<>(a);
    r.addAll(b);
    return Collections.unmodifiableList(r);
  }

  /** Deletes a directory tree of earlier runs (only ever called on the run's own work dirs). */
  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
