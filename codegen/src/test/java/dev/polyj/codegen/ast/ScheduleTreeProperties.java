package dev.polyj.codegen.ast;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.codegen.c.CPrinter;
import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Code generated from the schedule tree of a flat schedule executes the same order as the flat map prescribes. */
class ScheduleTreeProperties {

  @Provide
  Arbitrary<RandomPrograms.Program> programs() {
    return RandomPrograms.programs();
  }

  @Property(tries = 80)
  void treeOfAFlatScheduleExecutesItsOrder(@ForAll("programs") RandomPrograms.Program program) {
    ScheduleNode tree = ScheduleMaps.fromFlatMap(program.scheduleMap(), program.domain());
    ScanProblem problem = ScheduleTreeProblem.of(tree);
    Node ast = AstBuilder.build(problem);
    for (long n : new long[] {-1, 0, 2, 4}) {
      List<AstInterpreter.Call> expected = program.expectedOrder(n);
      assertEquals(expected, AstInterpreter.trace(ast, RandomPrograms.params(n)),
          () -> "N = " + n + "\n" + program + CPrinter.standard().print(ast));
    }
  }
}
