package dev.polyj.codegen.c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.ast.AstInterpreter;
import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.ast.ScheduleOracle;
import dev.polyj.presburger.set.UnionRelation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Input handling of the codegen command: splitting, comments, options, errors. */
class CodegenCommandTest {

  @Test
  void splitsTopLevelObjectsAndIgnoresComments() {
    String input = "# a schedule\n[N] -> { S[i] -> [i] : 0 <= i < N }\n# the context\n[N] -> { : N > 0 }\n{ }\n";
    List<String> objects = CodegenCommand.splitObjects(CodegenCommand.stripComments(input).strip());
    assertEquals(List.of("[N] -> { S[i] -> [i] : 0 <= i < N }", "[N] -> { : N > 0 }", "{ }"), objects);
  }

  @Test
  void scheduleAloneIsEnough() {
    CodegenCommand.Result r = new CodegenCommand().generate("{ S[i] -> [i] : 0 <= i <= 2 }");
    assertEquals(ScheduleOracle.expectedOrder(UnionRelation.parse("{ S[i] -> [i] : 0 <= i <= 2 }"), Map.of(), -1, 4),
        AstInterpreter.trace(r.ast(), Map.of()));
  }

  @Test
  void readsLoopTypesPerDimension() {
    BuildOptions o = CodegenCommand.options(
        UnionRelation.parse("{ [i, j] -> unroll[1]; [i, j] -> separate[x] : x = 0; [i, j] -> atomic[x] : x > 5 }"), 2);
    assertEquals(BuildOptions.LoopKind.SEPARATE, o.kind(0));
    assertEquals(BuildOptions.LoopKind.UNROLL, o.kind(1));
  }

  @Test
  void readsSeparationClasses() {
    BuildOptions o = CodegenCommand.options(
        UnionRelation.parse("{ [a, b] -> separation_class[[1] -> [0]] : a >= 0 and b <= 3 }"), 2);
    assertTrue(o.separationClasses(0).isEmpty());
    assertEquals(1, o.separationClasses(1).size());
  }

  @Test
  void rejectsUnknownOptionsAndBrokenInput() {
    assertThrows(IllegalArgumentException.class,
        () -> new CodegenCommand().run("{ S[i] -> [i] : 0 <= i < 3 } { : } { [i] -> shuffle[0] }"));
    assertThrows(IllegalArgumentException.class, () -> new CodegenCommand().run("{ S[i] -> [i] : 0 <= i < 3 "));
    assertThrows(IllegalArgumentException.class, () -> new CodegenCommand().run("   "));
  }

  @Test
  void printsOnlyTheMacrosItUses() {
    String plain = new CodegenCommand().run("[N] -> { S[i] -> [i] : 0 <= i < N } [N] -> { : } { }");
    assertTrue(!plain.contains("#define"), plain);
    String tiled = new CodegenCommand().run("[N] -> { S[i] -> [floor(i/4), i] : 0 <= i < N } [N] -> { : } { }");
    assertTrue(tiled.contains("#ifndef floord") && tiled.contains("#ifndef min"), tiled);
  }

  /**
   * A statement without upper bound gets a loop that runs for ever, as isl prints it; the bounded
   * statement keeps its bound.
   */
  @Test
  void loopsWithoutUpperBoundRunForEver() {
    String input = "[N] -> { A[i] -> [i, 0] : i >= 2; B[i, j] -> [i, 1 + j] : 2 <= i <= N and 0 <= j < 3 } "
        + "[N] -> { : N >= 2 } { }";
    CodegenCommand.Result r = new CodegenCommand().generate(input);
    assertTrue(r.code().contains("for (int c0 = 2; 1; c0 += 1)"), r.code());
    assertTrue(r.code().contains("if (c0 <= N)") || r.code().contains("c0 <= N;"),
        r.code());
  }

  @Test
  void unboundedBelowIsBadInput() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new CodegenCommand().run("{ S[i] -> [i] : i <= 3 }"));
    assertTrue(e.getMessage().contains("no lower bound"), e.getMessage());
  }

  @Test
  void badNodesAreReportedAtTheirPosition() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CodegenCommand().run(
        "domain: { S[i] : 0 <= i < 4 }\nchild:\n  schedule: \"[{ S[i] -> [(i)] }]\"\n  child:\n"
            + "    extension: { [i, j] -> T[i] }\n"));
    assertTrue(e.getMessage().startsWith("5:5: extension {"), e.getMessage());
    assertTrue(new CodegenCommand().run(
        "domain: { S[i] : 0 <= i < 4 }\nchild:\n  schedule: \"[{ S[i] -> [(i)] }]\"\n  child:\n"
            + "    extension: { [i] -> T[i] }\n").contains("T(c0)"));
  }

  @Test
  void aBudgetStopsCodeGenerationWithAClearError() {
    UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
        () -> new CodegenCommand(CPrinter.standard(), 5).run(
            "[N] -> { S[i, j] -> [i, j] : 0 <= i < N and 0 <= j < i; T[i] -> [i, 0] : 0 <= i < N }"));
    assertTrue(e.getMessage().startsWith("code generation gave up after 5 set operations"), e.getMessage());
    assertTrue(new CodegenCommand().run("[N] -> { S[i] -> [i] : 0 <= i < N }").contains("S(c0)"));
  }

  /**
   * A statement fixed at 0 shares a loop with statements on multiples of 4: the loop steps by 4
   * (0 is on the lattice), instead of visiting every integer under guards.
   */
  @Test
  void aFixedValueOnTheLatticeKeepsTheStride() {
    String input = "[N] -> { A[i] -> [0, i] : 0 <= i < N; B[i] -> [4*floor((i)/4), i] : 0 <= i < N } [N] -> { : } "
        + "{ [a, b] -> atomic[x] }";
    CodegenCommand.Result r = new CodegenCommand().generate(input);
    assertTrue(r.code().contains("c0 += 4"), r.code());
    for (long n : new long[] {0, 1, 5, 9}) {
      assertEquals(ScheduleOracle.expectedOrder(UnionRelation.parse(input.substring(0, input.indexOf("} [N]") + 1)),
          Map.of("N", n), -1, 12), AstInterpreter.trace(r.ast(), Map.of("N", n)));
    }
  }
}
