package dev.polyj.polybench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/** Writes every report of a run into an output directory. */
public final class Reports {

  /** File names inside the output directory. */
  public static final String TEXT = "report.txt";
  public static final String MARKDOWN = "report.md";
  public static final String HTML = "report.html";
  public static final String SVG = "speedups.svg";
  public static final String CSV = "results.csv";

  private Reports() {}

  /**
   * Writes {@value #TEXT}, {@value #MARKDOWN}, {@value #HTML}, {@value #SVG} and {@value #CSV}
   * into {@code dir} (created if needed).
   *
   * @return the files written
   */
  public static List<Path> writeAll(BenchResults results, Path dir) throws IOException {
    Files.createDirectories(dir);
    List<Path> files = List.of(dir.resolve(TEXT), dir.resolve(MARKDOWN), dir.resolve(HTML),
        dir.resolve(SVG), dir.resolve(CSV));
    write(files.get(0), TerminalTable.render(results));
    write(files.get(1), MarkdownReport.render(results));
    write(files.get(2), HtmlReport.render(results));
    write(files.get(3), SpeedupChart.render(results));
    write(files.get(4), csv(results));
    return files;
  }

  /**
   * Machine-readable results, one line per kernel: medians and all samples (separated by
   * {@code ;}) so that other statistics can be computed later.
   */
  public static String csv(BenchResults results) {
    StringBuilder b = new StringBuilder(
        "kernel,category,status,reason,check,baseline_median_s,optimized_median_s,speedup,"
            + "optimize_s,compile_s,baseline_samples_s,optimized_samples_s");
    for (String tool : results.info().comparisonTools()) {
      b.append(',').append(tool).append("_status,").append(tool).append("_median_s,")
          .append(tool).append("_speedup");
    }
    b.append('\n');
    for (KernelResult k : results.kernels()) {
      b.append(field(k.name())).append(',').append(field(k.category())).append(',')
          .append(k.status().label()).append(',').append(field(k.reason())).append(',')
          .append(field(k.check())).append(',').append(median(k.baseline())).append(',')
          .append(median(k.optimized())).append(',').append(number(k.speedup())).append(',')
          .append(number(k.optimizeSeconds())).append(',').append(number(k.compileSeconds()))
          .append(',').append(samples(k.baseline())).append(',').append(samples(k.optimized()));
      for (String tool : results.info().comparisonTools()) {
        Optional<ComparisonResult> c = k.comparison(tool);
        b.append(',').append(c.map(x -> x.status().label()).orElse(""))
            .append(',').append(c.map(x -> median(x.timing())).orElse(""))
            .append(',').append(c.map(x -> number(x.speedupOver(k.baseline()))).orElse(""));
      }
      b.append('\n');
    }
    return b.toString();
  }

  private static String median(Optional<Timing> t) {
    return t.map(x -> number(x.median())).orElse("");
  }

  private static String samples(Optional<Timing> t) {
    return t.map(x -> String.join(";", x.samples().stream().map(Reports::number).toList()))
        .orElse("");
  }

  private static String number(OptionalDouble d) {
    return d.isPresent() ? number(d.getAsDouble()) : "";
  }

  private static String number(double d) {
    return String.format(Locale.ROOT, "%.6g", d);
  }

  /** A CSV field, quoted when it holds a separator, quote or line break. */
  private static String field(String s) {
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) {
      return s;
    }
    return '"' + s.replace("\"", "\"\"").replace('\n', ' ') + '"';
  }

  private static void write(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
