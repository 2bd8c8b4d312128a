package dev.polyj.polybench.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The generator and the reducer without gcc: programs are reproducible from their seeds, and a
 * program that "fails" whenever some statement writes a float array is cut down to that
 * statement alone (the oracle stands for a compiler; the reduction must keep the failure).
 */
class ShrinkerTest {
  @Test
  void sameSeedSameProgram() {
    assertEquals(ProgramGenerator.generate(42).c(), ProgramGenerator.generate(42).c());
    assertFalse(ProgramGenerator.generate(42).c().equals(ProgramGenerator.generate(43).c()));
  }

  @Test
  void failingProgramsAreReducedToTheStatementThatFails() {
    int reduced = 0;
    for (long seed = 0; seed < 200 && reduced < 5; seed++) {
      Program p = ProgramGenerator.generate(seed);
      if (p.size() < 4 || !writesAssignment(p, "*=")) continue;
      Program small = Shrinker.shrink(p, q -> writesAssignment(q, "*="), 500);
      assertTrue(writesAssignment(small, "*="), small.c());
      // the statement, perhaps in one loop, is all the failure needs
      assertTrue(small.size() <= 2, small.c());
      reduced++;
    }
    assertTrue(reduced > 0, "no program with a *= statement in 200 seeds");
  }

  private static boolean writesAssignment(Program p, String op) {
    String c = p.c();
    return c.substring(c.indexOf("#pragma scop"), c.indexOf("#pragma endscop")).contains(" " + op + " ");
  }
}
