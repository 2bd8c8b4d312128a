package dev.polyj.polyhedral.pass;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code --stats} table: per pass, its runs, total time and what it changed in each region. */
public final class PassStatistics {
  private PassStatistics() {}

  /** One line per pass that ran, in the order they first ran. */
  public static String table(List<PassManager.Statistic> stats) {
    Map<String, List<PassManager.Statistic>> byPass = new LinkedHashMap<>();
    for (PassManager.Statistic s : stats) byPass.computeIfAbsent(s.pass(), k -> new ArrayList<>()).add(s);
    int width = 4;
    for (String p : byPass.keySet()) width = Math.max(width, p.length());
    StringBuilder sb = new StringBuilder();
    sb.append(String.format("%-" + width + "s  %4s  %9s  %s%n", "pass", "runs", "time (ms)", "changes"));
    for (Map.Entry<String, List<PassManager.Statistic>> e : byPass.entrySet()) {
      long nanos = 0;
      List<String> changes = new ArrayList<>();
      for (PassManager.Statistic s : e.getValue()) {
        nanos += s.nanos();
        if (!s.change().isEmpty()) changes.add(s.change());
      }
      sb.append(String.format(java.util.Locale.ROOT, "%-" + width + "s  %4d  %9.1f  %s%n", e.getKey(),
          e.getValue().size(), nanos / 1e6, changes.isEmpty() ? "-" : String.join("; ", changes)));
    }
    return sb.toString();
  }
}
