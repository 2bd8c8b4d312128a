package dev.polyj.codegen.ast;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.codegen.c.CPrinter;
import java.util.List;
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
      List<AstInterpreter.Call> expected = program.expectedOrder(n);
      List<AstInterpreter.Call> actual = AstInterpreter.trace(ast, RandomPrograms.params(n));
      assertEquals(expected, actual, () -> "N = " + n + "\n" + program + CPrinter.standard().print(ast));
    }
  }
}
