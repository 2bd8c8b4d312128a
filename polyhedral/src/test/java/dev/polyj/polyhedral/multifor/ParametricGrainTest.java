package dev.polyj.polyhedral.multifor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.polyj.polyhedral.frontend.CSourceException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Grains and offsets given by parameters known at run time: the paper's examples (Fassi et al.,
 * IMPACT 2013, sections 2 and 4) with some of their numbers replaced by parameters. For several
 * parameter values, the parametric translation (one program, the values passed at run time) must
 * print exactly the trace of the constant-grain translation with the values written in the header
 * (one function per value), and both the interpreter's.
 */
class ParametricGrainTest {
  @BeforeAll
  static void gcc() {
    assumeTrue(GccRunner.available(), "gcc is not installed");
  }

  /**
   * Runs {@code template} (a multifor whose header holds {@code $name} placeholders) for every
   * value set: parametric (placeholders become parameters of a function called with the values)
   * and constant (placeholders become the values). Returns the traces per value set.
   */
  static List<List<String>> check(String template, List<String> names, List<Map<String, Long>> values, boolean openmp) throws Exception {
    String parametricBody = template;
    for (String n : names) parametricBody = parametricBody.replace("$" + n, n);
    StringBuilder par = new StringBuilder("#include <stdio.h>\n\nstatic void run(");
    par.append(names.stream().map(n -> "int " + n).collect(Collectors.joining(", "))).append(") {\n  ")
        .append(parametricBody.replace("\n", "\n  ")).append("\n}\n\nint main(void) {\n");
    par.append("  static volatile int v[").append(values.size()).append("][").append(names.size()).append("] = {");
    for (int i = 0; i < values.size(); i++) {
      par.append(i > 0 ? ", " : "").append("{");
      for (int j = 0; j < names.size(); j++) par.append(j > 0 ? ", " : "").append(values.get(i).get(names.get(j)));
      par.append("}");
    }
    par.append("};\n  for (int i = 0; i < ").append(values.size()).append("; i++) {\n    run(");
    for (int j = 0; j < names.size(); j++) par.append(j > 0 ? ", " : "").append("v[i][").append(j).append("]");
    par.append(");\n    printf(\"--\\n\");\n  }\n  return 0;\n}\n");

    StringBuilder cons = new StringBuilder("#include <stdio.h>\n\n");
    List<List<MultiforInterpreter.Event>> expected = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      String body = template;
      for (String n : names) body = body.replace("$" + n, Long.toString(values.get(i).get(n)));
      cons.append("static void run").append(i).append("(void) {\n");
      for (String n : names) cons.append("  int ").append(n).append(" = ").append(values.get(i).get(n)).append(";\n");
      cons.append("  (void) ").append(String.join(";\n  (void) ", names)).append(";\n");
      cons.append("  ").append(body.replace("\n", "\n  ")).append("\n}\n\n");
      List<MultiforParser.Occurrence> occ = MultiforParser.parse(PaperExamplesTest.program(Map.of(), parametricBody), "t.c");
      expected.add(MultiforInterpreter.run(occ.get(0).loop(), values.get(i)));
    }
    cons.append("int main(void) {\n");
    for (int i = 0; i < values.size(); i++) cons.append("  run").append(i).append("();\n  printf(\"--\\n\");\n");
    cons.append("  return 0;\n}\n");

    String parC = MultiforTranslator.translateFile(par.toString(), "t.c", false);
    List<List<String>> parTraces = split(GccRunner.run(parC, false, Map.of()));
    List<List<String>> consTraces = split(GccRunner.run(MultiforTranslator.translateFile(cons.toString(), "t.c", false), false, Map.of()));
    assertEquals(values.size(), parTraces.size());
    for (int i = 0; i < values.size(); i++) {
      List<String> want = expected.get(i).stream().map(PaperExamplesTest::line).toList();
      assertEquals(want, consTraces.get(i), "constant grains, values " + values.get(i));
      assertEquals(consTraces.get(i), parTraces.get(i), "parametric grains, values " + values.get(i) + "\n" + parC);
    }
    if (openmp) {
      String ompC = MultiforTranslator.translateFile(par.toString(), "t.c", true);
      List<List<String>> ompTraces = split(GccRunner.run(ompC, true, Map.of("OMP_NUM_THREADS", "2")));
      for (int i = 0; i < values.size(); i++) PaperExamplesTest.assertSameBlocks(expected.get(i), ompTraces.get(i), ompC);
    }
    return parTraces;
  }

  static List<List<String>> split(String out) {
    List<List<String>> r = new ArrayList<>();
    List<String> cur = new ArrayList<>();
    for (String l : PaperExamplesTest.lines(out)) {
      if (l.equals("--")) {
        r.add(cur);
        cur = new ArrayList<>();
      } else {
        cur.add(l);
      }
    }
    return r;
  }

  static Map<String, Long> vals(Object... kv) {
    Map<String, Long> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], ((Number) kv[i + 1]).longValue());
    return m;
  }

  @Test
  void grainAndOffsetOfTheSecondLoop() throws Exception {
    // section 2.1's two headers: offset 2 (grain 1), grain 4 (offset 0), and others
    var traces = check("""
        multifor (i1 = 0, i2 = 10; i1 < 10, i2 < 15; i1++, i2++; 1, $g; 0, $d) {
          0 : printf("A %d\\n", i1);
          1 : printf("B %d\\n", i2);
        }""", List.of("g", "d"),
        List.of(vals("g", 1, "d", 2), vals("g", 4, "d", 0), vals("g", 3, "d", 5), vals("g", 7, "d", 1), vals("g", 2, "d", 13)), true);
    assertEquals(List.of("A 0", "B 10", "A 1", "A 2", "A 3", "A 4", "B 11"), traces.get(1).subList(0, 7));
    assertEquals(15, traces.get(0).size());
  }

  @Test
  void bothGrainsAndOffsetsOfNestedLevels() throws Exception {
    // section 2.2's nested headers (grain 4 and offset 2 at each depth) with every number a parameter
    check("""
        multifor (i1 = 0, i2 = 0; i1 < 10, i2 < 3; i1++, i2++; $g1, $g2; $o1, $o2)
        multifor (j1 = 0, j2 = 0; j1 < 10 - i1, j2 < 3; j1++, j2++; $g1, $g2; 0, $o2) {
          0 : printf("A %d %d\\n", i1, j1);
          1 : printf("B %d %d\\n", i2, j2);
        }""", List.of("g1", "g2", "o1", "o2"),
        List.of(vals("g1", 1, "g2", 4, "o1", 0, "o2", 0), vals("g1", 1, "g2", 1, "o1", 0, "o2", 2),
            vals("g1", 2, "g2", 3, "o1", 1, "o2", 0), vals("g1", 3, "g2", 2, "o1", 0, "o2", 4)), false);
  }

  @Test
  void sobelWithItsDelayAsAParameter() throws Exception {
    check("""
        multifor (i1 = 0, i2 = 1; i1 < K, i2 < K - 1; i1++, i2++; 1, 1; 0, $d)
        multifor (j1 = 0, j2 = 1; j1 < N, j2 < N - 1; j1++, j2++; 1, 1; 0, $d) {
          0 : printf("read %d %d\\n", i1, j1);
          1 : { printf("sobel %d %d\\n", i2, j2); }
        }""".replace("K", "5").replace("N", "4"), List.of("d"), List.of(vals("d", 0), vals("d", 1), vals("d", 3), vals("d", 6)), true);
  }

  @Test
  void redBlackWithGrainAndShiftAsParameters() throws Exception {
    check("""
        multifor (i0 = 1, i1 = 2, i2 = 1, i3 = 2; i0 < 8, i1 < 8, i2 < 8, i3 < 8;
                  i0 += 2, i1 += 2, i2 += 2, i3 += 2; $g, $g, $g, $g; 0, $h, 0, $h)
        multifor (j0 = 1, j1 = 2, j2 = 2, j3 = 1; j0 < 8, j1 < 8, j2 < 8, j3 < 8;
                  j0 += 2, j1 += 2, j2 += 2, j3 += 2; $g, $g, $g, $g; 0, $h, $h, 0) {
          0 : printf("r0 %d %d\\n", i0, j0);
          1 : printf("r1 %d %d\\n", i1, j1);
          2 : printf("b2 %d %d\\n", i2, j2);
          3 : printf("b3 %d %d\\n", i3, j3);
        }""", List.of("g", "h"), List.of(vals("g", 2, "h", 1), vals("g", 1, "h", 0), vals("g", 3, "h", 2), vals("g", 2, "h", 3)), false);
  }

  @Test
  void cryptosystemPipelineDelay() throws Exception {
    var traces = check("""
        multifor (i1 = 0, i2 = 0; i1 < 6, i2 < 6; i1++, i2++; 1, $g; 0, $d) {
          0 : printf("T1 %d\\n", i1);
          1 : printf("T2 %d\\n", i2);
        }""", List.of("g", "d"), List.of(vals("g", 1, "d", 1), vals("g", 2, "d", 0), vals("g", 1, "d", 9)), false);
    // offset 1: T2 of block i runs right after T1 of block i + 1 (the paper's k + 1 steps)
    assertEquals(List.of("T1 0", "T1 1", "T2 0", "T1 2", "T2 1"), traces.get(0).subList(0, 5));
  }

  @Test
  void innerGrainAndOffsetReadingTheOwnNestsOuterIndex() throws Exception {
    // non-invariant grain and offset (the paper's conclusion): evaluated when the nest enters the
    // level; compared with the interpreter only (no constant header expresses it)
    String body = """
        multifor (i = 0, j = 0; i < 4, j < 3; i++, j++; 1, $g; 0, 1)
        multifor (k = 0, l = 0; k < 5, l < 4 - j; k++, l++; 1 + i, 2; i + $g, j) {
          0 : printf("A %d %d\\n", i, k);
          1 : printf("B %d %d\\n", j, l);
        }""";
    String prog = "#include <stdio.h>\nint main(void) {\n  volatile int gv = 2;\n  int g = gv;\n  " + body.replace("$g", "g").replace("\n", "\n  ") + "\n  return 0;\n}\n";
    String bad = prog;
    assertThrows(CSourceException.class, () -> MultiforParser.parse(bad.replace("1 + i, 2;", "1 + j, 2;"), "t.c"));
    var ev = MultiforInterpreter.run(MultiforParser.parse(prog, "t.c").get(0).loop(), Map.of("g", 2L));
    assertEquals(ev.stream().map(PaperExamplesTest::line).toList(),
        PaperExamplesTest.lines(GccRunner.run(MultiforTranslator.translateFile(prog, "t.c", false), false, Map.of())));
  }

  @Test
  void aGrainBelowOneTrapsAtRunTime() throws Exception {
    String prog = """
        #include <stdio.h>
        int main(void) {
          volatile int gv = 0;
          int g = gv;
          multifor (i = 0; i < 3; i++; g; 0) {
            0 : printf("A %d\\n", i);
          }
          return 0;
        }
        """;
    AssertionError e = assertThrows(AssertionError.class,
        () -> GccRunner.run(MultiforTranslator.translateFile(prog, "t.c", false), false, Map.of()));
    assertTrue(e.getMessage().startsWith("program failed"), e.getMessage());
    CSourceException i = assertThrows(CSourceException.class,
        () -> MultiforInterpreter.run(MultiforParser.parse(prog, "t.c").get(0).loop(), Map.of("g", 0L)));
    assertTrue(i.getMessage().contains("t.c:5:32"), i.getMessage());
  }

  @Test
  void constantGrainsAndOffsetsAreCheckedWhereWritten() {
    CSourceException e = assertThrows(CSourceException.class,
        () -> MultiforParser.parse("void f(void) {\n  multifor (i = 0, j = 0; i < 3, j < 3; i++, j++; 1, 2 - 2; 0, 0) { 0 : ; }\n}\n", "t.c"));
    assertTrue(e.getMessage().startsWith("t.c:2:54"), e.getMessage());
    e = assertThrows(CSourceException.class,
        () -> MultiforParser.parse("void f(int n) {\n  multifor (i = 0, j = 0; i < 3, j < 3; i++, j++; 1, j; 0, 0) { 0 : ; }\n}\n", "t.c"));
    assertTrue(e.getMessage().startsWith("t.c:2:54") && e.getMessage().contains("same level"), e.getMessage());
  }
}
