package dev.polyj.polybench.report;

import java.util.List;

/** The results as a Markdown document (GitHub-flavoured table). */
public final class MarkdownReport {

  private MarkdownReport() {}

  public static String render(BenchResults results) {
    RunInfo info = results.info();
    StringBuilder md = new StringBuilder();
    md.append("# polyj benchmark report\n\n");
    for (String[] kv : Cells.runInfo(info)) {
      md.append("- ").append(kv[0]).append(": ").append(code(kv[1])).append('\n');
    }
    md.append("\n## Summary\n\n");
    for (String line : Cells.summary(results)) {
      md.append("- ").append(escape(line)).append('\n');
    }
    md.append("\n## Kernels\n\n");
    List<String> header = Cells.header(info);
    appendRow(md, header);
    StringBuilder rule = new StringBuilder("|");
    for (int c = 0; c < header.size(); c++) {
      rule.append(Cells.numeric(c) ? " ---: |" : " --- |");
    }
    md.append(rule).append('\n');
    for (KernelResult k : results.kernels()) {
      appendRow(md, Cells.row(info, k));
    }
    List<String> problems = Cells.problems(results);
    if (!problems.isEmpty()) {
      md.append("\n## Not ok\n\n");
      for (String p : problems) {
        md.append("- ").append(escape(p)).append('\n');
      }
    }
    if (!info.notes().isEmpty()) {
      md.append("\n## Notes\n\n");
      for (String n : info.notes()) {
        md.append("- ").append(escape(n)).append('\n');
      }
    }
    return md.toString();
  }

  private static void appendRow(StringBuilder md, List<String> cells) {
    md.append('|');
    for (String c : cells) {
      md.append(' ').append(escape(c)).append(" |");
    }
    md.append('\n');
  }

  /** Escapes the characters that would break a table cell or start markup. */
  static String escape(String s) {
    StringBuilder b = new StringBuilder();
    for (char ch : s.replace('\n', ' ').toCharArray()) {
      if ("|\\*_`<>[]".indexOf(ch) >= 0) {
        b.append('\\');
      }
      b.append(ch);
    }
    return b.toString();
  }

  private static String code(String s) {
    return s.isEmpty() ? "" : "`" + s.replace("`", "'") + "`";
  }
}
