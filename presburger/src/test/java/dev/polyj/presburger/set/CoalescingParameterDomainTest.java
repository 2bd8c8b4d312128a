package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import dev.polyj.presburger.testing.BruteForce;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Unions of two pieces whose obvious merge has extra points only for parameter values where
 * neither piece has any, e.g. {@code c <= i <= n - 1} and {@code c + 1 <= i <= n}, which together
 * are {@code c <= i <= n} for {@code n >= c + 1}. Coalescing must give one piece with the same
 * points (enumerated by brute force).
 */
class CoalescingParameterDomainTest {

  private static List<String> points(Relation r) {
    return points(r, 6);
  }

  private static List<String> points(Relation r, int box) {
    List<String> out = new ArrayList<>();
    for (long[] p : BruteForce.points(r, -box, box)) out.add(Arrays.toString(p));
    return out;
  }

  private static void coalescesToOnePiece(String text) {
    Relation r = Relation.parse(text);
    Relation c = r.coalesce();
    assertEquals(points(r), points(c), "coalesce changed the points of " + text + ": " + c);
    assertEquals(1, c.nBasic(), "coalesce of " + text + " gave " + c);
  }

  @Test
  void shiftedIntervalsWithAParametricEnd() {
    for (int c = -2; c <= 2; c++) {
      coalescesToOnePiece("[n] -> { [i] : " + c + " <= i <= n - 1 or " + (c + 1) + " <= i <= n }");
    }
  }

  @Test
  void shiftedIntervalsInsideABox() {
    coalescesToOnePiece("[n] -> { [i, j] : 0 <= j <= 3 and (1 <= i <= n - 1 or 2 <= i <= n) }");
    coalescesToOnePiece("[n, m] -> { [i] : (0 <= i <= n - 1 and m >= 0) or (1 <= i <= n and m >= 0) }");
  }

  /**
   * A region of a code generator's separation at the first point loop of a tiled 2-D stencil
   * (tile loops i1..i3, time i4; the faces of the stencil at {@code -N + 32 i3 < i4}): the
   * parameter domains of its pieces have existentials (the projections of the tile loops), which
   * no candidate can take. Testing their containment anyway took the Omega test about 35 s for
   * this union (hours for the whole stencil); coalescing must now be fast and exact.
   */
  @Test
  void piecesWhoseParameterDomainsHaveExistentialsAreCoalescedQuickly() {
    for (int tile : new int[] {32, 4}) {
      String t = Integer.toString(tile);
      String u = Integer.toString(tile - 1);
      String text = ("[N, T] -> { [i1, i2, i3, i4] : (-N + Ki3 < i4 <= -N + Ki3 + K and Ki1 - Ki2 <= i4 < Ki3 and"
          + " 0 < i4 <= Ki1 - Ki2 + U and i4 <= T) or (-N + Ki3 < i4 <= -N + Ki3 + K and Ki3 <= i4 < Ki2 and"
          + " Ki1 - Ki2 <= i4 <= Ki1 - Ki2 + U and 0 < i4 <= T) or (-N + Ki3 < i4 <= -N + Ki3 + K and"
          + " Ki3 + K <= i4 <= Ki1 - Ki2 + U and Ki1 - Ki2 <= i4 <= T and i4 >= Ki2 and i4 > 0) or"
          + " (-N + Ki3 < i4 <= -N + Ki3 + K and Ki3 <= i4 <= Ki3 + U and Ki1 - Ki2 <= i4 <= Ki1 - Ki2 + U and"
          + " Ki2 + K <= i4 <= T and i4 > 0) }").replace("U", u).replace("K", t);
      Relation r = Relation.parse(text);
      Relation c = assertTimeoutPreemptively(Duration.ofSeconds(10), r::coalesce, "coalescing " + text);
      List<String> before = points(r, 4);
      if (tile == 4) assertFalse(before.isEmpty(), "no points to compare in " + text);
      assertEquals(before, points(c, 4), "coalesce changed the points of " + text + ": " + c);
    }
  }
}
