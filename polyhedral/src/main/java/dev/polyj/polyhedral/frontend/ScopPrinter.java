package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.schedule.ScheduleYaml;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.ExprPrinter;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import java.util.List;

/**
 * Prints the result of {@code scops} as YAML: one document entry per candidate region, with the
 * context, arrays, statements (domain, accesses, body) and schedule of an accepted region, or the
 * causes of a rejected one. Sets and relations are in isl notation.
 */
public final class ScopPrinter {
  private ScopPrinter() {}

  public static String print(List<RegionResult> results) {
    StringBuilder sb = new StringBuilder();
    sb.append("regions:\n");
    if (results.isEmpty()) {
      sb.setLength(0);
      return sb.append("regions: []\n").toString();
    }
    for (RegionResult r : results) {
      sb.append("- function: ").append(r.functionName() == null ? "null  # file-level region" : r.functionName())
          .append('\n');
      sb.append("  position: ").append(quote(r.pos().toString())).append('\n');
      if (r.accepted()) {
        sb.append("  status: scop\n");
        scop(r.scop(), sb);
      } else {
        sb.append("  status: rejected\n");
        sb.append("  causes:\n");
        for (Rejection x : r.rejections()) {
          sb.append("  - cause: ").append(x.cause().name().toLowerCase()).append('\n');
          sb.append("    description: ").append(quote(x.cause().description())).append('\n');
          sb.append("    position: ").append(quote(x.pos().toString())).append('\n');
          sb.append("    message: ").append(quote(x.message())).append('\n');
        }
      }
    }
    return sb.toString();
  }

  private static void scop(Scop s, StringBuilder sb) {
    sb.append("  parameters: [").append(String.join(", ", s.params())).append("]\n");
    sb.append("  context: ").append(quote(s.context().toString())).append('\n');
    sb.append("  arrays:\n");
    for (ArrayInfo a : s.arrays()) {
      sb.append("  - name: ").append(a.name()).append('\n');
      sb.append("    element_type: ").append(quote(a.elementType())).append('\n');
      sb.append("    sizes: [");
      List<String> sizes = a.sizeStrings();
      for (int i = 0; i < sizes.size(); i++) sb.append(i > 0 ? ", " : "").append(quote(sizes.get(i)));
      sb.append("]\n");
    }
    sb.append("  statements:\n");
    for (Statement st : s.statements()) {
      sb.append("  - name: ").append(st.name()).append('\n');
      sb.append("    position: ").append(quote(st.pos().toString())).append('\n');
      sb.append("    iterators: [").append(String.join(", ", st.iterators())).append("]\n");
      sb.append("    domain: ").append(quote(st.domain().toString())).append('\n');
      sb.append("    body: ").append(quote(ExprPrinter.print(st.body()) + ";")).append('\n');
      sb.append("    accesses:\n");
      for (Access a : st.accesses()) {
        sb.append("    - ").append(a.isRead() ? "read" : "write").append(": ")
            .append(quote(a.relation().toString())).append('\n');
        sb.append("      must: ").append(a.isMust() ? 1 : 0).append('\n');
      }
      if (st.filter() != null) {
        sb.append("    filter:\n");
        sb.append("      accesses:\n");
        for (var f : st.filter().accesses()) sb.append("      - ").append(quote(f.toString())).append('\n');
        sb.append("      values: ").append(quote(st.filter().values().toString())).append('\n');
      }
    }
    sb.append("  schedule_map: ").append(quote(s.scheduleMap().toString())).append('\n');
    sb.append("  schedule: |\n");
    for (String line : ScheduleYaml.write(s.schedule()).split("\n")) sb.append("    ").append(line).append('\n');
  }

  /** A double-quoted YAML scalar. */
  static String quote(String s) {
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}
