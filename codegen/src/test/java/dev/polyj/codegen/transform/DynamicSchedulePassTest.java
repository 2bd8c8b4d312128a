package dev.polyj.codegen.transform;

import static dev.polyj.codegen.transform.CyclicSchedulePassTest.S;
import static dev.polyj.codegen.transform.CyclicSchedulePassTest.lin;
import static dev.polyj.codegen.transform.CyclicSchedulePassTest.loop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.polyj.codegen.ast.AstInterpreter;
import dev.polyj.codegen.ast.Expr;
import dev.polyj.codegen.ast.Exprs;
import dev.polyj.codegen.ast.Node;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which parallel loops {@link DynamicSchedulePass} takes for the loop of a wavefront, on the loop
 * shapes of tiled code, checked against the work of their iterations counted by running them: a
 * wavefront's tiles belong to different time tiles and differ in work at every start, a row loop
 * inside a sequential loop runs the same work in every iteration.
 */
class DynamicSchedulePassTest {
  private static Node.For parallel(String it, Expr lo, Expr up, Node body) {
    return new Node.For(it, lo, up, 1, body, List.of("omp parallel for"));
  }

  /** Asserts the shape test, and that the works of {@code f}'s iterations differ exactly when it holds. */
  private static void check(boolean expected, Node.For f, Node.For outer, Map<String, Long> env) {
    assertEquals(expected, DynamicSchedulePass.wavefront(f, outer), f.toString());
    Set<Long> works = new HashSet<>();
    long lo = AstInterpreter.eval(f.init(), env);
    long hi = AstInterpreter.eval(f.upper(), env);
    for (long v = lo; v <= hi; v += f.step()) {
      Map<String, Long> e = new HashMap<>(env);
      e.put(f.iterator(), v);
      long[] calls = {0};
      AstInterpreter.run(f.body(), e, 10_000_000, c -> calls[0]++);
      works.add(calls[0]);
    }
    assertEquals(expected, works.size() > 1, works.toString());
  }

  @Test
  void theLoopOfAWavefrontOfSkewedTilesIsTaken() {
    // wavefront c0 = time tile + space tile c1; time points 8 (c0 - c1) .. 8 (c0 - c1) + 7, space
    // points of the skewed band 2 t + 1 .. 2 t + n - 2 cut to the tile 16 c1 .. 16 c1 + 15
    Node.For space = loop("c3", Exprs.max(List.of(lin(1, 2L, "c2"), lin(0, 16L, "c1"))),
        Exprs.min(List.of(lin(-2, 2L, "c2", 1L, "n"), lin(15, 16L, "c1"))),
        loop("c4", lin(1, 2L, "c2"), lin(-2, 2L, "c2", 1L, "n"), S));
    Node.For time = loop("c2", Exprs.max(List.of(Exprs.constant(0), lin(0, 8L, "c0", -8L, "c1"))),
        Exprs.min(List.of(lin(-1, 1L, "t"), lin(7, 8L, "c0", -8L, "c1"))), space);
    Node.For wave = parallel("c1", Exprs.max(List.of(Exprs.constant(0), lin(-3, 1L, "c0"))), Exprs.id("c0"), time);
    Node.For outer = loop("c0", Exprs.constant(0), Exprs.constant(12), wave);
    check(true, wave, outer, Map.of("c0", 6L, "n", 60L, "t", 32L));
    // the same wavefront over single two-dimensional tiles (a triangular solve's): too little work
    // per tile to take each from a shared counter
    Node.For flat = parallel("c1", wave.init(), wave.upper(), time.withBody(loop("c3", space.init(), space.upper(), S)));
    assertFalse(DynamicSchedulePass.wavefront(flat, outer.withBody(flat)));
  }

  @Test
  void rowsInsideASequentialLoopKeepTheirBlocks() {
    // lu: for (k ...) parallel for (i = k + 1 .. n - 1) for (j = k + 1 .. n - 1)
    Node.For row = loop("j", lin(1, 1L, "k"), lin(-1, 1L, "n"), S);
    Node.For rows = parallel("i", lin(1, 1L, "k"), lin(-1, 1L, "n"), row);
    Node.For k = loop("k", Exprs.constant(0), lin(-1, 1L, "n"), rows);
    check(false, rows, k, Map.of("k", 5L, "n", 40L));
    // a parallel loop whose bounds do not follow the sequential loop around it (a time step)
    Node.For step = parallel("i", Exprs.constant(1), lin(-2, 1L, "n"), loop("j", Exprs.constant(1), lin(-2, 1L, "n"), S));
    check(false, step, loop("t", Exprs.constant(0), Exprs.id("t"), step), Map.of("n", 40L));
  }
}
