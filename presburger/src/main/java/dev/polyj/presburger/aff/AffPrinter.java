package dev.polyj.presburger.aff;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Prints quasi-affine expressions and the constraints of piece domains in isl notation, e.g.
 * {@code -i0 + 2*floor((i0)/2)} and {@code N - i >= 1 and exists (e0 : i = 3e0)}. Variables get
 * unique names: parameters by name, dimensions by label or {@code i<k>} when unlabelled.
 */
final class AffPrinter {
  private final Space space;
  private final String[] names;
  private final Set<String> used = new HashSet<>();

  /** A printer for expressions over {@code domain} (a set or parameter space). */
  AffPrinter(Space domain) {
    this.space = domain;
    names = new String[domain.nVar()];
    for (int p = 0; p < domain.nParam(); p++) {
      names[p] = domain.params().get(p);
      used.add(names[p]);
    }
    Tuple t = domain.isParams() ? null : domain.rangeTuple();
    for (int i = 0; i < domain.nDim(); i++) {
      String label = t.dimName(i);
      String n = label.isEmpty() ? "i" + i : label;
      while (used.contains(n)) n = n + "'";
      names[domain.nParam() + i] = n;
      used.add(n);
    }
  }

  /** {@code "[N, M] -> "}, or empty without parameters. */
  String prefix() {
    return space.nParam() == 0 ? "" : "[" + String.join(", ", space.params()) + "] -> ";
  }

  /** {@code "S[i, j] -> "} for a set domain, empty for a parameter domain. */
  String domainTuple() {
    return space.isParams() ? "" : tuple(space.rangeTuple(), new int[] {space.nParam()}) + " -> ";
  }

  /** A tuple with this printer's dimension names, starting at variable {@code next[0]}. */
  String tuple(Tuple t, int[] next) {
    StringBuilder sb = new StringBuilder();
    if (t.hasName()) sb.append(t.name());
    sb.append('[');
    if (t.isWrapping()) {
      sb.append(tuple(t.nestedDomain(), next)).append(" -> ").append(tuple(t.nestedRange(), next));
    } else {
      for (int i = 0; i < t.arity(); i++) {
        if (i > 0) sb.append(", ");
        sb.append(names[next[0]++]);
      }
    }
    return sb.append(']').toString();
  }

  /**
   * {@code prefix{ D -> R[o0, ...] : false }}: an empty function in its space (range {@code range},
   * dimensions named freshly), which isl reads as the empty map of that space.
   */
  String emptyFunction(Tuple range) {
    int[] k = {0};
    return prefix() + "{ " + domainTuple() + freshTuple(range, k) + " : false }";
  }

  private String freshTuple(Tuple t, int[] k) {
    StringBuilder sb = new StringBuilder();
    if (t.hasName()) sb.append(t.name());
    sb.append('[');
    if (t.isWrapping()) {
      sb.append(freshTuple(t.nestedDomain(), k)).append(" -> ").append(freshTuple(t.nestedRange(), k));
    } else {
      for (int i = 0; i < t.arity(); i++) {
        if (i > 0) sb.append(", ");
        String n = "o" + k[0]++;
        while (used.contains(n)) n = n + "'";
        sb.append(n);
      }
    }
    return sb.append(']').toString();
  }

  /** Names of the columns 1.. of a layout with the given divisions (printed as floors). */
  private String[] columnNames(List<Div> divs, int[] unknownNames) {
    int nv = names.length;
    int nl = divs.size();
    String[] cols = new String[1 + nv + nl];
    System.arraycopy(names, 0, cols, 1, nv);
    int u = 0;
    for (int k = 0; k < nl; k++) {
      Div d = divs.get(k);
      if (d == null) {
        cols[1 + nv + k] = "e" + unknownNames[u++];
      } else {
        cols[1 + nv + k] = "floor((" + linear(d.numerator(), cols, true) + ")/" + d.denominator() + ")";
      }
    }
    return cols;
  }

  /** The expression of an {@link Aff} over this printer's space. */
  String expression(Aff a) {
    String[] cols = columnNames(a.divs(), new int[0]);
    String body = linear(a.numerator(), cols, true);
    return a.denominator() == 1 ? body : "(" + body + ")/" + a.denominator();
  }

  /**
   * The columns 1.. of a row in printing order: variables in their order, then divisions sorted by
   * their printed form (so that the text does not depend on the order in which divisions are
   * stored).
   */
  static int[] printOrder(long[] row, String[] cols) {
    List<Integer> plain = new ArrayList<>();
    List<Integer> floors = new ArrayList<>();
    for (int c = 1; c < row.length; c++) {
      if (row[c] != 0) (cols[c] != null && cols[c].startsWith("floor(") ? floors : plain).add(c);
    }
    floors.sort((x, y) -> cols[x].compareTo(cols[y]));
    plain.addAll(floors);
    return plain.stream().mapToInt(Integer::intValue).toArray();
  }

  /** {@code row . (1, cols)} in isl style: constant first, {@code 2i}, {@code 2*floor(...)}. */
  static String linear(long[] row, String[] cols, boolean withConstant) {
    StringBuilder sb = new StringBuilder();
    if (withConstant && row[0] != 0) sb.append(row[0]);
    for (int c : printOrder(row, cols)) {
      long v = row[c];
      if (v == 0) continue;
      if (sb.length() == 0) {
        if (v < 0) sb.append('-');
      } else {
        sb.append(v < 0 ? " - " : " + ");
      }
      long a = Math.abs(v);
      String n = cols[c];
      if (a != 1) sb.append(a).append(n.startsWith("floor") ? "*" : "");
      sb.append(n);
    }
    return sb.length() == 0 ? "0" : sb.toString();
  }

  /** The constraints of a piece domain over this printer's space, or "" for the universe. */
  String constraints(BasicRelation b) {
    if (b.isMarkedEmpty()) return "false";
    List<Div> defs = new ArrayList<>();
    int nUnknown = 0;
    for (int k = 0; k < b.nLocal(); k++) {
      defs.add(b.div(k));
      if (b.div(k) == null) nUnknown++;
    }
    int[] unknownNames = new int[nUnknown];
    for (int k = 0; k < nUnknown; k++) unknownNames[k] = k;
    String[] cols = columnNames(defs, unknownNames);
    List<String> parts = new ArrayList<>();
    List<String> eqs = new ArrayList<>();
    for (long[] e : b.equalities()) eqs.add(constraint(e, cols, true));
    parts.addAll(withDivisionsSorted(eqs));
    List<String> ineqs = new ArrayList<>();
    for (long[] e : b.inequalities()) {
      if (isPinning(e, b)) continue;
      ineqs.add(constraint(e, cols, false));
    }
    parts.addAll(withDivisionsSorted(ineqs));
    String body = String.join(" and ", parts);
    if (nUnknown == 0) return body;
    List<String> ex = new ArrayList<>();
    for (int k = 0; k < nUnknown; k++) ex.add("e" + k);
    return "exists (" + String.join(", ", ex) + " : " + (parts.isEmpty() ? "true" : body) + ")";
  }

  /** The constraints with divisions first, sorted (their stored order is not canonical), then the others in order. */
  private static List<String> withDivisionsSorted(List<String> cs) {
    List<String> divs = new ArrayList<>();
    List<String> plain = new ArrayList<>();
    for (String c : cs) (c.contains("floor(") ? divs : plain).add(c);
    divs.sort(null);
    divs.addAll(plain);
    return divs;
  }

  /** True for the constraints that define a known division (printed through the floor itself). */
  private static boolean isPinning(long[] r, BasicRelation b) {
    for (int k = 0; k < b.nLocal(); k++) {
      Div d = b.div(k);
      if (d == null) continue;
      int col = b.localCol(k);
      long[] n = d.numerator();
      long den = d.denominator();
      if (r[col] == -den) {
        boolean same = true;
        for (int c = 1; c < r.length && same; c++) if (c != col && r[c] != n[c]) same = false;
        if (same && r[0] >= n[0]) return true;
      } else if (r[col] == den) {
        boolean same = true;
        for (int c = 1; c < r.length && same; c++) if (c != col && r[c] != -n[c]) same = false;
        if (same && r[0] >= -n[0] + den - 1) return true;
      }
    }
    return false;
  }

  /** {@code e = 0} or {@code e >= 0} with the constant on the right, variables positive where possible. */
  static String constraint(long[] e, String[] cols, boolean equality) {
    long[] v = e.clone();
    long c = -v[0];
    v[0] = 0;
    boolean anyPositive = false;
    int first = -1;
    for (int k : printOrder(v, cols)) {
      if (v[k] > 0) anyPositive = true;
      if (v[k] != 0 && first < 0) first = k;
    }
    String op = equality ? " = " : " >= ";
    boolean flip = equality ? (first >= 0 && v[first] < 0) : !anyPositive;
    if (flip) {
      for (int k = 1; k < v.length; k++) v[k] = -v[k];
      c = -c;
      if (!equality) op = " <= ";
    }
    return linear(v, cols, false) + op + c;
  }
}
