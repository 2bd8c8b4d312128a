package dev.polyj.polybench.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Differential#onlyUnderSlpVectorizer} takes a wrong output for gcc's only when the two
 * programs agree with gcc's SLP vectorizer off: a program that computes something else, or prints
 * something else on every run, stays the optimizer's failure.
 */
class VectorizerCheckTest {
  private static final String HEAD = "#include <stdio.h>\n";

  /** The SLP miscompile of docs/reliability.md: A[0] keeps the unrounded product under gcc 12.2 -O2. */
  private static final String ROUNDED = HEAD + """
      static double A[64], B[64];
      static float t[3];
      int main(void) {
        for (int i = 0; i < 64; i++) B[i] = 1.463 + 0.001 * i;
        for (int i = 0; i <= 2; i++)
          for (int j = 0; j <= 4; j++) {
            t[i] = B[i] * 2.5;
            A[i] = t[i];
          }
        printf("%.17g %.17g\\n", A[0], A[1]);
        return 0;
      }
      """;

  private static Path write(Path dir, String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  private static Differential checker(Path dir) {
    Assumptions.assumeTrue(Differential.gccAvailable(), "gcc is not on PATH");
    return new Differential(dir, false);
  }

  /** Whether the checker takes {@code opt}'s output {@code wrong} for gcc's, against {@code orig}. */
  private static boolean takenForGccs(Differential d, Path orig, Path opt, String wrong) throws Exception {
    return d.onlyUnderSlpVectorizer(orig, opt, List.of(), List.of(), false, wrong);
  }

  @Test
  void aDifferentComputationIsNotGccs(@TempDir Path dir) throws Exception {
    Differential d = checker(dir);
    Path orig = write(dir, "orig.c", HEAD + "int main(void) { printf(\"%d\\n\", 1); return 0; }\n");
    Path opt = write(dir, "opt.c", HEAD + "int main(void) { printf(\"%d\\n\", 2); return 0; }\n");
    String wrong = d.compileAndRun(opt, "t", List.of(), false).out;
    assertFalse(takenForGccs(d, orig, opt, wrong));
  }

  @Test
  void anOutputThatChangesFromRunToRunIsNotGccs(@TempDir Path dir) throws Exception {
    Differential d = checker(dir);
    Path orig = write(dir, "orig.c", HEAD + "int main(void) { printf(\"0\\n\"); return 0; }\n");
    // a race's stand-in: the output depends on the run (stack address under address randomization)
    Path opt = write(dir, "opt.c", HEAD + "int main(void) { int x; printf(\"%p\\n\", (void *)&x); return 0; }\n");
    String first = d.compileAndRun(opt, "t", List.of(), false).out;
    String second = d.compileAndRun(opt, "t", List.of(), false).out;
    Assumptions.assumeTrue(!first.equals(second), "no address randomization here");
    assertFalse(takenForGccs(d, orig, opt, first));
  }

  @Test
  void gccsOwnRoundingMiscompileIsTold(@TempDir Path dir) throws Exception {
    Differential d = checker(dir);
    // the original rounds through a volatile float, which no vectorizer removes
    Path orig = write(dir, "orig.c", ROUNDED.replace("static float t[3];", "static volatile float t[3];"));
    Path opt = write(dir, "opt.c", ROUNDED);
    String expected = d.compileAndRun(orig, "o", List.of(), false).out;
    String got = d.compileAndRun(opt, "t", List.of(), false).out;
    Assumptions.assumeTrue(!expected.equals(got), "this gcc rounds A[0] correctly at -O2");
    assertTrue(takenForGccs(d, orig, opt, got));
  }
}
