package dev.polyj.polybench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The cells of the results table, shared by the terminal, Markdown and HTML reports so that all
 * three show the same figures: one header row, then one row per kernel.
 */
final class Cells {

  private Cells() {}

  /** Placeholder for a figure that was not measured. */
  static final String NONE = "-";

  /** Column headers: fixed columns, then two per comparison tool. */
  static List<String> header(RunInfo info) {
    List<String> h = new ArrayList<>(List.of(
        "kernel", "category", "status", "gcc -O3 (s)", "optimized (s)", "speedup",
        "optimize (s)", "compile (s)", "check"));
    for (String tool : info.comparisonTools()) {
      h.add(tool + " (s)");
      h.add(tool + " speedup");
    }
    return h;
  }

  /** Whether a column holds numbers (right-aligned). */
  static boolean numeric(int column) {
    return column >= 3 && column != 8;
  }

  /** One row of figures for a kernel, aligned with {@link #header}. */
  static List<String> row(RunInfo info, KernelResult k) {
    List<String> r = new ArrayList<>(List.of(
        k.name(), k.category(), k.status().label(),
        seconds(k.baseline()), seconds(k.optimized()), speedup(k.speedup()),
        duration(k.optimizeSeconds()), duration(k.compileSeconds()),
        k.check().isEmpty() ? NONE : k.check()));
    for (String tool : info.comparisonTools()) {
      Optional<ComparisonResult> c = k.comparison(tool);
      if (c.isEmpty()) {
        r.add(NONE);
        r.add(NONE);
      } else if (c.get().status() != Status.OK) {
        r.add(c.get().status().label());
        r.add(NONE);
      } else {
        r.add(seconds(c.get().timing()));
        r.add(speedup(c.get().speedupOver(k.baseline())));
      }
    }
    return r;
  }

  /** Lines "name: status: reason" for every kernel or comparison that is not ok. */
  static List<String> problems(BenchResults results) {
    List<String> lines = new ArrayList<>();
    for (KernelResult k : results.kernels()) {
      if (k.status() != Status.OK) {
        lines.add(k.name() + ": " + k.status().label() + ": " + k.reason());
      }
      for (ComparisonResult c : k.comparisons()) {
        if (c.status() != Status.OK) {
          lines.add(k.name() + " (" + c.tool() + "): " + c.status().label() + ": " + c.reason());
        }
      }
    }
    return lines;
  }

  /** Summary lines: counts and geometric means. */
  static List<String> summary(BenchResults results) {
    List<String> lines = new ArrayList<>();
    lines.add(String.format(Locale.ROOT, "%d kernels: %d ok, %d wrong, %d failed",
        results.kernels().size(), results.count(Status.OK), results.count(Status.WRONG),
        results.count(Status.FAILED)));
    lines.add("geometric mean speedup of the optimized code over gcc -O3 (ok kernels): "
        + speedup(results.geometricMeanSpeedup()));
    for (String tool : results.info().comparisonTools()) {
      lines.add("geometric mean speedup of " + tool + " over gcc -O3 (its ok kernels): "
          + speedup(results.geometricMeanSpeedup(tool)));
    }
    return lines;
  }

  /** Key/value lines describing the run. */
  static List<String[]> runInfo(RunInfo info) {
    List<String[]> kv = new ArrayList<>();
    kv.add(new String[] {"suite", info.suite()});
    kv.add(new String[] {"dataset", info.dataset()});
    kv.add(new String[] {"optimizer", info.optimizer()});
    kv.add(new String[] {"threads", Integer.toString(info.threads())});
    kv.add(new String[] {"runs per timing (median)", Integer.toString(info.reps())});
    kv.add(new String[] {"compiler", info.compiler()});
    kv.add(new String[] {"baseline flags", info.baselineFlags()});
    kv.add(new String[] {"optimized flags", info.optimizedFlags()});
    kv.add(new String[] {"comparisons",
        info.comparisonTools().isEmpty() ? "none" : String.join(", ", info.comparisonTools())});
    kv.add(new String[] {"host", info.host()});
    kv.add(new String[] {"date", info.date()});
    return kv;
  }

  static String seconds(Optional<Timing> t) {
    return t.map(x -> seconds(x.median())).orElse(NONE);
  }

  static String seconds(OptionalDouble s) {
    return s.isPresent() ? seconds(s.getAsDouble()) : NONE;
  }

  /**
   * A measured run time: microseconds (the harness's resolution) below a second, four
   * significant digits above.
   */
  static String seconds(double s) {
    if (s >= 1000) {
      return String.format(Locale.ROOT, "%.0f", s);
    }
    if (s >= 100) {
      return String.format(Locale.ROOT, "%.1f", s);
    }
    if (s >= 10) {
      return String.format(Locale.ROOT, "%.2f", s);
    }
    if (s >= 1) {
      return String.format(Locale.ROOT, "%.3f", s);
    }
    return String.format(Locale.ROOT, "%.6f", s);
  }

  /** A tool's wall time (optimizer, compiler): hundredths of a second are enough. */
  static String duration(OptionalDouble s) {
    return s.isPresent() ? String.format(Locale.ROOT, "%.2f", s.getAsDouble()) : NONE;
  }

  static String speedup(OptionalDouble x) {
    return x.isPresent() ? speedup(x.getAsDouble()) : NONE;
  }

  static String speedup(double x) {
    return String.format(Locale.ROOT, "%.2fx", x);
  }
}
