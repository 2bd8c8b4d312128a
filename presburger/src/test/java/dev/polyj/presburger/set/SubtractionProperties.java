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

/** Subtraction and complement against the box oracle, and the algebraic laws they obey. */
class SubtractionProperties {

  @Provide
  Arbitrary<Case> pairs() {
    return SetOpsFixtures.cases(2, 3);
  }

  @Provide
  Arbitrary<Case> smallPairs() {
    return SetOpsFixtures.cases(2, 2);
  }

  @Property(tries = 100, edgeCases = EdgeCasesMode.NONE)
  void subtractionIsPointwise(@ForAll("pairs") Case c) {
    Relation a = c.get(0);
    Relation b = c.get(1);
    Relation d = a.subtract(b);
    List<long[]> pts = box(c.space());
    boolean[] ma = members(a, pts);
    boolean[] mb = members(b, pts);
    boolean[] md = members(d, pts);
    for (int i = 0; i < pts.size(); i++) {
      assertEquals(ma[i] && !mb[i], md[i], "at " + SetOpsFixtures.show(pts.get(i)));
    }
    if (b.nBasic() > 0) for (BasicRelation p : d.basics()) assertTrue(!p.isEmpty(), "empty piece in the difference");
  }

  @Property(tries = 80, edgeCases = EdgeCasesMode.NONE)
  void complementIsPointwise(@ForAll("smallPairs") Case c) {
    Relation a = c.get(0);
    Relation n = a.complement();
    List<long[]> pts = box(c.space());
    boolean[] ma = members(a, pts);
    boolean[] mn = members(n, pts);
    for (int i = 0; i < pts.size(); i++) assertEquals(!ma[i], mn[i], "complement at " + SetOpsFixtures.show(pts.get(i)));
  }

  @Property(tries = 70, edgeCases = EdgeCasesMode.NONE)
  void differenceAndIntersectionRebuildTheMinuend(@ForAll("pairs") Case c) {
    Relation a = c.get(0);
    Relation b = c.get(1);
    Relation rebuilt = a.subtract(b).union(a.intersect(b));
    List<long[]> pts = box(c.space());
    boolean[] ma = members(a, pts);
    boolean[] mr = members(rebuilt, pts);
    for (int i = 0; i < pts.size(); i++) assertEquals(ma[i], mr[i]);
    assertTrue(a.subtract(rebuilt).isEmpty(), "a \\ ((a - b) + (a * b)) is empty");
    assertTrue(a.subtract(b).isDisjoint(b), "a - b is disjoint from b");
  }

  /**
   * not (a or b) = not a and not b, pointwise and exactly (by subtraction only: the intersection
   * of two complements can have very many pieces).
   */
  @Property(tries = 50, edgeCases = EdgeCasesMode.NONE)
  void deMorgan(@ForAll("smallPairs") Case c) {
    Relation a = c.get(0);
    Relation b = c.get(1);
    Relation left = a.union(b).complement();
    Relation ca = a.complement();
    Relation cb = b.complement();
    List<long[]> pts = box(c.space());
    boolean[] ml = members(left, pts);
    boolean[] mca = members(ca, pts);
    boolean[] mcb = members(cb, pts);
    for (int i = 0; i < pts.size(); i++) assertEquals(ml[i], mca[i] && mcb[i], "at " + SetOpsFixtures.show(pts.get(i)));
    assertTrue(left.subtract(ca).isEmpty() && left.subtract(cb).isEmpty(), "not (a + b) inside not a and not b");
    assertTrue(ca.subtract(left).subtract(b).isEmpty(), "not a - not (a + b) inside b");
  }

  @Property(tries = 80, edgeCases = EdgeCasesMode.NONE)
  void selfSubtractionIsEmpty(@ForAll("pairs") Case c) {
    Relation a = c.get(0).union(c.get(1));
    assertTrue(a.subtract(a).isEmpty());
    assertTrue(a.isSubset(a));
  }
}
