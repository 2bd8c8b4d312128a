package dev.polyj.presburger.set;

import static dev.polyj.presburger.set.SetOpsFixtures.box;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.SetOpsFixtures.Case;
import dev.polyj.presburger.space.Space;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Sample points against the box oracle and exact emptiness. */
class SamplingProperties {

  @Provide
  Arbitrary<Case> singles() {
    return SetOpsFixtures.cases(2, 3);
  }

  @Property(tries = 120, edgeCases = EdgeCasesMode.NONE)
  void samplesExistExactlyForNonEmptyRelations(@ForAll("singles") Case c) {
    for (Relation r : List.of(c.get(0), c.get(0).subtract(c.get(1)))) {
      Optional<long[]> p = r.samplePoint();
      assertEquals(!r.isEmpty(), p.isPresent(), () -> "sample of " + r);
      p.ifPresent(q -> assertTrue(r.contains(q), "sample " + SetOpsFixtures.show(q) + " not in " + r));
      if (p.isEmpty()) {
        for (long[] q : box(c.space())) assertTrue(!r.contains(q), "missed point " + SetOpsFixtures.show(q));
      }
      Relation one = r.sample();
      assertEquals(p.isPresent() ? 1 : 0, one.nBasic());
      p.ifPresent(q -> {
        assertTrue(one.contains(q));
        assertTrue(one.isSubset(r), "sample() inside r");
        for (long[] o : box(c.space())) if (one.contains(o)) assertArrayEquals(q, o, "sample() holds one point");
      });
    }
  }

  /** Far away points of unbounded relations: x = k*m + s for a large offset s. */
  @Property(tries = 60, edgeCases = EdgeCasesMode.NONE)
  void findsFarPoints(@ForAll("far") long[] args) {
    Space s = Space.set(List.of("N"), 2);
    long m = args[0];
    long off = args[1];
    // exists e : x = m e + off, x >= off, y >= x + N, N >= off / 2
    BasicRelation.Builder b = BasicRelation.builder(s);
    int e = b.addExistential();
    long[] eq = new long[b.nCol()];
    eq[0] = off;
    eq[e] = m;
    eq[2] = -1;
    b.addEq(eq);
    b.addIneq(new long[] {-off, 0, 1, 0});
    b.addIneq(new long[] {0, -1, -1, 1});
    b.addIneq(new long[] {-off / 2, 1, 0, 0});
    Relation r = Relation.of(b.build());
    long[] p = r.samplePoint().orElseThrow();
    assertTrue(r.contains(p));
  }

  @Provide
  Arbitrary<long[]> far() {
    return Arbitraries.longs().between(1, 7).array(long[].class).ofSize(2)
        .map(a -> new long[] {a[0], a[1] * 100_003L});
  }
}
