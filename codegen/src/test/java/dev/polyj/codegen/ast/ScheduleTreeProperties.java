package dev.polyj.codegen.ast;

import dev.polyj.codegen.c.CPrinter;
import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Code generated from the schedule tree of a flat schedule executes the order the flat map
 * prescribes; instances the schedule ties run in any order.
 */
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
    // instances a band ties (same value of every member, no sequence below) may run in any order,
    // as for the flat schedule itself (AstBuilderProperties)
    for (long n : new long[] {-1, 0, 2, 4}) {
      AstBuilderProperties.assertInBlocks(program.expectedBlocks(n), AstInterpreter.trace(ast, RandomPrograms.params(n)),
          () -> "N = " + n + "\n" + program + CPrinter.standard().print(ast));
    }
  }
}
