package dev.polyj.presburger.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code codegen} and {@code schedule ... respecting ... minimizing ...}: each operand reaches the
 * installed code generator or scheduler in its role, results print as iscc prints them, and bad
 * operands are input errors.
 */
class CalculatorCodegenTest {
  /** Records its calls; generates a line naming the call, schedules to a tree that prints as its arguments. */
  static final class Recorder implements CodeGeneration, Scheduling {
    final List<String> calls = new ArrayList<>();

    @Override
    public String fromScheduleMap(UnionRelation schedule, UnionRelation options) {
      calls.add("map " + schedule + " " + options);
      return "MAP();\n";
    }

    @Override
    public String fromDomain(UnionRelation domain) {
      calls.add("set " + domain);
      return "SET();";
    }

    @Override
    public String fromSchedule(ScheduleValue schedule) {
      calls.add("tree " + schedule.tree());
      return "TREE();\nTREE2();\n";
    }

    @Override
    public ScheduleValue schedule(UnionRelation domain, UnionRelation validity, UnionRelation proximity) {
      calls.add("schedule " + domain + " " + validity + " " + proximity);
      return new ScheduleValue("computed", "{ domain: \"" + domain + "\" }");
    }

    @Override
    public ScheduleValue read(String yaml) {
      calls.add("read " + yaml);
      return new ScheduleValue("literal", yaml);
    }
  }

  private static CalcRun run(Recorder r, String script) {
    return CalcRun.on(new Calculator().setCodeGeneration(r).setScheduling(r), script);
  }

  @Test
  void codegenPassesScheduleMapsOptionsSetsAndTrees() {
    Recorder r = new Recorder();
    CalcRun run = run(r, "codegen { A[i] -> [i] : 0 <= i < 3 };\n"
        + "M := { A[i] -> [i] : 0 <= i < 3 };\ncodegen M using { [i] -> unroll[0] };\n"
        + "codegen { A[i] : 0 <= i < 3 };\n"
        + "codegen { domain: \"{ A[i] : 0 <= i < 3 }\" };\n");
    assertEquals(List.of(), run.err());
    assertEquals(List.of("MAP();", "MAP();", "SET();", "TREE();", "TREE2();"), run.out());
    assertEquals(List.of(
        "map " + UnionRelation.parse("{ A[i] -> [i] : 0 <= i < 3 }") + " null",
        "map " + UnionRelation.parse("{ A[i] -> [i] : 0 <= i < 3 }") + " " + UnionRelation.parse("{ [i] -> unroll[0] }"),
        "set " + UnionRelation.parse("{ A[i] : 0 <= i < 3 }"),
        "read { domain: \"{ A[i] : 0 <= i < 3 }\" }",
        "tree literal"), r.calls);
  }

  @Test
  void scheduleGetsTheDomainAndTheUnionsOfItsMaps() {
    Recorder r = new Recorder();
    CalcRun run = run(r, "D := [N] -> { S[i] : 0 <= i < N };\nV := { S[i] -> S[i + 1] };\n"
        + "s := schedule D respecting V minimizing (V + { S[i] -> S[i + 2] });\ns;\ntypeof s;\ncodegen s;\n");
    assertEquals(List.of(), run.err());
    UnionRelation d = UnionRelation.parse("[N] -> { S[i] : 0 <= i < N }");
    assertEquals(List.of("{ domain: \"" + d + "\" }", "schedule", "TREE();", "TREE2();"), run.out());
    assertEquals("schedule " + d + " " + UnionRelation.parse("[N] -> { S[i] -> S[i + 1] }") + " "
        + UnionRelation.parse("[N] -> { S[i] -> S[i + 1]; S[i] -> S[i + 2] }"), r.calls.get(0));
    assertEquals("tree computed", r.calls.get(1));
  }

  @Test
  void badOperandsAreInputErrors() {
    Recorder r = new Recorder();
    CalcRun run = run(r, "codegen 1;\ncodegen { [i] : i >= 0 } using { [i] -> unroll[0] };\n"
        + "codegen { [i] -> [i] } using { [i] };\nschedule { S[i] -> S[i] } respecting { S[i] -> S[i] } minimizing {};\n"
        + "schedule { S[i] } respecting { S[i] } minimizing {};\n");
    assertEquals(Calculator.Outcome.INPUT_ERROR, run.outcome());
    assertEquals(5, run.err().size(), run.err().toString());
    assertTrue(run.err().get(0).startsWith("1:9: 'codegen' expects"), run.err().get(0));
    assertEquals(List.of(), r.calls);
  }
}
