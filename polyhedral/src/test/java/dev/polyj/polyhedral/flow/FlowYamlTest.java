package dev.polyj.polyhedral.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.flow.DataflowProperties.Kind;
import dev.polyj.polyhedral.flow.DataflowProperties.Stmt;
import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleYaml;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The YAML input of dataflow problems: a schedule given as a schedule tree ({@code schedule}) and
 * the same order given as a flat map ({@code schedule_map}) yield the same dependences.
 */
class FlowYamlTest {
  private static final String ACCESSES = String.join("\n",
      "sink: \"[n] -> { R[i] -> a[i - 1] : 0 <= i < n; R[i] -> a[i] : 0 <= i < n; R[i] -> b[i] : 0 <= i < n }\"",
      "must_source: \"[n] -> { W[i, j] -> a[j] : 0 <= i < n and 0 <= j <= i }\"",
      "may_source: \"[n] -> { V[i] -> a[i] : 0 <= i < n }\"",
      "kill: \"[n] -> { K[i] -> b[i] : 0 <= i < n }\"",
      "");

  private static final String TREE = String.join("\n",
      "schedule:",
      "  domain: \"[n] -> { W[i, j] : 0 <= i < n and 0 <= j <= i; V[i] : 0 <= i < n; R[i] : 0 <= i < n;"
          + " K[i] : 0 <= i < n }\"",
      "  child:",
      "    schedule: \"[n] -> [{ W[i, j] -> [(i)]; V[i] -> [(i)]; R[i] -> [(i)]; K[i] -> [(i)] }]\"",
      "    child:",
      "      sequence:",
      "      - filter: \"[n] -> { K[i] }\"",
      "      - filter: \"[n] -> { W[i, j] }\"",
      "        child:",
      "          schedule: \"[n] -> [{ W[i, j] -> [(j)] }]\"",
      "      - filter: \"[n] -> { V[i] }\"",
      "      - filter: \"[n] -> { R[i] }\"",
      "");

  private static final String MAP = String.join("\n",
      "schedule_map: \"[n] -> { K[i] -> [i, 0, 0]; W[i, j] -> [i, 1, j]; V[i] -> [i, 2, 0]; R[i] -> [i, 3, 0] }\"",
      "");

  @Test
  void scheduleTreeAndScheduleMapGiveTheSameDependences() {
    FlowResult fromTree = Dataflow.compute(FlowYaml.read(ACCESSES + TREE));
    FlowResult fromMap = Dataflow.compute(FlowYaml.read(ACCESSES + MAP));
    assertEquals(null, PolybenchFlowTest.difference(fromTree, fromMap));
    assertTrue(!fromMap.mustDependence().isEmpty() && !fromMap.mayDependence().isEmpty(), fromMap::toString);
    assertEquals(FlowYaml.write(fromMap), FlowYaml.write(fromTree));
  }

  @Test
  void aScheduleTreeMayAlsoBeAQuotedDocument() {
    String quoted = "schedule: \"" + TREE.substring(TREE.indexOf('\n') + 1).replace("\\", "\\\\").replace("\"", "\\\"")
        .replace("\n", "\\n") + "\"\n";
    FlowResult fromString = Dataflow.compute(FlowYaml.read(ACCESSES + quoted));
    FlowResult fromMap = Dataflow.compute(FlowYaml.read(ACCESSES + MAP));
    assertEquals(null, PolybenchFlowTest.difference(fromString, fromMap));
  }

  @Test
  void badSchedulesAreReported() {
    IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
        () -> FlowYaml.read(ACCESSES + TREE + MAP));
    assertTrue(both.getMessage().contains("not both"), both.getMessage());
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> FlowYaml.read(ACCESSES));
    assertTrue(none.getMessage().contains("schedule"), none.getMessage());
    IllegalArgumentException notATree = assertThrows(IllegalArgumentException.class,
        () -> FlowYaml.read(ACCESSES + "schedule:\n  sequence: 3\n"));
    assertEquals("6:13: sequence: expected a list, found a value", notATree.getMessage());
    IllegalArgumentException list = assertThrows(IllegalArgumentException.class,
        () -> FlowYaml.read(ACCESSES + "schedule: [1, 2]\n"));
    assertEquals("5:11: schedule tree node: expected a mapping, found a value", list.getMessage());
    IllegalArgumentException badSet = assertThrows(IllegalArgumentException.class,
        () -> FlowYaml.read(ACCESSES + "schedule_map: { R[i] -> [i] : i >= n }\n"));
    assertEquals("5:36: schedule_map: unknown identifier 'n'", badSet.getMessage().replace('"', '\''));
    IllegalArgumentException unknownKey = assertThrows(IllegalArgumentException.class,
        () -> FlowYaml.read(ACCESSES + "schedule:\n  domain: { R[i] }\n  colour: blue\n"));
    assertTrue(unknownKey.getMessage().startsWith("7:3: key 'colour'"), unknownKey.getMessage());
    IllegalArgumentException unsupported = assertThrows(IllegalArgumentException.class,
        () -> FlowYaml.read(ACCESSES + "schedule:\n  domain: { R[i] }\n  child:\n    extension: { [] -> E[] }\n"));
    assertTrue(unsupported.getMessage().startsWith("8:5: flat schedule maps of trees with extension nodes"),
        unsupported.getMessage());
  }

  /** isl reads unquoted values as isl objects, in block and in flow style, as it writes them. */
  @Test
  void unquotedValuesAreReadAsIslReadsThem() {
    String unquoted = String.join("\n",
        "sink: { S[] -> a[] }",
        "must_source: { T[i] -> a[] : 0 <= i <= 9 }",
        "kill: { T[9] -> a[] }",
        "schedule:",
        "  domain: { T[i]; S[] }",
        "  child:",
        "    sequence:",
        "    - filter: { T[i] }",
        "      child: { schedule: \"[{ T[i] -> [(i)] }]\", permutable: 1, coincident: [ 1 ] }",
        "    - filter: { S[] }",
        "");
    String quoted = String.join("\n",
        "sink: \"{ S[] -> a[] }\"",
        "must_source: \"{ T[i] -> a[] : 0 <= i <= 9 }\"",
        "kill: \"{ T[9] -> a[] }\"",
        "schedule_map: \"{ T[i] -> [0, i]; S[] -> [1, 0] }\"",
        "");
    FlowResult a = Dataflow.compute(FlowYaml.read(unquoted));
    FlowResult b = Dataflow.compute(FlowYaml.read(quoted));
    assertEquals(null, PolybenchFlowTest.difference(a, b));
    assertTrue(a.mustDependence().isEqual(UnionRelation.parse("{ T[9] -> S[] }")), a::toString);
  }

  /**
   * The printed dependences are isl's full dependences: source -> [sink -> element], checked
   * against the untagged ones and the sink accesses (every full dependence projects onto an
   * untagged one, and its element is one the sink reads and the source writes).
   */
  @Test
  void fullDependencesCarryTheSinkAndTheElement() {
    FlowResult r = Dataflow.compute(FlowYaml.read(ACCESSES + MAP));
    assertTrue(r.hasFullDependences());
    UnionRelation sink = UnionRelation.parse("[n] -> { R[i] -> a[i - 1] : 0 <= i < n; R[i] -> a[i] : 0 <= i < n }");
    UnionRelation writes = UnionRelation.parse("[n] -> { W[i, j] -> a[j] : 0 <= i < n and 0 <= j <= i; V[i] -> a[i] : 0 <= i < n }");
    for (UnionRelation[] pair : new UnionRelation[][] {{r.fullMustDependence(), r.mustDependence()},
        {r.fullMayDependence(), r.mayDependence()}}) {
      UnionRelation full = pair[0];
      assertTrue(!full.isEmpty());
      // source -> [sink -> element] projected on source -> sink gives the untagged relation
      UnionRelation untagged = full.map(x -> x.apply(x.range().unwrap().domainMap()));
      assertTrue(untagged.isEqual(pair[1]), () -> full + " vs " + pair[1]);
      // the element is read by the sink and written by the source
      UnionRelation sinkAccesses = full.map(x -> x.range().unwrap());
      assertTrue(sinkAccesses.isSubset(sink), full::toString);
      UnionRelation sourceAccesses = full.map(x -> x.apply(x.range().unwrap().rangeMap()));
      assertTrue(sourceAccesses.isSubset(writes), full::toString);
    }
    String out = FlowYaml.write(r);
    assertTrue(out.contains("-> [R[i] -> a["), out);
  }

  /**
   * Random loop nests: the schedule tree built from the flat schedule, written in YAML and read back
   * as the {@code schedule} key, orders the instances as the flat map does.
   */
  @Property(tries = 40)
  void randomProgramsGiveTheSameDependencesBothWays(@ForAll("programs") List<Stmt> prog) {
    StringBuilder accesses = new StringBuilder();
    accesses.append("sink: ").append(quote(DataflowProperties.unionOf(prog, Kind.READ, true))).append('\n');
    accesses.append("must_source: ").append(quote(DataflowProperties.unionOf(prog, Kind.MUST, true))).append('\n');
    accesses.append("may_source: ").append(quote(DataflowProperties.unionOf(prog, Kind.MAY, true))).append('\n');
    accesses.append("kill: ").append(quote(DataflowProperties.unionOf(prog, Kind.KILL, true))).append('\n');
    UnionRelation schedule = DataflowProperties.unionOf(prog, null, false);
    List<Relation> domains = new ArrayList<>();
    for (Stmt s : prog) domains.add(Relation.parse("[N] -> { " + s.domain() + " }"));
    String tree = ScheduleYaml.write(ScheduleMaps.fromFlatMap(schedule, UnionRelation.of(domains)));
    String nested = "schedule:\n" + tree.lines().map(l -> "  " + l + "\n").reduce("", String::concat);
    FlowResult fromTree = Dataflow.compute(FlowYaml.read(accesses + nested));
    FlowResult fromMap = Dataflow.compute(FlowYaml.read(accesses + "schedule_map: " + quote(schedule) + "\n"));
    assertEquals(null, PolybenchFlowTest.difference(fromTree, fromMap), () -> "tree:\n" + tree);
  }

  @net.jqwik.api.Provide
  net.jqwik.api.Arbitrary<List<Stmt>> programs() {
    return new DataflowProperties().programs();
  }

  private static String quote(UnionRelation u) {
    return '"' + u.toString().replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}
