package dev.polyj.polyhedral.multifor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The multifor examples of Fassi, Clauss, Kuhn, Slama (IMPACT 2013) run end to end: each body
 * prints its label and its nest's indices; the translation compiled by gcc must print exactly the
 * interpreter's trace (sequential), or the same trace up to a reordering of the bodies of different
 * nests at one referential point (OpenMP sections, on three threads and without OpenMP).
 */
class PaperExamplesTest {
  private static final Pattern LABEL = Pattern.compile("printf\\(\"(\\w+)");

  @BeforeAll
  static void gcc() {
    assumeTrue(GccRunner.available(), "gcc is not installed");
  }

  /** A program whose main declares the parameters and runs {@code body}. */
  static String program(Map<String, Long> params, String body) {
    StringBuilder sb = new StringBuilder("#include <stdio.h>\n\nint main(void) {\n");
    for (var e : params.entrySet()) sb.append("  int ").append(e.getKey()).append(" = ").append(e.getValue()).append(";\n");
    sb.append("  ").append(body.replace("\n", "\n  ")).append("\n  return 0;\n}\n");
    return sb.toString();
  }

  static List<MultiforInterpreter.Event> expected(String program, Map<String, Long> params) {
    List<MultiforParser.Occurrence> occ = MultiforParser.parse(program, "t.c");
    assertEquals(1, occ.size());
    return MultiforInterpreter.run(occ.get(0).loop(), params);
  }

  static String line(MultiforInterpreter.Event e) {
    Matcher m = LABEL.matcher(e.text());
    if (!m.find()) throw new AssertionError("no label in " + e.text());
    return m.group(1) + Arrays.stream(e.indices()).mapToObj(v -> " " + v).collect(Collectors.joining());
  }

  /** Checks the translation of a traced multifor program; returns the expected trace. */
  static List<MultiforInterpreter.Event> check(Map<String, Long> params, String body) throws Exception {
    String prog = program(params, body);
    List<MultiforInterpreter.Event> ev = expected(prog, params);
    List<String> want = ev.stream().map(PaperExamplesTest::line).toList();
    String seq = MultiforTranslator.translateFile(prog, "t.c", false);
    assertEquals(want, lines(GccRunner.run(seq, false, Map.of())), seq);
    String par = MultiforTranslator.translateFile(prog, "t.c", true);
    assertSameBlocks(ev, lines(GccRunner.run(par, true, Map.of("OMP_NUM_THREADS", "3"))), par);
    assertSameBlocks(ev, lines(GccRunner.run(par, false, Map.of())), par);
    return ev;
  }

  static List<String> lines(String out) {
    return out.isEmpty() ? List.of() : Arrays.asList(out.split("\n"));
  }

  /**
   * The actual trace cut into the expected blocks (executions at one referential point between
   * nested multifors) holds in each block the same executions, and each nest's executions in body
   * order.
   */
  static void assertSameBlocks(List<MultiforInterpreter.Event> ev, List<String> actual, String c) {
    assertEquals(ev.size(), actual.size(), c);
    int i = 0;
    while (i < ev.size()) {
      int j = i;
      while (j < ev.size() && Arrays.equals(ev.get(j).block(), ev.get(i).block())) j++;
      Map<Integer, List<String>> wantPerNest = new HashMap<>();
      List<String> sortedWant = new ArrayList<>();
      for (int k = i; k < j; k++) {
        wantPerNest.computeIfAbsent(ev.get(k).nest(), x -> new ArrayList<>()).add(line(ev.get(k)));
        sortedWant.add(line(ev.get(k)));
      }
      List<String> got = new ArrayList<>(actual.subList(i, j));
      List<String> sortedGot = new ArrayList<>(got);
      sortedWant.sort(null);
      sortedGot.sort(null);
      assertEquals(sortedWant, sortedGot, "block at " + Arrays.toString(ev.get(i).block()) + "\n" + c);
      for (var e : wantPerNest.entrySet()) {
        List<String> mine = got.stream().filter(e.getValue()::contains).toList();
        assertEquals(e.getValue(), mine, "order of nest " + e.getKey());
      }
      i = j;
    }
  }

  /** The distinct referential points (outermost level) of a trace. */
  static int referentialPoints(List<MultiforInterpreter.Event> ev) {
    return new TreeSet<>(ev.stream().map(e -> e.key()[0]).toList()).size();
  }

  @Test
  void offsetDelaysTheSecondLoop() throws Exception {
    var ev = check(Map.of(), """
        multifor (i1 = 0, i2 = 10; i1 < 10, i2 < 15; i1++, i2++; 1, 1; 0, 2) {
          0 : printf("A %d\\n", i1);
          1 : printf("B %d\\n", i2);
        }""");
    // i2 = 10 runs at the third referential iteration; the referential holds 10 points
    assertEquals("B 10", line(ev.get(3)));
    assertEquals("A 2", line(ev.get(2)));
    assertEquals(10, referentialPoints(ev));
  }

  @Test
  void grainSpacesTheSecondLoopAndCompressesWhereItRunsAlone() throws Exception {
    var ev = check(Map.of(), """
        multifor (i1 = 0, i2 = 10; i1 < 10, i2 < 15; i1++, i2++; 1, 4; 0, 0) {
          0 : printf("A %d\\n", i1);
          1 : printf("B %d\\n", i2);
        }""");
    // four i1 iterations per i2 iteration where both run; then i2 alone, compressed by 4:
    // 10 shared points + 2 = 12 referential iterations (the paper's formula, corrected, gives
    // 4 * 4 + 0 + 1 = 17 points before compression)
    assertEquals(12, referentialPoints(ev));
    assertEquals(List.of("A 0", "B 10", "A 1", "A 2", "A 3", "A 4", "B 11"),
        ev.subList(0, 7).stream().map(PaperExamplesTest::line).toList());
    assertEquals(17, ReferentialSize.beforeCompression(new long[] {10, 5}, new long[] {1, 4}, new long[] {0, 0}));
  }

  @Test
  void nestedWithOffsetDelaysEveryDimension() throws Exception {
    var ev = check(Map.of(), """
        multifor (i1 = 0, i2 = 0; i1 < 10, i2 < 5; i1++, i2++; 1, 1; 0, 2)
        multifor (j1 = 0, j2 = 0; j1 < 10, j2 < 5; j1++, j2++; 1, 1; 0, 2) {
          0 : printf("A %d %d\\n", i1, j1);
          1 : printf("B %d %d\\n", i2, j2);
        }""");
    var first = ev.stream().filter(e -> e.nest() == 1).findFirst().orElseThrow();
    assertEquals(2, first.key()[0]);
    assertEquals(2, first.key()[2]);
    assertEquals(125, ev.size());
  }

  @Test
  void nestedWithGrainSpacesEveryDimension() throws Exception {
    check(Map.of(), """
        multifor (i1 = 0, i2 = 0; i1 < 10, i2 < 3; i1++, i2++; 1, 4; 0, 0)
        multifor (j1 = 0, j2 = 0; j1 < 10, j2 < 3; j1++, j2++; 1, 4; 0, 0) {
          0 : printf("A %d %d\\n", i1, j1);
          1 : printf("B %d %d\\n", i2, j2);
        }""");
  }

  @Test
  void nestedWithAffineInnerBound() throws Exception {
    var ev = check(Map.of(), """
        multifor (i1 = 0, i2 = 0; i1 < 6, i2 < 6; i1++, i2++; 1, 1; 0, 1)
        multifor (j1 = 0, j2 = 0; j1 < 6 - i1, j2 < 6; j1++, j2++; 1, 1; 0, 0) {
          0 : printf("A %d %d\\n", i1, j1);
          1 : printf("B %d %d\\n", i2, j2);
        }""");
    assertEquals(21 + 36, ev.size());
  }

  @Test
  void sobelDataflowTrace() throws Exception {
    check(params("K", 6, "N", 5), """
        multifor (i1 = 0, i2 = 1; i1 < K, i2 < K - 1; i1++, i2++; 1, 1; 0, 3)
        multifor (j1 = 0, j2 = 1; j1 < N, j2 < N - 1; j1++, j2++; 1, 1; 0, 3) {
          0 : printf("read %d %d\\n", i1, j1);
          1 : { printf("sobel %d %d\\n", i2, j2); }
        }""");
  }

  @Test
  void redBlackGaussSeidelTrace() throws Exception {
    var ev = check(params("N", 9), """
        multifor (i0 = 1, i1 = 2, i2 = 1, i3 = 2; i0 < N - 1, i1 < N - 1, i2 < N - 1, i3 < N - 1;
                  i0 += 2, i1 += 2, i2 += 2, i3 += 2; 2, 2, 2, 2; 0, 1, 0, 1)
        multifor (j0 = 1, j1 = 2, j2 = 2, j3 = 1; j0 < N - 1, j1 < N - 1, j2 < N - 1, j3 < N - 1;
                  j0 += 2, j1 += 2, j2 += 2, j3 += 2; 2, 2, 2, 2; 0, 1, 1, 0) {
          0 : printf("r0 %d %d\\n", i0, j0);
          1 : printf("r1 %d %d\\n", i1, j1);
          2 : printf("b2 %d %d\\n", i2, j2);
          3 : printf("b3 %d %d\\n", i3, j3);
        }""");
    // every interior point once: red (i + j even) by nests 0 and 1, black by 2 and 3
    assertEquals(49, ev.size());
    for (var e : ev) assertEquals(e.nest() < 2 ? 0 : 1, (e.indices()[0] + e.indices()[1]) % 2, e::toString);
  }

  @Test
  void matrixProductByBlocksTrace() throws Exception {
    var ev = check(params("n", 4), """
        multifor (i1 = 0, i2 = 0, i3 = n/2, i4 = n/2; i1 < n/2, i2 < n/2, i3 < n, i4 < n;
                  i1++, i2++, i3++, i4++; 1, 1, 1, 1; 0, 0, 0, 0) {
          multifor (j1 = 0, j2 = n/2, j3 = 0, j4 = n/2; j1 < n/2, j2 < n, j3 < n/2, j4 < n;
                    j1++, j2++, j3++, j4++; 1, 1, 1, 1; 0, 0, 0, 0) {
            0 : printf("z1 %d %d\\n", i1, j1);
            1 : printf("z2 %d %d\\n", i2, j2);
            2 : printf("z3 %d %d\\n", i3, j3);
            3 : printf("z4 %d %d\\n", i4, j4);
            multifor (k1 = 0, k2 = 0, k3 = 0, k4 = 0; k1 < n, k2 < n, k3 < n, k4 < n;
                      k1++, k2++, k3++, k4++; 1, 1, 1, 1; 0, 0, 0, 0) {
              0 : printf("m1 %d %d %d\\n", i1, j1, k1);
              1 : printf("m2 %d %d %d\\n", i2, j2, k2);
              2 : printf("m3 %d %d %d\\n", i3, j3, k3);
              3 : printf("m4 %d %d %d\\n", i4, j4, k4);
            }
          }
        }""");
    // one referential point per (n/2 x n/2 x n) point, four iterations at each
    assertEquals(4 * (2 * 2 * 4 + 2 * 2), ev.size());
  }

  @Test
  void steganographySelectionsPickOneAlternativePerNest() throws Exception {
    var ev = check(params("HWidth", 2, "HHeight", 3, "EWidth", 4, "EHeight", 5), """
        multifor (i1 = 0, i2 = 0, i3 = 0, i4 = HWidth; i1 < HWidth, i2 < HWidth, i3 < HWidth, i4 < EWidth;
                  i1++, i2++, i3++, i4++; 1, 1, 1, 1; 0, 0, 0, 0)
        multifor (j1 = 0, j2 = 0, j3 = HHeight, j4 = 0; j1 < HHeight, j2 < HHeight, j3 < EHeight, j4 < EHeight;
                  j1++, j2++, j3++, j4++; 1, 1, 1, 1; 0, 0, 0, 0) {
          0 : printf("hidden %d %d\\n", i1, j1);
          1 : printf("main %d %d\\n", i2, j2);
          [2, 3] : printf("copy %d %d\\n", [i3, i4], [j3, j4]);
        }""");
    // the enclosing image is covered once: 2x3 by nest 1, 2x2 by nest 2, 2x5 by nest 3
    assertEquals(6 + 6 + 4 + 10, ev.size());
  }

  @Test
  void cryptosystemPipelineTakesKPlusOneSteps() throws Exception {
    var ev = check(params("k", 7), """
        multifor (i1 = 0, i2 = 0; i1 < k, i2 < k; i1++, i2++; 1, 1; 0, 1) {
          0 : printf("T1 %d\\n", i1);
          1 : printf("T2 %d\\n", i2);
        }""");
    assertEquals(8, referentialPoints(ev));
  }

  @Test
  void stepsGoingDownAndLessOrEqualBounds() throws Exception {
    check(params("N", 7), """
        multifor (a = N, b = 0, c = 1; a > 0, b <= N, 2 * N >= c; a -= 2, b++, c += 3; 3, 2, 1; 1, 0, 4) {
          0 : printf("A %d\\n", a);
          [1, 2] : printf("B %d\\n", [b, c]);
          2 : if (c > 3) printf("C %d\\n", c); else printf("C %d\\n", c);
        }""");
  }

  @Test
  void emptyLoopsAndEmptyInnerLevels() throws Exception {
    check(params("N", 3), """
        multifor (i = 0, j = 5; i < N, j < N; i++, j++; 2, 1; 0, 0)
        multifor (k = i, l = 0; k < N - 1, l < j; k++, l++; 1, 3; 0, 1) {
          0 : printf("A %d %d\\n", i, k);
          1 : printf("B %d %d\\n", j, l);
        }""");
  }

  static Map<String, Long> params(Object... kv) {
    Map<String, Long> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], ((Number) kv[i + 1]).longValue());
    return m;
  }
}
