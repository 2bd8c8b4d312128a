package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Coalescing and gist against the brute-force oracle on random relations with existentials: the
 * coalesced union has the same points and no more pieces; a convex piece cut in two by a random
 * constraint comes back with the same points; the gist agrees with the relation on the context.
 */
class CoalescingOracleProperties {

  private static final long LO = -6;
  private static final long HI = 6;

  private static List<String> points(Relation r) {
    List<String> out = new ArrayList<>();
    for (long[] p : BruteForce.points(r, LO, HI)) out.add(Arrays.toString(p));
    return out;
  }

  /** A union and a second relation in one space, both bounded to the box (so the oracle sees all). */
  record Pair(Relation r, Relation s) {}

  @Provide
  Arbitrary<Pair> pairs() {
    return PresburgerArbitraries.setSpaces().filter(s -> s.nVar() <= 3).flatMap(sp -> {
      Relation box = BruteForce.box(sp, LO, HI);
      Arbitrary<Relation> rel = PresburgerArbitraries.relations(sp, 3, 3, 1, 3).map(x -> x.intersect(box));
      return Combinators.combine(rel, rel).as(Pair::new);
    });
  }

  @Property(tries = 120, edgeCases = EdgeCasesMode.NONE)
  void coalesceKeepsThePointsWithFewerPieces(@ForAll("pairs") Pair p) {
    Relation r = p.r().union(p.s());
    Relation c = r.coalesce();
    assertEquals(points(r), points(c), () -> "coalesce of " + r + " gave " + c);
    assertTrue(c.nBasic() <= r.nBasic(), () -> "more pieces: " + r + " -> " + c);
  }

  @Property(tries = 120, edgeCases = EdgeCasesMode.NONE)
  void gistAgreesOnTheContext(@ForAll("pairs") Pair p) {
    Relation g = p.r().gist(p.s());
    assertEquals(points(p.r().intersect(p.s())), points(g.intersect(p.s())),
        () -> "gist of " + p.r() + " on " + p.s() + " gave " + g);
  }

  /** A convex piece and a cutting constraint over the variables (parameters included). */
  record Cut(BasicRelation piece, long[] cut) {}

  @Provide
  Arbitrary<Cut> cuts() {
    return PresburgerArbitraries.setSpaces().filter(s -> s.nVar() <= 3).flatMap(sp -> {
      Relation box = BruteForce.box(sp, LO, HI);
      Arbitrary<BasicRelation> piece = PresburgerArbitraries.basicRelations(sp, 3, 3, 0)
          .map(b -> b.intersect(box.basics().get(0)));
      Arbitrary<long[]> cut = Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(1 + sp.nVar());
      return Combinators.combine(piece, cut).as(Cut::new);
    });
  }

  /** Both sides of a cut through a convex piece: the union is the piece, and coalescing keeps it exactly. */
  @Property(tries = 120, edgeCases = EdgeCasesMode.NONE)
  void bothSidesOfACutKeepTheirPoints(@ForAll("cuts") Cut c) {
    Space sp = c.piece().space();
    BasicRelation above = c.piece().intersect(BasicRelation.of(sp, 0, null, List.of(), List.of(c.cut())));
    BasicRelation below = c.piece().intersect(BasicRelation.of(sp, 0, null, List.of(), List.of(Rows.negation(c.cut()))));
    Relation u = Relation.ofBasics(sp, List.of(above, below));
    Relation k = u.coalesce();
    assertEquals(points(Relation.of(c.piece())), points(k), () -> "coalesce of " + u + " gave " + k);
    assertTrue(k.nBasic() <= 2, () -> "more pieces: " + k);
  }
}
