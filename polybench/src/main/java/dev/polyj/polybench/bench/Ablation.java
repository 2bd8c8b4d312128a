package dev.polyj.polybench.bench;

import dev.polyj.polybench.report.AblationReport;
import dev.polyj.polybench.report.BenchResults;
import dev.polyj.polybench.report.Reports;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code bench --ablation}: the suite run with the optimizer's whole pipeline, then once with each
 * of its passes disabled in turn ({@link PipelineOptimizer#ablationPasses}); each run writes its
 * own reports under {@code OUT/ablation/NAME}, and {@link AblationReport} compares them.
 */
final class Ablation {
  private final BenchConfig config;
  private final PipelineOptimizer optimizer;
  private final Progress.Mode mode;
  private final PrintWriter out;
  private final PrintWriter err;

  Ablation(BenchConfig config, PipelineOptimizer optimizer, Progress.Mode mode, PrintWriter out, PrintWriter err) {
    this.config = config;
    this.optimizer = optimizer;
    this.mode = mode;
    this.out = out;
    this.err = err;
  }

  /** Runs the ablation on {@code suiteDir} (null for the built-in suite) and returns bench's exit code. */
  int run(Path suiteDir, List<String> kernels) {
    try {
      BenchSuite suite = BenchSuite.resolve(suiteDir, config.outDir().resolve("suite"));
      List<BenchKernel> selected = suite.select(kernels);
      boolean allOk = true;
      BenchResults full = run("all", optimizer, suite, selected);
      allOk &= full.allOk();
      Map<String, BenchResults> without = new LinkedHashMap<>();
      for (String pass : optimizer.ablationPasses()) {
        BenchResults r = run(pass, optimizer.without(pass), suite, selected);
        allOk &= r.allOk();
        without.put(pass, r);
      }
      AblationReport report = new AblationReport(full, without);
      Files.createDirectories(config.outDir());
      Path md = config.outDir().resolve(AblationReport.MARKDOWN);
      Path html = config.outDir().resolve(AblationReport.HTML);
      Path svg = config.outDir().resolve(AblationReport.SVG);
      Files.writeString(md, report.markdown());
      Files.writeString(html, report.html());
      Files.writeString(svg, report.svg());
      out.print(report.text());
      out.println();
      out.println("reports: " + md + ", " + html + ", " + svg);
      out.flush();
      return allOk ? BenchCommand.OK : BenchCommand.NOT_ALL_OK;
    } catch (BenchSetupException e) {
      err.println("polyj bench: " + e.getMessage());
      err.flush();
      return BenchCommand.BAD_INPUT;
    } catch (IOException e) {
      err.println("polyj bench: I/O error: " + e.getMessage());
      err.flush();
      return BenchCommand.BAD_INPUT;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("polyj bench: interrupted");
      err.flush();
      return BenchCommand.INTERNAL_ERROR;
    }
  }

  private BenchResults run(String label, Optimizer o, BenchSuite suite, List<BenchKernel> selected)
      throws IOException, InterruptedException, BenchSetupException {
    Path dir = config.outDir().resolve("ablation").resolve(label);
    BenchConfig c = new BenchConfig(config.dataset(), config.threads(), config.reps(), config.jobs(),
        config.tolerance(), config.timeout(), config.compare(), dir, config.compiler());
    err.println("ablation: " + (label.equals("all") ? "every pass" : "without " + label));
    err.flush();
    BenchResults r = new BenchRunner(c, o, Progress.create(mode, err)).run(suite, selected);
    Reports.writeAll(r, dir);
    return r;
  }
}
