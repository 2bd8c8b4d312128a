package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep over a directory of C files (e.g. a suite of SCoP fragments kept outside the
 * repository), run only when the system property {@code polyj.fragmentSweep} names the
 * directory: every file goes through the {@link FragmentHarness}, one line per file and the counts
 * per outcome are written to {@code sweep.tsv} in that directory.
 */
class FragmentSweepTest {
  @Test
  @EnabledIfSystemProperty(named = "polyj.fragmentSweep", matches = ".+")
  void sweep(@TempDir Path work) throws Exception {
    Path dir = Path.of(System.getProperty("polyj.fragmentSweep"));
    List<Path> files;
    try (Stream<Path> s = Files.walk(dir)) {
      files = s.filter(p -> p.toString().endsWith(".c")).sorted().toList();
    }
    StringBuilder report = new StringBuilder();
    Map<FragmentHarness.Status, Integer> counts = new EnumMap<>(FragmentHarness.Status.class);
    for (Path f : files) {
      Path w = Files.createDirectories(work.resolve(f.getFileName().toString().replace(".c", "")));
      FragmentHarness.Outcome o;
      try {
        o = FragmentHarness.check(f, w, PolyhedralOptimizer.Config.defaults());
        if (o.status() == FragmentHarness.Status.MATCH) {
          FragmentHarness.Outcome small = FragmentHarness.check(f, w,
              PolyhedralOptimizer.Config.defaults().withTileSizes(new long[] {3}));
          if (small.status() != FragmentHarness.Status.MATCH) o = small;
        }
      } catch (RuntimeException e) {
        o = new FragmentHarness.Outcome(FragmentHarness.Status.HARNESS_FAILED, "exception: " + e);
      }
      counts.merge(o.status(), 1, Integer::sum);
      report.append(dir.relativize(f)).append('\t').append(o.status()).append('\t').append(o.detail()).append('\n');
    }
    report.append("# ").append(files.size()).append(" files: ").append(counts).append('\n');
    Files.writeString(dir.resolve("sweep.tsv"), report);
    assertTrue(files.size() > 0);
  }
}
