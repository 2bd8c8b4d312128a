package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Empty unions print in their spaces, as isl prints empty maps, and read back there. */
class EmptyUnionSpaceTest {
  @Test
  void emptyResultsKeepTheirSpace() {
    UnionRelation m = UnionRelation.parse("[N] -> { A[i, j] -> B[i2] : i > N and i < N }");
    assertEquals("[N] -> { A[i, j] -> B[i2] : false }", m.toString());
    assertTrue(m.isEmpty());
    assertEquals(List.of(Space.map(List.of("N"), 2, 2).domain().mapTo(Space.set(List.of("N"), 1))).size(),
        m.emptySpaces().size());
    UnionRelation two = UnionRelation.parse("[N] -> { A[i] : false; B[i, j] : false }");
    assertEquals("[N] -> { A[i] : false; B[i, j] : false }", two.toString());
    // operations keep the space of their empty results
    assertEquals("{ A[i] : false }", UnionRelation.parse("{ A[i] : i > 0 }")
        .intersect(UnionRelation.parse("{ A[i] : i < 0 }")).toString());
    assertEquals("{ A[i] -> C[k] : false }", UnionRelation.parse("{ A[i] -> B[j] : false }")
        .apply(UnionRelation.parse("{ B[j] -> C[k] }")).toString());
    assertEquals("[N] -> { A[i, j] : false }", m.domain().toString());
    // a non-empty union prints its members only
    assertEquals("{ C[x] }", UnionRelation.parse("{ A[i] : false; C[x] }").toString());
    assertEquals("{  }", UnionRelation.empty(List.of()).toString());
  }

  @Property(tries = 60)
  void emptyPartsOfRandomRelationsReadBackInTheirSpace(@ForAll("relations") Relation r) {
    UnionRelation empty = UnionRelation.of(r).subtract(UnionRelation.of(r));
    assertTrue(empty.isEmpty());
    UnionRelation back = UnionRelation.parse(empty.toString());
    assertTrue(back.isEmpty(), empty::toString);
    assertEquals(List.of(r.space()), back.emptySpaces(), empty::toString);
  }

  @Provide
  Arbitrary<Relation> relations() {
    return PresburgerArbitraries.relations(Space.map(List.of("N"), 2, 1), 3, 3, 1, 2);
  }
}
