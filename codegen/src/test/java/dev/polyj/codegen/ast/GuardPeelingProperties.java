package dev.polyj.codegen.ast;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.codegen.c.CPrinter;
import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.presburger.notation.IslParser;
import dev.polyj.presburger.set.UnionRelation;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Peeling guarded boundary iterations keeps the execution order (oracle: the interpreter's trace). */
class GuardPeelingProperties {

  @Provide
  Arbitrary<RandomPrograms.Program> programs() {
    return RandomPrograms.programs();
  }

  @Property(tries = 80)
  void peelingKeepsTheOrder(@ForAll("programs") RandomPrograms.Program program) {
    ScheduleNode tree = ScheduleMaps.fromFlatMap(program.scheduleMap(), program.domain());
    Node ast = GuardPeeling.peel(AstBuilder.build(ScheduleTreeProblem.of(tree)));
    for (long n : new long[] {-1, 0, 1, 2, 4}) {
      AstBuilderProperties.assertInBlocks(program.expectedBlocks(n), AstInterpreter.trace(ast, RandomPrograms.params(n)),
          () -> "N = " + n + "\n" + program + CPrinter.standard().print(ast));
    }
  }

  /** An initialization placed at the first iteration of a reduction loop, and a finalization at its last. */
  @Test
  void initializationAndFinalizationLeaveTheLoop() {
    UnionRelation domain = IslParser.parseUnion(
        "[N] -> { S[i] : 1 <= i < N; T[i, j] : 1 <= i < N and 0 <= j < i; U[i] : 1 <= i < N }");
    UnionRelation schedule = IslParser.parseUnion(
        "[N] -> { S[i] -> [i, 0, 0]; T[i, j] -> [i, j, 1]; U[i] -> [i, i - 1, 2] }");
    Node plain = AstBuilder.build(ScheduleTreeProblem.of(ScheduleMaps.fromFlatMap(schedule, domain)));
    Node peeled = GuardPeeling.peel(plain);
    String before = CPrinter.standard().print(plain);
    String after = CPrinter.standard().print(peeled);
    // two guards in every iteration before; after, one left in the one-iteration loop (first = last)
    assertEquals(2, count(before, "if ("), before);
    assertEquals(1, count(after, "if ("), after);
    for (long n = -1; n <= 6; n++) {
      Map<String, Long> params = Map.of("N", n);
      assertEquals(AstInterpreter.trace(plain, params), AstInterpreter.trace(peeled, params), after);
    }
  }

  private static int count(String text, String what) {
    int n = 0;
    for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) n++;
    return n;
  }
}
