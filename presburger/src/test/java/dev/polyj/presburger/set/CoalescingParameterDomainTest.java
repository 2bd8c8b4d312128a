package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.testing.BruteForce;
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
    List<String> out = new ArrayList<>();
    for (long[] p : BruteForce.points(r, -6, 6)) out.add(Arrays.toString(p));
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
}
