package dev.polyj.polybench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scalar-promoted suite ({@code bench --suite builtin-scalar}): every variant, built with gcc
 * at the MINI size, must dump bit for bit (values printed in hexadecimal) what the original
 * kernel dumps.
 */
class ScalarPromotedSuiteTest {
  @TempDir static Path work;

  @Test
  void everyKernelHasAVariant() {
    EmbeddedSuite base = EmbeddedSuite.load();
    EmbeddedSuite scalar = EmbeddedSuite.loadScalarPromoted();
    assertEquals(base.kernels().size(), scalar.kernels().size());
    int variants = 0;
    for (Kernel k : scalar.kernels()) {
      String source = scalar.source(k);
      assertTrue(source.contains("kernel_" + k.name().replace('-', '_') + "("), k.name());
      assertTrue(source.contains("int main("), k.name());
      if (!source.equals(base.source(k))) variants++;
    }
    // all but floyd-warshall, jacobi-1d, jacobi-2d and seidel-2d, which have nothing to promote
    assertEquals(26, variants);
  }

  @TestFactory
  Stream<DynamicTest> variantsComputeWhatTheOriginalsCompute() throws IOException {
    Assumptions.assumeTrue(gccAvailable(), "gcc is not on PATH");
    Path original = EmbeddedSuite.load().extractTo(work.resolve("original"));
    Path scalar = EmbeddedSuite.loadScalarPromoted().extractTo(work.resolve("scalar"));
    for (Path root : List.of(original, scalar)) {
      // every bit of each value: hexadecimal floating point instead of two decimals
      Path harness = EmbeddedSuite.harnessSourceIn(root);
      Files.writeString(harness, Files.readString(harness).replace("\"%0.2lf \"", "\"%a \""));
    }
    return EmbeddedSuite.load().kernels().stream().map(k -> DynamicTest.dynamicTest(k.name(), () -> {
      String a = run(original, k, work.resolve(k.name() + ".orig"));
      String b = run(scalar, k, work.resolve(k.name() + ".scalar"));
      assertTrue(a.contains("begin dump"), a);
      assertEquals(a, b, k.name() + ": the scalar-promoted variant computes something else");
    }));
  }

  private static String run(Path root, Kernel k, Path exe) throws Exception {
    List<String> cmd = EmbeddedSuite.gccCommand("gcc", root, k, exe,
        List.of("-O2", "-DMINI_DATASET", "-DPOLYJ_DUMP", "-ffp-contract=off"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, log);
    // the dump goes to standard error: both streams into one, read to the end (no pipe fills up)
    Process r = new ProcessBuilder(exe.toString()).redirectErrorStream(true).start();
    String err = new String(r.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(r.waitFor(120, TimeUnit.SECONDS));
    List<String> lines = new ArrayList<>();
    for (String line : err.split("\n")) if (!line.toLowerCase().contains("time")) lines.add(line);
    return String.join("\n", lines);
  }

  private static boolean gccAvailable() {
    try {
      return new ProcessBuilder("gcc", "--version").start().waitFor() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }
}
