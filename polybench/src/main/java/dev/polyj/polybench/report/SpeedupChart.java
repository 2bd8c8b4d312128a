package dev.polyj.polybench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * A horizontal bar chart of speedups over gcc -O3 as an SVG document: one row per kernel, one bar
 * per series (the optimized code, then each comparison tool), on a log2 axis centred on 1x so
 * that slowdowns extend left and speedups right; a dashed vertical line marks each series'
 * geometric mean over its ok kernels. Kernels that are not ok show their status instead of a bar.
 */
public final class SpeedupChart {

  private static final String[] COLORS = {"#3465a4", "#f57900", "#4e9a06", "#75507b", "#c4a000"};
  private static final int LEFT = 150;
  private static final int PLOT_WIDTH = 560;
  private static final int RIGHT = 70;
  private static final int TOP = 70;
  private static final int BAR = 10;
  private static final int GAP = 8;

  private SpeedupChart() {}

  /** A series of the chart: its name and one optional speedup per kernel. */
  private record Series(String name, List<OptionalDouble> speedups, OptionalDouble geomean) {}

  /** The chart as a standalone SVG document (no XML declaration, so it can also be inlined). */
  public static String render(BenchResults results) {
    List<KernelResult> kernels = results.kernels();
    List<Series> series = new ArrayList<>();
    series.add(new Series("optimized",
        kernels.stream().map(KernelResult::speedup).toList(), results.geometricMeanSpeedup()));
    for (String tool : results.info().comparisonTools()) {
      series.add(new Series(tool,
          kernels.stream().map(k -> k.comparison(tool).map(c -> c.speedupOver(k.baseline()))
              .orElse(OptionalDouble.empty())).toList(),
          results.geometricMeanSpeedup(tool)));
    }

    // Axis range in whole powers of two, always including 1x.
    double lo = 0;
    double hi = 0;
    for (Series s : series) {
      for (OptionalDouble x : s.speedups()) {
        if (x.isPresent()) {
          lo = Math.min(lo, Math.floor(log2(x.getAsDouble())));
          hi = Math.max(hi, Math.ceil(log2(x.getAsDouble())));
        }
      }
    }
    if (hi - lo < 1) {
      hi = lo + 1;
    }
    final double axisLo = lo;
    final double axisHi = hi;

    int rowHeight = series.size() * (BAR + 2) + GAP;
    int plotHeight = Math.max(1, kernels.size()) * rowHeight;
    int legendTop = TOP + plotHeight + 30;
    int width = LEFT + PLOT_WIDTH + RIGHT;
    int height = legendTop + 18 * series.size() + 10;

    StringBuilder svg = new StringBuilder();
    svg.append(String.format(Locale.ROOT,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
            + " font-family=\"sans-serif\" font-size=\"11\">\n", width, height, width, height));
    svg.append("<title>Speedup over gcc -O3 per kernel</title>\n");
    svg.append(String.format(Locale.ROOT,
        "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width, height));
    svg.append(String.format(Locale.ROOT,
        "<text x=\"%d\" y=\"20\" font-size=\"14\" font-weight=\"bold\">Speedup over gcc -O3"
            + " (%s dataset, log scale)</text>\n", LEFT, Xml.escape(results.info().dataset())));

    // Grid: one line per power of two.
    for (int p = (int) axisLo; p <= (int) axisHi; p++) {
      double x = xOf(p, axisLo, axisHi);
      svg.append(String.format(Locale.ROOT,
          "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"%s\"/>\n",
          x, TOP - 6, x, TOP + plotHeight, p == 0 ? "#555" : "#ddd", p == 0 ? "1.5" : "1"));
      svg.append(String.format(Locale.ROOT,
          "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%s</text>\n",
          x, TOP + plotHeight + 14, Xml.escape(powerLabel(p))));
    }

    // Rows.
    for (int r = 0; r < kernels.size(); r++) {
      KernelResult k = kernels.get(r);
      int rowTop = TOP + r * rowHeight;
      svg.append(String.format(Locale.ROOT,
          "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
          LEFT - 8, rowTop + rowHeight / 2 + 2, Xml.escape(k.name())));
      for (int s = 0; s < series.size(); s++) {
        Series se = series.get(s);
        int y = rowTop + s * (BAR + 2);
        OptionalDouble v = se.speedups().get(r);
        if (v.isEmpty()) {
          String why = s == 0 ? k.status().label()
              : k.comparison(se.name()).map(c -> c.status().label()).orElse("n/a");
          svg.append(String.format(Locale.ROOT,
              "<text x=\"%.1f\" y=\"%d\" fill=\"#a40000\" font-size=\"9\">%s%s</text>\n",
              xOf(0, axisLo, axisHi) + 3, y + BAR - 1,
              series.size() > 1 ? Xml.escape(se.name()) + ": " : "", Xml.escape(why)));
          continue;
        }
        double x0 = xOf(0, axisLo, axisHi);
        double x1 = xOf(log2(v.getAsDouble()), axisLo, axisHi);
        double left = Math.min(x0, x1);
        double w = Math.max(1, Math.abs(x1 - x0));
        svg.append(String.format(Locale.ROOT,
            "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\">"
                + "<title>%s %s: %s</title></rect>\n",
            left, y, w, BAR, color(s), Xml.escape(k.name()), Xml.escape(se.name()),
            Xml.escape(Cells.speedup(v.getAsDouble()))));
        svg.append(String.format(Locale.ROOT,
            "<text x=\"%.1f\" y=\"%d\" font-size=\"9\" fill=\"#333\">%s</text>\n",
            Math.max(x0, x1) + 3, y + BAR - 1, Xml.escape(Cells.speedup(v.getAsDouble()))));
      }
    }

    // Geometric means.
    for (int s = 0; s < series.size(); s++) {
      OptionalDouble g = series.get(s).geomean();
      if (g.isEmpty()) {
        continue;
      }
      double x = xOf(log2(g.getAsDouble()), axisLo, axisHi);
      svg.append(String.format(Locale.ROOT,
          "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\""
              + " stroke-dasharray=\"6,3\"><title>geometric mean %s: %s</title></line>\n",
          x, TOP - 12, x, TOP + plotHeight, color(s), Xml.escape(series.get(s).name()),
          Xml.escape(Cells.speedup(g.getAsDouble()))));
      svg.append(String.format(Locale.ROOT,
          "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" fill=\"%s\">geomean %s</text>\n",
          x + 3, TOP - 14 - 11 * s, color(s), Xml.escape(Cells.speedup(g.getAsDouble()))));
    }
    if (kernels.isEmpty()) {
      svg.append(String.format(Locale.ROOT,
          "<text x=\"%d\" y=\"%d\">no kernels</text>\n", LEFT, TOP + 10));
    }

    // Legend.
    for (int s = 0; s < series.size(); s++) {
      int y = legendTop + 18 * s;
      svg.append(String.format(Locale.ROOT,
          "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"%d\" fill=\"%s\"/>\n",
          LEFT, y, BAR, color(s)));
      OptionalDouble g = series.get(s).geomean();
      svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s (geometric mean %s)</text>\n",
          LEFT + 18, y + BAR - 1, Xml.escape(series.get(s).name()),
          Xml.escape(Cells.speedup(g))));
    }
    svg.append("</svg>\n");
    return svg.toString();
  }

  private static String color(int series) {
    return COLORS[series % COLORS.length];
  }

  private static double log2(double x) {
    return Math.log(x) / Math.log(2);
  }

  private static double xOf(double log2Value, double lo, double hi) {
    return LEFT + (log2Value - lo) / (hi - lo) * PLOT_WIDTH;
  }

  private static String powerLabel(int p) {
    if (p >= 0) {
      return (1L << Math.min(p, 62)) + "x";
    }
    return p >= -4 ? trim(Math.pow(2, p)) + "x" : "1/" + (1L << Math.min(-p, 62)) + "x";
  }

  private static String trim(double v) {
    String s = String.format(Locale.ROOT, "%.4f", v);
    return s.replaceAll("0+$", "").replaceAll("\\.$", "");
  }
}
