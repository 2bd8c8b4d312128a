package dev.polyj.presburger.qpoly;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Prints quasi-polynomials and their piecewise forms in isl notation, e.g.
 * {@code [N] -> { (1/2 * N + 1/2 * N^2) : N >= 1 }} or {@code [N] -> { S[i] -> (N - i) : 0 <= i < N }}.
 * Floor terms are printed inline as {@code floor((e)/d)}, also inside domain constraints.
 */
final class QPolyPrinter {
  private QPolyPrinter() {}

  /** Names of the space's variables: parameters, then dimensions (labels, or fresh {@code iK}). */
  static List<String> names(Space space) {
    List<String> names = new ArrayList<>(space.params());
    Set<String> taken = new HashSet<>(names);
    List<String> labels = new ArrayList<>();
    if (space.isMap()) {
      labels.addAll(space.domainTuple().dimNames());
      labels.addAll(space.rangeTuple().dimNames());
    } else if (space.isSet()) {
      labels.addAll(space.tuple().dimNames());
    }
    for (int k = 0; k < labels.size(); k++) {
      String n = labels.get(k);
      if (n.isEmpty() || taken.contains(n)) {
        int j = k;
        do {
          n = "i" + j;
          j += labels.size();
        } while (taken.contains(n) || labels.contains(n));
      }
      taken.add(n);
      names.add(n);
    }
    return names;
  }

  /** The tuple with the given dimension names, e.g. {@code S[i, j]} or {@code [A[i] -> B[j]]}. */
  static String tuple(Tuple t, List<String> dimNames) {
    StringBuilder sb = new StringBuilder();
    if (t.hasName()) sb.append(t.name());
    sb.append('[');
    if (t.isWrapping()) {
      int n = t.nestedDomain().arity();
      sb.append(tuple(t.nestedDomain(), dimNames.subList(0, n))).append(" -> ")
          .append(tuple(t.nestedRange(), dimNames.subList(n, dimNames.size())));
    } else {
      sb.append(String.join(", ", dimNames));
    }
    return sb.append(']').toString();
  }

  /** {@code [N, M] -> } or the empty string. */
  static String paramPrefix(Space space) {
    return space.params().isEmpty() ? "" : "[" + String.join(", ", space.params()) + "] -> ";
  }

  /** The tuple part before {@code ->} of a piece, e.g. {@code S[i] -> }, or "" in a parameter space. */
  static String tuplePrefix(Space space, List<String> names) {
    if (space.isParams()) return "";
    List<String> dims = names.subList(space.nParam(), space.nVar());
    if (space.isSet()) return tuple(space.tuple(), dims) + " -> ";
    int n = space.nIn();
    return "[" + tuple(space.domainTuple(), dims.subList(0, n)) + " -> "
        + tuple(space.rangeTuple(), dims.subList(n, dims.size())) + "] -> ";
  }

  static String polynomial(QuasiPolynomial q, List<String> varNames) {
    if (q.isInfinite()) return "infty";
    if (q.isNaN()) return "NaN";
    List<String> names = new ArrayList<>(varNames);
    for (Div d : q.floors()) names.add(floorText(d, names));
    return polynomial(q.polynomial(), names);
  }

  static String floorText(Div d, List<String> names) {
    return "floor((" + affine(d.numerator(), names) + ")/" + d.denominator() + ")";
  }

  static String polynomial(Polynomial p, List<String> names) {
    if (p.isZero()) return "0";
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<Monomial, Rational> t : p.sortedTerms().entrySet()) {
      Rational c = t.getValue();
      Monomial m = t.getKey();
      boolean first = sb.length() == 0;
      if (c.signum() < 0) {
        sb.append(first ? "-" : " - ");
        c = c.negate();
      } else if (!first) {
        sb.append(" + ");
      }
      List<String> factors = new ArrayList<>();
      for (int v = 0; v < m.length(); v++) {
        int e = m.exponent(v);
        if (e == 0) continue;
        factors.add(names.get(v) + (e > 1 ? "^" + e : ""));
      }
      if (factors.isEmpty()) {
        sb.append(c);
      } else {
        if (!c.isOne()) sb.append(c).append(" * ");
        sb.append(String.join(" * ", factors));
      }
    }
    return sb.toString();
  }

  /** An affine row {@code [constant, coefficients...]} as text, constant first. */
  static String affine(long[] row, List<String> names) {
    StringBuilder sb = new StringBuilder();
    if (row[0] != 0) sb.append(row[0]);
    for (int c = 1; c < row.length; c++) {
      long a = row[c];
      if (a == 0) continue;
      appendTerm(sb, a, names.get(c - 1));
    }
    return sb.length() == 0 ? "0" : sb.toString();
  }

  private static void appendTerm(StringBuilder sb, long a, String name) {
    boolean first = sb.length() == 0;
    BigInteger abs = BigInteger.valueOf(a).abs();
    if (a < 0) sb.append(first ? "-" : " - ");
    else if (!first) sb.append(" + ");
    if (!abs.equals(BigInteger.ONE)) sb.append(abs).append(name.startsWith("floor") ? " * " : "");
    sb.append(name);
  }

  /** The constraints of a basic relation over {@code names}, e.g. {@code N >= 1 and 2i <= N}. */
  static String constraints(BasicRelation b, List<String> varNames) {
    if (b.isMarkedEmpty()) return "false";
    List<String> names = new ArrayList<>(varNames);
    List<String> exists = new ArrayList<>();
    for (int i = 0; i < b.nLocal(); i++) {
      Div d = b.div(i);
      if (d != null) {
        names.add(floorText(d, names));
      } else {
        String e = "e" + i;
        while (names.contains(e)) e = e + "_";
        names.add(e);
        exists.add(e);
      }
    }
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < b.nEq(); i++) parts.add(constraint(b.eq(i), names, " = "));
    for (int i = 0; i < b.nIneq(); i++) {
      long[] r = b.ineq(i);
      if (isPinning(b, r)) continue;
      parts.add(constraint(r, names, " >= "));
    }
    String body = parts.isEmpty() ? "true" : String.join(" and ", parts);
    if (exists.isEmpty()) return body;
    return "exists (" + String.join(", ", exists) + " : " + body + ")";
  }

  /** True when the inequality only pins down a known division (implied by its definition). */
  private static boolean isPinning(BasicRelation b, long[] r) {
    for (int i = 0; i < b.nLocal(); i++) {
      Div d = b.div(i);
      if (d == null) continue;
      int col = b.localCol(i);
      long[] num = java.util.Arrays.copyOf(d.numerator(), r.length);
      long dd = d.denominator();
      if (r[col] == -dd) {
        long[] lo = num.clone();
        lo[col] -= dd;
        if (java.util.Arrays.equals(lo, r)) return true;
      } else if (r[col] == dd) {
        long[] up = new long[r.length];
        for (int c = 0; c < r.length; c++) up[c] = -num[c];
        up[col] += dd;
        up[0] += dd - 1;
        if (java.util.Arrays.equals(up, r)) return true;
      }
    }
    return false;
  }

  /** One constraint with positive terms on the left, negative ones on the right. */
  private static String constraint(long[] r, List<String> names, String op) {
    StringBuilder left = new StringBuilder();
    StringBuilder right = new StringBuilder();
    for (int c = 1; c < r.length; c++) {
      if (r[c] > 0) appendTerm(left, r[c], names.get(c - 1));
      else if (r[c] < 0) appendTerm(right, -r[c], names.get(c - 1));
    }
    if (r[0] > 0) {
      if (left.length() == 0) left.append(r[0]);
      else left.append(" + ").append(r[0]);
    } else if (r[0] < 0) {
      if (right.length() == 0) right.append(-r[0]);
      else right.append(" + ").append(-r[0]);
    }
    return (left.length() == 0 ? "0" : left) + op + (right.length() == 0 ? "0" : right);
  }
}
