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
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Code as compact as isl's on the patterns where it was not: each example's code executes the
 * schedule's instances in schedule order (interpreted, and compiled with gcc), statements at the
 * same schedule point in any order, and passes a size check saying what the compact form is (a
 * loop that runs at most once is a substitution, a shared condition is tested once, a point loop
 * stays within its tile, an existential with one upper or lower bound needs no copy per residue).
 */
class CompactCodeTest {
  /** An example: input, parameter valuations, enumeration box, the size check and its description. */
  record Example(String name, String input, List<Map<String, Long>> params, long lo, long hi, String check,
      Predicate<Generated> holds) {
    @Override
    public String toString() {
      return name;
    }
  }

  /** The generated code, its metrics and its AST (for counting iterations). */
  record Generated(String code, CodeMetrics metrics, CodegenCommand.Result result) {
    /** True when the code runs within {@code budget} loop iterations for the parameter values. */
    boolean iterationsAtMost(Map<String, Long> params, long budget) {
      try {
        AstInterpreter.run(result.ast(), params, budget, c -> {});
        return true;
      } catch (IllegalStateException e) {
        return false;
      }
    }

    int occurrences(String text) {
      int n = 0;
      for (int i = code.indexOf(text); i >= 0; i = code.indexOf(text, i + 1)) n++;
      return n;
    }
  }

  static Stream<Example> examples() {
    return Stream.of(
        new Example("a point fixed inside the tiles of a statement (the point loop stays within the tile)",
            "[n, m] -> { A[i] -> [32*floor(i/32), i - 32*floor(i/32)] : 0 <= i < m; "
                + "B[] -> [32*floor(n/32), n - 32*floor(n/32)] : 0 <= n < m } [n, m] -> { : } { }",
            List.of(Map.of("n", 0L, "m", 1L), Map.of("n", 5L, "m", 40L), Map.of("n", 33L, "m", 70L),
                Map.of("n", 64L, "m", 65L), Map.of("n", 3L, "m", 2L)), -1, 80,
            "tile loop steps by 32, no floord guard, n = 1000, m = 1100 within 1,300 iterations",
            g -> g.code().contains("c0 += 32") && !g.code().contains("floord(c0 + c1")
                && g.iterationsAtMost(Map.of("n", 1000L, "m", 1100L), 1300)),
        new Example("a tile loop that runs once (a substitution, no loop)",
            "[n] -> { S[t, j] -> [t, j] : exists (e : t = 32e and n - 32 <= t <= n - 1) and 0 <= j <= 3 } "
                + "[n] -> { : } { }",
            List.of(Map.of("n", 0L), Map.of("n", 1L), Map.of("n", 31L), Map.of("n", 32L), Map.of("n", 45L),
                Map.of("n", -7L)), -40, 50,
            "one loop", g -> g.metrics().loops() == 1),
        new Example("an existential with one lower bound (one loop, no copy per residue of p modulo 8)",
            "[p] -> { S[i] -> [i] : exists (e : 8e >= p - 15 and 8e <= p - i) and 1 <= i <= 15 } "
                + "[p] -> { : p <= 15 } { }",
            List.of(Map.of("p", 15L), Map.of("p", 14L), Map.of("p", 9L), Map.of("p", 3L), Map.of("p", 0L),
                Map.of("p", -6L)), -5, 20,
            "one loop, no guard", g -> g.metrics().loops() == 1 && g.metrics().guards() == 0),
        new Example("statements at the same point under a shared condition (tested once)",
            "[M] -> { P[i] -> [i] : 0 <= i <= 5 and M >= 3; Q[i] -> [i] : 0 <= i <= 5; "
                + "R[i] -> [i] : 0 <= i <= 5 and M >= 3; T[i] -> [i] : 0 <= i <= 5 } [M] -> { : } { }",
            List.of(Map.of("M", 2L), Map.of("M", 3L)), -1, 7,
            "the condition appears once", g -> g.occurrences("M >= 3") == 1),
        new Example("tree: statements without schedule under a shared condition (tested once)",
            "domain: \"[M] -> { P[] : M >= 3; Q[]; R[] : M >= 3; T[] }\"",
            List.of(Map.of("M", 2L), Map.of("M", 3L)), -1, 1,
            "the condition appears once", g -> g.occurrences("M >= 3") == 1),
        new Example("unrolled copies from the lower bound aligned to the lattice all statements lie on "
                + "(one statement on a finer lattice: no copy per value under a residue guard)",
            "[t] -> { S[b] -> [b, 0] : exists (e : b = t + 4e) and 1 <= b <= 8; "
                + "T[b] -> [b, 1] : exists (e : b = t + 8e) and 1 <= b <= 8 } [t] -> { : 0 <= t <= 7 } "
                + "{ [i0, i1] -> unroll[x] }",
            List.of(Map.of("t", 0L), Map.of("t", 1L), Map.of("t", 3L), Map.of("t", 4L), Map.of("t", 6L),
                Map.of("t", 7L)), -1, 10,
            "no loop, two copies of each statement",
            g -> g.metrics().loops() == 0 && g.occurrences("S(") == 2 && g.occurrences("T(") == 2),
        new Example("disjuncts that differ only in a parameter condition (one loop under a disjunction)",
            "[n, a] -> { S[i] -> [i] : 0 <= i < n and (a <= -1 or a >= 5) } [n, a] -> { : } { }",
            List.of(Map.of("n", 3L, "a", -2L), Map.of("n", 3L, "a", 0L), Map.of("n", 4L, "a", 5L),
                Map.of("n", 0L, "a", 7L)), -3, 8,
            "one loop", g -> g.metrics().loops() == 1 && g.occurrences("S(") == 1));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void compactCodeExecutesTheScheduleOrder(Example ex) throws Exception {
    CodegenCommand.Result r = new CodegenCommand().generate(ex.input());
    boolean tree = !ex.input().startsWith("{") && !ex.input().startsWith("[");
    UnionRelation schedule = tree ? ScheduleMaps.toFlatMap(ScheduleYaml.read(ex.input()))
        : UnionRelation.parse(CodegenCommand.splitObjects(ex.input()).get(0));
    List<long[]> cParams = new ArrayList<>();
    List<List<List<String>>> expected = new ArrayList<>();
    for (Map<String, Long> p : ex.params()) {
      List<List<String>> blocks = new ArrayList<>();
      for (List<AstInterpreter.Call> b : ScheduleOracle.expectedBlocks(schedule, p, ex.lo(), ex.hi())) {
        blocks.add(CCodeProperties.lines(b));
      }
      expected.add(blocks);
      assertInBlocks(blocks, CCodeProperties.lines(AstInterpreter.trace(r.ast(), p)), ex.name() + " " + p + "\n" + r.code());
      long[] values = new long[r.problem().params().size()];
      for (int i = 0; i < values.length; i++) values[i] = p.get(r.problem().params().get(i));
      cParams.add(values);
    }
    if (GccDriver.available()) {
      String source = CallHarness.program(r.ast(), CCodeProperties.arities(r.problem()), r.problem().params());
      List<List<String>> runs = CallHarness.run(source, List.of("-O1", "-Wall", "-Wno-unknown-pragmas", "-Werror"),
          cParams, Map.of());
      for (int k = 0; k < runs.size(); k++) assertInBlocks(expected.get(k), runs.get(k), ex.name() + "\n" + source);
    }
    Generated g = new Generated(r.code(), CodeMetrics.of(r.ast()), r);
    assertTrue(ex.holds().test(g), () -> ex.name() + ": not " + ex.check() + "\n" + r.code());
  }

  /** The calls, cut into consecutive runs as long as the blocks, are each block in some order. */
  private static void assertInBlocks(List<List<String>> blocks, List<String> calls, String what) {
    List<String> flat = new ArrayList<>();
    for (List<String> b : blocks) flat.addAll(b);
    assertEquals(flat.size(), calls.size(), () -> "number of calls: " + what + "\n" + calls);
    int at = 0;
    for (List<String> b : blocks) {
      List<String> want = new ArrayList<>(b);
      List<String> got = new ArrayList<>(calls.subList(at, at + b.size()));
      want.sort(null);
      got.sort(null);
      assertEquals(want, got, () -> "calls at one schedule point: " + what + "\n" + calls);
      at += b.size();
    }
  }
}
