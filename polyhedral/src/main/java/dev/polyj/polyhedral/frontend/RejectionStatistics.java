package dev.polyj.polyhedral.frontend;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * The {@code scops --stats} command: over every C file of a directory tree, the candidate regions
 * and why they are not static control parts, in the form of Figure 1 of the SPolly paper
 * (Doerfert, Hammacher, Streit and Hack, IMPACT 2013, Section 3): for each rejection cause, ordered
 * by the regions it affects, (A) the regions it is a cause for, (B) the regions it is the only
 * cause for, (C) the regions gained when ignoring it and every cause above it. The table is given
 * before and after what speculation recovers (run-time alias checks and delinearization, {@link
 * Speculation}). Files without {@code #pragma scop} have each outermost for loop of each function
 * as a candidate region; a file that cannot be read (syntax the parser does not know, a failing
 * preprocessor) is counted and skipped.
 */
public final class RejectionStatistics {
  /** The longest a file may take to analyze. */
  private static final long FILE_SECONDS = 30;

  private int files;
  private int unreadable;
  private int timedOut;
  private int regions;
  private int scops;
  private int recoveredAlias;
  private int recoveredDelinearized;
  private final List<Set<RejectionCause>> before = new ArrayList<>();
  private final List<Set<RejectionCause>> after = new ArrayList<>();
  private final List<String> failures = new ArrayList<>();

  private RejectionStatistics() {}

  public static int run(String[] args, PrintStream out, PrintStream err) {
    ScopsTool.Arguments parsed =
        ScopsTool.parse(args, "scops --stats", "scops --stats [-I DIR] [-D NAME[=VALUE]] DIR", err);
    if (parsed == null) return 2;
    List<String> cpp = parsed.cpp();
    String dir = parsed.operand();
    Path root = Path.of(dir);
    if (!Files.exists(root)) {
      err.println(dir + ": error: no such file or directory");
      return 2;
    }
    List<Path> sources;
    try (Stream<Path> walk = Files.walk(root)) {
      sources = walk.filter(p -> Files.isRegularFile(p) && p.toString().endsWith(".c")).sorted().toList();
    } catch (IOException e) {
      err.println(dir + ": error: " + e.getMessage());
      return 2;
    }
    RejectionStatistics s = new RejectionStatistics();
    s.collect(sources, cpp);
    out.print(s.report(root.toString()));
    for (String f : s.failures) err.println(f);
    return 0;
  }

  private void collect(List<Path> sources, List<String> cpp) {
    ExecutorService pool = newPool();
    for (Path file : sources) {
      files++;
      Thread[] worker = new Thread[1];
      Future<List<RegionResult>> task = pool.submit(() -> {
        worker[0] = Thread.currentThread();
        return CFrontEnd.read(file, cpp).regions();
      });
      List<RegionResult> rs;
      try {
        rs = task.get(FILE_SECONDS, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        task.cancel(true);
        pool.shutdownNow();
        stop(worker[0]);
        pool = newPool();
        timedOut++;
        failures.add(file + ": skipped: analysis took more than " + FILE_SECONDS + " s");
        continue;
      } catch (ExecutionException e) {
        unreadable++;
        Throwable c = e.getCause();
        failures.add(file + ": skipped: " + (c instanceof CSourceException || c instanceof IOException ? c.getMessage()
            : "internal error: " + c));
        continue;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      for (RegionResult r : rs) add(r);
    }
    pool.shutdownNow();
  }

  /**
   * Stops a thread stuck in an analysis that does not look at interruptions (an exact analysis of a
   * region can take exponential time): the statistics are all it computes, and no state is shared.
   */
  @SuppressWarnings({"deprecation", "removal"})
  private static void stop(Thread t) {
    if (t == null) return;
    try {
      t.stop();
    } catch (UnsupportedOperationException | SecurityException e) {
      // a daemon thread left running
    }
  }

  private static ExecutorService newPool() {
    return Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "scops-stats");
      t.setDaemon(true);
      return t;
    });
  }

  private void add(RegionResult r) {
    regions++;
    if (r.accepted()) {
      scops++;
      return;
    }
    Set<RejectionCause> causes = EnumSet.noneOf(RejectionCause.class);
    for (Rejection x : r.rejections()) causes.add(x.cause());
    before.add(causes);
    Speculation s = r.speculation();
    if (s != null && s.recovered()) {
      if (!s.views().isEmpty()) recoveredDelinearized++;
      if (!s.unaliased().isEmpty()) recoveredAlias++;
    } else {
      after.add(causes);
    }
  }

  /** The report: counts, then the table before and after speculation. */
  String report(String root) {
    StringBuilder sb = new StringBuilder();
    int recovered = before.size() - after.size();
    sb.append("# Candidate regions of ").append(root).append("\n\n");
    sb.append(files).append(" C files (").append(unreadable).append(" unreadable, ").append(timedOut)
        .append(" timed out), ").append(regions).append(" candidate regions: ").append(scops).append(" SCoPs (")
        .append(percent(scops, regions)).append("), ").append(before.size()).append(" rejected.\n");
    sb.append("Speculation recovers ").append(recovered).append(" regions (run-time alias checks: ").append(recoveredAlias)
        .append(", delinearization: ").append(recoveredDelinearized).append("): ").append(scops + recovered)
        .append(" SCoPs and speculative SCoPs (").append(percent(scops + recovered, regions)).append(")");
    if (scops > 0) sb.append(", ").append(String.format(Locale.ROOT, "%+.0f%%", 100.0 * recovered / scops)).append(" over the SCoPs");
    sb.append(".\n\n");
    sb.append("Rejection causes (A: regions affected, B: regions where it is the only cause, C: regions gained when "
        + "ignoring it and every cause above it):\n\n");
    sb.append(table(before, "before speculation"));
    sb.append('\n');
    sb.append(table(after, "after speculation"));
    return sb.toString();
  }

  private static String table(List<Set<RejectionCause>> rejected, String title) {
    Map<RejectionCause, Integer> a = new EnumMap<>(RejectionCause.class);
    Map<RejectionCause, Integer> b = new EnumMap<>(RejectionCause.class);
    for (RejectionCause c : RejectionCause.values()) {
      a.put(c, 0);
      b.put(c, 0);
    }
    for (Set<RejectionCause> s : rejected) {
      for (RejectionCause c : s) a.merge(c, 1, Integer::sum);
      if (s.size() == 1) b.merge(s.iterator().next(), 1, Integer::sum);
    }
    List<RejectionCause> order = new ArrayList<>(List.of(RejectionCause.values()));
    order.sort((x, y) -> a.get(x).equals(a.get(y)) ? Integer.compare(x.ordinal(), y.ordinal())
        : Integer.compare(a.get(y), a.get(x)));
    StringBuilder sb = new StringBuilder();
    sb.append("| i | rejection cause (").append(title).append(", ").append(rejected.size())
        .append(" regions) | A | B | C |\n|---|---|---:|---:|---:|\n");
    Set<RejectionCause> ignored = EnumSet.noneOf(RejectionCause.class);
    for (int i = 0; i < order.size(); i++) {
      RejectionCause c = order.get(i);
      ignored.add(c);
      int gained = 0;
      for (Set<RejectionCause> s : rejected) if (ignored.containsAll(s)) gained++;
      sb.append("| ").append(i).append(" | ").append(c.description()).append(" | ").append(a.get(c)).append(" | ")
          .append(b.get(c)).append(" | ").append(gained).append(" |\n");
    }
    return sb.toString();
  }

  private static String percent(int part, int whole) {
    return whole == 0 ? "0%" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
  }
}
