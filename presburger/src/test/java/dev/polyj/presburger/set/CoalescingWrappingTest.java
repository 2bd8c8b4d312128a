package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Unions that fuse only with new constraints (wrapping), with divisions written differently in the
 * two pieces, or with a division constraint that wraps; and a union that must stay in two pieces.
 * The points of the result are compared with the input's by brute force.
 */
class CoalescingWrappingTest {

  private static List<String> points(Relation r, long lo, long hi) {
    List<String> out = new ArrayList<>();
    for (long[] p : BruteForce.points(r, lo, hi)) out.add(Arrays.toString(p));
    return out;
  }

  private static Relation coalesced(String text, int pieces) {
    Relation r = Relation.parse(text);
    Relation c = r.coalesce();
    assertEquals(points(r, -12, 12), points(c, -12, 12), () -> "coalesce changed the points of " + text + ": " + c);
    assertTrue(c.isEqual(r), () -> "coalesce changed " + text + " into " + c);
    assertEquals(pieces, c.nBasic(), () -> "coalesce of " + text + " gave " + c);
    return c;
  }

  /** Two squares shifted by one along the diagonal: the two corners outside both are cut off by diagonal constraints. */
  @Test
  void diagonallyShiftedSquares() {
    coalesced("{ [x, y] : 0 <= x <= 4 and 0 <= y <= 4 or 1 <= x <= 5 and 1 <= y <= 5 }", 1);
  }

  /** Shifted by two, the squares leave out points of every convex set around them. */
  @Test
  void squaresShiftedByTwoStayApart() {
    coalesced("{ [x, y] : 0 <= x <= 4 and 0 <= y <= 4 or 2 <= x <= 6 and 2 <= y <= 6 }", 2);
  }

  /** A square with one extra point above a corner: the top side turns around the right side. */
  @Test
  void squareWithAPointOnTop() {
    coalesced("{ [x, y] : 0 <= x <= 3 and 0 <= y <= 3; [0, 4] }", 1);
  }

  /** A vertical segment and a diagonal one meeting at its end: together a lattice triangle. */
  @Test
  void segmentsFormingATriangle() {
    coalesced("{ [4, y] : 0 <= y <= 2; [x, x - 2] : 3 <= x <= 4 }", 1);
  }

  /** A quadrant of parameter values joined with a ray on its edge, shifted by one. */
  @Test
  void parameterQuadrantAndRay() {
    coalesced("[n, m] -> { [] : n >= 1 and m >= 1 or n = 0 and m >= 2 }", 1);
  }

  /** Two residues written with different divisions, floor(i/5) and floor((i - 1)/5). */
  @Test
  void residuesWithDifferentDivisions() {
    coalesced("{ [i] : exists j : i = 5j and 0 <= i <= 40 or exists k : i = 5k + 1 and 0 <= i <= 40 }", 1);
  }

  /** Two residue classes where the smaller one starts later: a constraint on the division is wrapped. */
  @Test
  void residuesStartingAtDifferentPoints() {
    coalesced("{ [a] : a >= 0 and a mod 4 = 0 or a >= 5 and a mod 4 = 1 }", 1);
  }

  /** A box and a point far from it must stay apart. */
  @Test
  void farPointStays() {
    coalesced("{ [x, y] : 0 <= x <= 3 and 0 <= y <= 3; [0, 6] }", 2);
  }

  /** Gist: the context already gives 4 | x, so 12 | x only needs 3 | x. */
  @Test
  void gistKeepsTheMissingFactorOfAModulus() {
    Relation r = Relation.parse("{ [x] : x mod 12 = 0 }");
    Relation ctx = Relation.parse("{ [x] : x mod 4 = 0 }");
    Relation g = r.gist(ctx);
    assertEquals(points(r.intersect(ctx), -40, 40), points(g.intersect(ctx), -40, 40), () -> "gist " + g);
    assertTrue(g.contains(new long[] {3}) && !g.contains(new long[] {2}), () -> "gist " + g + " is not 3 | x");
  }

  /** Gist: the two pieces together cover the context, though neither does alone. */
  @Test
  void gistOfPiecesCoveringTheContext() {
    Relation r = Relation.parse("{ [x, y] : x <= 2 or y <= 2 }");
    Relation ctx = Relation.parse("{ [x, y] : 0 <= x <= 2 and 0 <= y <= 9 or 0 <= y <= 2 and 0 <= x <= 9 }");
    Relation g = r.gist(ctx);
    assertEquals(1, g.nBasic(), () -> "gist " + g);
    assertTrue(g.basics().get(0).isUniverse(), () -> "gist " + g);
  }
}
