package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.notation.IslParser;
import dev.polyj.presburger.set.SetOpsFixtures.Case;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The known points of {@link CoalescingWitnesses} only answer tests the way the exact tests would:
 * coalescing with and without them gives the same pieces, in the same order (the exact version is
 * the oracle; {@link CoalescingProperties} checks it against the box oracle).
 */
class CoalescingWitnessesProperties {

  @Provide
  Arbitrary<Case> unions() {
    return SetOpsFixtures.cases(3, 3);
  }

  @Property(tries = 150, edgeCases = EdgeCasesMode.NONE)
  void samePiecesWithAndWithoutKnownPoints(@ForAll("unions") Case c) {
    Relation r = c.get(0).union(c.get(1)).union(c.get(2));
    Relation with = Coalescing.coalesce(r, true);
    Relation without = Coalescing.coalesce(r, false);
    assertEquals(without.basics(), with.basics(), () -> "known points changed the coalescing of " + r);
  }

  /** Strided pieces like the dataflow's (several divisions, most pairs failing to merge). */
  @Example
  void stridedPiecesLikeTheDataflowsMergeTheSameWay() {
    Relation r = IslParser.parseRelation("[N] -> { [i, j] -> [i', j'] : "
        + "(i' = i - 2 and j' = j and 0 <= j < N and 2 <= i < N and i mod 2 = 0 and j mod 3 = 0) or "
        + "(i' = i - 2 and j' = j and 0 <= j < N and 2 <= i < N and i mod 2 = 1 and j mod 3 = 0) or "
        + "(i' = i and j' = j - 3 and 3 <= j < N and 0 <= i < N and i mod 2 = 0 and j mod 3 = 0) or "
        + "(i' = i and j' = j - 3 and 3 <= j < N and 0 <= i < N and i mod 2 = 1 and j mod 3 = 0) or "
        + "(i' = i - 1 and j' = j - 2 and 2 <= j < N and 1 <= i < N and (i + j) mod 2 = 0 and j mod 3 = 2) or "
        + "(i' = i - 1 and j' = j - 2 and 2 <= j < N and 1 <= i < N and (i + j) mod 2 = 1 and j mod 3 = 2) or "
        + "(i' = i and j' = j - 1 and 1 <= j < N and 0 <= i < N and (i - j) mod 4 = 0) }");
    Relation with = Coalescing.coalesce(r, true);
    Relation without = Coalescing.coalesce(r, false);
    assertEquals(without.basics(), with.basics(), () -> "known points changed the coalescing of " + r);
    assertEquals(true, with.isEqual(r));
  }

  /**
   * Pieces whose divisions differ but are equal on one of them (harmonization): the known points
   * only skip the pairs of divisions they show to differ, so the pieces still fuse into one.
   */
  @Example
  void divisionsEqualOnAPieceFuseTheSameWay() {
    for (String text : new String[] {
        "{ [i] : 0 <= i <= 20 and (i - 1) mod 4 = 1; [i] : 0 <= i <= 20 and i mod 4 = 3 }",
        "{ [i, j] : 0 <= i <= 20 and 0 <= j <= 3 and (i + j - 1) mod 4 = 1; "
            + "[i, j] : 0 <= i <= 20 and 0 <= j <= 3 and (i + j) mod 4 = 3 }"}) {
      Relation r = IslParser.parseRelation(text);
      assertEquals(2, r.basics().size());
      Relation with = Coalescing.coalesce(r, true);
      Relation without = Coalescing.coalesce(r, false);
      assertEquals(without.basics(), with.basics(), () -> "known points changed the coalescing of " + r);
      assertEquals(1, with.basics().size(), () -> "not fused: " + with);
      assertEquals(true, with.isEqual(r));
    }
  }

  /**
   * Unions of up to 7 pieces in 9 dimensions (too many columns for wrapping): boxes and strided
   * strips in the first two, constants in the others. Pairs that only the first candidate could
   * merge are refuted by points of the other pieces before their validity tests
   * ({@code Coalescing.EARLY_REFUTATIONS}); the pieces must be those of the exact order.
   */
  @Provide
  Arbitrary<String> flatPieces() {
    Arbitrary<String> piece = Combinators.combine(
            Arbitraries.integers().between(0, 6), Arbitraries.integers().between(0, 3),
            Arbitraries.integers().between(0, 6), Arbitraries.integers().between(0, 3),
            Arbitraries.integers().between(0, 1), Arbitraries.integers().between(0, 2),
            Arbitraries.integers().between(0, 1))
        .as((i0, di, j0, dj, z, stride, w) -> "[i, j, 0, 0, 0, 0, " + z + ", 0, " + w + "] : " + i0 + " <= i <= "
            + (i0 + di) + " and " + j0 + " <= j <= " + (j0 + dj)
            + (stride == 0 ? "" : " and (i + j) mod " + (stride + 1) + " = 0"));
    return piece.list().ofMinSize(3).ofMaxSize(7)
        .map(ps -> "{ " + ps.stream().collect(Collectors.joining("; ")) + " }");
  }

  @Property(tries = 200, edgeCases = EdgeCasesMode.NONE)
  void refutingPairsEarlyGivesTheSamePieces(@ForAll("flatPieces") String text) {
    Relation r = IslParser.parseRelation(text);
    Relation with = Coalescing.coalesce(r, true);
    Relation without = Coalescing.coalesce(r, false);
    assertEquals(without.basics(), with.basics(), () -> "known points changed the coalescing of " + r);
    assertTrue(with.isEqual(r), () -> "points changed: " + r + " -> " + with);
  }

  /** Three segments on a line of a 9-dimensional space: the outer two are refuted by the middle one's point. */
  @Example
  void aPointBetweenTwoPiecesRefutesThemBeforeTheirValidityTests() {
    Relation r = IslParser.parseRelation("{ [i, 0, 0, 0, 0, 0, 0, 0, 0] : 0 <= i <= 2; "
        + "[i, 0, 0, 0, 0, 0, 0, 0, 0] : 10 <= i <= 12; [i, 0, 0, 0, 0, 0, 0, 0, 0] : 5 <= i <= 7 }");
    long before = Coalescing.EARLY_REFUTATIONS.sum();
    Relation with = Coalescing.coalesce(r, true);
    assertTrue(Coalescing.EARLY_REFUTATIONS.sum() > before, "no pair refuted early");
    assertEquals(Coalescing.coalesce(r, false).basics(), with.basics());
    assertEquals(3, with.nBasic());
  }
}
