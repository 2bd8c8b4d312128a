package dev.polyj.polybench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.report.BenchResults;
import dev.polyj.polybench.report.ComparisonResult;
import dev.polyj.polybench.report.HtmlReport;
import dev.polyj.polybench.report.KernelResult;
import dev.polyj.polybench.report.MarkdownReport;
import dev.polyj.polybench.report.Reports;
import dev.polyj.polybench.report.RunInfo;
import dev.polyj.polybench.report.Status;
import dev.polyj.polybench.report.TerminalTable;
import dev.polyj.polybench.report.Timing;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench --shard I/N} and {@code bench merge}: the parts of a work list are a partition,
 * results files read back to the same results, merged shards equal the unsharded results, and N
 * shards run as separate processes give the report of one run, timings aside.
 */
class BenchShardTest {

  @Test
  void shardsPartitionTheWorkListInOrder() {
    for (int size = 0; size <= 9; size++) {
      List<Integer> work = IntStream.range(0, size).boxed().toList();
      for (int n = 1; n <= 5; n++) {
        List<Integer> all = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          Shard s = new Shard(i, n);
          List<Integer> part = s.select(work);
          for (int x : part) assertTrue(s.owns(x), s + " owns " + x);
          // within a part, work-list order; sizes differ by at most one
          assertEquals(part.stream().sorted().toList(), part);
          assertTrue(Math.abs(part.size() - size / (double) n) < 1, "balanced " + s);
          all.addAll(part);
        }
        assertEquals(work, all.stream().sorted().toList(), "size " + size + ", " + n + " shards");
        assertEquals(size, new HashSet<>(all).size());
      }
    }
  }

  @Test
  void shardTextIsParsedOrRejectedWithAReason() {
    assertEquals(new Shard(2, 8), Shard.parse(" 2/8 "));
    for (String bad : List.of("0/3", "4/3", "1/0", "2", "a/b", "1/2/3", "")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Shard.parse(bad));
      assertTrue(e.getMessage().contains("I/N"), e.getMessage());
    }
  }

  private static RunInfo info(String host, String date, List<String> notes) {
    return new RunInfo("built-in", "MINI", "polyj", 2, 3, "gcc (x) 12", "gcc -O3", "gcc -O3 -fopenmp",
        List.of("polly"), host, date, notes);
  }

  private static KernelResult kernel(int i) {
    KernelResult.Builder b = KernelResult.builder("k" + i, "cat \"" + i + "\"\\ \n é \u0001");
    if (i % 3 == 2) {
      return b.fail(Status.FAILED, "build failed: \"x.c\": line 1\n\ttab").build();
    }
    return b.check(i % 2 == 0 ? "exact" : "rel 1e-09")
        .baseline(Timing.of(1e-7 * (i + 1), 12345.678 + i, 0.1))
        .optimized(Timing.of(3.0E-5 / (i + 1)))
        .optimizeSeconds(0.25 * i).compileSeconds(1.0 / 3)
        .comparison(i % 2 == 0 ? ComparisonResult.ok("polly", Timing.of(2.5e10, 0.0))
            : ComparisonResult.notOk("polly", Status.WRONG, "differs at A[3]"))
        .build();
  }

  private static BenchResults results(int n, String host, String date) {
    List<KernelResult> ks = new ArrayList<>();
    List<String> notes = new ArrayList<>(List.of("polly: clang 19"));
    for (int i = 0; i < n; i++) {
      ks.add(kernel(i));
      notes.add("k" + i + ": region 1: optimized");
    }
    return new BenchResults(info(host, date, notes), ks);
  }

  @Test
  void resultsFilesReadBackToTheSameResults(@TempDir Path dir) throws Exception {
    for (int n : new int[] {0, 1, 5}) {
      ShardResults r = new ShardResults(new Shard(2, 3), List.of("a", "b\"c"), results(n, "h\u00e9st", "2026-01-01T00:00Z"));
      Path out = dir.resolve("r" + n);
      ResultsJson.write(r, out);
      assertEquals(r, ResultsJson.read(out));
    }
    Files.writeString(dir.resolve("bad.json"), "{\"format\": \"other\"}");
    BenchSetupException e = assertThrows(BenchSetupException.class, () -> ResultsJson.read(dir.resolve("bad.json")));
    assertTrue(e.getMessage().contains("bad.json"), e.getMessage());
    assertThrows(BenchSetupException.class, () -> ResultsJson.read(dir.resolve("nothing-here")));
  }

  /** The shards of {@code whole} as separate runs would have written them. */
  private static List<ShardResults> split(BenchResults whole, int n) {
    List<String> workList = whole.kernels().stream().map(KernelResult::name).toList();
    List<ShardResults> out = new ArrayList<>();
    for (int i = n; i >= 1; i--) { // any order
      Shard s = new Shard(i, n);
      List<KernelResult> ks = s.select(whole.kernels());
      Set<String> names = new HashSet<>(ks.stream().map(KernelResult::name).toList());
      List<String> notes = new ArrayList<>();
      notes.add("polly: clang 19");
      for (String note : whole.info().notes()) {
        if (names.contains(note.substring(0, note.indexOf(':')))) notes.add(note);
      }
      out.add(new ShardResults(s, workList,
          new BenchResults(info("host" + i, "2026-01-0" + i + "T00:00Z", notes), ks)));
    }
    return out;
  }

  @Test
  void mergedShardsEqualTheWholeRun() throws Exception {
    BenchResults whole = results(7, "host1", "2026-01-01T00:00Z");
    for (int n = 1; n <= 8; n++) {
      BenchResults merged = ShardMerge.merge(split(whole, n));
      assertEquals(whole.kernels(), merged.kernels(), n + " shards");
      assertEquals(whole.info().notes(), merged.info().notes());
      assertEquals("2026-01-01T00:00Z", merged.info().date());
      assertEquals(n == 1 ? "host1" : n + " hosts: " + String.join("; ",
          IntStream.iterate(n, i -> i >= 1, i -> i - 1).mapToObj(i -> "host" + i).toList()), merged.info().host());
    }
  }

  @Test
  void mergeRefusesIncompleteOrMixedShards() {
    BenchResults whole = results(5, "h", "d");
    List<ShardResults> three = split(whole, 3);
    assertMergeFails(three.subList(0, 2), "missing shard(s) 1/3");
    assertMergeFails(List.of(three.get(0), three.get(1), three.get(2), three.get(0)), "given twice");
    List<ShardResults> mixed = new ArrayList<>(three);
    ShardResults s = mixed.get(1);
    RunInfo i = s.results().info();
    mixed.set(1, new ShardResults(s.shard(), s.workList(), new BenchResults(new RunInfo(i.suite(), "LARGE",
        i.optimizer(), i.threads(), i.reps(), i.compiler(), i.baselineFlags(), i.optimizedFlags(),
        i.comparisonTools(), i.host(), i.date(), i.notes()), s.results().kernels())));
    assertMergeFails(mixed, "dataset");
    List<ShardResults> other = new ArrayList<>(three);
    other.set(0, split(whole, 2).get(0));
    assertMergeFails(other, "shards like");
  }

  private static void assertMergeFails(List<ShardResults> shards, String fragment) {
    BenchSetupException e = assertThrows(BenchSetupException.class, () -> ShardMerge.merge(shards));
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }

  // -----------------------------------------------------------------------------------------------
  // Separate processes

  private static final List<String> KERNELS = List.of("atax", "bicg", "trisolv", "jacobi-1d");

  private static List<String> benchArgs(String... more) {
    List<String> args = new ArrayList<>(List.of("bench", "--dataset", "MINI", "--kernels",
        String.join(",", KERNELS), "--reps", "1", "--threads", "1", "--jobs", "2", "--progress", "none"));
    args.addAll(List.of(more));
    return args;
  }

  /** Runs the polyj command line in a new JVM in {@code dir}; returns its exit code. */
  private static int polyj(Path dir, List<String> args) throws IOException, InterruptedException {
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
        "dev.polyj.polybench.cli.Main"));
    command.addAll(args);
    Path log = Files.createTempFile(dir, "polyj", ".log");
    Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("polyj " + args + " did not finish; log: " + Files.readString(log));
    }
    return p.exitValue();
  }

  /** The results with every measured time replaced by 1 s, and the host and date blanked. */
  private static BenchResults timingsAside(BenchResults r) {
    List<KernelResult> ks = new ArrayList<>();
    for (KernelResult k : r.kernels()) {
      List<ComparisonResult> cs = k.comparisons().stream().map(c -> new ComparisonResult(c.tool(),
          c.status(), c.reason(), c.timing().map(t -> Timing.of(1)))).toList();
      ks.add(new KernelResult(k.name(), k.category(), k.status(), k.reason(), k.check(),
          k.baseline().map(t -> Timing.of(1)), k.optimized().map(t -> Timing.of(1)),
          k.optimizeSeconds().isPresent() ? OptionalDouble.of(1) : OptionalDouble.empty(),
          k.compileSeconds().isPresent() ? OptionalDouble.of(1) : OptionalDouble.empty(), cs));
    }
    RunInfo i = r.info();
    return new BenchResults(new RunInfo(i.suite(), i.dataset(), i.optimizer(), i.threads(), i.reps(),
        i.compiler(), i.baselineFlags(), i.optimizedFlags(), i.comparisonTools(), "-", "-", i.notes()), ks);
  }

  @Test
  void shardsRunAsSeparateProcessesGiveTheReportOfOneRun(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(TestSupport.gccAvailable(), "gcc is not on PATH");
    // one run over the whole work list (relative --out, as in the job files)
    assertEquals(0, polyj(dir, benchArgs("--out", "whole")));
    // three shards, each its own JVM, then the merge in another
    List<String> merge = new ArrayList<>(List.of("bench", "merge", "--out", "merged"));
    for (int i = 1; i <= 3; i++) {
      assertEquals(0, polyj(dir, benchArgs("--shard", i + "/3", "--out", "shards" + File.separator + i)));
      merge.add("shards" + File.separator + i);
    }
    assertEquals(0, polyj(dir, merge));

    ShardResults whole = ResultsJson.read(dir.resolve("whole"));
    ShardResults merged = ResultsJson.read(dir.resolve("merged"));
    assertEquals(KERNELS.size(), whole.results().kernels().size());
    assertEquals(whole.workList(), merged.workList());
    assertEquals(Shard.ALL, merged.shard());
    BenchResults a = timingsAside(whole.results());
    BenchResults b = timingsAside(merged.results());
    assertEquals(a, b);
    assertEquals(TerminalTable.render(a), TerminalTable.render(b));
    assertEquals(MarkdownReport.render(a), MarkdownReport.render(b));
    assertEquals(HtmlReport.render(a), HtmlReport.render(b));
    // the merged directory holds every report of a run, with every kernel in it
    String md = Files.readString(dir.resolve("merged").resolve(Reports.MARKDOWN), StandardCharsets.UTF_8);
    for (String k : KERNELS) assertTrue(md.contains(k), k + " in the merged report");
    for (String f : List.of(Reports.TEXT, Reports.HTML, Reports.SVG, Reports.CSV)) {
      assertTrue(Files.isRegularFile(dir.resolve("merged").resolve(f)), f);
    }
  }
}
