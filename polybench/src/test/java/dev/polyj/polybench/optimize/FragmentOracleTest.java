package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bare SCoP fragments (a {@code #pragma scop} region at file level, nothing declared) of the test
 * resources, each optimized and compared with the original region on the {@link FragmentHarness}:
 * same arrays and scalars, bit for bit, sequential and with OpenMP, at two parameter settings.
 */
class FragmentOracleTest {
  static Stream<String> fragments() throws IOException, URISyntaxException {
    Path dir = Path.of(FragmentOracleTest.class.getResource("/fragments").toURI());
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".c")).sorted().toList().stream();
    }
  }

  @ParameterizedTest
  @MethodSource("fragments")
  void optimizedFragmentComputesTheSameArrays(String name, @TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Path file = Path.of(FragmentOracleTest.class.getResource("/fragments/" + name).toURI());
    for (PolyhedralOptimizer.Config config : List.of(PolyhedralOptimizer.Config.defaults(),
        PolyhedralOptimizer.Config.defaults().withTileSizes(new long[] {3}))) {
      FragmentHarness.Outcome o = FragmentHarness.check(file, work, config);
      assertEquals(FragmentHarness.Status.MATCH, o.status(), name + ": " + o.detail());
    }
  }

  /** The harness is an oracle: the original region matches itself, and one changed element is seen. */
  @org.junit.jupiter.api.Test
  void harnessDetectsAWrongRegion(@TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    Path file = Path.of(FragmentOracleTest.class.getResource("/fragments/skewed-wave.c").toURI());
    String text = Files.readString(file);
    String region = text.substring(text.indexOf("for (step"), text.indexOf("#pragma endscop"));
    FragmentHarness.Outcome same = FragmentHarness.check(file, work, scop -> "{\n" + region + "}\n");
    assertEquals(FragmentHarness.Status.MATCH, same.status(), same.detail());
    FragmentHarness.Outcome wrong = FragmentHarness.check(file, work,
        scop -> "{\n" + region.replace("cur[x] = nxt[x];", "cur[x] = nxt[x] + (x == 2);") + "}\n");
    assertEquals(FragmentHarness.Status.MISMATCH, wrong.status(), wrong.detail());
  }
}
