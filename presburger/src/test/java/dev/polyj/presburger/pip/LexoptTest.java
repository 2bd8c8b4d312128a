package dev.polyj.presburger.pip;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.aff.PwAff;
import dev.polyj.presburger.aff.PwMultiAff;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Unbounded and empty optima, degenerate spaces, and the shape of simple results. */
class LexoptTest {
  @Test
  void unboundedLexminSaysWhichDimensionAndDirection() {
    Relation r = Relation.of(Rel.set("N", "S", "i, j", "0 <= i <= N", "j <= i"));
    UnboundedOptimumException e = assertThrows(UnboundedOptimumException.class, () -> Lexopt.lexmin(r));
    assertEquals(1, e.dimension());
    assertFalse(e.isAbove());
    assertTrue(e.getMessage().contains("unbounded below"), e.getMessage());
    assertTrue(e.getMessage().contains("(j)"), e.getMessage());
    // the parameter values where it happens: all N >= 0
    assertTrue(e.where().contains(new long[] {0}));
    assertFalse(e.where().contains(new long[] {-1}));
    // lexmax is bounded
    PwMultiAff max = Lexopt.lexmax(r);
    BruteForce.forEachPoint(1, -2, 4, p -> assertEquals(p[0] >= 0, max.evaluate(p).isPresent()));
    assertArrayEquals(new long[] {4, 4}, max.evaluate(new long[] {4}).orElseThrow());
  }

  @Test
  void unboundedLexmaxSaysAbove() {
    Relation r = Relation.of(Rel.map("", "A", "i", "B", "j", "j >= i"));
    UnboundedOptimumException e = assertThrows(UnboundedOptimumException.class, () -> Lexopt.lexmax(r));
    assertEquals(0, e.dimension());
    assertTrue(e.isAbove());
    assertTrue(e.getMessage().contains("unbounded above"), e.getMessage());
  }

  @Test
  void unboundedOnlyWhereTheSetIsNonEmpty() {
    // unbounded below only for N >= 0; for N < 0 empty: still an error (there are such N)
    Relation r = Relation.of(Rel.set("N", "S", "i", "i <= 0", "N >= 0"));
    assertThrows(UnboundedOptimumException.class, () -> Lexopt.lexmin(r));
    // an unbounded existential does not make the optimum unbounded
    Relation s = Relation.of(Rel.setExists("N", "S", "i", "e", "0 <= i <= N", "e <= i"));
    PwMultiAff f = Lexopt.lexmin(s);
    assertArrayEquals(new long[] {0}, f.evaluate(new long[] {3}).orElseThrow());
  }

  @Test
  void emptyRelationsHaveNoPieces() {
    Space s = Space.map(List.of("N"), 1, 2);
    assertTrue(Lexopt.lexmin(Relation.empty(s)).isEmpty());
    Relation contradiction = Relation.of(Rel.set("N", "S", "i", "i >= N", "i < N"));
    assertTrue(Lexopt.lexmax(contradiction).isEmpty());
    Lexopt.Partial p = Lexopt.partialLexmax(Relation.empty(s), Relation.universe(s.domain()));
    assertTrue(p.optimum().isEmpty());
    assertTrue(p.noImage().contains(new long[] {7, -3}));
  }

  @Test
  void zeroDimensionalRangesAndParameterFreeSets() {
    Relation point = Relation.of(Rel.set("", "S", "i, j", "i = 3", "j = -2"));
    assertArrayEquals(new long[] {3, -2}, Lexopt.lexmin(point).evaluate(new long[0]).orElseThrow());
    Relation noDims = Relation.of(Rel.map("N", "A", "i", "B", "", "0 <= i <= N"));
    PwMultiAff f = Lexopt.lexmin(noDims);
    assertTrue(f.evaluate(new long[] {2, 1}).isPresent());
    assertFalse(f.evaluate(new long[] {2, 3}).isPresent());
  }

  @Test
  void stridesGiveOnePieceWithAFloor() {
    // the smallest even i >= N: 2*ceil(N/2), one piece
    Relation r = Relation.of(Rel.setExists("N", "S", "i", "e", "i = 2e", "i >= N"));
    PwMultiAff f = Lexopt.lexmin(r);
    BruteForce.forEachPoint(1, -5, 5, p -> assertEquals(2 * Math.floorDiv(p[0] + 1, 2), f.evaluate(p).orElseThrow()[0]));
    Relation half = Relation.of(Rel.set("N", "S", "i", "2i >= N"));
    PwMultiAff g = Lexopt.lexmin(half);
    assertEquals(1, g.nPiece(), g::toString);
  }

  @Test
  void dimMinAndMaxAreLoopBounds() {
    // { S[i, j] : 0 <= i < N and i <= j < N }: j from i to N - 1, i from 0 to N - 1
    Relation r = Relation.of(Rel.set("N", "S", "i, j", "0 <= i < N", "i <= j < N"));
    PwAff lo = Lexopt.dimMin(r, 1);
    PwAff hi = Lexopt.dimMax(r, 1);
    BruteForce.forEachPoint(1, -2, 5, p -> {
      assertEquals(p[0] >= 1, lo.evaluate(p).isPresent());
      if (p[0] >= 1) {
        assertEquals(0, lo.evaluate(p).getAsLong());
        assertEquals(p[0] - 1, hi.evaluate(p).getAsLong());
      }
    });
    assertEquals(1, lo.nPiece());
    assertEquals(1, hi.nPiece());
  }

  @Test
  void partialLexmaxOverUnionDomain() {
    Relation m = Relation.of(Rel.map("N", "A", "i", "B", "j", "0 <= j < i", "j <= N"));
    Relation u = Rel.union(Rel.set("N", "A", "i", "0 <= i <= 5"), Rel.set("N", "A", "i", "3 <= i <= 8"));
    Lexopt.Partial p = Lexopt.partialLexmax(m, u);
    BruteForce.forEachPoint(2, -1, 9, x -> {
      long n = x[0];
      long i = x[1];
      boolean inU = 0 <= i && i <= 8;
      boolean has = inU && i >= 1 && n >= 0;
      assertEquals(has, p.optimum().evaluate(x).isPresent());
      if (has) assertEquals(Math.min(i - 1, n), p.optimum().evaluate(x).orElseThrow()[0]);
      assertEquals(inU && !has, p.noImage().contains(x));
    });
  }

  /**
   * The large lexmin of isl's own tests: a context where divisions are pinned to constants by
   * integrality alone (their cuts overflowed 64 bits at every sign question, and each level of the
   * search added a new pinned division). The expected result is isl 0.25's answer.
   */
  @Test
  void contextWithPinnedDivisionsAsIsl() {
    Relation map = Relation.parse("{ [i, k, j] -> [a, b, c, d] : 8*floor((b)/8) = b and k <= 255 and a <= 255 and c <= 255 "
        + "and d <= 255 - j and 255 - j <= 7d <= 7 - i and 240d <= 239 + a and 247d <= 247 + k - j "
        + "and 247d <= 247 + k - b and 247d <= 247 + i and 248 - b <= 248d <= c and 254d >= i - a +"
        + " b and 254d >= -a + b and 255d >= -i + a - b and 1792d >= -63736 + 257b }");
    Relation isl = Relation.parse("{ [i, k, j] -> [a, b, c, d] : (exists (e0: a = -127762 + i + 502j and b = -62992 + 248j "
        + "and c = 63240 - 248j and d = 255 - j and k <= 255 and 247e0 <= 247 + i and 509e0 >= -i a"
        + "nd e0 <= 255 - j and 7e0 >= 255 - j and 7e0 <= 7 - i and 247e0 <= 247 + k - j and 106j >"
        + "= 26544 - i and 742j >= 188724 - i)) or (i = 0 and a = 1 and b = 0 and c = 248 and d = 1"
        + " and k <= 255 and j >= 251 and j <= 254 and j <= k) or (i = 0 and a = 1 and b = 0 and c "
        + "= 248 and d = 1 and k <= 255 and j >= 248 and j <= k and j <= 250) }");
    assertTrue(Lexopt.lexminRelation(map).isEqual(isl));
  }
}
