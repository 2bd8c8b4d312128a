package dev.polyj.polybench.bench;

import static com.google.common.base.Preconditions.checkArgument;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Settings of a benchmark run.
 *
 * @param dataset   problem size of every build
 * @param threads   OMP_NUM_THREADS of the optimized and comparison programs
 * @param reps      timed runs per program; the median is reported
 * @param jobs      kernels optimized, compiled and verified at the same time
 * @param tolerance comparison used when the optimizer reassociated reductions
 * @param timeout   limit for each compilation, program run and optimizer call
 * @param compare   comparison tools to run when available, e.g. {@code polly}, {@code pluto}
 * @param outDir    where the suite, the builds and the reports go
 * @param compiler  C compiler of the baseline and optimized builds
 */
public record BenchConfig(
    Dataset dataset,
    int threads,
    int reps,
    int jobs,
    Tolerance tolerance,
    Duration timeout,
    List<String> compare,
    Path outDir,
    String compiler) {

  public BenchConfig {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(tolerance, "tolerance");
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(outDir, "outDir");
    Objects.requireNonNull(compiler, "compiler");
    compare = List.copyOf(compare);
    // The compiler and the programs run in directories below outDir: a relative outDir
    // (the default, polyj-bench-out) would name the wrong files there.
    outDir = outDir.toAbsolutePath().normalize();
    checkArgument(threads >= 1, "threads must be positive, got %s", threads);
    checkArgument(reps >= 1, "reps must be positive, got %s", reps);
    checkArgument(jobs >= 1, "jobs must be positive, got %s", jobs);
    checkArgument(!timeout.isNegative() && !timeout.isZero(), "timeout must be positive");
  }

  /** Defaults: LARGE, all processors, 5 runs, up to 4 jobs, rel 1e-9, 15 min, gcc. */
  public static BenchConfig defaults(Path outDir) {
    int cores = Runtime.getRuntime().availableProcessors();
    return new BenchConfig(Dataset.LARGE, cores, 5, Math.min(4, cores), new Tolerance(1e-9),
        Duration.ofMinutes(15), List.of(), outDir, "gcc");
  }

  public BenchConfig withDataset(Dataset d) {
    return new BenchConfig(d, threads, reps, jobs, tolerance, timeout, compare, outDir, compiler);
  }

  public BenchConfig withReps(int r) {
    return new BenchConfig(dataset, threads, r, jobs, tolerance, timeout, compare, outDir, compiler);
  }

  public BenchConfig withThreads(int t) {
    return new BenchConfig(dataset, t, reps, jobs, tolerance, timeout, compare, outDir, compiler);
  }

  public BenchConfig withJobs(int j) {
    return new BenchConfig(dataset, threads, reps, j, tolerance, timeout, compare, outDir, compiler);
  }

  public BenchConfig withCompare(List<String> c) {
    return new BenchConfig(dataset, threads, reps, jobs, tolerance, timeout, c, outDir, compiler);
  }
}
