package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.notation.IslParser;
import dev.polyj.presburger.set.SetOpsFixtures.Case;
import net.jqwik.api.Arbitrary;
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
}
