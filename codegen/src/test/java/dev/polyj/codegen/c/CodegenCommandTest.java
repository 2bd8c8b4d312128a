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
}
