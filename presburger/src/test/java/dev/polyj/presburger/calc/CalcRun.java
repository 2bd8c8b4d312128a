package dev.polyj.presburger.calc;

import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;

/** A script run through a fresh calculator: its standard output and error lines and its outcome. */
record CalcRun(Calculator calculator, List<String> out, List<String> err, Calculator.Outcome outcome) {
  static CalcRun of(String script) {
    return on(new Calculator(), script);
  }

  static CalcRun on(Calculator calculator, String script) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Calculator.Outcome outcome = calculator.execute(new StringReader(script), new PrintWriter(out), new PrintWriter(err));
    return new CalcRun(calculator, lines(out.toString()), lines(err.toString()), outcome);
  }

  private static List<String> lines(String s) {
    return s.isEmpty() ? List.of() : Arrays.asList(s.split("\n", -1)).subList(0, s.split("\n", -1).length - 1);
  }

  Value variable(String name) {
    return calculator.variable(name).orElseThrow(() -> new AssertionError("variable " + name + " not set; errors: " + err));
  }
}
