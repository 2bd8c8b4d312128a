package dev.polyj.presburger.set;

import static dev.polyj.presburger.set.SetOpsFixtures.box;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.SetOpsFixtures.Case;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Affine and simple hulls against the box oracle. */
class HullsProperties {

  @Provide
  Arbitrary<Case> unions() {
    return SetOpsFixtures.cases(2, 3);
  }

  @Property(tries = 80, edgeCases = EdgeCasesMode.NONE)
  void affineHullContainsEveryPointAndIsTight(@ForAll("unions") Case c) {
    Relation r = c.get(0).union(c.get(1).intersect(Relation.of(boxOf(c))));
    BasicRelation h = r.affineHull();
    assertEquals(r.isEmpty(), h.isEmpty());
    assertTrue(r.isSubset(Relation.of(h)), () -> "affine hull " + h + " misses points of " + r);
    // tightness when every point of r lies in the box: the hull stays in the affine span of the points
    List<long[]> pts = box(c.space());
    List<long[]> in = new ArrayList<>();
    for (long[] p : pts) if (r.contains(p)) in.add(p);
    Relation outside = r.subtract(Relation.of(boxOf(c)));
    if (!outside.isEmpty() || in.isEmpty()) return;
    int n = c.space().nVar();
    List<long[]> dirs = new ArrayList<>();
    for (long[] p : in) dirs.add(diff(p, in.get(0)));
    List<long[]> normals = Hulls.kernel(dirs, n); // the span of the points is where these vanish
    for (long[] q : pts) {
      if (!h.contains(q)) continue;
      long[] d = diff(q, in.get(0));
      for (long[] k : normals) {
        long dot = 0;
        for (int j = 0; j < n; j++) dot += k[j] * d[j];
        assertEquals(0, dot, () -> "hull " + h + " leaves the span of " + r);
      }
    }
  }

  @Property(tries = 80, edgeCases = EdgeCasesMode.NONE)
  void simpleHullContainsEveryPoint(@ForAll("unions") Case c) {
    Relation r = c.get(0).union(c.get(1));
    BasicRelation h = r.simpleHull();
    assertEquals(r.isEmpty(), h.isEmpty());
    assertTrue(r.isSubset(Relation.of(h)), () -> "simple hull " + h + " misses points of " + r);
    for (long[] p : box(c.space())) if (r.contains(p)) assertTrue(h.contains(p));
    if (r.nBasic() == 1) assertTrue(Relation.of(h).isEqual(r), "hull of one piece is the piece");
  }

  private static BasicRelation boxOf(Case c) {
    return BruteForceBox.of(c.space(), SetOpsFixtures.radius(c.space().nVar()));
  }

  private static long[] diff(long[] a, long[] b) {
    long[] d = new long[a.length];
    for (int i = 0; i < a.length; i++) d[i] = a[i] - b[i];
    return d;
  }

  /** The oracle box as a basic relation. */
  static final class BruteForceBox {
    static BasicRelation of(dev.polyj.presburger.space.Space s, long r) {
      return dev.polyj.presburger.testing.BruteForce.box(s, -r, r).basics().get(0);
    }
  }
}
