package dev.polyj.codegen.c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.ast.AstInterpreter;
import dev.polyj.codegen.ast.CodeMetrics;
import dev.polyj.codegen.ast.ScheduleOracle;
import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleYaml;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The classic code generation examples (CLooG's and isl's test cases in spirit): the generated
 * code, interpreted and compiled with gcc, executes the schedule's order for several parameter
 * values; its size is measured against the loop and guard counts of the minimal form.
 */
class ClassicExamplesTest {
  /** An example: isl_codegen input, parameter valuations, enumeration box, minimal loops and guards. */
  record Example(String name, String input, List<Map<String, Long>> params, long lo, long hi, int minLoops,
      int minGuards) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static final Map<String, String> REPORT = new TreeMap<>();

  /** Statements on the diagonal of tile pairs, one of them on a corner point (x = 1 where i = 1). */
  private static final String CORNER_IN_TILE_PAIRS =
      "[N] -> { A[i, j] -> [floor(j/4), floor(i/4), i, 1] : i = 1 and j = 1; "
          + "B[i, j] -> [floor(j/4), floor(i/4), i, i] : 2 <= i < N and j = i; "
          + "C[i, j] -> [floor(j/4), floor(i/4), i, i + 1] : 0 <= i < N and j = i + 1 and j < N } "
          + "[N] -> { : N > 3 } { }";

  static List<Map<String, Long>> n(long... values) {
    List<Map<String, Long>> out = new ArrayList<>();
    for (long v : values) out.add(Map.of("N", v));
    return out;
  }

  static List<Map<String, Long>> nm(long[][] values) {
    List<Map<String, Long>> out = new ArrayList<>();
    for (long[] v : values) out.add(Map.of("N", v[0], "M", v[1]));
    return out;
  }

  static Stream<Example> examples() {
    long[][] nmValues = {{0, 0}, {3, 5}, {5, 3}, {-1, 2}, {4, 4}};
    return Stream.of(
        new Example("rectangle", "[N, M] -> { S[i, j] -> [i, j] : 0 <= i <= N and 0 <= j <= M } [N, M] -> { : } { }",
            nm(nmValues), -2, 8, 2, 0),
        new Example("triangle", "[N] -> { S[i, j] -> [i, j] : 0 <= i < N and 0 <= j <= i } [N] -> { : } { }",
            n(-1, 0, 1, 5), -2, 8, 2, 0),
        new Example("two statements, min/max bounds",
            "[N, M] -> { S1[i] -> [i] : 0 <= i <= N; S2[i] -> [i] : 0 <= i <= M } [N, M] -> { : } { }",
            nm(nmValues), -2, 8, 1, 2),
        new Example("shifted statements, separate",
            "{ a[i] -> [i] : 0 <= i < 10; b[i] -> [i + 1] : 0 <= i < 10 } { : } { [i] -> separate[x] }",
            List.of(Map.of()), -2, 12, 1, 0),
        new Example("shifted statements, atomic",
            "{ a[i] -> [i] : 0 <= i < 10; b[i] -> [i + 1] : 0 <= i < 10 } { : } { [i] -> atomic[x] }",
            List.of(Map.of()), -2, 12, 1, 2),
        new Example("stride 3",
            "[N] -> { S[i] -> [i] : exists (e : i = 3e + 1) and 0 <= i <= N } [N] -> { : } { }",
            n(-1, 0, 1, 7, 10), -2, 12, 1, 0),
        new Example("imperfect nest",
            "[N] -> { S1[i] -> [i, 0, 0] : 0 <= i < N; S2[i, j] -> [i, 1, j] : 0 <= i < N and 0 <= j < N } "
                + "[N] -> { : } { }",
            n(0, 1, 4), -2, 8, 2, 0),
        new Example("skewed wavefront",
            "[N] -> { S[i, j] -> [i + j, j] : 0 <= i <= N and 0 <= j <= N } [N] -> { : } { }",
            n(-1, 0, 3, 5), -2, 12, 2, 0),
        new Example("tiled square",
            "[N] -> { S[i, j] -> [floor(i/4), floor(j/4), i, j] : 0 <= i < N and 0 <= j < N } [N] -> { : } { }",
            n(0, 1, 5, 9), -2, 10, 4, 0),
        new Example("tiled triangle",
            "{ A[i, j] -> [floor(i/10), floor(j/10), i, j] : 0 <= i and 0 <= j and i + j <= 30 } { : } { }",
            List.of(Map.of()), -2, 31, 4, 0),
        new Example("tiled triangle, full tiles separated",
            "{ A[i, j] -> [floor(i/10), floor(j/10), i, j] : 0 <= i and 0 <= j and i + j <= 30 } { : } "
                + "{ [a, b, c, d] -> separation_class[[1] -> [0]] : a >= 0 and b >= 0 and b <= 1 - a; "
                + "[a, b, c, d] -> separation_class[[0] -> [0]] : a >= 0 and a <= 1 }",
            List.of(Map.of()), -2, 31, 11, 0),
        new Example("unrolled", "{ S[i] -> [i] : 0 <= i < 4 } { : } { [i] -> unroll[0] }",
            List.of(Map.of()), -2, 6, 0, 0),
        new Example("unrolled on lattices with a parametric offset (a copy per lattice point, not per integer)",
            "[T, N] -> { S[i, j] -> [i, j] : exists (e, f : i = T + 8e and j = T + 4f) and 0 <= i <= 31 "
                + "and 0 <= j <= 11 and i < N } [T, N] -> { : 0 <= T <= 3 } { [i, j] -> unroll[x] }",
            List.of(Map.of("T", 0L, "N", 0L), Map.of("T", 3L, "N", 4L), Map.of("T", 1L, "N", 17L),
                Map.of("T", 3L, "N", 40L), Map.of("T", 0L, "N", 25L)), -1, 33, 0, 4),
        new Example("corner point beside a tiled diagonal (one value, no loop of guards)",
            "[N] -> { A[i] -> [floor(i/4), i, 1] : i = 1; B[i] -> [floor(i/4), i, i] : 2 <= i < N; "
                + "C[i] -> [floor(i/4), i, i] : 1 <= i < N } [N] -> { : N > 3 } { }",
            n(4, 5, 9), -1, 10, 2, 2),
        new Example("corner point beside diagonals in tile pairs",
            CORNER_IN_TILE_PAIRS, n(4, 6, 11), -1, 12, 3, 3),
        new Example("non-injective schedule", "[N] -> { S[i, j] -> [i] : 0 <= i <= N and 0 <= j <= N } [N] -> { : } { }",
            n(-1, 0, 3), -2, 6, 2, 0),
        new Example("context", "[N] -> { S[i] -> [i] : 0 <= i <= N } [N] -> { : N >= 10 } { }",
            n(10, 12), -2, 14, 1, 0),
        new Example("parameter guard", "[N] -> { S[i] -> [i] : 0 <= i <= 10 and N >= 5 } [N] -> { : } { }",
            n(0, 4, 5, 9), -2, 12, 1, 1),
        new Example("time skewing",
            "[T, N] -> { S[t, i] -> [t, t + i] : 0 <= t < T and 1 <= i < N - 1 } [T, N] -> { : } { }",
            List.of(Map.of("T", 3L, "N", 5L), Map.of("T", 0L, "N", 4L), Map.of("T", 2L, "N", 2L)), -2, 10, 2, 0),
        new Example("interleaved by scaling",
            "[N] -> { S[i] -> [2i] : 0 <= i <= N; T[i] -> [2i + 1] : 0 <= i <= N } [N] -> { : } { }",
            n(-1, 0, 3), -2, 10, 1, 2),
        new Example("shifted union",
            "[N, M] -> { S1[i] -> [i] : 0 <= i <= N; S2[i] -> [i] : M <= i <= N + M } [N, M] -> { : } { }",
            nm(nmValues), -3, 12, 1, 2),
        new Example("LU-like",
            "[N] -> { S1[k, j] -> [k, 0, j, 0] : 0 <= k < N and k < j < N; "
                + "S2[k, i, j] -> [k, 1, i, j] : 0 <= k < N and k < i < N and k < j < N } [N] -> { : } { }",
            n(0, 1, 4), -1, 5, 4, 0),
        new Example("time-tiled 2-d stencil, two statements",
            "[T, N] -> { S[t, i, j] -> [floor(t/4), floor((t + i)/4), floor((t + j)/4), t, 0, t + i, t + j] : "
                + "0 <= t < T and 1 <= i < N - 1 and 1 <= j < N - 1; "
                + "U[t, i, j] -> [floor(t/4), floor((t + i + 1)/4), floor((t + j + 1)/4), t, 1, t + i + 1, t + j + 1] : "
                + "0 <= t < T and 1 <= i < N - 1 and 1 <= j < N - 1 } [T, N] -> { : T >= 0 and N >= 3 } { }",
            List.of(Map.of("T", 3L, "N", 6L), Map.of("T", 5L, "N", 4L), Map.of("T", 1L, "N", 3L)), -1, 12, 8, 0),
        new Example("triangular inner loops, separate (no peeled outer iterations)",
            "[N] -> { S1[i] -> [i, 0, 0] : 1 <= i <= N; S2[i, j] -> [i, 1, j] : 1 <= i <= N and 1 <= j < i; "
                + "S3[i, j] -> [i, 2, j] : 1 <= i <= N and i < j <= N } [N] -> { : } { [a, b, c] -> separate[x] }",
            n(-1, 0, 1, 2, 5), -2, 7, 3, 0),
        new Example("skewed nest with an inner triangle, separate",
            "[N] -> { S[i, j, k] -> [i + j, j, k] : 0 <= i <= N and 0 <= j <= N and 0 <= k < j } [N] -> { : } "
                + "{ [a, b, c] -> separate[x] }",
            n(-1, 0, 1, 3), -2, 7, 3, 0),
        new Example("strided statement beside a dense nest, separate (no copies per residue)",
            "[N] -> { A[i] -> [3i, 0, 0] : 1 <= i <= N; B[i, j] -> [i, 1, j] : 3 <= i <= 3N and 0 <= j < i } "
                + "[N] -> { : } { [a, b, c] -> separate[x] }",
            n(-1, 0, 1, 3), -2, 10, 2, 1),
        new Example("statements on lattices of steps 4 and 2 share one loop of step 2",
            "[N] -> { A[i] -> [i, 0] : 0 <= i <= N and exists (e : i = 4e); "
                + "B[i] -> [i, 1] : 0 <= i <= N and exists (e : i = 2e) } [N] -> { : } { }",
            n(-1, 0, 1, 5, 9), -2, 12, 1, 1),
        new Example("point between the iterations of a strided statement, separate (no merged loop)",
            "[N] -> { P[] -> [7]; Q[i] -> [2i] : 1 <= i <= N } [N] -> { : } [N] -> { [a] -> separate[x] }",
            n(0, 1, 3, 4, 6), -2, 14, 2, 0),
        new Example("separate below an atomic level, statements on different residues",
            "[N] -> { A[i, j] -> [i, j, 0] : 0 <= i <= N and 0 <= j <= 3 and exists (e : i = 4e); "
                + "B[i, j] -> [i, j, 1] : 0 <= i <= N and 0 <= j <= 3 and exists (e : i = 2e) } [N] -> { : } "
                + "[N] -> { [a, b, c] -> separate[x] : x >= 1; [a, b, c] -> atomic[x] : x <= 0 }",
            n(-1, 0, 2, 5, 8), -2, 10, 3, 2),
        new Example("statement given as two disjuncts with a convex union",
            "[N, M] -> { S[i, j] -> [i, j] : (0 <= i <= N and i >= M and 0 <= j < N) or "
                + "(0 <= i <= N and i <= M + 1 and 0 <= j < N) } [N, M] -> { : } { }",
            nm(new long[][] {{0, 0}, {3, 5}, {5, 3}, {4, -2}, {4, 4}}), -3, 8, 2, 0),
        new Example("tree: parallel matrix product", String.join("\n",
            "domain: \"[N] -> { S[i, j] : 0 <= i < N and 0 <= j < N; T[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k < N }\"",
            "child:",
            "  schedule: \"[N] -> [{ S[i, j] -> [(i)]; T[i, j, k] -> [(i)] }, { S[i, j] -> [(j)]; T[i, j, k] -> [(j)] }]\"",
            "  permutable: 1",
            "  coincident: [ 1, 1 ]",
            "  child:",
            "    sequence:",
            "    - filter: \"[N] -> { S[i, j] }\"",
            "    - filter: \"[N] -> { T[i, j, k] }\"",
            "      child:",
            "        schedule: \"[N] -> [{ T[i, j, k] -> [(k)] }]\""), n(0, 1, 3), -1, 4, 3, 0),
        new Example("tree: marked vectorizable inner loop", String.join("\n",
            "domain: \"[N, M] -> { S[i, j] : 0 <= i < N and 0 <= j < M }\"",
            "child:",
            "  context: \"[N, M] -> { : N >= 0 and M >= 0 }\"",
            "  child:",
            "    schedule: \"[N, M] -> [{ S[i, j] -> [(i)] }]\"",
            "    child:",
            "      mark: \"inner\"",
            "      child:",
            "        schedule: \"[N, M] -> [{ S[i, j] -> [(j)] }]\"",
            "        coincident: [ 1 ]"), nm(new long[][] {{0, 0}, {2, 3}, {3, 1}}), -1, 4, 2, 0),
        new Example("tree: tiles with full tiles isolated", String.join("\n",
            "domain: \"[N] -> { S[i, j] : 0 <= i < N and 0 <= j < N }\"",
            "child:",
            "  schedule: \"[N] -> [{ S[i, j] -> [(floor((i)/4))] }, { S[i, j] -> [(floor((j)/4))] }]\"",
            "  options: \"[N] -> { isolate[[] -> [a, b]] : a >= 0 and b >= 0 and 4a + 4 <= N and 4b + 4 <= N }\"",
            "  child:",
            "    schedule: \"[N] -> [{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]\""),
            n(0, 3, 4, 9, 12), -1, 13, 11, 0),
        new Example("tree: isolated range that changes nothing in the loop body (one loop)", String.join("\n",
            "domain: \"{ S[i] : 0 <= i < 40; T[i] : 0 <= i < 40 }\"",
            "child:",
            "  schedule: \"[{ S[i] -> [(3i)]; T[i] -> [(3i + 1)] }]\"",
            "  options: \"{ isolate[[] -> [x]] : 12 <= x < 60 }\""), List.of(Map.of()), -1, 121, 1, 2),
        new Example("divisions by 2^32 whose exact projection would need 2^32 pieces (bounded by a superset)",
            "[n, m] -> { S[a, b, c] -> [a, b, c] : exists (e = floor((n - m)/4294967296), f = floor((m + a - 2)/4294967296) : "
                + "4294967296e <= n - m - a and a <= 20 and 4294967296f <= m + a - 2 - b and 0 <= c < b and a >= 2 - m) } "
                + "[n, m] -> { : } { }",
            List.of(Map.of("n", 5L, "m", 1L), Map.of("n", 9L, "m", 3L), Map.of("n", 0L, "m", 2L), Map.of("n", -1L, "m", 4L)),
            -3, 24, 3, 0),
        new Example("tree: a context on an outer schedule dimension (an assumption, left unused)", String.join("\n",
            "domain: \"{ P[]; Q[k] : 0 <= k <= 6 }\"",
            "child:",
            "  schedule: \"[{ P[] -> [3]; Q[k] -> [k] }]\"",
            "  child:",
            "    context: \"[t] -> { [x] : 0 <= t <= x }\"",
            "    child:",
            "      sequence:",
            "      - filter: \"{ Q[k] }\"",
            "      - filter: \"{ P[] }\""), List.of(Map.of("t", 0L), Map.of("t", 2L)), -1, 8, 1, 1));
  }

  @BeforeAll
  static void requireParser() {
    try {
      UnionRelation.parse("{ S[i] -> [i] : 0 <= i <= 1 }");
    } catch (UnsupportedOperationException e) {
      Assumptions.abort("isl notation parser not available yet");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void generatedCodeExecutesTheScheduleOrder(Example ex) throws Exception {
    CodegenCommand.Result r;
    try {
      r = new CodegenCommand().generate(ex.input());
    } catch (UnsupportedOperationException e) {
      Assumptions.abort("needs an operation not implemented yet: " + e.getMessage());
      return;
    }
    boolean tree = !ex.input().startsWith("{") && !ex.input().startsWith("[");
    UnionRelation schedule = tree ? ScheduleMaps.toFlatMap(ScheduleYaml.read(ex.input()))
        : UnionRelation.parse(CodegenCommand.splitObjects(ex.input()).get(0));
    List<long[]> cParams = new ArrayList<>();
    List<List<String>> expectedLines = new ArrayList<>();
    for (Map<String, Long> p : ex.params()) {
      List<AstInterpreter.Call> expected = ScheduleOracle.expectedOrder(schedule, p, ex.lo(), ex.hi());
      assertEquals(expected, AstInterpreter.trace(r.ast(), p), () -> ex.name() + " " + p + "\n" + r.code());
      long[] values = new long[r.problem().params().size()];
      for (int i = 0; i < values.length; i++) values[i] = p.get(r.problem().params().get(i));
      cParams.add(values);
      expectedLines.add(CCodeProperties.lines(expected));
    }
    if (GccDriver.available()) {
      String source = CallHarness.program(r.ast(), CCodeProperties.arities(r.problem()), r.problem().params());
      assertEquals(expectedLines, CallHarness.run(source, List.of("-O1", "-Wall", "-Wno-unknown-pragmas", "-Werror"), cParams,
          Map.of()),
          source);
      assertEquals(expectedLines, CallHarness.run(source, List.of("-O1", "-fopenmp", "-Wall", "-Werror"), cParams,
          Map.of("OMP_NUM_THREADS", "1")), source);
    }
    CodeMetrics m = CodeMetrics.of(r.ast());
    int lines = CPrinter.lines(CPrinter.standard().print(r.ast())).size();
    REPORT.put(ex.name(), String.format("%-40s loops %d (min %d)  guards %d (min %d)  conditions %d  lines %d",
        ex.name(), m.loops(), ex.minLoops(), m.guards(), ex.minGuards(), m.conditions(), lines)
        + (Boolean.getBoolean("codegen.show") ? "\n" + r.code() : ""));
    assertTrue(m.loops() <= ex.minLoops() && m.guards() <= ex.minGuards(),
        () -> ex.name() + ": " + m + " above the minimal form\n" + r.code());
  }

  /**
   * The corner piece's bound does not widen the loops beside it: the diagonal of the tile pairs
   * is scanned in a number of loop iterations linear in N (the corner's bound {@code c2 >= 1} in
   * every tile pair made it quadratic).
   */
  @org.junit.jupiter.api.Test
  void cornerPieceKeepsTheLoopsBesideItTight() throws Exception {
    CodegenCommand.Result r = new CodegenCommand().generate(CORNER_IN_TILE_PAIRS);
    UnionRelation schedule = UnionRelation.parse(CodegenCommand.splitObjects(CORNER_IN_TILE_PAIRS).get(0));
    Map<String, Long> p = Map.of("N", 400L);
    List<AstInterpreter.Call> calls = new ArrayList<>();
    AstInterpreter.run(r.ast(), p, 4_000, calls::add);
    assertEquals(ScheduleOracle.expectedOrder(schedule, p, -1, 401), calls, r.code());
  }

  @AfterAll
  static void report() {
    if (!REPORT.isEmpty()) System.out.println("Code size of the classic examples:\n  " + String.join("\n  ", REPORT.values()));
  }
}
