package dev.polyj.polyhedral.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Schedule trees written in isl's YAML form and read back. */
class ScheduleYamlTest {
  private static boolean parserAvailable() {
    try {
      UnionRelation.parse("{ S[i] : 0 <= i < 10 }");
      return true;
    } catch (UnsupportedOperationException e) {
      return false;
    }
  }

  /** {@code [n] -> { S[i, j] -> [(coef*i + c)] }}. */
  private static UnionRelation member(long coefI, long coefJ, long c) {
    Space space = Space.map(List.of("n"), Tuple.of("S", "i", "j"), Tuple.anonymous(null, 1));
    long[] row = {c, 0, coefI, coefJ, -1};
    return UnionRelation.of(Relation.of(BasicRelation.builder(space).addEq(row).build()));
  }

  @Test
  void bandMembersPrintAsAffineFunctions() {
    String text = MultiAff.print(List.of(member(1, 0, 0), member(2, -1, 3)));
    assertEquals("[n] -> [{ S[i, j] -> [(i)] }, { S[i, j] -> [(2*i - j + 3)] }]", text);
  }

  @Test
  void treesRoundTripThroughYaml() {
    Assumptions.assumeTrue(parserAvailable(), "isl notation parser not available");
    String yaml = String.join("\n",
        "domain: \"[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n; T[i] : 0 <= i < n }\"",
        "child:",
        "  sequence:",
        "  - filter: \"[n] -> { S[i, j] }\"",
        "    child:",
        "      schedule: \"[n] -> [{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]\"",
        "      permutable: 1",
        "      coincident: [ 1, 0 ]",
        "      options: \"{ unroll[1] }\"",
        "  - filter: \"[n] -> { T[i] }\"",
        "    child:",
        "      mark: \"vector\"",
        "");
    ScheduleNode tree = ScheduleYaml.read(yaml);
    ScheduleNode again = ScheduleYaml.read(ScheduleYaml.write(tree));
    assertEquals(ScheduleYaml.write(tree), ScheduleYaml.write(again));
    ScheduleNode.Sequence seq = (ScheduleNode.Sequence) ((ScheduleNode.Domain) again).child();
    ScheduleNode.Band band = (ScheduleNode.Band) seq.filters().get(0).child();
    assertTrue(band.permutable());
    assertEquals(List.of(true, false), band.coincident());
    assertEquals(ScheduleNode.LoopType.UNROLL, band.loopTypes().get(1));
    assertTrue(band.members().get(1).isEqual(member(0, 1, 0)));
    assertEquals("vector", ((ScheduleNode.Mark) seq.filters().get(1).child()).mark());
  }
}
