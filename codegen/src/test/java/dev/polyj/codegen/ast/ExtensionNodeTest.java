package dev.polyj.codegen.ast;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.codegen.c.CPrinter;
import dev.polyj.polyhedral.schedule.ScheduleYaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Extension nodes (isl's manual, "Schedule Trees"): the extension maps values of the outer band
 * members to extra domain elements, which the subtree schedules with the instances reaching the
 * node. The generated code, run by the AST interpreter, must call the instances in the order worked
 * out by hand from those rules (the same order as isl_codegen's code for these trees).
 */
class ExtensionNodeTest {

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

  /** One extra instance {@code T[]} on the diagonal of a two-dimensional band, before {@code S}. */
  @Test
  void anInstanceRunsAtEachOuterValueItIsMappedFrom() {
    String yaml = """
        domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }"
        child:
          schedule: "[{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]"
          child:
            extension: "{ [i, j] -> T[] : i = j }"
            child:
              sequence:
              - filter: "{ T[] }"
              - filter: "{ S[i, j] }"
        """;
    for (long n = 0; n <= 4; n++) {
      List<AstInterpreter.Call> expected = new ArrayList<>();
      for (long i = 0; i < n; i++) {
        for (long j = 0; j < n; j++) {
          if (i == j) expected.add(call("T"));
          expected.add(call("S", i, j));
        }
      }
      assertEquals(expected, run(yaml, n), "n = " + n + "\n" + code(yaml));
    }
  }

  /** An extension right below the domain (no outer band): its instances get a band of their own. */
  @Test
  void anExtensionAtTheTopAddsInstancesOnce() {
    String yaml = """
        domain: "[n] -> { S[i] : 0 <= i < n }"
        child:
          extension: "{ [] -> T[k] : 0 <= k < 3 }"
          child:
            sequence:
            - filter: "{ T[k] }"
              child:
                schedule: "[{ T[k] -> [(-k)] }]"
            - filter: "{ S[i] }"
              child:
                schedule: "[{ S[i] -> [(i)] }]"
        """;
    for (long n = 0; n <= 3; n++) {
      List<AstInterpreter.Call> expected = new ArrayList<>();
      for (long k = 2; k >= 0; k--) expected.add(call("T", k));
      for (long i = 0; i < n; i++) expected.add(call("S", i));
      assertEquals(expected, run(yaml, n), "n = " + n + "\n" + code(yaml));
    }
  }

  /**
   * Extra instances run at the outer values the enclosing loop scans, here every {@code i} since
   * {@code B} shares the loop (not only the even values of {@code A}), and keep the sequence
   * positions above the node: {@code B} comes after the extended branch.
   */
  @Test
  void extraInstancesFollowTheReachedOuterValuesAndSequencePositions() {
    String yaml = """
        domain: "[n] -> { A[i] : 0 <= i < n and i mod 2 = 0; B[i] : 0 <= i < n }"
        child:
          schedule: "[{ A[i] -> [(i)]; B[i] -> [(i)] }]"
          child:
            sequence:
            - filter: "{ A[i] }"
              child:
                extension: "{ [i] -> T[i, k] : 0 <= k < 2 and i < 5 }"
                child:
                  sequence:
                  - filter: "{ A[i] }"
                  - filter: "{ T[i, k] }"
                    child:
                      schedule: "[{ T[i, k] -> [(-k)] }]"
            - filter: "{ B[i] }"
        """;
    for (long n = 0; n <= 8; n++) {
      List<AstInterpreter.Call> expected = new ArrayList<>();
      for (long i = 0; i < n; i++) {
        if (i % 2 == 0) expected.add(call("A", i));
        if (i < 5) {
          expected.add(call("T", i, 1));
          expected.add(call("T", i, 0));
        }
        expected.add(call("B", i));
      }
      assertEquals(expected, run(yaml, n), "n = " + n + "\n" + code(yaml));
    }
  }

  /** Alone under the band, the loop scans the even values only, and so do the extra instances. */
  @Test
  void extraInstancesKeepTheStrideOfTheEnclosingLoop() {
    String yaml = """
        domain: "[n] -> { S[i] : 0 <= i < n and i mod 2 = 0 }"
        child:
          schedule: "[{ S[i] -> [(i)] }]"
          child:
            extension: "{ [i] -> T[i] : i < 7 }"
            child:
              sequence:
              - filter: "{ S[i] }"
              - filter: "{ T[i] }"
        """;
    for (long n = 0; n <= 10; n++) {
      List<AstInterpreter.Call> expected = new ArrayList<>();
      for (long i = 0; i < n; i += 2) {
        expected.add(call("S", i));
        if (i < 7) expected.add(call("T", i));
      }
      assertEquals(expected, run(yaml, n), "n = " + n + "\n" + code(yaml));
    }
  }

  /**
   * Copy-in statements per tile (as a GPU mapper adds them), one per tile after it, and an
   * extension in the inner band whose domain names all four outer members.
   */
  @Test
  void extensionsInATiledBandAtTwoDepths() {
    String yaml = """
        domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }"
        child:
          schedule: "[{ S[i, j] -> [(floor(i/4))] }, { S[i, j] -> [(floor(j/4))] }]"
          child:
            extension: "[n] -> { [t0, t1] -> R[a] : 4t0 <= a < 4t0 + 4 and a < n; [t0, t1] -> W[t0, t1] }"
            child:
              sequence:
              - filter: "{ R[a] }"
                child:
                  schedule: "[{ R[a] -> [(a)] }]"
              - filter: "{ S[i, j] }"
                child:
                  schedule: "[{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]"
                  child:
                    extension: "{ [t0, t1, i, j] -> U[i + j] : j = 4t1 }"
                    child:
                      sequence:
                      - filter: "{ S[i, j] }"
                      - filter: "{ U[k] }"
              - filter: "{ W[a, b] }"
        """;
    for (long n = 0; n <= 9; n++) {
      List<AstInterpreter.Call> expected = new ArrayList<>();
      for (long t0 = 0; 4 * t0 < n; t0++) {
        for (long t1 = 0; 4 * t1 < n; t1++) {
          for (long a = 4 * t0; a < Math.min(n, 4 * t0 + 4); a++) expected.add(call("R", a));
          for (long i = 4 * t0; i < Math.min(n, 4 * t0 + 4); i++) {
            for (long j = 4 * t1; j < Math.min(n, 4 * t1 + 4); j++) {
              expected.add(call("S", i, j));
              if (j == 4 * t1) expected.add(call("U", i + j));
            }
          }
          expected.add(call("W", t0, t1));
        }
      }
      assertEquals(expected, run(yaml, n), "n = " + n + "\n" + code(yaml));
    }
  }
}
