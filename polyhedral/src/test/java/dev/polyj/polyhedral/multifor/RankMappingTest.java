package dev.polyj.polyhedral.multifor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.polyj.polyhedral.frontend.CSourceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A nest mapped by rank onto another (grain {@code rank(k)}; Fassi et al., IMPACT 2013, section 5):
 * its r-th iteration runs where the r-th iteration of nest k runs, whatever the two shapes. The
 * translations, compiled by gcc, print the interpreter's trace; the paper's triangle run inside a
 * rectangle also follows the closed form of section 5.1 (with the rank counted from 0).
 */
class RankMappingTest {
  @BeforeAll
  static void gcc() {
    assumeTrue(GccRunner.available(), "gcc is not installed");
  }

  @Test
  void theTriangleOfSection51RunsInsideTheRectangle() throws Exception {
    // N (N - 1) / 2 = M1 M2: the triangle (1) of 15 points in the 3 x 5 rectangle (2), listing (3)
    var ev = PaperExamplesTest.check(PaperExamplesTest.params("N", 6, "M1", 3, "M2", 5), """
        multifor (i = 1, i2 = 0; i < N, i2 < M1; i++, i2++; rank(1), 1; 0, 0)
        multifor (j = 0, j2 = 0; j < i, j2 < M2; j++, j2++; rank(1), 1; 0, 0) {
          0 : printf("S1 %d %d\\n", i, j);
          1 : printf("S2 %d %d\\n", i2, j2);
        }""");
    assertEquals(30, ev.size());
    for (int k = 0; k < 15; k++) {
      // the paper's inversion: i = floor(1/2 + sqrt((1 + 8K) / 4)), j = K - i (i - 1) / 2, K the
      // rank from 0 (listing (4) increments K before using it, one iteration ahead)
      long i = (long) Math.floor(0.5 + Math.sqrt((1 + 8.0 * k) / 4));
      long j = k - i * (i - 1) / 2;
      assertEquals("S1 " + i + " " + j, PaperExamplesTest.line(ev.get(2 * k)));
      assertEquals("S2 " + k / 5 + " " + k % 5, PaperExamplesTest.line(ev.get(2 * k + 1)));
    }
  }

  @Test
  void emptyInnerLoopsStepsAndGrainsOfTheReference() throws Exception {
    // the mapped nest has empty inner loops (j < i - 2) and goes down; the reference has grains
    // and an offset, a third nest runs beside them; the mapped nest has fewer iterations
    PaperExamplesTest.check(PaperExamplesTest.params("N", 7), """
        multifor (i = N, a = 0, b = 0; i > 0, a < 4, b < 3; i--, a++, b++; rank(1), 2, 1; 0, 1, 0)
        multifor (j = 0, c = 0, e = 0; j < i - 2, c < 5, e < b + 1; j += 2, c++, e++; rank(1), 3, 1; 0, 2, 1) {
          [1, 0] : printf("R %d %d\\n", [a, i], [c, j]);
          2 : printf("T %d %d\\n", b, e);
        }""");
  }

  @Test
  void threeLevelsAndStatementsAroundTheInnerLevels() throws Exception {
    // a tetrahedron mapped onto a box; the box nest has statements at every level
    PaperExamplesTest.check(PaperExamplesTest.params("n", 4), """
        multifor (i = 0, x = 0; i < n, x < 2; i++, x++; rank(1), 1; 0, 0) {
          1 : printf("X %d\\n", x);
          multifor (j = 0, y = 0; j <= i, y < 2; j++, y++; rank(1), 2; 0, 1) {
            multifor (k = j, z = 0; k <= i, z < 5; k++, z++; rank(1), 1; 0, 0) {
              0 : printf("M %d %d %d\\n", i, j, k);
              1 : printf("B %d %d %d\\n", x, y, z);
            }
            1 : printf("Y %d %d\\n", x, y);
          }
        }""");
  }

  @Test
  void aMappedNestLongerThanItsReferenceIsRefused() throws Exception {
    String prog = PaperExamplesTest.program(Map.of(), """
        multifor (i = 0, a = 0; i < 7, a < 6; i++, a++; rank(1), 1; 0, 0) {
          0 : printf("M %d\\n", i);
          1 : printf("A %d\\n", a);
        }""");
    assertThrows(CSourceException.class, () -> MultiforInterpreter.run(MultiforParser.parse(prog, "t.c").get(0).loop(), Map.of()));
    AssertionError e = assertThrows(AssertionError.class, () -> GccRunner.run(MultiforTranslator.translateFile(prog, "t.c", false), false, Map.of()));
    assertTrue(e.getMessage().startsWith("program failed"), e.getMessage());
    // as long as the reference: runs
    PaperExamplesTest.check(Map.of(), """
        multifor (i = 0, a = 0; i < 6, a < 6; i++, a++; rank(1), 1; 0, 0) {
          0 : printf("M %d\\n", i);
          1 : printf("A %d\\n", a);
        }""");
  }

  @Test
  void badMappings() {
    String[][] cases = {
      {"multifor (i = 0, a = 0; i < 7, a < 6; i++, a++; rank(0), 1; 0, 0) { 0 : ; }", "1:54: error: a nest cannot be mapped by rank onto itself"},
      {"multifor (i = 0, a = 0; i < 7, a < 6; i++, a++; rank(1), 1; 2, 0) { 0 : ; }", "1:61: error: a nest mapped by rank takes offset 0"},
      {"multifor (i = 0, a = 0; i < 7, a < 6; i++, a++; rank(1), rank(0); 0, 0) { 0 : ; }", "1:49: error: nest 1 is itself mapped by rank"},
      {"multifor (i = 0, a = 0; i < 7, a < 6; i++, a++; rank(1), 1; 0, 0) multifor (j = 0, b = 0; j < 7, b < 6; j++, b++; 1, 1; 0, 0) { 0 : ; }",
        "1:115: error: nest 0 is mapped by rank(1) at the enclosing level"},
      {"multifor (i = 0, a = 0; i < 7, a < 6; i++, a++; rank(1), 1; 0, 0) { 0 : f(i); multifor (j = 0, b = 0; j < 7, b < 6; j++, b++; rank(1), 1; 0, 0) { 0 : ; } }",
        "1:73: error: the statements of nest 0, mapped by rank, must be in the innermost multifor"},
    };
    for (String[] c : cases) {
      var e = assertThrows(CSourceException.class, () -> MultiforParser.parse(c[0], "t.c"), c[0]);
      assertTrue(e.getMessage().startsWith("t.c:" + c[1]), e.getMessage() + " for " + c[0]);
    }
    var e = assertThrows(CSourceException.class, () -> MultiforModel.of(MultiforParser.parse(
        "multifor (i = 0, a = 0; i < 7, a < 6; i++, a++; rank(1), 1; 0, 0) { 0 : ; }", "t.c").get(0).loop()));
    assertTrue(e.getMessage().startsWith("t.c:1:49: error: nest of 'i' is mapped by rank"), e.getMessage());
  }

  @Test
  void threadsFormRunsTheMappedNestAsItsOwnLoops() throws Exception {
    String prog = PaperExamplesTest.program(PaperExamplesTest.params("N", 6, "M1", 3, "M2", 5), """
        #pragma polyj multifor threads
        multifor (i = 1, i2 = 0; i < N, i2 < M1; i++, i2++; rank(1), 1; 0, 0)
        multifor (j = 0, j2 = 0; j < i, j2 < M2; j++, j2++; rank(1), 1; 0, 0) {
          0 : printf("S1 %d %d\\n", i, j);
          1 : printf("S2 %d %d\\n", i2, j2);
        }""");
    var ev = MultiforInterpreter.run(MultiforParser.parse(prog, "t.c").get(0).loop(), PaperExamplesTest.params("N", 6, "M1", 3, "M2", 5));
    List<String> want = new ArrayList<>();
    for (int k = 0; k < 2; k++) for (var x : ev) if (x.nest() == k) want.add(PaperExamplesTest.line(x));
    assertEquals(want, PaperExamplesTest.lines(GccRunner.run(MultiforTranslator.translateFile(prog, "t.c", true), false, Map.of())));
  }
}
