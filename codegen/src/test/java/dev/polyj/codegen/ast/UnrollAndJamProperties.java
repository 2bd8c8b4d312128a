package dev.polyj.codegen.ast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.polyj.codegen.c.CPrinter;
import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.presburger.notation.IslParser;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Unroll-and-jam runs every statement instance exactly once, and keeps the order of the instances
 * of one iteration of the unrolled loop (oracle: the interpreter's trace of the original AST). The
 * loops are declared coincident here so that the pass applies; that the reordering across
 * iterations is legal for really coincident loops is checked by running the optimized PolyBench
 * kernels against the originals ({@code OptimizerEndToEndTest}).
 */
class UnrollAndJamProperties {

  @Provide
  Arbitrary<RandomPrograms.Program> programs() {
    return RandomPrograms.programs();
  }

  @Property(tries = 80)
  void everyInstanceRunsOnce(@ForAll("programs") RandomPrograms.Program program,
      @ForAll @IntRange(min = 2, max = 5) int factor) {
    ScheduleNode tree = ScheduleMaps.fromFlatMap(program.scheduleMap(), program.domain());
    Node ast = declareIndependent(GuardPeeling.peel(AstBuilder.build(ScheduleTreeProblem.of(tree))));
    Node jammed = UnrollAndJam.apply(ast, factor);
    for (long n : new long[] {-1, 0, 1, 2, 4, 7}) {
      List<AstInterpreter.Call> expected = AstInterpreter.trace(ast, RandomPrograms.params(n));
      List<AstInterpreter.Call> actual = AstInterpreter.trace(jammed, RandomPrograms.params(n));
      assertEquals(counts(expected), counts(actual), () -> "N = " + n + "\n" + CPrinter.standard().print(jammed));
    }
  }

  /** A rectangular nest i, k, j: the i loop is unrolled, each i keeps its own order, remainders run. */
  @Test
  void matrixProductNest() {
    ScheduleNode tree = ScheduleMaps.fromFlatMap(
        IslParser.parseUnion("[N] -> { S[i, j, k] -> [i, k, j] }"),
        IslParser.parseUnion("[N] -> { S[i, j, k] : 0 <= i < N and 0 <= j < N + 1 and 0 <= k < 3 }"));
    Node ast = declareIndependent(AstBuilder.build(ScheduleTreeProblem.of(tree)));
    for (int factor = 2; factor <= 5; factor++) {
      Node jammed = UnrollAndJam.apply(ast, factor);
      String code = CPrinter.standard().print(jammed);
      assertNotEquals(ast, jammed, code);
      for (long n = -1; n <= 11; n++) {
        List<AstInterpreter.Call> expected = AstInterpreter.trace(ast, RandomPrograms.params(n));
        List<AstInterpreter.Call> actual = AstInterpreter.trace(jammed, RandomPrograms.params(n));
        assertEquals(counts(expected), counts(actual), code);
        assertEquals(byFirstCoordinate(expected), byFirstCoordinate(actual), code);
      }
    }
  }

  /** The AST with every loop declared coincident and every innermost loop a SIMD loop. */
  static Node declareIndependent(Node n) {
    if (n instanceof Node.For f) {
      Node.For g = f.withBody(declareIndependent(f.body())).withCoincident(true);
      if (!AstBuilder.containsLoop(f.body()) && f.pragmas().isEmpty()) g = g.withPragmas(List.of("omp simd"));
      return g;
    }
    if (n instanceof Node.If i) {
      return new Node.If(i.cond(), declareIndependent(i.then()),
          i.otherwise() == null ? null : declareIndependent(i.otherwise()));
    }
    if (n instanceof Node.Block b) {
      List<Node> out = new ArrayList<>();
      for (Node c : b.children()) out.add(declareIndependent(c));
      return new Node.Block(out);
    }
    if (n instanceof Node.Mark m) return new Node.Mark(m.name(), declareIndependent(m.body()));
    return n;
  }

  private static Map<AstInterpreter.Call, Integer> counts(List<AstInterpreter.Call> calls) {
    Map<AstInterpreter.Call, Integer> m = new HashMap<>();
    for (AstInterpreter.Call c : calls) m.merge(c, 1, Integer::sum);
    return m;
  }

  private static Map<Long, List<AstInterpreter.Call>> byFirstCoordinate(List<AstInterpreter.Call> calls) {
    Map<Long, List<AstInterpreter.Call>> m = new HashMap<>();
    for (AstInterpreter.Call c : calls) m.computeIfAbsent(c.args()[0], k -> new ArrayList<>()).add(c);
    return m;
  }
}
