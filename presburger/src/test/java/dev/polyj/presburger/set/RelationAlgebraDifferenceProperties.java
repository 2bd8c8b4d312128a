package dev.polyj.presburger.set;

import static dev.polyj.presburger.set.AlgebraOracle.assertPointsBounded;
import static dev.polyj.presburger.set.AlgebraOracle.list;
import static dev.polyj.presburger.set.AlgebraOracle.points;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple.Tuple2;

/**
 * The exact difference and inclusion used by the algebra ({@code subtractDomain}, {@code
 * subtractRange}) and by the closure's exactness test, against enumeration. The subtrahend is a
 * projection not cut to the box, so its existentials are genuine (and unbounded).
 */
class RelationAlgebraDifferenceProperties {
  @Provide
  Arbitrary<Tuple2<Relation, Relation>> pairs() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 2))
        .as((p, n) -> Space.set(List.of("N").subList(0, p), n))
        .flatMap(s -> Combinators.combine(
            PresburgerArbitraries.relations(s, 2, 3, 1, 2).map(AlgebraOracle::boxed),
            PresburgerArbitraries.relations(Space.set(s.params(), s.nOut() + 1), 2, 3, 1, 2)
                .map(r -> r.projectOut(DimKind.OUT, s.nOut(), 1))).as(net.jqwik.api.Tuple::of));
  }

  @Property(tries = 300, edgeCases = net.jqwik.api.EdgeCasesMode.NONE)
  void differenceMatchesEnumeration(@ForAll("pairs") Tuple2<Relation, Relation> ab) {
    Relation a = ab.get1();
    Relation b = ab.get2();
    Set<List<Long>> ap = points(a);
    Relation diff = a.subtract(b);
    assertPointsBounded(diff, a.space(), v -> ap.contains(list(v)) && !b.contains(v));
    boolean subset = true;
    for (List<Long> v : ap) {
      long[] pt = v.stream().mapToLong(Long::longValue).toArray();
      if (!b.contains(pt)) subset = false;
    }
    assertEquals(subset, BoundedInclusion.isSubset(a, b));
    Boolean budgeted = BoundedInclusion.isSubset(a, b, 50);
    if (budgeted != null) assertEquals(subset, budgeted);
  }
}
