package dev.polyj.codegen.transform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.ast.Expr;
import dev.polyj.codegen.ast.Exprs;
import dev.polyj.codegen.ast.Node;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which parallel loops {@link CyclicSchedulePass} takes for triangular: the loop shapes of tiled code. */
class CyclicSchedulePassTest {
  private static final Node S = new Node.User("S", List.of());

  private static Expr lin(long c, Object... coefAndName) {
    Exprs.LinearBuilder b = Exprs.linear().addConstant(c);
    for (int i = 0; i < coefAndName.length; i += 2) b.add((Long) coefAndName[i], Exprs.id((String) coefAndName[i + 1]));
    return b.build();
  }

  private static Node.For loop(String it, Expr lo, Expr up, Node body) {
    return new Node.For(it, lo, up, 1, body, List.of());
  }

  private static Node.For parallel(Node body) {
    return new Node.For("c0", Exprs.constant(0), Exprs.floorDiv(lin(-1, 1L, "n"), 32), 1, body,
        List.of("omp parallel for"));
  }

  @Test
  void aTriangleOfTilesAndAWavefrontAreTriangular() {
    // for (c1 = c0; c1 <= floord(n - 1, 32); c1++)
    assertTrue(CyclicSchedulePass.triangular(parallel(loop("c1", Exprs.id("c0"), Exprs.floorDiv(lin(-1, 1L, "n"), 32), S))));
    // cholesky: for (c2 = c0 - c1; c2 <= c1; c2++) under the parallel c1 (c0 outside it)
    Node.For wave = new Node.For("c1", Exprs.constant(0), Exprs.id("c0"), 1,
        loop("c2", lin(0, 1L, "c0", -1L, "c1"), Exprs.id("c1"), S), List.of("omp parallel for"));
    assertTrue(CyclicSchedulePass.triangular(wave));
    // symm: for (c2 = 0; c2 <= min(floord(m - 2, 128), floord(c0, 2)); c2++): the cap is an edge
    assertTrue(CyclicSchedulePass.triangular(parallel(loop("c2", Exprs.constant(0),
        Exprs.min(List.of(Exprs.floorDiv(lin(-2, 1L, "m"), 128), Exprs.floorDiv(Exprs.id("c0"), 2))), S))));
  }

  @Test
  void aTriangleInsideEveryIterationIsNot() {
    // for (c1 = 0; c1 <= floord(m, 64); c1++) for (c2 = c1; c2 <= floord(m, 64); c2++): the same work for every c0
    Expr top = Exprs.floorDiv(Exprs.id("m"), 64);
    assertFalse(CyclicSchedulePass.triangular(parallel(loop("c1", Exprs.constant(0), top,
        loop("c2", Exprs.id("c1"), top, S)))));
    // but a triangle over the points of the parallel loop's tile is
    Node points = loop("c2", lin(0, 32L, "c0"), lin(31, 32L, "c0"), loop("c3", lin(1, 1L, "c2"), Exprs.id("n"), S));
    assertTrue(CyclicSchedulePass.triangular(parallel(points)));
  }

  @Test
  void tilesAndSkewedBandsAreNot() {
    // for (c1 = 0; c1 <= floord(n - 1, 32); c1++) for (c2 = 32 c0; c2 <= min(32 c0 + 31, n - 1); c2++)
    Node points = loop("c2", lin(0, 32L, "c0"), Exprs.min(List.of(lin(31, 32L, "c0"), lin(-1, 1L, "n"))), S);
    assertFalse(CyclicSchedulePass.triangular(parallel(loop("c1", Exprs.constant(0),
        Exprs.floorDiv(lin(-1, 1L, "n"), 32), points))));
    // for (c1 = max(0, c0 - 5); c1 <= min(t, c0 + 3); c1++)
    assertFalse(CyclicSchedulePass.triangular(parallel(loop("c1", Exprs.max(List.of(Exprs.constant(0), lin(-5, 1L, "c0"))),
        Exprs.min(List.of(Exprs.id("t"), lin(3, 1L, "c0"))), S))));
  }
}
