package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.space.Space;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Small cases of each operation whose expected shape follows from the definitions. */
class SetOpsExamplesTest {
  private static final Space S1 = Space.set(List.of(), 1);
  private static final Space P1 = Space.set(List.of("N"), 1);

  /** Inequalities over [constant, variables...]. */
  private static BasicRelation ge(Space s, long[]... rows) {
    return BasicRelation.of(s, List.of(), List.of(rows));
  }

  private static BasicRelation evens(long lo, long hi) {
    BasicRelation.Builder b = BasicRelation.builder(S1);
    int e = b.addExistential();
    long[] eq = new long[b.nCol()];
    eq[1] = 1;
    eq[e] = -2;
    return b.addEq(eq).addIneq(new long[] {-lo, 1}).addIneq(new long[] {hi, -1}).build();
  }

  @Test
  void subtractingAStrideLeavesTheOtherResidue() {
    Relation box = Relation.of(ge(S1, new long[] {0, 1}, new long[] {10, -1}));
    Relation odd = box.subtract(Relation.of(evens(-100, 100)));
    for (long x = -2; x <= 12; x++) assertEquals(x >= 0 && x <= 10 && x % 2 != 0, odd.contains(new long[] {x}), "x = " + x);
    assertTrue(box.subtract(box).isEmpty());
    assertEquals(box, box.subtract(Relation.of(ge(S1, new long[] {-20, 1}))), "a disjoint subtrahend leaves the minuend");
  }

  @Test
  void coalescingJoinsNeighbours() {
    // 0 <= i <= 5 and i = 6
    Relation a = Relation.of(ge(S1, new long[] {0, 1}, new long[] {5, -1}))
        .union(Relation.of(BasicRelation.of(S1, List.of(new long[] {-6, 1}), List.of())));
    assertEquals(1, a.coalesce().nBasic());
    // 0 <= i < N and i = N
    Relation b = Relation.of(ge(P1, new long[] {0, 0, 1}, new long[] {-1, 1, -1}))
        .union(Relation.of(BasicRelation.of(P1, List.of(new long[] {0, 1, -1}), List.of(new long[] {0, 1, 0}))));
    Relation bc = b.coalesce();
    assertEquals(1, bc.nBasic());
    assertTrue(bc.isEqual(b));
    // N = 0, 0 <= i <= 1 and N = 1, 0 <= i <= 2: one trapezoid 0 <= N <= 1, 0 <= i <= N + 1
    Relation c = Relation.of(BasicRelation.of(P1, List.of(new long[] {0, 1, 0}), List.of(new long[] {0, 0, 1}, new long[] {1, 0, -1})))
        .union(Relation.of(BasicRelation.of(P1, List.of(new long[] {-1, 1, 0}), List.of(new long[] {0, 0, 1}, new long[] {2, 0, -1}))));
    Relation cc = c.coalesce();
    assertEquals(1, cc.nBasic(), () -> "trapezoid: " + cc);
    assertTrue(cc.isEqual(c));
    // 0 <= i <= 2 and 5 <= i <= 7 stay apart
    Relation d = Relation.of(ge(S1, new long[] {0, 1}, new long[] {2, -1})).union(Relation.of(ge(S1, new long[] {-5, 1}, new long[] {7, -1})));
    assertEquals(2, d.coalesce().nBasic());
  }

  @Test
  void gistDropsWhatTheContextImplies() {
    // 0 <= i <= 10 and i <= N, in the context N <= 5 and i >= 0: only i <= N is left
    Relation r = Relation.of(ge(P1, new long[] {0, 0, 1}, new long[] {10, 0, -1}, new long[] {0, 1, -1}));
    Relation ctx = Relation.of(ge(P1, new long[] {5, -1, 0}, new long[] {0, 0, 1}));
    Relation g = r.gist(ctx);
    assertEquals(1, g.nBasic());
    assertEquals(1, g.basics().get(0).nIneq() + g.basics().get(0).nEq(), () -> "gist " + g);
    assertTrue(g.contains(new long[] {3, 2}) && !g.contains(new long[] {3, 4}));
    assertTrue(r.gist(r).basics().get(0).isUniverse());
    assertTrue(r.gist(Relation.of(ge(P1, new long[] {-20, 0, 1}))).isEmpty(), "disjoint context");
  }

  @Test
  void hulls() {
    BasicRelation even = Relation.of(evens(0, 10)).affineHull();
    assertTrue(even.contains(new long[] {12}) && even.contains(new long[] {-4}), "hull of evens: " + even);
    assertFalse(even.contains(new long[] {3}), "the stride survives: " + even);
    Relation two = Relation.of(ge(S1, new long[] {0, 1}, new long[] {2, -1})).union(Relation.of(ge(S1, new long[] {-5, 1}, new long[] {7, -1})));
    BasicRelation h = two.simpleHull();
    for (long x = -2; x <= 9; x++) assertEquals(x >= 0 && x <= 7, h.contains(new long[] {x}), "simple hull at " + x);
    assertTrue(two.affineHull().isUniverse());
    // points on the line i = 2N
    Relation line = Relation.of(BasicRelation.of(P1, List.of(new long[] {0, 2, -1}), List.of(new long[] {0, 1, 0}, new long[] {4, -1, 0})))
        .union(Relation.of(BasicRelation.of(P1, List.of(new long[] {0, 2, -1}), List.of(new long[] {-10, 1, 0}))));
    BasicRelation lh = line.affineHull();
    assertEquals(1, lh.nEq());
    assertTrue(lh.contains(new long[] {100, 200}) && !lh.contains(new long[] {1, 1}));
  }

  @Test
  void samplesOfFarAndThinSets() {
    Relation far = Relation.of(ge(S1, new long[] {-1_000_000_007L, 1}));
    assertEquals(1_000_000_007L, far.samplePoint().orElseThrow()[0]);
    Relation thin = Relation.of(ge(S1, new long[] {-1, 3}, new long[] {1, -3}));
    assertTrue(thin.samplePoint().isEmpty(), "1 <= 3x <= 1 has no integer point");
    Relation odd = Relation.of(ge(S1, new long[] {-51, 1})).subtract(Relation.of(evens(-1000, 1000)));
    long[] p = odd.samplePoint().orElseThrow();
    assertTrue(odd.contains(p));
    assertEquals(1, odd.sample().nBasic());
  }
}
