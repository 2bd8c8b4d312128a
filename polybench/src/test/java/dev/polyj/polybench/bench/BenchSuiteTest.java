package dev.polyj.polybench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.suite.EmbeddedSuite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchSuiteTest {

  @Test
  void polyBenchLayoutIsReadFromTheBenchmarkList(@TempDir Path dir) throws Exception {
    Path root = TestSupport.miniPolyBench(dir.resolve("pb"));
    BenchSuite suite = BenchSuite.open(root);
    assertEquals(Flavor.POLYBENCH, suite.flavor());
    assertEquals(List.of("scale", "prefix"), suite.kernels().stream().map(BenchKernel::name).toList());
    BenchKernel scale = suite.kernels().get(0);
    Path real = root.toRealPath();
    assertEquals("toy", scale.category());
    assertEquals(real.resolve("toy/scale/scale.c"), scale.source().toRealPath());
    assertEquals(List.of(real.resolve("utilities"), real.resolve("toy/scale")),
        scale.includeDirs().stream().map(p -> {
          try {
            return p.toRealPath();
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }).toList());
    assertEquals(List.of("prefix"),
        suite.select(List.of("prefix")).stream().map(BenchKernel::name).toList());
  }

  @Test
  void brokenPolyBenchTreesAreRejectedWithAReason(@TempDir Path dir) throws Exception {
    Path root = TestSupport.miniPolyBench(dir.resolve("pb"));
    Files.writeString(root.resolve(BenchSuite.POLYBENCH_LIST), "./toy/scale/scale.c\n./toy/nope/nope.c\n");
    assertMessage(root, "benchmark_list:2: no such file");
    Files.writeString(root.resolve(BenchSuite.POLYBENCH_LIST), "\n");
    assertMessage(root, "lists no kernel");
    Files.writeString(root.resolve(BenchSuite.POLYBENCH_LIST), "../../etc/passwd.c\n");
    assertMessage(root, "inside the suite");
    Files.writeString(root.resolve(BenchSuite.POLYBENCH_LIST), "./toy/scale/scale.c\n");
    Files.delete(root.resolve(BenchSuite.POLYBENCH_HARNESS));
    assertMessage(root, "missing the harness");
    assertMessage(dir.resolve("nowhere"), "does not exist");
    Files.createDirectories(dir.resolve("empty"));
    assertMessage(dir.resolve("empty"), "neither a PolyBench/C 4.2 tree");
  }

  @Test
  void anExtractedBuiltInSuiteCanBeOpenedAgain(@TempDir Path dir) throws Exception {
    BenchSuite embedded = BenchSuite.embedded(dir.resolve("suite"));
    BenchSuite reopened = BenchSuite.open(dir.resolve("suite"));
    assertEquals(Flavor.POLYJ, reopened.flavor());
    assertEquals(EmbeddedSuite.load().kernels().size(), reopened.kernels().size());
    assertEquals(embedded.kernels().stream().map(BenchKernel::name).toList(),
        reopened.kernels().stream().map(BenchKernel::name).toList());
    assertEquals(embedded.kernels().stream().map(BenchKernel::category).toList(),
        reopened.kernels().stream().map(BenchKernel::category).toList());
  }

  @Test
  void aSuiteWithoutAHarnessOfItsOwnGetsTheBuiltInOne(@TempDir Path dir) throws Exception {
    BenchSuite.embedded(dir.resolve("suite"));
    Path root = dir.resolve("suite");
    Files.delete(EmbeddedSuite.harnessSourceIn(root));
    Files.delete(EmbeddedSuite.harnessHeaderIn(root));
    assertMessage(root, "neither a PolyBench/C 4.2 tree");
    BenchSuite suite = BenchSuite.open(root, dir.resolve("extract"));
    Path harness = dir.resolve("extract").resolve("harness");
    assertEquals(List.of(EmbeddedSuite.harnessSourceIn(harness)), suite.harnessSources());
    assertTrue(Files.isRegularFile(EmbeddedSuite.harnessHeaderIn(harness)));
    assertEquals(harness, suite.kernels().get(0).includeDirs().get(0));
    assertEquals(30, suite.kernels().size());
  }

  @Test
  void unknownKernelsAreNamed(@TempDir Path dir) throws Exception {
    BenchSuite suite = BenchSuite.embedded(dir.resolve("suite"));
    assertEquals(30, suite.select(List.of()).size());
    assertEquals(List.of("gemm", "atax"), suite.select(List.of("atax", "gemm")).stream()
        .map(BenchKernel::name).toList());
    BenchSetupException e = assertThrows(BenchSetupException.class,
        () -> suite.select(List.of("gemm", "gemmm", "2m")));
    assertTrue(e.getMessage().startsWith("unknown kernels gemmm, 2m; the suite has "), e.getMessage());
  }

  private static void assertMessage(Path root, String fragment) {
    BenchSetupException e = assertThrows(BenchSetupException.class, () -> BenchSuite.open(root));
    assertTrue(e.getMessage().contains(fragment), e.getMessage() + " lacks " + fragment);
  }
}
