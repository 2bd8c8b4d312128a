package dev.polyj.polybench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.c.CodegenCommand;
import dev.polyj.codegen.c.GccDriver;
import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleYaml;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The calculator's {@code codegen} and {@code schedule ... respecting ... minimizing ...} through
 * {@code polyj calc}: the printed code is {@code polyj codegen}'s for the same input, and, compiled
 * and run, visits every instance once in schedule order (every dependence forward for a computed
 * schedule).
 */
class CalcCodegenTest {
  private static final List<long[]> SIZES = List.of(new long[] {0}, new long[] {1}, new long[] {3}, new long[] {5});

  /** One executed statement call: the statement name and its arguments. */
  record Call(String name, long[] args) {
    static Call parse(String line) {
      int open = line.indexOf('(');
      String inner = line.substring(open + 1, line.lastIndexOf(')')).trim();
      long[] args = inner.isEmpty() ? new long[0]
          : Arrays.stream(inner.split(",")).map(String::trim).mapToLong(Long::parseLong).toArray();
      return new Call(line.substring(0, open), args);
    }

    String key() {
      return name + Arrays.toString(args);
    }
  }

  private static String calc(String script) {
    MainTest.Run r = MainTest.run(script, "calc");
    assertEquals("", r.err(), script);
    assertEquals(0, r.code(), script);
    return r.out();
  }

  @Test
  void aScheduleWithoutLowerBoundIsAnInputErrorAndTheScriptGoesOn() {
    MainTest.Run r = MainTest.run("codegen { S[i] -> [i] };\ncodegen { S[i] -> [i] : 0 <= i < 2 };\n", "calc");
    assertEquals(2, r.code());
    assertTrue(r.err().startsWith("<stdin>:1:1: codegen: ") && r.err().contains("unbounded"), r.err());
    assertFalse(r.err().contains("internal error"), r.err());
    assertTrue(r.out().contains("S(c0);"), r.out());
  }

  @Test
  void codegenOfAScheduleMapIsTheCodegenCommandsOutput() {
    for (String schedule : List.of(
        "[N] -> { A[i] -> [i, 0] : 0 <= i <= N; B[i] -> [i, 1] : 1 <= i <= N }",
        "[N] -> { S[i, j] -> [j, i] : 0 <= i < N and 0 <= j <= i }",
        "[N] -> { S[i] -> [2i] : 0 <= i < N; T[i] -> [2i + 1] : 0 <= i < N }")) {
      String expected = new CodegenCommand().run(schedule);
      assertEquals(expected, calc("codegen " + schedule + ";"));
      assertEquals(expected, calc("M := " + schedule + ";\ncodegen M;"));
    }
  }

  @Test
  void codegenOfAScheduleMapRunsTheInstancesInScheduleOrder() throws IOException {
    String schedule = "[N] -> { A[i] -> [i, 0] : 0 <= i <= N; B[i] -> [i, 1] : 1 <= i <= N;"
        + " C[i, j] -> [j, 2 + i] : 0 <= i < N and 0 <= j <= i }";
    UnionRelation sched = UnionRelation.parse(schedule);
    checkScheduleOrder(calc("codegen " + schedule + ";"), sched);
    checkScheduleOrder(calc("codegen " + schedule + " using { [i, j] -> separate[x] };"), sched);
    String unrolled = calc("codegen { S[i] -> [i] : 0 <= i < 4 } using { [i] -> unroll[0] };");
    assertFalse(unrolled.contains("for"), unrolled);
    checkScheduleOrder(unrolled, UnionRelation.parse("{ S[i] -> [i] : 0 <= i < 4 }"));
  }

  @Test
  void codegenOfASetScansItsPointsInLexicographicOrder() throws IOException {
    String set = "[N] -> { S[i, j] : 0 <= i < N and 0 <= j <= i; T[i] : 0 <= i < N }";
    String code = calc("codegen " + set + ";");
    checkScheduleOrder(code, CalcHooks.identitySchedule(UnionRelation.parse(set)));
  }

  @Test
  void computedSchedulesRespectTheDependencesAndGenerateCode() throws IOException {
    String[][] cases = {
      {"[N] -> { S[i, j] : 1 <= i, j < N }", "[N] -> { S[i, j] -> S[i + 1, j - 1] : 1 <= i < N - 1 and 2 <= j < N }"},
      {"[N] -> { S[i, j] : 0 <= i, j < N }",
        "[N] -> { S[i, j] -> S[i + 1, j] : 0 <= i < N - 1 and 0 <= j < N; S[i, j] -> S[i, j + 1] : 0 <= i < N and 0 <= j < N - 1 }"},
      {"[N] -> { S[i] : 0 <= i < N; T[i, j] : 0 <= i, j < N }",
        "[N] -> { S[i] -> T[j, i] : 0 <= i, j < N; T[i, j] -> T[i, j + 1] : 0 <= i < N and 0 <= j < N - 1 }"},
      {"[N] -> { S[i, j] : 1 <= i, j < N; T[i] : 0 <= i < N }",
        "[N] -> { S[i, j] -> S[i + 1, j - 1] : 1 <= i < N - 1 and 2 <= j < N; S[i, j] -> T[i] : 1 <= i, j < N }"},
    };
    for (String[] c : cases) {
      String out = calc("D := " + c[0] + ";\nV := " + c[1] + ";\ns := schedule D respecting V minimizing V;\n"
          + "s;\ntypeof s;\ncodegen s;\n");
      String[] lines = out.split("\n", 3);
      assertEquals("schedule", lines[1]);
      UnionRelation sched = ScheduleMaps.toFlatMap(ScheduleYaml.read(lines[0]));
      assertTrue(UnionRelation.parse(c[0]).isEqual(sched.domain()), lines[0]);
      String code = lines[2];
      // the printed schedule reads back to the same code
      assertEquals(code, calc("codegen " + lines[0] + ";"));
      checkDependencesForward(code, UnionRelation.parse(c[0]), UnionRelation.parse(c[1]));
    }
  }

  @Test
  void domainAndMapOfAComputedSchedule() {
    String d = "[N] -> { S[i, j] : 1 <= i, j < N; T[i] : 0 <= i < N }";
    String v = "[N] -> { S[i, j] -> S[i + 1, j - 1] : 1 <= i < N - 1 and 2 <= j < N; S[i, j] -> T[i] : 1 <= i, j < N }";
    String[] lines = calc("s := schedule " + d + " respecting " + v + ";\ndom s;\nmap s;\n").split("\n");
    UnionRelation domain = UnionRelation.parse(d);
    UnionRelation deps = UnionRelation.parse(v);
    assertTrue(domain.isEqual(UnionRelation.parse(lines[0])), lines[0]);
    UnionRelation map = UnionRelation.parse(lines[1]);
    assertTrue(domain.isEqual(map.domain()), lines[1]);
    assertTrue(CalcHooks.respects(map, deps), lines[1]);
  }

  @Test
  void scheduleAndCodegenReportBadOperands() {
    MainTest.Run r = MainTest.run("codegen 3;\nschedule { S[i] -> T[i] } respecting { S[i] -> S[i] } minimizing {};\n"
        + "codegen { S[i] : 0 <= i < 3 } using { [i] -> unroll[0] };\n", "calc");
    assertEquals(2, r.code());
    assertEquals(3, r.err().lines().count(), r.err());
    assertEquals("", r.out());
  }

  // -----------------------------------------------------------------------------------------------
  // Execution oracle

  /** The calls the code makes for the parameter values, in execution order (null when gcc is absent). */
  private static List<List<Call>> execute(String code, List<String> params) throws IOException {
    Assumptions.assumeTrue(GccDriver.available(), "gcc is not available");
    Set<String> names = new HashSet<>();
    Map<String, Integer> arity = new java.util.TreeMap<>();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^\\s*([A-Za-z_]\\w*)\\((.*)\\);\\s*$").matcher(code);
    while (m.find()) {
      String args = m.group(2).trim();
      arity.put(m.group(1), args.isEmpty() ? 0 : splitTopLevel(args).size());
    }
    StringBuilder sb = new StringBuilder("#include <stdio.h>\n#include <stdlib.h>\n");
    for (Map.Entry<String, Integer> e : arity.entrySet()) {
      names.add(e.getKey());
      List<String> formals = new ArrayList<>();
      StringBuilder fmt = new StringBuilder(e.getKey()).append('(');
      StringBuilder actuals = new StringBuilder();
      for (int i = 0; i < e.getValue(); i++) {
        formals.add("a" + i);
        fmt.append(i > 0 ? ", " : "").append("%ld");
        actuals.append(", (long) (a").append(i).append(')');
      }
      sb.append("#define ").append(e.getKey()).append('(').append(String.join(", ", formals)).append(") printf(\"")
          .append(fmt).append(")\\n\"").append(actuals).append(")\n");
    }
    sb.append("int main(int argc, char **argv) {\n");
    for (int i = 0; i < params.size(); i++) {
      sb.append("  int ").append(params.get(i)).append(" = atoi(argv[").append(i + 1).append("]);\n");
    }
    sb.append(code).append("\n  return 0;\n}\n");
    List<List<Call>> out = new ArrayList<>();
    try (GccDriver prog = GccDriver.compile(sb.toString(), List.of("-O0"))) {
      for (long[] values : SIZES) {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < params.size(); i++) args.add(Long.toString(values[i]));
        GccDriver.Run r = prog.run(args, Map.of(), 60);
        assertEquals(0, r.exitCode(), r.stderr());
        List<Call> calls = new ArrayList<>();
        for (String line : r.stdout().split("\n")) if (!line.isBlank()) calls.add(Call.parse(line.trim()));
        out.add(calls);
      }
    }
    return out;
  }

  private static List<String> splitTopLevel(String args) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < args.length(); i++) {
      char c = args.charAt(i);
      if (c == '(') depth++;
      if (c == ')') depth--;
      if (c == ',' && depth == 0) {
        out.add(args.substring(start, i));
        start = i + 1;
      }
    }
    out.add(args.substring(start));
    return out;
  }

  /** Whether {@code m} holds the pair {@code a -> b} for the parameter values. */
  private static boolean holds(UnionRelation m, long[] params, Call a, Call b) {
    for (Relation r : m.relations()) {
      Space s = r.space();
      if (!s.isMap() || !a.name().equals(s.domainTuple().name()) || !b.name().equals(s.rangeTuple().name())) continue;
      if (s.nIn() != a.args().length || s.nOut() != b.args().length) continue;
      long[] p = new long[s.nParam() + s.nIn() + s.nOut()];
      System.arraycopy(params, 0, p, 0, s.nParam());
      System.arraycopy(a.args(), 0, p, s.nParam(), s.nIn());
      System.arraycopy(b.args(), 0, p, s.nParam() + s.nIn(), s.nOut());
      if (r.contains(p)) return true;
    }
    return false;
  }

  /** The points of the union of sets for the parameter values (coordinates in [-2, 12]). */
  private static Set<String> points(UnionRelation domain, long[] params) {
    Set<String> out = new HashSet<>();
    for (Relation r : domain.relations()) {
      Space s = r.space();
      BruteForce.forEachPoint(s.nOut(), -2, 12, x -> {
        long[] p = new long[s.nParam() + x.length];
        System.arraycopy(params, 0, p, 0, s.nParam());
        System.arraycopy(x, 0, p, s.nParam(), x.length);
        if (r.contains(p)) out.add(new Call(s.tuple().name(), x).key());
      });
    }
    return out;
  }

  /** Runs the code: each instance of the schedule's domain once, none after a later-scheduled one. */
  private static void checkScheduleOrder(String code, UnionRelation schedule) throws IOException {
    List<String> params = schedule.paramNames();
    UnionRelation later = schedule.apply(UnionRelation.of(lexGt(schedule))).apply(schedule.reverse());
    List<List<Call>> runs = execute(code, params);
    for (int k = 0; k < runs.size(); k++) {
      long[] values = Arrays.copyOf(SIZES.get(k), params.size());
      List<Call> calls = runs.get(k);
      checkInstances(calls, schedule.domain(), values, code);
      for (int i = 0; i < calls.size(); i++) {
        for (int j = i + 1; j < calls.size(); j++) {
          assertFalse(holds(later, values, calls.get(i), calls.get(j)),
              calls.get(i).key() + " runs before " + calls.get(j).key() + " against the schedule in\n" + code);
        }
      }
    }
  }

  /** Runs the code: each instance of the domain once, the source of each dependence before its sink. */
  private static void checkDependencesForward(String code, UnionRelation domain, UnionRelation deps)
      throws IOException {
    List<String> params = domain.paramNames();
    List<List<Call>> runs = execute(code, params);
    for (int k = 0; k < runs.size(); k++) {
      long[] values = Arrays.copyOf(SIZES.get(k), params.size());
      List<Call> calls = runs.get(k);
      checkInstances(calls, domain, values, code);
      for (int i = 0; i < calls.size(); i++) {
        for (int j = i; j < calls.size(); j++) {
          assertFalse(holds(deps, values, calls.get(j), calls.get(i)),
              "dependence " + calls.get(j).key() + " -> " + calls.get(i).key() + " goes backward in\n" + code);
        }
      }
    }
  }

  private static void checkInstances(List<Call> calls, UnionRelation domain, long[] values, String code) {
    List<String> keys = calls.stream().map(Call::key).toList();
    assertEquals(keys.size(), new HashSet<>(keys).size(), "an instance runs twice in\n" + code);
    assertEquals(points(domain, values), new HashSet<>(keys), "N = " + Arrays.toString(values) + " in\n" + code);
  }

  private static Relation lexGt(UnionRelation schedule) {
    Space time = schedule.relations().iterator().next().space().range();
    return Relation.lexGt(time, time);
  }
}
