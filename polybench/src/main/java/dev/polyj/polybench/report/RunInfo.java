package dev.polyj.polybench.report;

import java.util.List;
import java.util.Objects;

/**
 * How a benchmark run was set up, printed at the top of every report.
 *
 * @param suite         where the kernels came from (built-in suite or a directory)
 * @param dataset       PolyBench dataset name, e.g. {@code LARGE}
 * @param optimizer     name of the optimizer under test
 * @param threads       OpenMP threads of the optimized and comparison runs
 * @param reps          timed runs per executable (the median is reported)
 * @param compiler      compiler identification, e.g. the first line of {@code gcc --version}
 * @param baselineFlags flags of the baseline build
 * @param optimizedFlags flags of the optimized build
 * @param comparisonTools comparison tools that took part (possibly none)
 * @param host          a short description of the machine (processors, OS)
 * @param date          when the run started (ISO-8601)
 * @param notes         remarks such as skipped comparison tools
 */
public record RunInfo(
    String suite,
    String dataset,
    String optimizer,
    int threads,
    int reps,
    String compiler,
    String baselineFlags,
    String optimizedFlags,
    List<String> comparisonTools,
    String host,
    String date,
    List<String> notes) {

  public RunInfo {
    Objects.requireNonNull(suite, "suite");
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(optimizer, "optimizer");
    Objects.requireNonNull(compiler, "compiler");
    Objects.requireNonNull(baselineFlags, "baselineFlags");
    Objects.requireNonNull(optimizedFlags, "optimizedFlags");
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(date, "date");
    comparisonTools = List.copyOf(comparisonTools);
    notes = List.copyOf(notes);
  }
}
