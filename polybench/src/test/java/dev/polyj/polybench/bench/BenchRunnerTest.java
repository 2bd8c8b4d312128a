package dev.polyj.polybench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.report.BenchResults;
import dev.polyj.polybench.report.KernelResult;
import dev.polyj.polybench.report.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** End-to-end runs on MINI datasets (needs gcc). */
class BenchRunnerTest {

  @BeforeAll
  static void needGcc() {
    Assumptions.assumeTrue(TestSupport.gccAvailable(), "gcc is not on PATH");
  }

  private static BenchConfig mini(Path out) {
    return BenchConfig.defaults(out).withDataset(Dataset.MINI).withReps(1).withThreads(2)
        .withJobs(2);
  }

  private static Map<String, KernelResult> byName(BenchResults r) {
    return r.kernels().stream().collect(Collectors.toMap(KernelResult::name, Function.identity()));
  }

  @Test
  void identityOptimizerIsOkOnEveryKernel(@TempDir Path out) throws Exception {
    BenchConfig config = mini(out).withCompare(List.of("polly", "pluto"));
    BenchSuite suite = BenchSuite.embedded(out.resolve("suite"));
    BenchResults r = new BenchRunner(config, new IdentityOptimizer(), Progress.NONE)
        .run(suite, suite.select(List.of("gemm", "jacobi-1d")));
    assertEquals(List.of("gemm", "jacobi-1d"),
        r.kernels().stream().map(KernelResult::name).toList());
    for (KernelResult k : r.kernels()) {
      assertEquals(Status.OK, k.status(), k.name() + ": " + k.reason());
      assertEquals("exact", k.check());
      assertEquals(1, k.baseline().orElseThrow().samples().size());
      assertEquals(1, k.optimized().orElseThrow().samples().size());
      assertTrue(k.optimizeSeconds().isPresent());
      assertTrue(k.compileSeconds().isPresent());
      assertTrue(Files.isRegularFile(out.resolve("work").resolve(k.name()).resolve("optimized")
          .resolve(k.name() + ".c")));
    }
    assertTrue(r.allOk());
    assertEquals("MINI", r.info().dataset());
    assertEquals("identity", r.info().optimizer());
    // Each comparison tool either ran on every kernel or was skipped with a note.
    for (String tool : List.of("polly", "pluto")) {
      boolean skipped = r.info().notes().stream().anyMatch(n -> n.startsWith(tool + " skipped: "));
      boolean ran = r.kernels().stream().allMatch(k -> k.comparison(tool).isPresent());
      assertTrue(skipped != ran, tool + ": skipped " + skipped + ", ran " + ran);
      assertEquals(ran, r.info().comparisonTools().contains(tool));
    }
  }

  @Test
  void brokenOptimizersAreReportedWrongOrFailed(@TempDir Path out) throws Exception {
    Optimizer rewriting = TestSupport.rewriting(Map.of(
        // A changed constant in the scop: the output differs.
        "gemm.c", List.of("C[i][j] *= beta;", "C[i][j] *= beta + 1;"),
        // Not C any more.
        "jacobi-1d.c", List.of("#pragma scop", "#pragma scop\n  this is not C;"),
        // Crashes at run time.
        "mvt.c", List.of("#pragma scop", "__builtin_trap();\n#pragma scop")));
    Optimizer optimizer = new Optimizer() {
      @Override
      public String name() {
        return "broken";
      }

      @Override
      public OptimizeResult optimize(Path source, List<String> includeDirs, Options options)
          throws Exception {
        return switch (source.getFileName().toString()) {
          case "atax.c" -> throw new IllegalStateException("no schedule found");
          case "bicg.c" -> OptimizeResult.failed("no scop");
          default -> rewriting.optimize(source, includeDirs, options);
        };
      }
    };
    BenchSuite suite = BenchSuite.embedded(out.resolve("suite"));
    BenchResults r = new BenchRunner(mini(out), optimizer, Progress.NONE)
        .run(suite, suite.select(List.of("gemm", "atax", "bicg", "mvt", "jacobi-1d")));
    Map<String, KernelResult> k = byName(r);

    assertEquals(Status.WRONG, k.get("gemm").status());
    assertTrue(k.get("gemm").reason().matches("C\\[\\d+\\]: expected \\S+, got \\S+ \\(\\d+ of 500"
        + " values differ, exact comparison\\)"), k.get("gemm").reason());
    assertEquals(Status.FAILED, k.get("atax").status());
    assertEquals("optimizer: IllegalStateException: no schedule found", k.get("atax").reason());
    assertEquals(Status.FAILED, k.get("bicg").status());
    assertEquals("optimizer: no scop", k.get("bicg").reason());
    assertEquals(Status.FAILED, k.get("mvt").status());
    assertTrue(k.get("mvt").reason().startsWith("optimized run failed: killed by signal"),
        k.get("mvt").reason());
    assertEquals(Status.FAILED, k.get("jacobi-1d").status());
    assertTrue(k.get("jacobi-1d").reason().startsWith("optimized build failed: exit code 1: "),
        k.get("jacobi-1d").reason());
    for (KernelResult x : r.kernels()) {
      // Nothing is timed when the optimized program is not ok.
      assertTrue(x.baseline().isEmpty() && x.optimized().isEmpty(), x.name());
      assertTrue(x.speedup().isEmpty(), x.name());
    }
    assertTrue(k.get("atax").optimizeSeconds().isPresent());
    assertFalse(r.allOk());
    assertTrue(r.geometricMeanSpeedup().isEmpty());
  }

  @Test
  void polyBenchTreeRunsWithItsOwnHarnessAndDumpFormat(@TempDir Path dir) throws Exception {
    Path root = TestSupport.miniPolyBench(dir.resolve("pb"));
    BenchSuite suite = BenchSuite.open(root);
    Optimizer optimizer = TestSupport.rewriting(
        Map.of("prefix.c", List.of("S[i] + S[i - 1]", "S[i] - S[i - 1]")));
    BenchResults r = new BenchRunner(mini(dir.resolve("out")).withReps(2), optimizer,
        Progress.NONE).run(suite, suite.kernels());
    Map<String, KernelResult> k = byName(r);
    assertEquals(Status.OK, k.get("scale").status(), k.get("scale").reason());
    assertEquals(2, k.get("scale").baseline().orElseThrow().samples().size());
    assertEquals("toy", k.get("scale").category());
    // The first difference, computed here from the kernel's definition: initial values
    // i % 5 - 2 (N = 30 on MINI), running sums versus running differences.
    int n = 30;
    long[] sums = new long[n];
    long[] diffs = new long[n];
    for (int i = 0; i < n; i++) {
      sums[i] = diffs[i] = i % 5 - 2;
    }
    for (int i = 1; i < n; i++) {
      sums[i] += sums[i - 1];
      diffs[i] -= diffs[i - 1];
    }
    int first = 0;
    int count = 0;
    for (int i = n - 1; i >= 0; i--) {
      if (sums[i] != diffs[i]) {
        first = i;
        count++;
      }
    }
    assertEquals(Status.WRONG, k.get("prefix").status());
    assertEquals(String.format("S[%d]: expected %d, got %d (%d of %d values differ, exact"
        + " comparison)", first, sums[first], diffs[first], count, n), k.get("prefix").reason());
    assertTrue(r.info().suite().startsWith("PolyBench/C at "), r.info().suite());
  }

  @Test
  void missingCompilerIsASetupError(@TempDir Path out) throws Exception {
    BenchConfig config = new BenchConfig(Dataset.MINI, 1, 1, 1, Tolerance.EXACT,
        java.time.Duration.ofSeconds(30), List.of(), out, "no-such-compiler-polyj");
    BenchSuite suite = BenchSuite.embedded(out.resolve("suite"));
    BenchSetupException e = assertThrows(BenchSetupException.class,
        () -> new BenchRunner(config, new IdentityOptimizer(), Progress.NONE)
            .run(suite, suite.select(List.of("gemm"))));
    assertTrue(e.getMessage().contains("cannot run the C compiler 'no-such-compiler-polyj'"),
        e.getMessage());
  }

  @Test
  void timingOutputMustBeANumber() throws Exception {
    assertEquals(0.25, BenchRunner.parseSeconds("0.250000\n", "run"));
    assertEquals(1.5, BenchRunner.parseSeconds("noise\n1.500000\n\n", "run"));
    for (String bad : List.of("", "abc\n", "-1.0\n", "NaN\n")) {
      Exception e = assertThrows(Exception.class, () -> BenchRunner.parseSeconds(bad, "run"));
      assertTrue(e.getMessage().startsWith("run: cannot read the time"), e.getMessage());
    }
  }
}
