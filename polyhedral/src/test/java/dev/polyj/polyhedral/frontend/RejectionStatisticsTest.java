package dev.polyj.polyhedral.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scops --stats} against its definition (SPolly, Figure 1): the A, B and C columns
 * recomputed from the regions the front end extracts from each file, and the speculative SCoPs
 * from their {@link Speculation}.
 */
class RejectionStatisticsTest {
  private static final String ONE = """
      void alias(int n, double *A, double *B) {
        for (int i = 0; i < n; i++) A[i] = B[i] + 1;
      }
      void flat(int n, double *A) {
        for (int j = 0; j < n; j++)
          for (int i = 0; i < n; i++) A[j * n + i] = 2 * A[j * n + i];
      }
      double g(double);
      void call(int n, double A[100]) {
        for (int i = 0; i < n; i++) A[i] = g(A[i]);
        for (int i = 0; i < n; i++) { if (A[i] > 0) break; A[i] = 1; }
        for (int i = 0; i < n; i++) A[i] = 3;
      }
      """;
  private static final String TWO = """
      void f(unsigned n, double *A, double *B, int *idx) {
        for (unsigned i = 0; i < n; i++) A[i] = B[i];
        for (int i = 0; i < 10; i++) A[idx[i]] = B[i] * g2(i);
        while (n > 0) n--;
      }
      """;

  @Test
  void tableAgreesWithTheRegionsOfEachFile(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("one.c"), ONE);
    Files.createDirectories(dir.resolve("sub"));
    Files.writeString(dir.resolve("sub/two.c"), TWO);
    Files.writeString(dir.resolve("sub/bad.c"), "void h( { for");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = RejectionStatistics.run(new String[] {dir.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, code);
    String report = out.toString(StandardCharsets.UTF_8);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("bad.c: skipped"), err.toString(StandardCharsets.UTF_8));

    List<RegionResult> all = new ArrayList<>(CFrontEnd.extract(ONE, "one.c"));
    all.addAll(CFrontEnd.extract(TWO, "two.c"));
    int scops = 0;
    int recovered = 0;
    List<Set<RejectionCause>> before = new ArrayList<>();
    for (RegionResult r : all) {
      if (r.accepted()) {
        scops++;
        continue;
      }
      Set<RejectionCause> causes = EnumSet.noneOf(RejectionCause.class);
      r.rejections().forEach(x -> causes.add(x.cause()));
      before.add(causes);
      if (r.speculation() != null && r.speculation().recovered()) recovered++;
    }
    assertEquals(2, recovered, "the aliasing and the linearized region");
    assertTrue(report.contains("3 C files (1 unreadable, 0 timed out), " + all.size() + " candidate regions: " + scops
        + " SCoPs"), report);
    assertTrue(report.contains("Speculation recovers " + recovered + " regions"), report);
    String table = report.substring(report.indexOf("| i |"), report.indexOf("\n\n", report.indexOf("| i |")));
    List<RejectionCause> seen = new ArrayList<>();
    for (String line : table.split("\n")) {
      if (!line.matches("\\| \\d+ \\|.*")) continue;
      String[] f = line.split("\\|");
      RejectionCause cause = null;
      for (RejectionCause c : RejectionCause.values()) if (c.description().equals(f[2].trim())) cause = c;
      seen.add(cause);
      int a = 0;
      int b = 0;
      int c = 0;
      for (Set<RejectionCause> s : before) {
        if (s.contains(cause)) a++;
        if (s.equals(Set.of(cause))) b++;
        if (seen.containsAll(s)) c++;
      }
      assertEquals(a, Integer.parseInt(f[3].trim()), line);
      assertEquals(b, Integer.parseInt(f[4].trim()), line);
      assertEquals(c, Integer.parseInt(f[5].trim()), line);
    }
    assertEquals(RejectionCause.values().length, seen.size());
  }
}
