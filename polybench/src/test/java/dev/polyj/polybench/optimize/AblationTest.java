package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.bench.BenchCommand;
import dev.polyj.polybench.report.AblationReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code bench --ablation} and {@code bench --passes ...} on MINI with two kernels and a three-pass pipeline. */
class AblationTest {
  private record Outcome(int exit, String out, String err) {}

  private static Outcome bench(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new BenchCommand(new PolyhedralOptimizer()));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute(args);
    return new Outcome(exit, out.toString(), err.toString());
  }

  @Test
  void ablationRunsEachPassDisabledAndReportsItsContribution(@TempDir Path dir) throws IOException {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Outcome o = bench("--dataset", "MINI", "--reps", "1", "--threads", "2", "--progress", "none", "--no-reassociate",
        "--kernels", "gemm,atax", "--passes=scheduling,tiling,openmp", "--ablation", "--out", dir.toString());
    assertEquals(0, o.exit(), o.out() + o.err());
    String md = Files.readString(dir.resolve(AblationReport.MARKDOWN));
    for (String pass : new String[] {"scheduling", "tiling", "openmp"}) {
      assertTrue(md.contains("| " + pass + " | "), md);
      assertTrue(o.out().contains(pass), o.out());
      assertTrue(Files.exists(dir.resolve("ablation").resolve(pass).resolve("report.md")), pass);
    }
    // the required passes are never disabled, the others were not selected
    assertTrue(!md.contains("| ast-build |") && !md.contains("| guard-peeling |"), md);
    assertTrue(Files.exists(dir.resolve("ablation/all/report.md")));
    String svg = Files.readString(dir.resolve(AblationReport.SVG));
    assertTrue(svg.startsWith("<svg") && svg.contains("<rect") && svg.contains("tiling"), svg);
    assertTrue(Files.readString(dir.resolve(AblationReport.HTML)).contains("<svg"));
  }

  @Test
  void badPassNamesAreParameterErrors(@TempDir Path dir) {
    Outcome o = bench("--dataset", "MINI", "--kernels", "gemm", "--disable-pass", "tilling", "--out", dir.toString());
    assertEquals(2, o.exit(), o.out() + o.err());
    assertTrue(o.err().contains("unknown pass 'tilling'") && o.err().contains("tiling"), o.err());
  }
}
