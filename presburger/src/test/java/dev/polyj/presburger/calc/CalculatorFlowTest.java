package dev.polyj.presburger.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code last/any ... before ... under ...}: each operand reaches the dataflow analysis in its
 * role and the right parts of the result come back, as in iscc.
 */
class CalculatorFlowTest {
  /** A universal map from {@code name[i]} to {@code A[a]}, distinct for each name. */
  static UnionRelation access(String name) {
    return UnionRelation.of(Relation.universe(Space.map(List.of(), Tuple.of(name, "i"), Tuple.of("A", "a"))));
  }

  static final UnionRelation W = access("W");
  static final UnionRelation V = access("V");
  static final UnionRelation R = access("R");
  static final UnionRelation S = access("S");

  /** Records its arguments and answers with distinct unions for the four parts of a result. */
  static final class Recorder implements FlowAnalysis {
    final List<List<UnionRelation>> calls = new ArrayList<>();

    @Override
    public Result compute(UnionRelation sink, UnionRelation mustSource, UnionRelation maySource, UnionRelation schedule) {
      calls.add(List.of(sink, mustSource, maySource, schedule));
      return new Result(access("mustDep"), access("mayDep"), access("mustNoSource"), access("mayNoSource"));
    }
  }

  static Calculator calculator(Recorder recorder) {
    return new Calculator().setFlowAnalysis(recorder)
        .define("W", new UnionValue(W)).define("V", new UnionValue(V))
        .define("R", new UnionValue(R)).define("S", new UnionValue(S));
  }

  @Test
  void lastGivesMustDependencesAndSinksWithoutSource() {
    Recorder rec = new Recorder();
    CalcRun r = CalcRun.on(calculator(rec), "X := last W before R under S;");
    assertEquals(List.of(), r.err());
    UnionRelation none = UnionRelation.empty(List.of());
    assertEquals(List.of(List.of(R, W, none, S)), rec.calls);
    assertEquals(ListValue.of(List.of(new UnionValue(access("mustDep")), new UnionValue(access("mustNoSource")))),
        r.variable("X"));
  }

  @Test
  void anyGivesMayDependences() {
    Recorder rec = new Recorder();
    CalcRun r = CalcRun.on(calculator(rec), "X := any V before R under S;");
    assertEquals(List.of(), r.err());
    assertEquals(List.of(List.of(R, UnionRelation.empty(List.of()), V, S)), rec.calls);
    assertEquals(new UnionValue(access("mayDep")), r.variable("X"));
  }

  @Test
  void lastAnyAndAnyLastGiveMayDependencesWithBothSources() {
    Recorder rec = new Recorder();
    CalcRun r = CalcRun.on(calculator(rec), "X := last W any V before R under S; Y := any V last W before R under S;");
    assertEquals(List.of(), r.err());
    assertEquals(List.of(List.of(R, W, V, S), List.of(R, W, V, S)), rec.calls);
    assertEquals(new UnionValue(access("mayDep")), r.variable("X"));
    assertEquals(new UnionValue(access("mayDep")), r.variable("Y"));
  }

  @Test
  void withoutAnAnalysisTheFormsAreNotSupported() {
    CalcRun r = CalcRun.on(new Calculator().define("W", new UnionValue(W)), "last W before W under W;\nany W before W under W;");
    assertEquals(List.of("1:1: last: not supported yet", "2:1: any: not supported yet"), r.err());
  }

  @Test
  void operandsMustBeMaps() {
    CalcRun r = CalcRun.on(calculator(new Recorder()), "last W before 1 under S;");
    assertEquals(List.of("1:15: 'before' expects a map, found value"), r.err());
  }

  @Test
  void anEngineFailureIsAnInternalErrorWithoutStackTraceUnlessDebugging() {
    FlowAnalysis broken = (sink, must, may, schedule) -> {
      throw new IllegalStateException("broken invariant");
    };
    Calculator c = new Calculator().setFlowAnalysis(broken).define("W", new UnionValue(W));
    CalcRun r = CalcRun.on(c, "print 1;\nlast W before W under W;\nprint 2;");
    assertEquals(List.of("1", "2"), r.out());
    assertEquals(List.of("2:1: internal error: last: java.lang.IllegalStateException: broken invariant;"
        + " please report it at the project's issue tracker"), r.err());
    assertEquals(Calculator.Outcome.INTERNAL_ERROR, r.outcome());

    CalcRun debug = CalcRun.on(c.setDebug(true), "last W before W under W;");
    assertEquals(Calculator.Outcome.INTERNAL_ERROR, debug.outcome());
    org.junit.jupiter.api.Assertions.assertTrue(debug.err().size() > 1 && debug.err().get(1).contains("IllegalStateException"),
        debug.err().toString());
  }
}
