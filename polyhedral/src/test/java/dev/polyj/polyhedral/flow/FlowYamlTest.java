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
    assertTrue(notATree.getMessage().startsWith("schedule: "), notATree.getMessage());
    IllegalArgumentException list = assertThrows(IllegalArgumentException.class,
        () -> FlowYaml.read(ACCESSES + "schedule: [1, 2]\n"));
    assertTrue(list.getMessage().startsWith("schedule: "), list.getMessage());
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
