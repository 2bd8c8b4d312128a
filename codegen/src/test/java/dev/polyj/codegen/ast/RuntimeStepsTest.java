package dev.polyj.codegen.ast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.c.CPrinter;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Loops over tile origins with run-time sizes against enumeration: a skewed band shared by two
 * statements is tiled with the sizes as parameters, the tile-origin loops get the run-time step,
 * and the interpreted AST must execute every instance exactly once, tile by tile in the order of
 * the tile grid, for many sizes (whatever loop kind the code generator uses for the tile loops).
 */
class RuntimeStepsTest {
  private static final String SCHEDULE = "[N, T1, T2] -> { "
      + "S[o1, o2, i, j] -> [o1, o2, 0, i, i + j] : 0 <= i < N and 0 <= j <= i"
      + " and o1 <= i <= o1 + T1 - 1 and o2 <= i + j <= o2 + T2 - 1; "
      + "R[o1, o2, i] -> [o1, o2, 1, i, 0] : 0 <= i < N"
      + " and o1 <= i <= o1 + T1 - 1 and o2 <= i <= o2 + T2 - 1 }";

  private static String[] sizes(String name) {
    return name.equals("S") ? new String[] {"T1", "T2", null, null} : new String[] {"T1", "T2", null};
  }

  /** The instances in the order of the grid tiles, then of the points within a tile. */
  private static List<AstInterpreter.Call> expected(long n, long t1, long t2) {
    List<long[]> keys = new ArrayList<>(); // schedule vector then the call
    for (long i = 0; i < n; i++) {
      for (long j = 0; j <= i; j++) {
        keys.add(new long[] {t1 * Math.floorDiv(i, t1), t2 * Math.floorDiv(i + j, t2), 0, i, i + j, 0, i, j});
      }
      keys.add(new long[] {t1 * Math.floorDiv(i, t1), t2 * Math.floorDiv(i, t2), 1, i, 0, 1, i, -1});
    }
    keys.sort(Comparator.comparing((long[] k) -> k, Arrays::compare));
    List<AstInterpreter.Call> out = new ArrayList<>();
    for (long[] k : keys) {
      out.add(k[5] == 0 ? new AstInterpreter.Call("S", new long[] {k[0], k[1], k[6], k[7]})
          : new AstInterpreter.Call("R", new long[] {k[0], k[1], k[6]}));
    }
    return out;
  }

  @ParameterizedTest
  @EnumSource(value = BuildOptions.LoopKind.class, names = {"DEFAULT", "ATOMIC", "SEPARATE"})
  void everyInstanceOnceInGridOrder(BuildOptions.LoopKind kind) {
    ScanProblem problem = ScanProblem.fromScheduleMap(UnionRelation.parse(SCHEDULE),
        dev.polyj.presburger.set.Relation.parse("[N, T1, T2] -> { : T1 >= 1 and T2 >= 1 }"));
    BuildOptions options = BuildOptions.defaults().with(0, kind).with(1, kind);
    Node plain = AstBuilder.build(problem, options);
    Node ast = RuntimeSteps.apply(plain, RuntimeStepsTest::sizes);
    String code = CPrinter.standard().print(ast);
    assertTrue(code.contains("+= T1)") && code.contains("+= T2)"), code);
    for (long n : new long[] {0, 1, 5, 9}) {
      for (long[] t : new long[][] {{1, 1}, {2, 2}, {3, 2}, {1, 4}, {4, 3}, {7, 7}, {16, 5}}) {
        Map<String, Long> params = Map.of("N", n, "T1", t[0], "T2", t[1]);
        assertEquals(expected(n, t[0], t[1]), AstInterpreter.trace(ast, params),
            () -> "N = " + n + ", T = " + Arrays.toString(t) + "\n" + code);
      }
    }
    // without the grid steps every origin of the outset runs its tile: instances repeat
    Map<String, Long> params = Map.of("N", 5L, "T1", 2L, "T2", 3L);
    assertTrue(AstInterpreter.trace(plain, params).size() > expected(5, 2, 3).size());
  }

  @ParameterizedTest
  @EnumSource(value = BuildOptions.LoopKind.class, names = {"DEFAULT"})
  void aTileOriginWithoutALoopOfItsOwnIsRefused(BuildOptions.LoopKind kind) {
    // the origin is fixed by the outer loop: no loop scans it
    ScanProblem problem = ScanProblem.fromScheduleMap(
        UnionRelation.parse("[N, T1] -> { S[o, i] -> [i, o] : 0 <= i < N and o = i }"), null);
    Node ast = AstBuilder.build(problem, BuildOptions.defaults().with(0, kind));
    assertThrows(IllegalStateException.class, () -> RuntimeSteps.apply(ast, name -> new String[] {"T1", null}));
  }
}
