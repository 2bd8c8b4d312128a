package dev.polyj.polybench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import javax.xml.parsers.DocumentBuilderFactory;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class ReportsTest {

  private static RunInfo info(List<String> tools) {
    return new RunInfo("built-in", "MINI", "identity", 2, 3, "gcc (test) 12", "gcc -O3",
        "gcc -O3 -fopenmp", tools, "test host", "2024-01-01T00:00:00Z",
        List.of("pluto skipped: polycc is not on the PATH"));
  }

  /** A fixed run: two ok kernels, one wrong, one failed, one comparison tool. */
  private static BenchResults sample() {
    List<KernelResult> ks = new ArrayList<>();
    ks.add(KernelResult.builder("gemm", "linear-algebra/blas").check("exact")
        .baseline(Timing.of(4.0, 4.2, 3.9)).optimized(Timing.of(1.0, 1.1, 0.9))
        .optimizeSeconds(0.5).compileSeconds(0.3)
        .comparison(ComparisonResult.ok("polly", Timing.of(2.0))).build());
    ks.add(KernelResult.builder("jacobi-1d", "stencils").check("rel 1e-09")
        .baseline(Timing.of(1.0)).optimized(Timing.of(2.0))
        .comparison(ComparisonResult.notOk("polly", Status.FAILED, "clang crashed")).build());
    ks.add(KernelResult.builder("a<b&c\"d'", "medley").check("exact")
        .fail(Status.WRONG, "C[3]: expected 1.00, got <2.00> & more").baseline(Timing.of(1.0))
        .build());
    ks.add(KernelResult.builder("lu", "linear-algebra/solvers")
        .fail(Status.FAILED, "optimizer: IllegalStateException: | pipe").build());
    return new BenchResults(info(List.of("polly")), ks);
  }

  @Test
  void geometricMeanUsesOkKernelsOnly() {
    BenchResults r = sample();
    // gemm: median 4.0 / 1.0 = 4; jacobi-1d: 1.0 / 2.0 = 0.5; the wrong and failed kernels
    // have no speedup.
    assertEquals(Math.sqrt(4 * 0.5), r.geometricMeanSpeedup().getAsDouble(), 1e-12);
    assertEquals(2.0, r.geometricMeanSpeedup("polly").getAsDouble(), 1e-12);
    assertEquals(2, r.count(Status.OK));
    assertFalse(r.allOk());
    assertTrue(new BenchResults(info(List.of()), List.of()).geometricMeanSpeedup().isEmpty());
  }

  @Provide
  Arbitrary<List<Double>> speedups() {
    return Arbitraries.doubles().between(0.01, 100).list().ofMinSize(1).ofMaxSize(20);
  }

  /** The geometric mean agrees with the n-th root of the product (computed independently). */
  @Property(tries = 100)
  void geometricMeanIsTheRootOfTheProduct(@ForAll("speedups") List<Double> speedups) {
    List<KernelResult> ks = new ArrayList<>();
    double product = 1;
    for (int i = 0; i < speedups.size(); i++) {
      product *= speedups.get(i);
      ks.add(KernelResult.builder("k" + i, "c").baseline(Timing.of(speedups.get(i)))
          .optimized(Timing.of(1.0)).build());
    }
    double expected = Math.pow(product, 1.0 / speedups.size());
    double actual = new BenchResults(info(List.of()), ks).geometricMeanSpeedup().getAsDouble();
    assertEquals(expected, actual, expected * 1e-9);
  }

  @Test
  void medianOfTimings() {
    assertEquals(2.0, Timing.of(3, 1, 2).median());
    assertEquals(2.5, Timing.of(4, 1, 2, 3).median());
    assertEquals(1.0, Timing.of(3, 1, 2).min());
    assertEquals(3.0, Timing.of(3, 1, 2).max());
  }

  @Test
  void markdownListsEveryKernelAndTheGeometricMean() {
    BenchResults r = sample();
    String md = MarkdownReport.render(r);
    for (String name : List.of("gemm", "jacobi-1d", "lu")) {
      assertTrue(md.contains("| " + name.replace("-", "-") + " |"), name);
    }
    assertTrue(md.contains("a\\<b&c\"d'"), md);
    assertTrue(md.contains(speedup(r.geometricMeanSpeedup())), md);
    assertTrue(md.contains(speedup(r.geometricMeanSpeedup("polly"))), md);
    // The pipe in a reason is escaped, so every table row has the header's number of cells.
    long headerCells = md.lines().filter(l -> l.startsWith("| kernel")).findFirst().orElseThrow()
        .chars().filter(c -> c == '|').count();
    md.lines().filter(l -> l.startsWith("|")).forEach(l ->
        assertEquals(headerCells, l.replace("\\|", "").chars().filter(c -> c == '|').count(), l));
    assertTrue(md.contains("optimizer: IllegalStateException: \\| pipe"), md);
    assertTrue(md.contains("pluto skipped"), md);
  }

  @Test
  void htmlIsWellFormedAndHoldsEveryKernelAndTheChart() throws Exception {
    BenchResults r = sample();
    String html = HtmlReport.render(r);
    Document doc = parse(html);
    List<String> rows = new ArrayList<>();
    NodeList trs = doc.getElementsByTagName("tr");
    for (int i = 0; i < trs.getLength(); i++) {
      Element tr = (Element) trs.item(i);
      if (tr.getElementsByTagName("td").getLength() > 0) {
        rows.add(tr.getElementsByTagName("td").item(0).getTextContent());
      }
    }
    assertEquals(List.of("gemm", "jacobi-1d", "a<b&c\"d'", "lu"), rows);
    assertEquals(1, doc.getElementsByTagName("svg").getLength());
    assertTrue(doc.getDocumentElement().getTextContent()
        .contains(speedup(r.geometricMeanSpeedup())));
  }

  @Test
  void svgIsWellFormedWithABarPerOkSpeedupAndGeometricMeanLines() throws Exception {
    BenchResults r = sample();
    Document svg = parse(SpeedupChart.render(r));
    assertEquals("svg", svg.getDocumentElement().getTagName());
    assertEquals("http://www.w3.org/2000/svg", svg.getDocumentElement().getAttribute("xmlns"));
    int bars = 0;
    int means = 0;
    List<String> labels = new ArrayList<>();
    NodeList rects = svg.getElementsByTagName("rect");
    for (int i = 0; i < rects.getLength(); i++) {
      if (rects.item(i).getTextContent().contains(":")) {
        bars++;
      }
    }
    NodeList lines = svg.getElementsByTagName("line");
    for (int i = 0; i < lines.getLength(); i++) {
      if (lines.item(i).getTextContent().startsWith("geometric mean")) {
        means++;
      }
    }
    NodeList texts = svg.getElementsByTagName("text");
    for (int i = 0; i < texts.getLength(); i++) {
      labels.add(texts.item(i).getTextContent());
    }
    // Bars: gemm optimized and polly, jacobi-1d optimized (polly failed there).
    assertEquals(3, bars);
    assertEquals(2, means);
    for (String name : List.of("gemm", "jacobi-1d", "a<b&c\"d'", "lu")) {
      assertTrue(labels.contains(name), name + " in " + labels);
    }
    assertTrue(labels.contains("geomean " + speedup(r.geometricMeanSpeedup())), labels.toString());
    assertTrue(labels.contains("wrong") || labels.stream().anyMatch(l -> l.endsWith("wrong")));
  }

  @Property(tries = 30)
  void chartOfAnyRunParses(@ForAll("runs") BenchResults r) throws Exception {
    parse(SpeedupChart.render(r));
    parse(HtmlReport.render(r));
  }

  @Provide
  Arbitrary<BenchResults> runs() {
    Arbitrary<KernelResult> kernel = Combinators.combine(
        Arbitraries.strings().ofMinLength(1).ofMaxLength(8),
        Arbitraries.doubles().between(1e-6, 1e3).ofScale(7),
        Arbitraries.doubles().between(1e-6, 1e3).ofScale(7),
        Arbitraries.of(Status.values()))
        .as((name, base, opt, status) -> {
          KernelResult.Builder b = KernelResult.builder(name, "cat").baseline(Timing.of(base))
              .optimized(Timing.of(opt));
          if (status != Status.OK) {
            b.fail(status, "because " + name);
          }
          return b.build();
        });
    return kernel.list().ofMaxSize(12).map(ks -> new BenchResults(info(List.of()), ks));
  }

  @Test
  void terminalTableColumnsAreAligned() {
    String text = TerminalTable.render(sample());
    List<String> table = text.lines().takeWhile(l -> !l.isEmpty()).toList();
    assertEquals(2 + 4, table.size());
    int status = table.get(0).indexOf("status");
    for (String line : table.subList(2, table.size())) {
      String at = line.substring(status);
      assertTrue(at.startsWith("ok") || at.startsWith("wrong") || at.startsWith("failed"), line);
    }
    // Numeric columns are right-aligned: the speedup cells end where the header ends.
    int speedupEnd = table.get(0).indexOf("speedup") + "speedup".length();
    assertEquals("4.00x", table.get(2).substring(speedupEnd - 5, speedupEnd));
    assertTrue(text.contains("geometric mean speedup of the optimized code over gcc -O3"
        + " (ok kernels): " + speedup(sample().geometricMeanSpeedup())), text);
    assertTrue(text.contains("lu: failed: optimizer: IllegalStateException"), text);
    assertTrue(text.contains("jacobi-1d (polly): failed: clang crashed"), text);
  }

  @Test
  void writeAllWritesEveryFile(@TempDir Path dir) throws Exception {
    List<Path> files = Reports.writeAll(sample(), dir.resolve("out"));
    assertEquals(5, files.size());
    for (Path f : files) {
      assertTrue(Files.size(f) > 0, f.toString());
    }
    parse(Files.readString(dir.resolve("out").resolve(Reports.SVG)));
    List<String> csv = Files.readAllLines(dir.resolve("out").resolve(Reports.CSV));
    assertEquals(5, csv.size());
    assertTrue(csv.get(1).startsWith("gemm,linear-algebra/blas,ok,,exact,4.00000,1.00000,4.00000,"),
        csv.get(1));
    assertTrue(csv.get(1).contains("4.00000;4.20000;3.90000"), csv.get(1));
  }

  private static String speedup(OptionalDouble x) {
    return String.format(Locale.ROOT, "%.2fx", x.getAsDouble());
  }

  private static Document parse(String xml) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(false);
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
    return f.newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }

}
