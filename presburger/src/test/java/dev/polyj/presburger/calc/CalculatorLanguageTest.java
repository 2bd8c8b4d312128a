package dev.polyj.presburger.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The language itself: statements, variables, values that need no isl literal (integers, strings,
 * booleans, lists), error positions and recovery. Expected positions are the ones the statements
 * were written with.
 */
class CalculatorLanguageTest {

  @Test
  void assignmentsAndVariables() {
    CalcRun r = CalcRun.of("x := 3;\ny := x * 4;\ny;\nx := y - 2;\nprint x;\n");
    assertEquals(List.of("12", "10"), r.out());
    assertEquals(List.of(), r.err());
    assertEquals(Calculator.Outcome.OK, r.outcome());
    assertEquals(new IntValue(java.math.BigInteger.TEN), r.variable("x"));
  }

  @Test
  void variablesPersistAcrossRunsOfOneCalculator() {
    Calculator c = new Calculator();
    CalcRun.on(c, "n := 5;");
    assertEquals(List.of("6"), CalcRun.on(c, "n + 1;").out());
  }

  @Test
  void binaryOperatorsApplyLeftToRightWithOnePrecedence() {
    // iscc reads "a op b op c" as "(a op b) op c" whatever the operators
    assertEquals(List.of("20", "-5", "14"), CalcRun.of("2 + 3 * 4; 1 - 2 * 5; 2 + (3 * 4);").out());
  }

  @Test
  void typeofNamesTypesLikeIscc() {
    CalcRun r = CalcRun.of("typeof 1; typeof \"s\"; typeof True; typeof (1, 2); typeof typeof 1;");
    assertEquals(List.of("value", "string", "boolean", "list", "string"), r.out());
  }

  @Test
  void typeofTakesTheRestOfTheExpression() {
    // typeof reads a whole expression: typeof (1 + 2), not (typeof 1) + 2
    assertEquals(List.of("value"), CalcRun.of("typeof 1 + 2;").out());
  }

  @Test
  void stringsBooleansAndLists() {
    CalcRun r = CalcRun.of("\"ab\" + \"cd\"; \"a\" = \"a\"; True * False; True + False; l := (1, \"x\", True);"
        + " l; l[1]; (); -(2 - 7);");
    assertEquals(List.of("abcd", "True", "False", "True", "(1, x, True)", "x", "()", "5"), r.out());
    assertEquals(List.of(), r.err());
  }

  @Test
  void integerComparisons() {
    assertEquals(List.of("True", "False", "True", "True", "False"), CalcRun.of("2 < 3; 3 < 3; 3 <= 3; 4 > 3; 1 = 2;").out());
  }

  @Test
  void commentsAreIgnored() {
    assertEquals(List.of("1"), CalcRun.of("# a comment; with a semicolon\nprint 1; # trailing\n").out());
  }

  @Test
  void badStatementIsReportedAndTheNextOneStillRuns() {
    CalcRun r = CalcRun.of("x := 1;\ny := ;\nprint x + 1;\n");
    assertEquals(List.of("2:6: expected an expression, found ';'"), r.err());
    assertEquals(List.of("2"), r.out());
    assertEquals(Calculator.Outcome.INPUT_ERROR, r.outcome());
  }

  @Test
  void recoverySkipsSemicolonsInsideBracesAndStrings() {
    // the bad statements hold ';' inside an isl literal and a string; the script resumes after them
    CalcRun r = CalcRun.of("x { [i]; [j] } ;\nprint 1;\ny \"a;b\" 2;\nprint 2;\n");
    assertEquals(List.of("1", "2"), r.out());
    assertEquals(2, r.err().size(), r.err().toString());
    assertTrue(r.err().get(0).startsWith("1:3: "), r.err().toString());
    assertTrue(r.err().get(1).startsWith("3:3: "), r.err().toString());
  }

  @Test
  void evaluationErrorsDoNotStopTheScript() {
    CalcRun r = CalcRun.of("a := 1;\nprint b;\na := \"s\" * 2;\nprint a;\n");
    assertEquals(List.of("2:7: unknown identifier 'b'", "3:10: '*' is not defined on string and value"), r.err());
    assertEquals(List.of("1"), r.out());
  }

  @Test
  void aFailedAssignmentLeavesTheVariableUnchanged() {
    CalcRun r = CalcRun.of("a := 1; a := a + nope; a;");
    assertEquals(List.of("1"), r.out());
    assertEquals(List.of("1:18: unknown identifier 'nope'"), r.err());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', ignoreLeadingAndTrailingWhitespace = false, value = {
      "x := ;|1:6: expected an expression, found ';'",
      "1 2;|1:3: expected ';', found '2'",
      "print (1, 2;|1:12: expected ')', found ';'",
      "  dom := 1;|1:3: cannot assign to reserved word 'dom'",
      "x ^ y;|1:5: expected '+' or an integer exponent after '^', found 'y'",
      "x ^ 0;|1:5: exponent must not be zero",
      "(1, 2)[x];|1:8: expected an index, found 'x'",
      "1 ! 2;|1:3: unexpected character '!'",
      "print \"abc;|1:7: unterminated string",
      "print 1|1:8: expected ';', found end of input",
      "\\n\\n   before;|3:4: expected an expression, found 'before'",
      "(1, 2)[2];|1:7: index 2 out of range for a list of 2 elements",
      "1(2);|1:2: only a map can be applied, found value",
      "dom 1;|1:1: 'dom' is not defined on value",
      "card 1;|1:1: 'card' is not defined on value",
      "sum 1;|1:1: 'sum' is not defined on value",
      "1 @ 2;|1:3: '@' is not defined on value and value",
      "assert 1;|1:8: assert expects a boolean, found value",
      "x := 1; x ^ -1;|1:11: '^-1' is not defined on value",
      "x := 1; x ^+;|1:11: '^+' is not defined on value",
      "x := 1; y := last x before x under x;|1:19: 'last' expects a map, found value",
      "x := 1; y := any x before x under x;|1:18: 'any' expects a map, found value",
  })
  void errorPositionsAndMessages(String script, String expected) {
    CalcRun r = CalcRun.of(script.replace("\\n", "\n"));
    assertEquals(List.of(expected), r.err());
    assertEquals(Calculator.Outcome.INPUT_ERROR, r.outcome());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', ignoreLeadingAndTrailingWhitespace = false, value = {
      "codegen { [i] -> [i] };|1:1: codegen: not supported yet",
      "schedule { S[i] } respecting { S[i] -> S[i + 1] } minimizing { S[i] -> S[i + 1] };|1:1: schedule: not supported yet",
      "x := [N] -> { [i] -> (i * floor((i + floor(N/2))/3)) : 0 <= i < N };\\n  ub x;|2:3: ub: not supported yet",
      "poly { [i] -> floor(i / 2) : 0 <= i <= 5 };|1:1: poly: not supported yet",
      "vertices 1;|1:1: vertices: not supported yet",
  })
  void unsupportedOperationsAreCleanErrors(String script, String expected) {
    CalcRun r = CalcRun.of(script.replace("\\n", "\n"));
    assertEquals(List.of(expected), r.err());
    assertEquals(Calculator.Outcome.INPUT_ERROR, r.outcome());
  }

  @Test
  void polyOfAUnionIsItsPolyhedralHull() {
    CalcRun r = CalcRun.of("poly ({ [i] : 0 <= i <= 2 } + { [i] : 5 <= i <= 7 }) = { [i] : 0 <= i <= 7 };\n"
        + "poly { [i, j] : 0 <= i <= 2 and j = 0; [i, j] : i = 0 and 0 <= j <= 2 } = { [i, j] : i >= 0 and j >= 0 and i + j <= 2 };");
    assertEquals(List.of("True", "True"), r.out());
  }

  @Test
  void sourceNamePrefixesPositions() {
    CalcRun r = CalcRun.on(new Calculator().setSourceName("s.iscc"), "print\n  q;");
    assertEquals(List.of("s.iscc:2:3: unknown identifier 'q'"), r.err());
  }

  @Test
  void emptyScriptAndEmptyStatements() {
    CalcRun r = CalcRun.of(" ;; \n");
    assertEquals(List.of(), r.out());
    assertEquals(Calculator.Outcome.OK, r.outcome());
  }
}
