package dev.polyj.codegen.ast;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.codegen.c.CPrinter;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The generated AST executes exactly the scheduled instances in schedule order (interpreter vs enumeration). */
class AstBuilderProperties {

  @Provide
  Arbitrary<RandomPrograms.Program> programs() {
    return RandomPrograms.programs();
  }

  @Property(tries = 200)
  void executesInstancesInScheduleOrder(@ForAll("programs") RandomPrograms.Program program) {
    ScanProblem problem = ScanProblem.fromScheduleMap(program.scheduleMap(), null);
    Node ast = AstBuilder.build(problem);
    for (long n : new long[] {-1, 0, 1, 2, 4}) {
      List<AstInterpreter.Call> actual = AstInterpreter.trace(ast, RandomPrograms.params(n));
      assertInBlocks(program.expectedBlocks(n), actual, () -> "N = " + n + "\n" + program + CPrinter.standard().print(ast));
    }
  }

  /**
   * The calls are the expected instances, schedule point after schedule point; the instances the
   * schedule ties (one point) may come in any order among themselves.
   */
  static void assertInBlocks(List<List<AstInterpreter.Call>> blocks, List<AstInterpreter.Call> calls,
      java.util.function.Supplier<String> what) {
    int total = 0;
    for (List<AstInterpreter.Call> b : blocks) total += b.size();
    assertEquals(total, calls.size(), () -> "number of calls: " + what.get() + "\n" + calls);
    int at = 0;
    for (List<AstInterpreter.Call> b : blocks) {
      java.util.Set<AstInterpreter.Call> want = new java.util.HashSet<>(b);
      java.util.Set<AstInterpreter.Call> got = new java.util.HashSet<>(calls.subList(at, at + b.size()));
      assertEquals(want, got, () -> "calls at one schedule point: " + what.get() + "\n" + calls);
      at += b.size();
    }
  }

  @Provide
  Arbitrary<List<BuildOptions.LoopKind>> kinds() {
    return Arbitraries.of(BuildOptions.LoopKind.DEFAULT, BuildOptions.LoopKind.ATOMIC, BuildOptions.LoopKind.UNROLL,
        BuildOptions.LoopKind.SEPARATE).list().ofSize(4);
  }

  @Property(tries = 120)
  void optionsKeepTheScheduleOrder(@ForAll("programs") RandomPrograms.Program program,
      @ForAll("kinds") List<BuildOptions.LoopKind> kinds) {
    BuildOptions options = BuildOptions.defaults();
    for (int d = 0; d < kinds.size(); d++) {
      if (kinds.get(d) == BuildOptions.LoopKind.SEPARATE && !subtractionAvailable()) continue;
      options = options.with(d, kinds.get(d));
    }
    ScanProblem problem = ScanProblem.fromScheduleMap(program.scheduleMap(), null);
    Node ast = AstBuilder.build(problem, options);
    for (long n : new long[] {-1, 0, 2, 4}) {
      List<AstInterpreter.Call> actual = AstInterpreter.trace(ast, RandomPrograms.params(n));
      final BuildOptions o = options;
      assertInBlocks(program.expectedBlocks(n), actual, () -> "N = " + n + " " + o + "\n" + program + CPrinter.standard().print(ast));
    }
  }

  static boolean subtractionAvailable() {
    try {
      var s = dev.polyj.presburger.space.Space.set(List.of(), 1);
      dev.polyj.presburger.set.Relation.universe(s).subtract(dev.polyj.presburger.set.Relation.universe(s));
      return true;
    } catch (UnsupportedOperationException e) {
      return false;
    }
  }
}
