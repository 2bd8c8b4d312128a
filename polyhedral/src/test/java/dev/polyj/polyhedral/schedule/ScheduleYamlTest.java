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

  /**
   * Trees as pet and isl write them: named bands with parameters, one union piecewise affine
   * expression per member, every node type, values quoted or not; the flat schedule map must
   * order the instances as the band members say.
   */
  @Test
  void treesAsPetAndIslWriteThemAreRead() {
    ScheduleNode root = ScheduleYaml.read(String.join("\n",
        "domain: \"[ni, nj] -> { S_1[i] : 0 <= i < ni; S_2[i, j] : 0 <= i < ni and 0 <= j < nj }\"",
        "child:",
        "  context: \"[ni, nj] -> {  : ni >= 0 and nj >= 0 }\"",
        "  child:",
        "    schedule: \"[ni, nj] -> L_0[{ S_1[i] -> [(i)]; S_2[i, j] -> [(i)] }]\"",
        "    permutable: 1",
        "    coincident: [ 1 ]",
        "    options: \"{ atomic[0] }\"",
        "    child:",
        "      mark: \"kernel\"",
        "      child:",
        "        sequence:",
        "        - filter: { S_1[i] }",
        "        - filter: { S_2[i, j] }",
        "          child:",
        "            guard: [nj] -> { [i] : nj > 0 }",
        "            child:",
        "              schedule: [ni, nj] -> L_1[{ S_2[i, j] -> [(j)] }]",
        ""));
    UnionRelation flat = ScheduleMaps.toFlatMap(root);
    UnionRelation expected = UnionRelation.parse("[ni, nj] -> { S_1[i] -> [i, 0, 0] : 0 <= i < ni; "
        + "S_2[i, j] -> [i, 1, j] : 0 <= i < ni and 0 <= j < nj }");
    assertTrue(flat.isEqual(expected), flat::toString);
    ScheduleNode.Band band = (ScheduleNode.Band) ((ScheduleNode.Context) ((ScheduleNode.Domain) root).child()).child();
    assertTrue(band.permutable() && band.coincident().get(0));
    assertEquals(ScheduleNode.LoopType.ATOMIC, band.loopTypes().get(0));
    // a band of three members written as one named tuple, and a context on an outer band dimension
    ScheduleNode three = ScheduleYaml.read(String.join("\n",
        "domain: \"[s] -> { S[a, b, c] : 0 <= a < 3 and 0 <= b < 4 and 0 <= c < 2 }\"",
        "child:",
        "  schedule: \"[s] -> S[{ S[a, b, c] -> [a] }, { S[a, b, c] -> [b] }, { S[a, b, c] -> [c] }]\"",
        "  child:",
        "    context: \"[n] -> { [i] : 0 <= n <= i }\"",
        ""));
    ScheduleNode.Band b3 = (ScheduleNode.Band) ((ScheduleNode.Domain) three).child();
    assertEquals(3, b3.nMember());
    assertTrue(ScheduleMaps.toFlatMap(three).isEqual(UnionRelation.parse(
        "{ S[a, b, c] -> [a, b, c] : 0 <= a < 3 and 0 <= b < 4 and 0 <= c < 2 }")));
    ScheduleNode.Context ctx = (ScheduleNode.Context) b3.child();
    assertEquals(1, ctx.context().space().nOut());
  }

  @Test
  void unsupportedOrMalformedTreesAreReportedWithTheirPosition() {
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> ScheduleYaml.read("domain: { S[i] }\nchild:\n  filter: { S[i] }\n  permutable: 1\n"));
    assertEquals("4:3: key 'permutable' does not belong in a filter node", e.getMessage());
    e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> ScheduleYaml.read("domain: { S[i] }\nchild:\n  band: { S[i] }\n"));
    assertTrue(e.getMessage().startsWith("3:3: unknown schedule tree node"), e.getMessage());
    e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> ScheduleYaml.read("domain: { S[i] }\nchild:\n  schedule: \"[{ S[i] -> [(j)] }]\"\n"));
    assertTrue(e.getMessage().startsWith("3:26: schedule: unknown identifier"), e.getMessage());
  }
}
