package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Loops made parallel by privatizing scalars (the {@code scalar-privatization} pass), against the
 * original region on the {@link FragmentHarness} (every array and scalar bit for bit, sequential
 * and on two threads with every parallel loop forced on): rows of a recursive filter that restart
 * per row are privatized, forwards and backwards, with the scalars read after the loop; a scalar a
 * first row reads before setting it, one only some rows set, and one that passes a value between
 * rows are not; sequential code (--no-parallel) privatizes nothing. The wrong privatizations those
 * three would make are shown to be caught.
 */
class ScalarPrivatizationOracleTest {
  private static Path fragment(String name) throws Exception {
    return Path.of(ScalarPrivatizationOracleTest.class.getResource("/privatization/" + name).toURI());
  }

  @ParameterizedTest
  @CsvSource({"row-restart.c, true", "backward-live-out.c, true", "first-iteration-read.c, false",
      "not-every-row.c, false", "carried-value.c, false"})
  void privatizedLoopsComputeTheSameValues(String name, boolean privatized, @TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    for (PolyhedralOptimizer.Config config : List.of(PolyhedralOptimizer.Config.defaults(),
        PolyhedralOptimizer.Config.defaults().withTileSizes(new long[] {3}),
        PolyhedralOptimizer.Config.defaults().withParallel(false))) {
      AtomicReference<String> code = new AtomicReference<>();
      FragmentHarness.Outcome o = FragmentHarness.check(fragment(name), work, scop -> {
        code.set(PolyhedralOptimizer.regionCode(scop, 1, config));
        return code.get();
      });
      assertEquals(FragmentHarness.Status.MATCH, o.status(), name + ": " + o.detail() + "\n" + code.get());
      assertEquals(privatized && config.parallel(), code.get().contains("lastprivate("), name + ":\n" + code.get());
    }
  }

  /** The loops the pass leaves sequential, run in parallel with their scalars privatized anyway, differ. */
  @ParameterizedTest
  @CsvSource({"first-iteration-read.c, x", "not-every-row.c, x", "carried-value.c, s"})
  void aWrongPrivatizationIsCaught(String name, String scalar, @TempDir Path work) throws Exception {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    String text = Files.readString(fragment(name));
    String region = text.substring(text.indexOf("for (i"), text.indexOf("#pragma endscop"));
    FragmentHarness.Outcome same = FragmentHarness.check(fragment(name), work, scop -> "{\n" + region + "}\n");
    assertEquals(FragmentHarness.Status.MATCH, same.status(), same.detail());
    String forced = "{\nint i, j;\n#pragma omp parallel for private(j) lastprivate(" + scalar + ")\n" + region + "}\n";
    FragmentHarness.Outcome wrong = FragmentHarness.check(fragment(name), work, scop -> forced);
    assertEquals(FragmentHarness.Status.MISMATCH, wrong.status(), wrong.detail());
  }

  /** Sequential code (--no-parallel) runs no privatization: its loops keep their dimensions in storage contraction. */
  @Test
  void privatizationOnlyWithParallelLoops() {
    assertEquals(true, PolyhedralOptimizer.Config.defaults().pipeline().enabled("scalar-privatization"));
    assertEquals(false, PolyhedralOptimizer.Config.defaults().withParallel(false).pipeline().enabled("scalar-privatization"));
  }
}
