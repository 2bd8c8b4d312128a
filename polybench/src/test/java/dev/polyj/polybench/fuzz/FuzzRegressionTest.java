package dev.polyj.polybench.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * The programs under {@code fuzz/regressions}: each one made {@code polyj optimize} emit wrong C
 * once (found by users or by the random-program tester, then reduced). Every one goes through every
 * configuration of {@link Configurations#all} and must print what the original prints. Programs
 * named {@code time-*} once passed the optimizer's time limit: they run through the default
 * configuration only (the limit is the test; each further configuration would cost as much again).
 * No region may be left unchanged (an internal error the optimizer caught).
 */
class FuzzRegressionTest {
  static Stream<String> programs() throws IOException, URISyntaxException {
    Path dir = Path.of(FuzzRegressionTest.class.getResource("/fuzz/regressions").toURI());
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".c")).sorted().toList().stream();
    }
  }

  @ParameterizedTest
  @MethodSource("programs")
  void optimizedProgramPrintsWhatTheOriginalPrints(String name, @TempDir Path work) throws Exception {
    Assumptions.assumeTrue(Differential.gccAvailable(), "gcc is not on PATH");
    String text = Files.readString(Path.of(FuzzRegressionTest.class.getResource("/fuzz/regressions/" + name).toURI()));
    // built with -fopenmp (two threads); the sequential code is the --no-parallel configuration's
    List<Differential.Variant> variants = name.startsWith("time-") ? Configurations.all().subList(0, 1) : Configurations.all();
    Differential.Outcome o = new Differential(work, new boolean[] {true}).check(text, name, variants);
    assertTrue(o.originalUsable(), name + ": " + o.note());
    assertTrue(o.passed(), name + ": " + o.failures());
    // a region the optimizer gives up on is correct but hides an internal error
    assertTrue(o.regionsLeftUnchanged() == 0, name + ": regions left unchanged");
  }
}
