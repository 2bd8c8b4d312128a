package dev.polyj.presburger.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Subtraction checked against enumeration of the points of a box. */
class SubtractionProperties {

  /** Unions of up to 2 pieces in { [N] -> [x, y] }, coefficients in [-3, 3], 1 existential. */
  @Provide
  Arbitrary<Relation> sets() {
    Space space = Space.set(List.of("N"), 2);
    return PresburgerArbitraries.relations(space, 3, 3, 1, 2);
  }

  @Property(tries = 100)
  void subtractionKeepsExactlyThePointsOfANotInB(@ForAll("sets") Relation a, @ForAll("sets") Relation b) {
    Relation difference = a.subtract(b);
    // Points are (parameters, then dimensions): (N, x, y) for N, x, y in [-4, 4].
    BruteForce.forEachPoint(a.space().nVar(), -4, 4, p ->
        assertEquals(a.contains(p) && !b.contains(p), difference.contains(p), () -> Arrays.toString(p)));
  }
}
