package dev.polyj.polybench.fuzz;

import dev.polyj.codegen.transform.ParallelWork;
import dev.polyj.polybench.cli.Main;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine;

/**
 * Differential testing of {@code polyj optimize} on one C program: the program is compiled as
 * written and run; then, for each {@link Variant}, optimized in-process through the command line
 * (the exact arguments a user types), compiled with {@code gcc -O2} (sequential, and with
 * {@code -fopenmp} on two threads), run, and its output compared with the original's: equal text
 * (checksums printed bit for bit), or equal within a relative tolerance for variants that allow
 * reassociation. Every way the optimizer can be wrong is a {@link Failure.Kind}.
 */
public final class Differential {
  /** Seconds allowed for one optimization (CPU time) and for one run of a compiled program. */
  static final int TIMEOUT_SECONDS = 60;

  /**
   * Factor on the wall-clock limits (gcc, runs, and the optimizer's wall-clock cap; not its CPU
   * limit), {@code -Dfuzz.wall-factor=N}: a campaign run at low priority on a loaded machine sees
   * gcc take minutes of wall time, which is not a failure of the program.
   */
  static final int WALL_FACTOR = Math.max(1, Integer.getInteger("fuzz.wall-factor", 1));

  /**
   * One way of optimizing and compiling a program: the arguments of {@code polyj optimize} (before
   * the file name), the {@code -D} options of the compilation (original and optimized alike, e.g.
   * other sizes than the file's own), and whether results may differ in rounding (reassociation).
   */
  public record Variant(String name, List<String> optimizeArgs, List<String> compileDefines, boolean tolerant) {
    public Variant {
      optimizeArgs = List.copyOf(optimizeArgs);
      compileDefines = List.copyOf(compileDefines);
    }

    static Variant of(String name, String... args) {
      return new Variant(name, List.of(args), List.of(), false);
    }
  }

  /** A wrong result of the optimizer on one variant. */
  public record Failure(Kind kind, Variant variant, String detail) {
    /** The failure classes, most severe first. */
    public enum Kind {
      /** {@code optimize} exited with 3 (internal error). */
      INTERNAL_ERROR,
      /** {@code optimize} rejected a valid program (exit 2). */
      REJECTED_VALID_INPUT,
      /** {@code optimize} ran longer than the time limit. */
      OPTIMIZE_TIMEOUT,
      /** The optimized C does not compile. */
      COMPILE_ERROR,
      /** The optimized program crashed (non-zero exit, signal). */
      CRASH,
      /** The optimized program ran longer than the time limit. */
      RUN_TIMEOUT,
      /** The optimized program printed something else than the original. */
      WRONG_OUTPUT
    }

    @Override
    public String toString() {
      return kind + " [" + variant.name() + "] " + detail;
    }
  }

  /** The notes of regions left unchanged since this checker was made (why the optimizer gave up). */
  final List<String> unchangedNotes = new ArrayList<>();

  /** The wrong outputs found to be gcc's own since this checker was made ({@link #onlyUnderSlpVectorizer}). */
  final List<String> vectorizerNotes = new ArrayList<>();

  /** The outcome of one program: the failures (empty when every variant agreed) and counters. */
  public record Outcome(List<Failure> failures, int regionsLeftUnchanged, int specializedRefusals,
      int vectorizerDisagreements, boolean originalUsable, String note) {
    public boolean passed() {
      return failures.isEmpty();
    }
  }

  /** The text of the #error of a region specialized to its sizes (see PolyhedralOptimizer). */
  static final String SPECIALIZED = "polyj: this code was optimized for";

  private final Path work;

  private final boolean[] builds;

  /** Work files go to {@code work}; {@code openmp}: also compile and run each variant with -fopenmp. */
  public Differential(Path work, boolean openmp) {
    this(work, openmp ? new boolean[] {false, true} : new boolean[] {false});
  }

  /** Work files go to {@code work}; each variant is built once per entry of {@code builds} (true: with -fopenmp). */
  public Differential(Path work, boolean[] builds) {
    this.work = work.toAbsolutePath(); // commands run in other directories
    this.builds = builds.clone();
  }

  /** Whether gcc can be run. */
  public static boolean gccAvailable() {
    try {
      return new ProcessBuilder("gcc", "--version").redirectErrorStream(true).start().waitFor() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Checks {@code program} (written to {@code fileName} in the work directory) under every variant. */
  public Outcome check(String program, String fileName, List<Variant> variants) throws IOException {
    Files.createDirectories(work);
    Path src = work.resolve(fileName);
    Files.writeString(src, program);
    List<Failure> failures = new ArrayList<>();
    int unchanged = 0;
    int specialized = 0;
    int vectorizer = 0;
    java.util.Map<List<String>, String> originals = new java.util.HashMap<>();
    for (Variant v : variants) {
      String expected = originals.get(v.compileDefines());
      if (expected == null) {
        Exec orig = compileAndRun(src, "orig", v.compileDefines(), false);
        if (orig.problem != null) {
          // the program itself is broken (a generator bug): nothing to compare against
          return new Outcome(List.of(), 0, 0, 0, false, "original: " + orig.problem);
        }
        expected = orig.out;
        originals.put(v.compileDefines(), expected);
      }
      Path out = work.resolve(stem(fileName) + ".opt.c");
      Files.deleteIfExists(out);
      List<String> args = new ArrayList<>(List.of("optimize"));
      args.addAll(v.optimizeArgs());
      args.addAll(List.of(src.toString(), "-o", out.toString()));
      CliRun r = optimize(args);
      if (r.timedOut) {
        failures.add(new Failure(Failure.Kind.OPTIMIZE_TIMEOUT, v, "no result after " + TIMEOUT_SECONDS + " s"));
        continue;
      }
      if (r.code == Main.INTERNAL_ERROR) {
        failures.add(new Failure(Failure.Kind.INTERNAL_ERROR, v, firstLine(r.err)));
        continue;
      }
      if (r.code != 0) {
        failures.add(new Failure(Failure.Kind.REJECTED_VALID_INPUT, v, "exit " + r.code + ": " + firstLine(r.err)));
        continue;
      }
      for (String line : r.err.split("\n")) {
        if (!line.contains("left unchanged")) continue;
        unchanged++;
        unchangedNotes.add(line.replaceAll("^\\S+: ", ""));
      }
      for (boolean omp : builds) {
        // the optimized code itself, not the original statements kept for small work
        List<String> optDefines = new ArrayList<>(v.compileDefines());
        optDefines.add("-DPOLYJ_SMALL_WORK=0");
        if (omp) {
          // every parallel loop forked: the run-time work tests would run the small programs'
          // parallel loops sequentially
          optDefines.add("-D" + ParallelWork.THRESHOLD_MACRO + "=0");
          optDefines.add("-D" + ParallelWork.FORK_MACRO + "=0");
        }
        Exec opt = compileAndRun(out, "opt", optDefines, omp);
        String mode = omp ? " (openmp)" : "";
        if (opt.compileError != null && opt.compileError.contains(SPECIALIZED)) {
          // a region specialized to the file's sizes refuses other values, as it should
          specialized++;
          break;
        }
        if (opt.compileError != null) {
          failures.add(new Failure(Failure.Kind.COMPILE_ERROR, v, opt.compileError + mode));
          break;
        }
        if (opt.timedOut) {
          failures.add(new Failure(Failure.Kind.RUN_TIMEOUT, v, "no result after " + TIMEOUT_SECONDS + " s" + mode));
          break;
        }
        if (opt.problem != null) {
          failures.add(new Failure(Failure.Kind.CRASH, v, opt.problem + mode));
          break;
        }
        if (!same(expected, opt.out, v.tolerant())) {
          String detail = "expected " + firstLine(expected) + " got " + firstLine(opt.out) + mode;
          if (!v.tolerant() && onlyUnderSlpVectorizer(src, out, v.compileDefines(), optDefines, omp, opt.out)) {
            vectorizer++;
            vectorizerNotes.add("[" + v.name() + "] " + detail);
          } else {
            failures.add(new Failure(Failure.Kind.WRONG_OUTPUT, v, detail));
          }
          break;
        }
      }
    }
    return new Outcome(failures, unchanged, specialized, vectorizer, true, null);
  }

  /** The flag that turns off the vectorizer gcc 12.2 miscompiles float roundings with (see docs/reliability.md). */
  static final String NO_SLP = "-fno-tree-slp-vectorize";

  /**
   * Whether a wrong output is gcc's own: the optimized build prints the same wrong text again (not a
   * race), and with {@link #NO_SLP} on both sides the optimized program prints the original's. gcc
   * 12.2's SLP vectorizer stores a {@code double} before its conversion to a {@code float}
   * temporary in some loop shapes (seeds 972000, 972916); the generated code is right, and the
   * checker counts such a program apart instead of as a failure of the optimizer.
   */
  boolean onlyUnderSlpVectorizer(Path src, Path out, List<String> defines, List<String> optDefines,
      boolean omp, String wrong) throws IOException {
    Exec again = compileAndRun(out, "opt-again", optDefines, omp);
    if (again.problem != null || !wrong.equals(again.out)) return false;
    List<String> o = new ArrayList<>(defines);
    o.add(NO_SLP);
    Exec orig = compileAndRun(src, "orig-noslp", o, false);
    List<String> p = new ArrayList<>(optDefines);
    p.add(NO_SLP);
    Exec opt = compileAndRun(out, "opt-noslp", p, omp);
    return orig.problem == null && opt.problem == null && orig.out.equals(opt.out);
  }

  /** Equal outputs; with tolerance, the numbers equal within a relative 1e-4 (hex floats read back). */
  static boolean same(String expected, String actual, boolean tolerant) {
    if (expected.equals(actual)) return true;
    if (!tolerant) return false;
    // the bit hashes differ when sums round differently: compare the values
    String[] a = expected.replaceAll("bits=\\w+", "").trim().split("\\s+");
    String[] b = actual.replaceAll("bits=\\w+", "").trim().split("\\s+");
    if (a.length != b.length) return false;
    for (int k = 0; k < a.length; k++) {
      if (a[k].equals(b[k])) continue;
      try {
        double x = Double.parseDouble(a[k]);
        double y = Double.parseDouble(b[k]);
        if (Double.isNaN(x) && Double.isNaN(y)) continue;
        double scale = Math.max(1.0, Math.max(Math.abs(x), Math.abs(y)));
        if (!(Math.abs(x - y) <= 1e-4 * scale)) return false;
      } catch (NumberFormatException e) {
        return false;
      }
    }
    return true;
  }

  /** Exit code and messages of one in-process run of the command line. */
  record CliRun(int code, String err, boolean timedOut) {}

  private static ExecutorService executor = newExecutor();
  private static volatile Thread worker;

  private static ExecutorService newExecutor() {
    return Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "polyj-fuzz-optimize");
      t.setDaemon(true);
      worker = t;
      return t;
    });
  }

  /**
   * Stops a runaway optimization: it does not poll for interruption, and left running it would
   * take a core from every later check.
   */
  @SuppressWarnings({"deprecation", "removal"})
  private static void stopWorker() {
    Thread t = worker;
    if (t == null) return;
    t.interrupt();
    try {
      t.join(2000);
      if (t.isAlive()) t.stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (UnsupportedOperationException e) {
      // newer JDKs: the thread is abandoned (a daemon)
    }
  }

  /** Runs {@code polyj ARGS} in-process with the time limit. */
  static synchronized CliRun optimize(List<String> args) {
    StringWriter err = new StringWriter();
    // the worker thread is reused: its CPU time when this run started (counted from there)
    java.util.concurrent.atomic.AtomicLong cpuAtStart = new java.util.concurrent.atomic.AtomicLong(Long.MAX_VALUE);
    Future<Integer> f = executor.submit(() -> {
      cpuAtStart.set(java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime());
      CommandLine cl = Main.commandLine(new ByteArrayInputStream(new byte[0]));
      cl.setOut(new PrintWriter(new StringWriter()));
      cl.setErr(new PrintWriter(err));
      return cl.execute(args.toArray(new String[0]));
    });
    try {
      // the limit is on the optimizing thread's CPU time (a loaded machine does not make it fail),
      // with a wall-clock cap of five times as much
      java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
      long wallStart = System.nanoTime();
      while (true) {
        try {
          return new CliRun(f.get(1, TimeUnit.SECONDS), err.toString(), false);
        } catch (TimeoutException e) {
          Thread t = worker;
          long cpu = t == null ? -1 : mx.getThreadCpuTime(t.getId());
          boolean cpuOver = cpu - cpuAtStart.get() > TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
          boolean wallOver = System.nanoTime() - wallStart > TimeUnit.SECONDS.toNanos(5L * TIMEOUT_SECONDS * WALL_FACTOR);
          if (cpuOver || wallOver) throw e;
        }
      }
    } catch (TimeoutException e) {
      f.cancel(true);
      executor.shutdownNow();
      stopWorker();
      executor = newExecutor();
      return new CliRun(-1, "", true);
    } catch (ExecutionException e) {
      return new CliRun(Main.INTERNAL_ERROR, String.valueOf(e.getCause()), false);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new CliRun(-1, "interrupted", true);
    }
  }

  /** The outcome of compiling and running one C file. */
  static final class Exec {
    String out = "";
    String compileError;
    String problem;
    boolean timedOut;

    /** The standard output of a run that went well. */
    String output() {
      if (problem != null) throw new AssertionError(problem);
      return out;
    }
  }

  /** Compiles {@code src} with gcc -O2 and {@code flags} (and -fopenmp with {@code omp}), then runs it. */
  Exec compileAndRun(Path src, String tag, List<String> defines, boolean omp) throws IOException {
    Files.createDirectories(work);
    Exec e = new Exec();
    Path exe = work.resolve(stem(src.getFileName().toString()) + "-" + tag + (omp ? "-omp" : ""));
    List<String> cmd = new ArrayList<>(List.of("gcc", "-O2", "-std=gnu99", "-w"));
    if (omp) cmd.add("-fopenmp");
    cmd.addAll(defines);
    cmd.addAll(List.of("-o", exe.toString(), src.toString(), "-lm"));
    String[] r = run(cmd, TIMEOUT_SECONDS * WALL_FACTOR);
    if (!r[0].equals("0")) {
      e.compileError = "gcc: " + firstErrorLine(r[2]);
      e.problem = e.compileError;
      return e;
    }
    r = run(List.of(exe.toString()), TIMEOUT_SECONDS * WALL_FACTOR);
    Files.deleteIfExists(exe);
    if (r[0].equals("timeout")) {
      e.timedOut = true;
      e.problem = "timeout";
      return e;
    }
    if (!r[0].equals("0")) {
      e.problem = "exit " + r[0] + " " + firstLine(r[2]);
      return e;
    }
    e.out = r[1];
    return e;
  }

  /** Runs a command: exit code (or "timeout"), standard output, standard error. */
  private String[] run(List<String> cmd, int seconds) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile());
    pb.environment().put("OMP_NUM_THREADS", "2");
    Path out = Files.createTempFile(work, "out", ".txt");
    Path err = Files.createTempFile(work, "err", ".txt");
    pb.redirectOutput(out.toFile());
    pb.redirectError(err.toFile());
    Process p = pb.start();
    try {
      if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        p.waitFor();
        return new String[] {"timeout", "", ""};
      }
      return new String[] {String.valueOf(p.exitValue()), Files.readString(out), Files.readString(err)};
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new IOException("interrupted", ex);
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  static String stem(String fileName) {
    return fileName.endsWith(".c") ? fileName.substring(0, fileName.length() - 2) : fileName;
  }

  static String firstLine(String s) {
    if (s == null) return "";
    String t = s.strip();
    int n = t.indexOf('\n');
    return n < 0 ? t : t.substring(0, n);
  }

  private static String firstErrorLine(String s) {
    for (String line : s.split("\n")) if (line.toLowerCase(Locale.ROOT).contains("error")) return line.strip();
    return firstLine(s);
  }
}
