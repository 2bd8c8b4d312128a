package dev.polyj.polyhedral.speculation;

import dev.polyj.presburger.aff.Aff;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import java.util.ArrayList;
import java.util.List;

/**
 * Quasi-affine functions and sets of the parameters printed as C expressions evaluated in {@code
 * long long} (each parameter converted first, floor divisions spelled out), for run-time checks
 * placed before a region. Sets with existential variables that are not divisions cannot be printed
 * ({@link Unsupported}).
 */
final class ParamExpressions {
  private ParamExpressions() {}

  /** An expression or set that has no C form here. */
  static final class Unsupported extends Exception {
    Unsupported(String message) {
      super(message, null, false, false);
    }
  }

  /** The integer value of {@code a}, a function of the parameters. */
  static String value(Aff a) throws Unsupported {
    if (a.denominator() != 1) throw new Unsupported("a rational bound " + a);
    List<String> params = a.space().params();
    List<String> divs = new ArrayList<>();
    for (int k = 0; k < a.nDiv(); k++) divs.add(floor(a.div(k), params, divs));
    return linear(a.numerator(), params, divs);
  }

  /** The conditions of a basic set of the parameters, as one C condition ("1" for the universe). */
  static String condition(BasicRelation b) throws Unsupported {
    List<String> params = b.space().params();
    List<String> locals = new ArrayList<>();
    for (int k = 0; k < b.nLocal(); k++) {
      Div d = b.div(k);
      if (d == null) throw new Unsupported("an existential variable in a condition");
      locals.add(floor(d, params, locals));
    }
    List<String> parts = new ArrayList<>();
    for (long[] row : b.equalities()) parts.add(linear(project(b, row), params, locals) + " == 0");
    for (long[] row : b.inequalities()) parts.add(linear(project(b, row), params, locals) + " >= 0");
    if (b.isMarkedEmpty()) return "0";
    return parts.isEmpty() ? "1" : "(" + String.join(" && ", parts) + ")";
  }

  /** The row of a basic set of the parameters as constant, parameters, locals. */
  private static long[] project(BasicRelation b, long[] row) {
    long[] out = new long[1 + b.nParam() + b.nLocal()];
    out[0] = row[0];
    for (int p = 0; p < b.nParam(); p++) out[1 + p] = row[b.paramCol(p)];
    for (int l = 0; l < b.nLocal(); l++) out[1 + b.nParam() + l] = row[b.localCol(l)];
    return out;
  }

  private static String floor(Div d, List<String> params, List<String> earlier) throws Unsupported {
    long den = d.denominator();
    String n = linear(d.numerator(), params, earlier);
    if (den == 1) return n;
    return "((" + n + ") < 0 ? -((-(" + n + ") + " + (den - 1) + "LL) / " + den + "LL) : (" + n + ") / " + den + "LL)";
  }

  /** {@code row . (1, params, divs)} in C. */
  private static String linear(long[] row, List<String> params, List<String> divs) throws Unsupported {
    StringBuilder sb = new StringBuilder();
    for (int k = 1; k < row.length; k++) {
      if (row[k] == 0) continue;
      String name;
      if (k - 1 < params.size()) name = "(long long)" + params.get(k - 1);
      else if (k - 1 - params.size() < divs.size()) name = "(" + divs.get(k - 1 - params.size()) + ")";
      else throw new Unsupported("a column without a name");
      term(sb, row[k], name);
    }
    if (row[0] != 0 || sb.length() == 0) {
      if (sb.length() == 0) return Long.toString(row[0]) + "LL";
      sb.append(row[0] < 0 ? " - " : " + ").append(Math.abs(row[0])).append("LL");
    }
    return "(" + sb + ")";
  }

  private static void term(StringBuilder sb, long c, String name) {
    if (sb.length() > 0) sb.append(c < 0 ? " - " : " + ");
    else if (c < 0) sb.append("-");
    long m = c == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(c); // never reached: rows are normalized far below
    if (m != 1) sb.append(m).append("LL * ");
    sb.append(name);
  }
}
