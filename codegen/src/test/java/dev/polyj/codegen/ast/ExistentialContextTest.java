package dev.polyj.codegen.ast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.c.CodegenCommand;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A context whose existential has no division form (here {@code q} with {@code 4q} between two
 * parameter expressions) is taken as its rational shadow: it is only an assumption, and the exact
 * form would split every loop by the residue of a parameter modulo 4. The code must still run the
 * instances of the schedule (enumerated) for every parameter value inside the exact context, and
 * stay one loop (with the {@code separate} option, which would give a loop per residue).
 */
class ExistentialContextTest {
  private static final String SCHEDULE =
      "[m, n] -> { S[i] -> [i] : exists (k: 4k = i - n - 1) and i >= m + 1 and i <= 20 and i >= n + 1 }";
  private static final String CONTEXT = "[m, n] -> { : exists (q: 4q >= n - 9 and 4q <= n - m and m >= 1) }";

  @Test
  void anExistentialContextDoesNotSplitTheLoopsByResidue() {
    UnionRelation schedule = UnionRelation.parse(SCHEDULE);
    Relation context = Relation.parse(CONTEXT);
    CodegenCommand.Result r = new CodegenCommand().generate(SCHEDULE + "\n" + CONTEXT + "\n{ [i] -> separate[x] }");
    Node ast = r.ast();
    String code = r.code();
    int checked = 0;
    for (long m = -2; m <= 12; m++) {
      for (long n = -6; n <= 14; n++) {
        if (!context.contains(new long[] {m, n})) continue;
        Map<String, Long> params = Map.of("m", m, "n", n);
        assertEquals(ScheduleOracle.expectedOrder(schedule, params, -40, 40), AstInterpreter.trace(ast, params),
            "m = " + m + ", n = " + n + "\n" + code);
        checked++;
      }
    }
    assertTrue(checked > 20, "parameter values inside the context: " + checked);
    long loops = code.lines().filter(l -> l.strip().startsWith("for")).count();
    assertEquals(1, loops, code);
  }
}
