package dev.polyj.polybench.report;

import java.util.ArrayList;
import java.util.List;

/** The results as plain text with aligned columns, for a terminal. */
public final class TerminalTable {

  private TerminalTable() {}

  /** The whole text report: table, summary, problems and notes, each line ending in '\n'. */
  public static String render(BenchResults results) {
    RunInfo info = results.info();
    List<List<String>> rows = new ArrayList<>();
    rows.add(Cells.header(info));
    for (KernelResult k : results.kernels()) {
      rows.add(Cells.row(info, k));
    }
    int columns = rows.get(0).size();
    int[] width = new int[columns];
    for (List<String> r : rows) {
      for (int c = 0; c < columns; c++) {
        width[c] = Math.max(width[c], r.get(c).length());
      }
    }
    StringBuilder out = new StringBuilder();
    appendRow(out, rows.get(0), width);
    StringBuilder rule = new StringBuilder();
    for (int c = 0; c < columns; c++) {
      rule.append(c == 0 ? "" : "  ").append("-".repeat(width[c]));
    }
    out.append(rule).append('\n');
    for (List<String> r : rows.subList(1, rows.size())) {
      appendRow(out, r, width);
    }
    out.append('\n');
    for (String line : Cells.summary(results)) {
      out.append(line).append('\n');
    }
    List<String> problems = Cells.problems(results);
    if (!problems.isEmpty()) {
      out.append("\nnot ok:\n");
      for (String p : problems) {
        out.append("  ").append(p).append('\n');
      }
    }
    if (!info.notes().isEmpty()) {
      out.append("\nnotes:\n");
      for (String n : info.notes()) {
        out.append("  ").append(n).append('\n');
      }
    }
    return out.toString();
  }

  private static void appendRow(StringBuilder out, List<String> row, int[] width) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < row.size(); c++) {
      if (c > 0) {
        line.append("  ");
      }
      String cell = row.get(c);
      String pad = " ".repeat(width[c] - cell.length());
      line.append(Cells.numeric(c) ? pad + cell : cell + pad);
    }
    out.append(line.toString().stripTrailing()).append('\n');
  }
}
