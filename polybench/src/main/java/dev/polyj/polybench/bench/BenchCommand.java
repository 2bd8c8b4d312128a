package dev.polyj.polybench.bench;

import dev.polyj.polybench.report.BenchResults;
import dev.polyj.polybench.report.Reports;
import dev.polyj.polybench.report.TerminalTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code polyj bench}: optimizes, verifies and times every kernel of a suite and writes the
 * reports. Exit code 0 when every kernel is ok, 1 when some kernel is wrong or failed, 2 for bad
 * options, an unusable suite or a missing compiler, 3 for an internal error.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    subcommands = BenchMergeCommand.class,
    description = {
      "Optimizes every kernel of a PolyBench suite, checks that the optimized program dumps the"
          + " same arrays as the original, and times both (median of --reps runs, one program at"
          + " a time). Writes report.txt, report.md, report.html (with an SVG chart),"
          + " speedups.svg, results.csv and results.json to --out.",
      "Exit codes: 0 all kernels ok, 1 some kernel wrong or failed, 2 bad options or suite,"
          + " 3 internal error."
    })
public final class BenchCommand implements Callable<Integer> {

  /** Exit codes. */
  public static final int OK = 0;
  public static final int NOT_ALL_OK = 1;
  public static final int BAD_INPUT = 2;
  public static final int INTERNAL_ERROR = 3;

  @Spec CommandSpec spec;

  @Option(names = "--suite", paramLabel = "DIR",
      description = "A PolyBench/C 4.2 checkout (utilities/benchmark_list) or an extracted polyj"
          + " suite, or builtin-scalar (the built-in kernels as LICM and GVN leave them, scalars promoted);"
          + " default: the built-in suite.")
  Path suite;

  @Option(names = "--dataset", paramLabel = "SIZE", defaultValue = "LARGE",
      description = "MINI, SMALL, MEDIUM, LARGE or EXTRALARGE (default: ${DEFAULT-VALUE}).")
  String dataset;

  @Option(names = "--kernels", split = ",", paramLabel = "NAME",
      description = "Kernels to run, comma-separated (default: all).")
  List<String> kernels = new ArrayList<>();

  @Option(names = "--threads", paramLabel = "N",
      description = "OMP_NUM_THREADS of the optimized programs (default: all processors).")
  Integer threads;

  @Option(names = "--reps", paramLabel = "N", defaultValue = "5",
      description = "Timed runs per program; the median is reported (default: ${DEFAULT-VALUE}).")
  int reps;

  @Option(names = "--compare", split = ",", paramLabel = "TOOL",
      description = "Also build with these tools when installed: polly (clang -mllvm -polly),"
          + " pluto (polycc).")
  List<String> compare = new ArrayList<>();

  @Option(names = "--jobs", paramLabel = "N",
      description = "Kernels optimized and compiled at the same time (default: up to 4).")
  Integer jobs;

  @Option(names = "--tolerance", paramLabel = "REL", defaultValue = "1e-9",
      description = "Relative tolerance of the output check where the optimizer reassociated"
          + " reductions (default: ${DEFAULT-VALUE}); other kernels must match exactly.")
  double tolerance;

  @Option(names = "--no-reassociate", negatable = true, defaultValue = "false",
      description = "--no-reassociate keeps every reduction in the program's order (outputs checked bit for bit)."
          + " By default the optimizer may reassociate reductions (reorder them, run them in parallel with OpenMP"
          + " reduction clauses); those kernels are checked with --tolerance.")
  boolean noReassociate;

  @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "900",
      description = "Limit of each compilation, run and optimizer call (default: ${DEFAULT-VALUE}).")
  long timeoutSeconds;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "polyj-bench-out",
      description = "Output directory for builds and reports (default: ${DEFAULT-VALUE}).")
  Path out;

  @Option(names = "--cc", paramLabel = "COMPILER", defaultValue = "gcc",
      description = "C compiler of the baseline and optimized builds (default: ${DEFAULT-VALUE}).")
  String compiler;

  @Option(names = "--optimizer", paramLabel = "NAME",
      description = "Optimizer under test, by name (default: the registered polyj optimizer,"
          + " identity when there is none).")
  String optimizerName;

  @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto",
      description = "auto, bar, plain or none (default: ${DEFAULT-VALUE}).")
  String progressMode;

  @Option(names = "--shard", paramLabel = "I/N",
      description = "Run only the I-th of N deterministic parts of the kernel list (I from 1 to N;"
          + " kernels dealt round-robin in suite order); join the parts' --out directories with"
          + " 'polyj bench merge'.")
  String shardText;
  @Option(names = "--passes", split = ",", paramLabel = "NAME",
      description = "Run exactly these passes of the optimizer (and the required ones); see optimize --list-passes.")
  List<String> passes = new ArrayList<>();

  @Option(names = "--enable-pass", split = ",", paramLabel = "NAME", description = "Also run this pass (repeatable).")
  List<String> enablePasses = new ArrayList<>();

  @Option(names = "--disable-pass", split = ",", paramLabel = "NAME", description = "Do not run this pass (repeatable).")
  List<String> disablePasses = new ArrayList<>();

  @Option(names = "--pass-option", paramLabel = "PASS.KEY=VALUE", description = "Set a pass option (repeatable).")
  List<String> passOptions = new ArrayList<>();

  @Option(names = "--ablation",
      description = "Run the suite with every pass, then with each pass disabled in turn, and write ablation.md,"
          + " ablation.html and ablation.svg (each pass's contribution to the geometric mean speedup) to --out;"
          + " each run's own reports go to --out/ablation/PASS.")
  boolean ablation;

  private final Optimizer fixedOptimizer;

  /** The command with the optimizer chosen by {@code --optimizer} (see {@link Optimizers}). */
  public BenchCommand() {
    this.fixedOptimizer = null;
  }

  /** The command running {@code optimizer} unless {@code --optimizer} names another one. */
  public BenchCommand(Optimizer optimizer) {
    this.fixedOptimizer = optimizer;
  }

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter stdout = spec.commandLine().getOut();
    BenchConfig config = config();
    Shard shard = shard();
    Optimizer optimizer = withPasses(optimizer().withReassociation(!noReassociate));
    Progress.Mode mode = parseEnum(Progress.Mode.class, progressMode, "--progress");
    if (ablation) return new Ablation(config, (PipelineOptimizer) optimizer, mode, stdout, err).run(suite, kernels);
    try {
      BenchSuite benchSuite = BenchSuite.resolve(suite, config.outDir().resolve("suite"));
      List<BenchKernel> workList = benchSuite.select(kernels);
      List<BenchKernel> selected = shard.select(workList);
      Progress progress = Progress.create(mode, err);
      BenchResults results = new BenchRunner(config, optimizer, progress).run(benchSuite, selected);
      List<Path> files = new ArrayList<>(Reports.writeAll(results, config.outDir()));
      files.add(ResultsJson.write(new ShardResults(shard,
          workList.stream().map(BenchKernel::name).toList(), results), config.outDir()));
      if (selected.isEmpty()) {
        stdout.println("shard " + shard + ": no kernel of the " + workList.size()
            + " falls in this part");
        stdout.println("results: " + files.get(files.size() - 1));
        stdout.flush();
        return OK;
      }
      stdout.print(TerminalTable.render(results));
      stdout.println();
      stdout.println("reports: " + String.join(", ", files.stream().map(Path::toString).toList()));
      stdout.flush();
      return results.allOk() ? OK : NOT_ALL_OK;
    } catch (BenchSetupException e) {
      err.println("polyj bench: " + e.getMessage());
      err.flush();
      return BAD_INPUT;
    } catch (IOException e) {
      err.println("polyj bench: I/O error: " + e.getMessage());
      err.flush();
      return BAD_INPUT;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("polyj bench: interrupted");
      err.flush();
      return INTERNAL_ERROR;
    } catch (RuntimeException e) {
      err.println("polyj bench: internal error: " + e);
      e.printStackTrace(err);
      err.println("This is a bug in polyj; please report it with the command line and the"
          + " trace above.");
      err.flush();
      return INTERNAL_ERROR;
    }
  }

  /** The validated configuration; a bad value is a parameter error (exit code 2). */
  private BenchConfig config() {
    int cores = Runtime.getRuntime().availableProcessors();
    int t = threads == null ? cores : threads;
    int j = jobs == null ? Math.min(4, cores) : jobs;
    positive(t, "--threads");
    positive(reps, "--reps");
    positive(j, "--jobs");
    positive(timeoutSeconds, "--timeout");
    if (!(tolerance >= 0 && tolerance < 1)) {
      throw bad("--tolerance must be in [0, 1), got " + tolerance);
    }
    for (String tool : compare) {
      if (!ComparisonTool.KNOWN.contains(tool)) {
        throw bad("--compare: unknown tool '" + tool + "'; known: "
            + String.join(", ", ComparisonTool.KNOWN));
      }
    }
    return new BenchConfig(parseEnum(Dataset.class, dataset, "--dataset"), t, reps, j,
        new Tolerance(tolerance), Duration.ofSeconds(timeoutSeconds),
        compare.stream().distinct().toList(), out, compiler);
  }

  private Shard shard() {
    if (shardText == null) {
      return Shard.ALL;
    }
    try {
      return Shard.parse(shardText);
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
  }

  /** {@code optimizer} with the pass selection of the command line; a bad pass name is a parameter error. */
  private Optimizer withPasses(Optimizer optimizer) {
    boolean edits = !passes.isEmpty() || !enablePasses.isEmpty() || !disablePasses.isEmpty() || !passOptions.isEmpty();
    if (!edits && !ablation) return optimizer;
    if (!(optimizer instanceof PipelineOptimizer p)) {
      throw bad("--passes, --enable-pass, --disable-pass, --pass-option and --ablation need an optimizer made of"
          + " passes; '" + optimizer.name() + "' is not");
    }
    try {
      return edits ? p.withPasses(passes, enablePasses, disablePasses, passOptions) : p;
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
  }

  private Optimizer optimizer() {
    if (optimizerName == null) {
      return fixedOptimizer != null ? fixedOptimizer : Optimizers.preferred();
    }
    if (fixedOptimizer != null && fixedOptimizer.name().equals(optimizerName)) {
      return fixedOptimizer;
    }
    Map<String, Optimizer> all = Optimizers.available();
    Optimizer o = all.get(optimizerName);
    if (o == null) {
      List<String> names = new ArrayList<>(all.keySet());
      if (fixedOptimizer != null && !names.contains(fixedOptimizer.name())) {
        names.add(0, fixedOptimizer.name());
      }
      throw bad("--optimizer: unknown optimizer '" + optimizerName + "'; known: "
          + String.join(", ", names));
    }
    return o;
  }

  private void positive(long value, String option) {
    if (value < 1) {
      throw bad(option + " must be at least 1, got " + value);
    }
  }

  private <E extends Enum<E>> E parseEnum(Class<E> type, String value, String option) {
    try {
      return Enum.valueOf(type, value.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      List<String> names = new ArrayList<>();
      for (E c : type.getEnumConstants()) {
        names.add(c.name());
      }
      throw bad(option + ": '" + value + "' is not one of " + String.join(", ", names));
    }
  }

  private ParameterException bad(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
