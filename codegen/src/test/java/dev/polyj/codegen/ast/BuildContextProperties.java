package dev.polyj.codegen.ast;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The context of a loop body over several alternatives of bounds: it never claims more than the
 * union it stands for (every point of a context part intersected with an alternative stays in
 * it, checked point by point in a box), and its number of parts stays bounded instead of
 * multiplying with every nested loop.
 */
class BuildContextProperties {
  private static final Space SPACE = Space.set(List.of("N"), 2);

  @Provide
  Arbitrary<List<BasicRelation>> sets() {
    return PresburgerArbitraries.basicRelations(SPACE, 3, 3, 0).list().ofMinSize(1).ofMaxSize(6);
  }

  @Property(tries = 150)
  void unionOfAlternativesIsCoveredAndBounded(@ForAll("sets") List<BasicRelation> parts,
      @ForAll("sets") List<BasicRelation> alternatives) {
    BuildContext ctx = new BuildContext(parts);
    BuildContext inner = ctx;
    // three nested loops, each over the same alternatives: without a bound the parts would multiply
    for (int level = 0; level < 3; level++) inner = inner.andAny(alternatives);
    BuildContext result = inner;
    assertTrue(result.parts().size() <= Math.max(16, ctx.parts().size()),
        () -> result.parts().size() + " parts");
    BruteForce.forEachPoint(SPACE.nVar(), -4, 4, p -> {
      boolean inUnion = false;
      for (BasicRelation c : ctx.parts()) {
        for (BasicRelation a : alternatives) inUnion |= c.contains(p) && a.contains(p);
      }
      if (!inUnion) return;
      boolean covered = false;
      for (BasicRelation c : result.parts()) covered |= c.contains(p);
      assertTrue(covered, () -> java.util.Arrays.toString(p) + " of the union is missing from " + result.parts());
    });
  }
}
