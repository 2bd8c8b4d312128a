package dev.polyj.polybench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * report.html in a real browser: headless Chromium (the distribution's {@code chromium}, or the
 * program named by the environment variable {@code POLYJ_CHROMIUM}) loads the page; it must
 * render without console messages, and its chart must lay out a label for every kernel, a bar per
 * kernel and series (the optimized code and each {@code --compare} tool, in the same chart), the
 * dashed geometric-mean line of every series, and the legend with the geometric means. Layout is
 * measured in the page itself (a copy of the report with a script that records the boxes of the
 * chart's elements), and a screenshot must show both series' colours. Skipped without Chromium.
 */
class ReportBrowserTest {

  private static String chromium;

  @BeforeAll
  static void findChromium() {
    List<String> candidates = new ArrayList<>();
    Optional.ofNullable(System.getenv("POLYJ_CHROMIUM")).ifPresent(candidates::add);
    candidates.addAll(List.of("chromium", "chromium-browser", "google-chrome"));
    for (String c : candidates) {
      try {
        Process p = new ProcessBuilder(c, "--version").redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0) {
          chromium = c;
          return;
        }
      } catch (IOException e) {
        // not this one
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private record Browser(String dom, String log) {
    /** The console messages the page produced (Chromium logs them as CONSOLE lines). */
    List<String> console() {
      return log.lines().filter(l -> l.contains(":CONSOLE")).toList();
    }
  }

  /** Loads {@code page} headless; dumps its DOM, or takes a screenshot when {@code png} is given. */
  private static Browser load(Path page, Path profile, Path png) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
        "--no-first-run", "--disable-extensions", "--enable-logging=stderr", "--v=0",
        "--user-data-dir=" + profile, "--window-size=1000,2400"));
    cmd.add(png == null ? "--dump-dom" : "--screenshot=" + png);
    cmd.add(page.toUri().toString());
    Path out = Files.createTempFile(profile.getParent(), "dom", ".html");
    Path err = Files.createTempFile(profile.getParent(), "chromium", ".log");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!p.waitFor(2, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("chromium did not finish on " + page);
    }
    String log = Files.readString(err, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), "chromium failed:\n" + log);
    return new Browser(Files.readString(out, StandardCharsets.UTF_8), log);
  }

  /** Kernels ok, wrong and failed, one comparison tool (ok on some, failed on one). */
  static BenchResults sample() {
    RunInfo info = new RunInfo("built-in", "LARGE", "polyj", 2, 3, "gcc (test) 12", "gcc -O3",
        "gcc -O3 -fopenmp", List.of("polly"), "test host", "2026-01-01T00:00:00Z", List.of());
    List<KernelResult> ks = new ArrayList<>();
    ks.add(KernelResult.builder("gemm", "linear-algebra/blas").check("exact")
        .baseline(Timing.of(4.0)).optimized(Timing.of(1.0))
        .comparison(ComparisonResult.ok("polly", Timing.of(2.0))).build());
    ks.add(KernelResult.builder("jacobi-1d", "stencils").check("exact")
        .baseline(Timing.of(1.0)).optimized(Timing.of(2.0))
        .comparison(ComparisonResult.notOk("polly", Status.FAILED, "clang crashed")).build());
    ks.add(KernelResult.builder("atax", "linear-algebra/kernels").check("rel 1e-09")
        .baseline(Timing.of(3.0)).optimized(Timing.of(0.1))
        .comparison(ComparisonResult.ok("polly", Timing.of(6.0))).build());
    ks.add(KernelResult.builder("a<b&c", "medley").fail(Status.WRONG, "C[3] differs")
        .baseline(Timing.of(1.0)).build());
    ks.add(KernelResult.builder("lu", "linear-algebra/solvers").fail(Status.FAILED, "no").build());
    return new BenchResults(info, ks);
  }

  /** Records, in the page, the boxes of the chart's texts, bars and lines as JSON. */
  private static final String PROBE = String.join("\n",
      "<script>",
      "(function () {",
      "  var svg = document.querySelector('figure svg');",
      "  var out = {svg: null, texts: [], bars: [], lines: []};",
      "  if (svg) {",
      "    var b = svg.getBoundingClientRect(); out.svg = [b.width, b.height];",
      "    svg.querySelectorAll('text').forEach(function (t) {",
      "      var r = t.getBoundingClientRect(); out.texts.push([t.textContent, r.width, r.height]); });",
      "    svg.querySelectorAll('rect').forEach(function (e) {",
      "      var t = e.querySelector('title'); if (!t) return;",
      "      var r = e.getBoundingClientRect();",
      "      out.bars.push([t.textContent, r.width, r.height, getComputedStyle(e).fill]); });",
      "    svg.querySelectorAll('line').forEach(function (e) {",
      "      var t = e.querySelector('title'); if (!t) return;",
      "      var r = e.getBoundingClientRect(); out.lines.push([t.textContent, r.height]); });",
      "  }",
      "  var pre = document.createElement('pre'); pre.id = 'polyj-probe';",
      "  pre.textContent = JSON.stringify(out); document.body.appendChild(pre);",
      "})();",
      "</script>");

  @SuppressWarnings("unchecked")
  private static Map<String, List<Object>> probe(String dom) {
    Matcher m = Pattern.compile("<pre id=\"polyj-probe\">(.*?)</pre>", Pattern.DOTALL).matcher(dom);
    assertTrue(m.find(), "the probe did not run:\n" + dom);
    String json = m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    return (Map<String, List<Object>>) new Yaml(new SafeConstructor(new LoaderOptions())).load(json);
  }

  private static double number(Object o) {
    return ((Number) o).doubleValue();
  }

  @Test
  void theReportRendersItsChartWithEveryKernelAndTheGeometricMeans(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(chromium != null, "Chromium is not installed");
    BenchResults results = sample();
    Reports.writeAll(results, dir);
    Path report = dir.resolve(Reports.HTML);

    // The page as written: no console message at all (it has no script; anything logged is a problem).
    Browser plain = load(report, dir.resolve("profile"), null);
    assertEquals(List.of(), plain.console(), "console messages of report.html");
    assertTrue(plain.dom().contains("<svg"), "the chart is in the page");

    // Layout measured in the browser.
    String html = Files.readString(report, StandardCharsets.UTF_8);
    Path probed = dir.resolve("report-probe.html");
    Files.writeString(probed, html.replace("</body>", PROBE + "\n</body>"), StandardCharsets.UTF_8);
    Browser b = load(probed, dir.resolve("profile"), null);
    assertEquals(List.of(), b.console(), "console messages of the probed page");
    Map<String, List<Object>> p = probe(b.dom());
    assertTrue(number(p.get("svg").get(0)) > 300 && number(p.get("svg").get(1)) > 100, "chart size " + p.get("svg"));

    List<String> visibleTexts = new ArrayList<>();
    for (Object o : p.get("texts")) {
      List<Object> t = (List<Object>) o;
      if (number(t.get(1)) > 0 && number(t.get(2)) > 0) visibleTexts.add((String) t.get(0));
    }
    for (KernelResult k : results.kernels()) {
      assertTrue(visibleTexts.contains(k.name()), "kernel label " + k.name() + " laid out: " + visibleTexts);
    }
    for (String series : List.of("optimized", "polly")) {
      assertTrue(visibleTexts.stream().anyMatch(t -> t.startsWith(series + " (geometric mean ")),
          "legend of " + series + " with its geometric mean: " + visibleTexts);
      long lines = p.get("lines").stream().map(o -> (List<Object>) o)
          .filter(l -> ((String) l.get(0)).startsWith("geometric mean " + series + ":") && number(l.get(1)) > 0)
          .count();
      assertEquals(1, lines, "dashed geometric-mean line of " + series);
    }

    // One bar per kernel and series where there is a speedup, all in the one chart.
    List<String> bars = new ArrayList<>();
    for (Object o : p.get("bars")) {
      List<Object> r = (List<Object>) o;
      assertTrue(number(r.get(1)) >= 1 && number(r.get(2)) > 0, "bar laid out: " + r);
      bars.add(((String) r.get(0)).replaceAll(":.*", ""));
    }
    assertEquals(List.of("gemm optimized", "gemm polly", "jacobi-1d optimized", "atax optimized", "atax polly"), bars);

    // A screenshot shows the bars of both series.
    Path png = dir.resolve("report.png");
    load(report, dir.resolve("profile"), png);
    BufferedImage image = ImageIO.read(png.toFile());
    assertTrue(pixels(image, 0x3465a4) > 200, "optimized bars painted");
    assertTrue(pixels(image, 0xf57900) > 200, "polly bars painted");
  }

  /** The console check can fail: a page with a script error is caught. */
  @Test
  void aScriptErrorIsReportedAsAConsoleMessage(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(chromium != null, "Chromium is not installed");
    Path page = dir.resolve("broken.html");
    Files.writeString(page, "<!DOCTYPE html><html><body><p>x</p><script>notDefined();</script></body></html>");
    Browser b = load(page, dir.resolve("profile"), null);
    assertFalse(b.console().isEmpty(), "a ReferenceError must appear:\n" + b.log());
    assertTrue(b.console().get(0).contains("notDefined"), b.console().toString());
  }

  private static int pixels(BufferedImage image, int rgb) {
    int n = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        if ((image.getRGB(x, y) & 0xffffff) == rgb) n++;
      }
    }
    return n;
  }

}
