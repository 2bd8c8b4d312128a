package dev.polyj.presburger.pip;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.aff.PwMultiAff;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * The refutation of piece merges by known points ({@link PieceSimplifier.KnownPoints}) against the
 * merge itself: a refuted pair is one {@link PieceSimplifier#merge} does not merge. Pairs are the
 * domains of the pieces of lexicographic optima of random strided relations (pieces with known
 * divisions, as in the optimizer's results); the known points are every integer point of a small
 * box of the domain space and a sampled point of each piece.
 */
class MergeRefutationProperties {
  @Provide
  Arbitrary<Relation> stridedRelations() {
    return LexoptProperties.stridedSpaces().flatMap(LexoptProperties::strided);
  }

  @Property(tries = 150)
  void aRefutedPairIsNotMerged(@ForAll("stridedRelations") Relation r, @ForAll("stridedRelations") Relation q) {
    List<BasicRelation> pieces = new ArrayList<>(domains(Lexopt.lexmax(r)));
    if (q.space().equals(r.space())) pieces.addAll(domains(Lexopt.lexmin(q)));
    Space dom = pieces.isEmpty() ? null : pieces.get(0).space();
    List<long[]> points = new ArrayList<>();
    if (dom != null) BruteForce.forEachPoint(dom.nVar(), -3, 3, p -> points.add(p.clone()));
    for (BasicRelation b : pieces) {
      long[] x = PieceSimplifier.knownPoint(b);
      if (x != null) {
        assertTrue(b.contains(x), () -> "known point outside its piece " + b);
        points.add(x);
      }
    }
    PieceSimplifier.KnownPoints known = new PieceSimplifier.KnownPoints(() -> points);
    for (int i = 0; i < pieces.size(); i++) {
      for (int j = 0; j < pieces.size(); j++) {
        if (i == j) continue;
        BasicRelation a = pieces.get(i);
        BasicRelation b = pieces.get(j);
        boolean refuted = known.refute(a, b);
        Statistics.label("refuted").collect(refuted);
        if (refuted) assertNull(PieceSimplifier.merge(a, b), () -> "refuted, yet merged: " + a + " and " + b);
      }
    }
  }

  /** Two intervals with a known point between them: refuted without a test, and indeed not merged. */
  @Test
  void aPointInTheGapRefutes() {
    BasicRelation a = Relation.parse("[N] -> { [x] : 0 <= x <= 2 }").basics().get(0);
    BasicRelation b = Relation.parse("[N] -> { [x] : 5 <= x <= 7 }").basics().get(0);
    List<long[]> points = List.of(new long[] {0, 1}, new long[] {0, 6}, new long[] {0, 4});
    assertTrue(new PieceSimplifier.KnownPoints(() -> points).refute(a, b));
    assertNull(PieceSimplifier.merge(a, b));
    // without a point in the gap the question is left to the merge
    assertFalse(new PieceSimplifier.KnownPoints(() -> points.subList(0, 2)).refute(a, b));
  }

  /** Adjacent intervals merge: no point can refute them. */
  @Test
  void adjacentPiecesAreNotRefuted() {
    BasicRelation a = Relation.parse("[N] -> { [x] : 0 <= x <= 2 }").basics().get(0);
    BasicRelation b = Relation.parse("[N] -> { [x] : 3 <= x <= 7 }").basics().get(0);
    List<long[]> points = new ArrayList<>();
    for (long x = -2; x <= 10; x++) points.add(new long[] {0, x});
    assertFalse(new PieceSimplifier.KnownPoints(() -> points).refute(a, b));
    assertTrue(PieceSimplifier.merge(a, b) != null);
  }

  private static List<BasicRelation> domains(PwMultiAff f) {
    List<BasicRelation> out = new ArrayList<>();
    for (PwMultiAff.Piece p : f.pieces()) out.add(p.domain());
    return out;
  }
}
