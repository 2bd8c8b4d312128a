package dev.polyj.polybench.report;

import java.util.List;

/**
 * The results as a self-contained HTML page: run set-up, summary, the {@link SpeedupChart}
 * inline, the results table, problems and notes. The page is also well-formed XML.
 */
public final class HtmlReport {

  private static final String STYLE = String.join("\n",
      "body { font-family: sans-serif; margin: 2em; color: #222; }",
      "table { border-collapse: collapse; font-size: 13px; }",
      "th, td { border: 1px solid #ccc; padding: 3px 8px; }",
      "th { background: #eee; }",
      "td.num { text-align: right; font-variant-numeric: tabular-nums; }",
      "tr.wrong td, tr.failed td { background: #fde8e8; }",
      "dt { font-weight: bold; float: left; clear: left; width: 14em; }",
      "dd { margin-left: 15em; }",
      "code { background: #f4f4f4; padding: 0 3px; }");

  private HtmlReport() {}

  public static String render(BenchResults results) {
    RunInfo info = results.info();
    StringBuilder h = new StringBuilder();
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
        .append("<title>polyj benchmark report</title>\n<style>\n").append(STYLE)
        .append("\n</style>\n</head>\n<body>\n<h1>polyj benchmark report</h1>\n<dl>\n");
    for (String[] kv : Cells.runInfo(info)) {
      h.append("<dt>").append(Xml.escape(kv[0])).append("</dt><dd><code>")
          .append(Xml.escape(kv[1])).append("</code></dd>\n");
    }
    h.append("</dl>\n<h2>Summary</h2>\n<ul>\n");
    for (String line : Cells.summary(results)) {
      h.append("<li>").append(Xml.escape(line)).append("</li>\n");
    }
    h.append("</ul>\n<h2>Speedups</h2>\n<figure>\n").append(SpeedupChart.render(results))
        .append("</figure>\n<h2>Kernels</h2>\n<table>\n<thead>\n<tr>");
    for (String c : Cells.header(info)) {
      h.append("<th>").append(Xml.escape(c)).append("</th>");
    }
    h.append("</tr>\n</thead>\n<tbody>\n");
    for (KernelResult k : results.kernels()) {
      h.append("<tr class=\"").append(k.status().label()).append("\">");
      List<String> row = Cells.row(info, k);
      for (int c = 0; c < row.size(); c++) {
        h.append(Cells.numeric(c) ? "<td class=\"num\">" : "<td>")
            .append(Xml.escape(row.get(c))).append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</tbody>\n</table>\n");
    List<String> problems = Cells.problems(results);
    if (!problems.isEmpty()) {
      h.append("<h2>Not ok</h2>\n<ul>\n");
      for (String p : problems) {
        h.append("<li>").append(Xml.escape(p)).append("</li>\n");
      }
      h.append("</ul>\n");
    }
    if (!info.notes().isEmpty()) {
      h.append("<h2>Notes</h2>\n<ul>\n");
      for (String n : info.notes()) {
        h.append("<li>").append(Xml.escape(n)).append("</li>\n");
      }
      h.append("</ul>\n");
    }
    h.append("</body>\n</html>\n");
    return h.toString();
  }
}
