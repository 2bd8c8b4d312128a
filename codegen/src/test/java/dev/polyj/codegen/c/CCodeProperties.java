package dev.polyj.codegen.c;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.codegen.ast.AstBuilder;
import dev.polyj.codegen.ast.AstInterpreter;
import dev.polyj.codegen.ast.Node;
import dev.polyj.codegen.ast.Piece;
import dev.polyj.codegen.ast.RandomProgramsAccess;
import dev.polyj.codegen.ast.ScanProblem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Printed C compiled with gcc (with and without OpenMP) executes the schedule's order. */
class CCodeProperties {
  private static final boolean GCC = GccDriver.available();
  private static final long[] N_VALUES = {-1, 0, 2, 5};

  @Provide
  Arbitrary<RandomProgramsAccess.Program> programs() {
    return RandomProgramsAccess.programs();
  }

  @Property(tries = 12)
  void compiledCodeRunsInScheduleOrder(@ForAll("programs") RandomProgramsAccess.Program program) throws Exception {
    Assume.that(GCC);
    ScanProblem problem = ScanProblem.fromScheduleMap(program.scheduleMap(), null);
    Node ast = AstBuilder.build(problem);
    String source = CallHarness.program(ast, arities(problem), problem.params());
    List<long[]> params = new ArrayList<>();
    for (long n : N_VALUES) params.add(new long[] {n});
    List<List<String>> runs = CallHarness.run(source, List.of("-O1", "-Wall", "-Wno-unknown-pragmas", "-Werror"), params, Map.of());
    for (int i = 0; i < N_VALUES.length; i++) {
      assertEquals(lines(program.expectedOrder(N_VALUES[i])), runs.get(i), "N = " + N_VALUES[i] + "\n" + source);
    }
  }

  /**
   * Every loop marked parallel, the code printed as a region with iterators declared up front: it
   * must compile with -fopenmp and execute the same instances on several threads (which needs the
   * inner iterators private).
   */
  @Property(tries = 8)
  void openMpCodeCompilesAndRuns(@ForAll("programs") RandomProgramsAccess.Program program) throws Exception {
    Assume.that(GCC);
    ScanProblem plain = ScanProblem.fromScheduleMap(program.scheduleMap(), null);
    List<Piece> pieces = new ArrayList<>();
    Set<Integer> all = new TreeSet<>();
    for (int d = 0; d < plain.nDim(); d++) all.add(d);
    for (Piece p : plain.pieces()) pieces.add(new Piece(p.statement(), p.set(), all, List.of()));
    ScanProblem problem = plain.withPieces(pieces);
    Node ast = AstBuilder.build(problem);
    String source = CallHarness.program(ast, arities(problem), problem.params(), true);
    List<long[]> params = new ArrayList<>();
    for (long n : N_VALUES) params.add(new long[] {n});
    List<List<String>> serial = CallHarness.run(source, List.of("-O1", "-fopenmp", "-Wall", "-Werror"), params,
        Map.of("OMP_NUM_THREADS", "1"));
    List<List<String>> parallel = CallHarness.run(source, List.of("-O1", "-fopenmp"), params,
        Map.of("OMP_NUM_THREADS", "4"));
    for (int i = 0; i < N_VALUES.length; i++) {
      List<String> expected = lines(program.expectedOrder(N_VALUES[i]));
      assertEquals(expected, serial.get(i), source);
      List<String> sortedExpected = new ArrayList<>(expected);
      List<String> sortedParallel = new ArrayList<>(parallel.get(i));
      sortedExpected.sort(null);
      sortedParallel.sort(null);
      assertEquals(sortedExpected, sortedParallel, source);
    }
  }

  static Map<String, Integer> arities(ScanProblem problem) {
    Map<String, Integer> m = new LinkedHashMap<>();
    for (int s = 0; s < problem.nStatements(); s++) m.put(problem.statementNames().get(s), problem.arity(s));
    return m;
  }

  static List<String> lines(List<AstInterpreter.Call> calls) {
    List<String> out = new ArrayList<>();
    for (AstInterpreter.Call c : calls) out.add(c.toString());
    return out;
  }
}
