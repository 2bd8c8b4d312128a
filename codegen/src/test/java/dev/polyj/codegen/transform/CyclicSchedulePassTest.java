package dev.polyj.codegen.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * Which parallel loops {@link CyclicSchedulePass} takes for triangular, on the loop shapes of tiled
 * code, checked against the work of their iterations counted by running them.
 */
class CyclicSchedulePassTest {
  static final Node S = new Node.User("S", List.of());

  /** The affine expression {@code c + sum coef * name}. */
  static Expr lin(long c, Object... coefAndName) {
    Exprs.LinearBuilder b = Exprs.linear().addConstant(c);
    for (int i = 0; i < coefAndName.length; i += 2) b.add((Long) coefAndName[i], Exprs.id((String) coefAndName[i + 1]));
    return b.build();
  }

  static Node.For loop(String it, Expr lo, Expr up, Node body) {
    return new Node.For(it, lo, up, 1, body, List.of());
  }

  private static Node.For parallel(Node body) {
    return new Node.For("c0", Exprs.constant(0), Exprs.floorDiv(lin(-1, 1L, "n"), 32), 1, body,
        List.of("omp parallel for"));
  }

  /**
   * Asserts that {@code f} is taken for triangular exactly when {@code expected}, and that the
   * work of its iterations, counted by running the loop with {@code params}, agrees: a triangular
   * loop's iterations run at least a quarter as many different numbers of statements as there
   * are iterations, the others only a few (a full tile and the edge ones).
   */
  private static void check(boolean expected, Node.For f, Map<String, Long> params) {
    assertEquals(expected, CyclicSchedulePass.triangular(f), f.toString());
    Set<Long> works = new HashSet<>();
    long lo = AstInterpreter.eval(f.init(), params);
    long hi = AstInterpreter.eval(f.upper(), params);
    for (long v = lo; v <= hi; v += f.step()) {
      Map<String, Long> env = new HashMap<>(params);
      env.put(f.iterator(), v);
      long[] calls = {0};
      AstInterpreter.run(f.body(), env, 10_000_000, c -> calls[0]++);
      works.add(calls[0]);
    }
    long iterations = hi - lo + 1;
    assertTrue(iterations >= 20, "too few iterations to tell: " + iterations);
    assertEquals(expected, works.size() * 4 >= iterations, works.size() + " different works in " + iterations
        + " iterations");
  }

  @Test
  void aTriangleOfTilesAndAWavefrontAreTriangular() {
    // for (c1 = c0; c1 <= floord(n - 1, 32); c1++)
    check(true, parallel(loop("c1", Exprs.id("c0"), Exprs.floorDiv(lin(-1, 1L, "n"), 32), S)), Map.of("n", 2000L));
    // cholesky: for (c2 = c0 - c1; c2 <= c1; c2++) under the parallel c1 (c0 outside it)
    Node.For wave = new Node.For("c1", Exprs.constant(0), Exprs.id("c0"), 1,
        loop("c2", lin(0, 1L, "c0", -1L, "c1"), Exprs.id("c1"), S), List.of("omp parallel for"));
    check(true, wave, Map.of("c0", 60L));
    // symm: for (c2 = 0; c2 <= min(floord(m - 2, 128), floord(c0, 2)); c2++): the cap is an edge
    check(true, parallel(loop("c2", Exprs.constant(0),
        Exprs.min(List.of(Exprs.floorDiv(lin(-2, 1L, "m"), 128), Exprs.floorDiv(Exprs.id("c0"), 2))), S)),
        Map.of("n", 2000L, "m", 100_000L));
  }

  @Test
  void aTriangleInsideEveryIterationIsNot() {
    // for (c1 = 0; c1 <= floord(m, 64); c1++) for (c2 = c1; c2 <= floord(m, 64); c2++): the same work for every c0
    Expr top = Exprs.floorDiv(Exprs.id("m"), 64);
    check(false, parallel(loop("c1", Exprs.constant(0), top, loop("c2", Exprs.id("c1"), top, S))),
        Map.of("n", 2000L, "m", 640L));
    // but a triangle over the points of the parallel loop's tile is
    Node points = loop("c2", lin(0, 32L, "c0"), lin(31, 32L, "c0"), loop("c3", lin(1, 1L, "c2"), Exprs.id("n"), S));
    check(true, parallel(points), Map.of("n", 640L));
  }

  @Test
  void tilesAndSkewedBandsAreNot() {
    // for (c1 = 0; c1 <= floord(n - 1, 32); c1++) for (c2 = 32 c0; c2 <= min(32 c0 + 31, n - 1); c2++)
    Node points = loop("c2", lin(0, 32L, "c0"), Exprs.min(List.of(lin(31, 32L, "c0"), lin(-1, 1L, "n"))), S);
    check(false, parallel(loop("c1", Exprs.constant(0), Exprs.floorDiv(lin(-1, 1L, "n"), 32), points)),
        Map.of("n", 650L));
    // for (c1 = max(0, c0 - 5); c1 <= min(t, c0 + 3); c1++)
    check(false, parallel(loop("c1", Exprs.max(List.of(Exprs.constant(0), lin(-5, 1L, "c0"))),
        Exprs.min(List.of(Exprs.id("t"), lin(3, 1L, "c0"))), S)), Map.of("n", 2000L, "t", 1000L));
  }
}
