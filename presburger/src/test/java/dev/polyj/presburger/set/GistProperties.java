package dev.polyj.presburger.set;

import static dev.polyj.presburger.set.SetOpsFixtures.box;
import static dev.polyj.presburger.set.SetOpsFixtures.members;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.SetOpsFixtures.Case;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Gist against the box oracle: it agrees with the relation on the context, and is trivial on itself. */
class GistProperties {

  @Provide
  Arbitrary<Case> pairs() {
    return SetOpsFixtures.cases(2, 2);
  }

  @Property(tries = 100, edgeCases = EdgeCasesMode.NONE)
  void agreesOnTheContext(@ForAll("pairs") Case c) {
    Relation r = c.get(0);
    Relation ctx = c.get(1);
    Relation g = r.gist(ctx);
    List<long[]> pts = box(c.space());
    boolean[] mr = members(r, pts);
    boolean[] mc = members(ctx, pts);
    boolean[] mg = members(g, pts);
    for (int i = 0; i < pts.size(); i++) {
      if (mc[i]) assertEquals(mr[i], mg[i], "gist differs on the context at " + SetOpsFixtures.show(pts.get(i)) + ": " + g);
    }
    assertTrue(g.intersect(ctx).isEqual(r.intersect(ctx)), "gist(r, c) * c = r * c");
    assertTrue(g.nBasic() <= r.nBasic(), "no new pieces");
  }

  @Property(tries = 80, edgeCases = EdgeCasesMode.NONE)
  void gistOfAPieceOnItselfIsTheUniverse(@ForAll("pairs") Case c) {
    for (BasicRelation b : c.get(0).basics()) {
      if (b.isEmpty()) continue;
      Relation r = Relation.of(b);
      Relation g = r.gist(r);
      assertEquals(1, g.nBasic(), () -> "gist of " + r + " on itself: " + g);
      assertTrue(g.basics().get(0).isUniverse(), () -> "gist of " + r + " on itself: " + g);
    }
  }

  /** A piece without unknown existentials that contains the context makes the gist the universe. */
  @Property(tries = 60, edgeCases = EdgeCasesMode.NONE)
  void gistOnASmallerContextIsTheUniverse(@ForAll("pairs") Case c) {
    Relation r = c.get(0).union(c.get(1));
    for (BasicRelation b : r.basics()) {
      if (b.hasUnknownLocals()) continue;
      Relation ctx = c.get(0).intersect(Relation.of(b));
      if (ctx.isEmpty()) continue;
      Relation g = r.gist(ctx);
      assertTrue(g.nBasic() == 1 && g.basics().get(0).isUniverse(), () -> "piece " + b + " contains " + ctx + ": " + g);
    }
  }
}
