package dev.polyj.polybench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The report of an ablation: the suite run with the whole pipeline, then with each pass disabled
 * in turn. A pass's contribution is the geometric mean, over the kernels ok in both runs, of the
 * full pipeline's speedup divided by the speedup without the pass: above 1x the pass helps, below
 * it hurts. Rendered as a table (text and Markdown) and an SVG bar chart on a log2 axis in the
 * style of {@link SpeedupChart}, embedded in an HTML page.
 */
public final class AblationReport {
  /** The file names written next to each run's own reports. */
  public static final String MARKDOWN = "ablation.md";
  public static final String HTML = "ablation.html";
  public static final String SVG = "ablation.svg";

  private static final int LEFT = 170;
  private static final int PLOT_WIDTH = 520;
  private static final int RIGHT = 80;
  private static final int TOP = 50;
  private static final int ROW = 20;

  /** One pass's row: the geometric mean speedup without it, and its contribution (absent when no kernel is ok in both). */
  public record Row(String pass, OptionalDouble geomeanWithout, OptionalDouble contribution, long ok, int kernels) {}

  private final BenchResults full;
  private final List<Row> rows;

  /** The report of {@code full} (every pass) against the runs {@code without} (pass name to results). */
  public AblationReport(BenchResults full, Map<String, BenchResults> without) {
    this.full = full;
    List<Row> out = new ArrayList<>();
    for (Map.Entry<String, BenchResults> e : new LinkedHashMap<>(without).entrySet()) {
      out.add(new Row(e.getKey(), e.getValue().geometricMeanSpeedup(), contribution(full, e.getValue()),
          e.getValue().count(Status.OK), e.getValue().kernels().size()));
    }
    this.rows = List.copyOf(out);
  }

  public List<Row> rows() {
    return rows;
  }

  /** The geometric mean over the kernels ok in both runs of the speedup ratio full / without. */
  static OptionalDouble contribution(BenchResults full, BenchResults without) {
    Map<String, Double> base = new LinkedHashMap<>();
    for (KernelResult k : full.kernels()) k.speedup().ifPresent(s -> base.put(k.name(), s));
    double logSum = 0;
    int n = 0;
    for (KernelResult k : without.kernels()) {
      Double b = base.get(k.name());
      OptionalDouble w = k.speedup();
      if (b == null || w.isEmpty() || !(w.getAsDouble() > 0) || !(b > 0)) continue;
      logSum += Math.log(b / w.getAsDouble());
      n++;
    }
    return n == 0 ? OptionalDouble.empty() : OptionalDouble.of(Math.exp(logSum / n));
  }

  private static String x(OptionalDouble v) {
    return v.isPresent() ? String.format(Locale.ROOT, "%.2fx", v.getAsDouble()) : "-";
  }

  /** The table as plain text. */
  public String text() {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "ablation (%s dataset): geometric mean speedup with every pass %s%n",
        full.info().dataset(), x(full.geometricMeanSpeedup())));
    sb.append(String.format(Locale.ROOT, "%-22s %14s %13s %8s%n", "pass disabled", "geomean", "contribution", "ok"));
    for (Row r : rows) {
      sb.append(String.format(Locale.ROOT, "%-22s %14s %13s %4d/%d%n", r.pass(), x(r.geomeanWithout()),
          x(r.contribution()), r.ok(), r.kernels()));
    }
    return sb.toString();
  }

  /** The table in Markdown, with the chart as an image. */
  public String markdown() {
    StringBuilder sb = new StringBuilder("# Pass ablation\n\n");
    sb.append("Dataset ").append(full.info().dataset()).append("; geometric mean speedup over gcc -O3 with every pass: ")
        .append(x(full.geometricMeanSpeedup())).append(".\n\n");
    sb.append("A pass's contribution is the geometric mean, over the kernels ok in both runs, of the speedup with ")
        .append("every pass divided by the speedup without it (above 1x the pass helps).\n\n");
    sb.append("| pass disabled | geometric mean speedup | contribution | ok kernels |\n|---|---:|---:|---:|\n");
    for (Row r : rows) {
      sb.append("| ").append(r.pass()).append(" | ").append(x(r.geomeanWithout())).append(" | ")
          .append(x(r.contribution())).append(" | ").append(r.ok()).append('/').append(r.kernels()).append(" |\n");
    }
    sb.append("\n![contribution of each pass](").append(SVG).append(")\n");
    return sb.toString();
  }

  /** An HTML page with the table and the chart inline. */
  public String html() {
    StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Pass ablation</title>"
        + "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
        + "padding:2px 8px}td.n{text-align:right}</style></head><body>\n<h1>Pass ablation</h1>\n");
    sb.append("<p>Dataset ").append(Xml.escape(full.info().dataset()))
        .append("; geometric mean speedup over gcc -O3 with every pass: ").append(x(full.geometricMeanSpeedup()))
        .append(". A pass's contribution is the geometric mean, over the kernels ok in both runs, of the speedup with "
            + "every pass divided by the speedup without it.</p>\n");
    sb.append("<table><tr><th>pass disabled</th><th>geometric mean speedup</th><th>contribution</th><th>ok</th></tr>\n");
    for (Row r : rows) {
      sb.append("<tr><td>").append(Xml.escape(r.pass())).append("</td><td class=\"n\">").append(x(r.geomeanWithout()))
          .append("</td><td class=\"n\">").append(x(r.contribution())).append("</td><td class=\"n\">").append(r.ok())
          .append('/').append(r.kernels()).append("</td></tr>\n");
    }
    sb.append("</table>\n").append(svg()).append("</body></html>\n");
    return sb.toString();
  }

  /** The contributions as a horizontal bar chart on a log2 axis centred on 1x. */
  public String svg() {
    double lo = 0;
    double hi = 0;
    for (Row r : rows) {
      if (r.contribution().isPresent()) {
        double l = log2(r.contribution().getAsDouble());
        lo = Math.min(lo, Math.floor(l * 4) / 4);
        hi = Math.max(hi, Math.ceil(l * 4) / 4);
      }
    }
    if (hi - lo < 0.5) hi = lo + 0.5;
    int plotHeight = Math.max(1, rows.size()) * ROW;
    int width = LEFT + PLOT_WIDTH + RIGHT;
    int height = TOP + plotHeight + 40;
    StringBuilder svg = new StringBuilder();
    svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
        + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n", width, height, width, height));
    svg.append("<title>Contribution of each pass to the geometric mean speedup</title>\n");
    svg.append(String.format(Locale.ROOT, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n",
        width, height));
    svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"20\" font-size=\"14\" font-weight=\"bold\">Contribution "
        + "of each pass (%s dataset, log scale; geomean with every pass %s)</text>\n", 10,
        Xml.escape(full.info().dataset()), x(full.geometricMeanSpeedup())));
    // grid every quarter power of two, labelled at whole and half powers
    for (double p = lo; p <= hi + 1e-9; p += 0.25) {
      double gx = xOf(p, lo, hi);
      boolean one = Math.abs(p) < 1e-9;
      svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
          + "stroke-width=\"%s\"/>\n", gx, TOP - 6, gx, TOP + plotHeight, one ? "#555" : "#ddd", one ? "1.5" : "1"));
      if (Math.abs(p * 2 - Math.rint(p * 2)) < 1e-9) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">"
            + "%.2fx</text>\n", gx, TOP + plotHeight + 14, Math.pow(2, p)));
      }
    }
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      int y = TOP + i * ROW;
      svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n", LEFT - 8,
          y + ROW / 2 + 3, Xml.escape(r.pass())));
      if (r.contribution().isEmpty()) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" fill=\"#a40000\" font-size=\"9\">no kernel "
            + "ok</text>\n", xOf(0, lo, hi) + 3, y + ROW / 2 + 3));
        continue;
      }
      double c = r.contribution().getAsDouble();
      double x0 = xOf(0, lo, hi);
      double x1 = xOf(log2(c), lo, hi);
      svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\">"
          + "<title>%s: %s</title></rect>\n", Math.min(x0, x1), y + 4, Math.max(1, Math.abs(x1 - x0)), ROW - 8,
          c >= 1 ? "#3465a4" : "#f57900", Xml.escape(r.pass()), x(r.contribution())));
      svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"9\" fill=\"#333\">%s</text>\n",
          Math.max(x0, x1) + 3, y + ROW / 2 + 3, x(r.contribution())));
    }
    svg.append("</svg>\n");
    return svg.toString();
  }

  private static double log2(double v) {
    return Math.log(v) / Math.log(2);
  }

  private static double xOf(double log2Value, double lo, double hi) {
    return LEFT + (log2Value - lo) / (hi - lo) * PLOT_WIDTH;
  }
}
