package dev.polyj.codegen.ast;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.codegen.c.CPrinter;
import dev.polyj.polyhedral.schedule.ScheduleYaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Expansion nodes (isl's manual, "Schedule Trees"): the group instances above the node stand for
 * the statement instances of their expansion, scheduled by the outer bands through their group
 * and by the subtree below the node within a group. The generated code, run by the AST
 * interpreter, must call the statement instances in the order worked out by hand from those rules.
 */
class ExpansionNodeTest {

  private static List<AstInterpreter.Call> run(String yaml, long n) {
    Node ast = AstBuilder.build(ScheduleTreeProblem.of(ScheduleYaml.read(yaml)));
    return AstInterpreter.trace(ast, Map.of("n", n));
  }

  private static String code(String yaml) {
    return CPrinter.standard().print(AstBuilder.build(ScheduleTreeProblem.of(ScheduleYaml.read(yaml))));
  }

  private static AstInterpreter.Call call(String name, long... args) {
    return new AstInterpreter.Call(name, args);
  }

  /** Pairs {@code S[2k], S[2k + 1]} grouped in {@code G[2k]}; inside a group, the higher index first. */
  @Test
  void groupsOfTwoRunInTheGroupOrderAndTheInnerOrderInside() {
    String yaml = """
        domain: "[n] -> { G[j] : 0 <= j < n and j mod 2 = 0 }"
        child:
          schedule: "[{ G[j] -> [(j)] }]"
          child:
            contraction: "[n] -> { S[i] -> G[i - (i mod 2)] : 0 <= i < n }"
            expansion: "[n] -> { G[j] -> S[i] : j <= i <= j + 1 and i < n }"
            child:
              schedule: "[{ S[i] -> [(-i)] }]"
        """;
    for (long n = 0; n <= 7; n++) {
      List<AstInterpreter.Call> expected = new ArrayList<>();
      for (long j = 0; j < n; j += 2) {
        if (j + 1 < n) expected.add(call("S", j + 1));
        expected.add(call("S", j));
      }
      assertEquals(expected, run(yaml, n), "n = " + n + "\n" + code(yaml));
    }
  }

  /**
   * One group expanded to two statements, a sequence below the expansion putting {@code T} first;
   * the statement {@code U} outside the expansion keeps its own schedule.
   */
  @Test
  void aGroupExpandsToSeveralStatements() {
    String yaml = """
        domain: "[n] -> { G[j] : 0 <= j < n; U[j] : 0 <= j < n }"
        child:
          schedule: "[{ G[j] -> [(j)]; U[j] -> [(j)] }]"
          child:
            sequence:
            - filter: "{ U[j] }"
            - filter: "{ G[j] }"
              child:
                contraction: "[n] -> { S[j, k] -> G[j] : 0 <= j < n and 0 <= k < 2; T[j] -> G[j] : 0 <= j < n }"
                expansion: "[n] -> { G[j] -> S[j, k] : 0 <= k < 2; G[j] -> T[j] }"
                child:
                  sequence:
                  - filter: "{ T[j] }"
                  - filter: "{ S[j, k] }"
                    child:
                      schedule: "[{ S[j, k] -> [(k)] }]"
        """;
    for (long n = 0; n <= 4; n++) {
      List<AstInterpreter.Call> expected = new ArrayList<>();
      for (long j = 0; j < n; j++) {
        expected.add(call("U", j));
        expected.add(call("T", j));
        expected.add(call("S", j, 0));
        expected.add(call("S", j, 1));
      }
      assertEquals(expected, run(yaml, n), "n = " + n + "\n" + code(yaml));
    }
  }
}
