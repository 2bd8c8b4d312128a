package dev.polyj.polyhedral.schedule;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The isl notation of a band's partial schedule (a multi union piecewise affine expression), e.g.
 * {@code [n] -> [{ S[i, j] -> [(i)]; T[i] -> [(n - i)] }, { S[i, j] -> [(j)]; T[i] -> [(0)] }]}:
 * printing from and reading into one union map with a one-dimensional range per member.
 */
public final class MultiAff {
  private MultiAff() {}

  /** Prints band members; each member must be single-valued with its value fixed by an equality. */
  public static String print(List<UnionRelation> members) {
    LinkedHashSet<String> params = new LinkedHashSet<>();
    for (UnionRelation m : members) params.addAll(m.paramNames());
    StringBuilder sb = new StringBuilder();
    if (!params.isEmpty()) sb.append('[').append(String.join(", ", params)).append("] -> ");
    sb.append('[');
    for (int k = 0; k < members.size(); k++) {
      if (k > 0) sb.append(", ");
      sb.append("{ ");
      List<String> pieces = new ArrayList<>();
      for (Relation r : members.get(k).relations()) for (BasicRelation b : r.basics()) pieces.add(piece(b));
      sb.append(String.join("; ", pieces));
      sb.append(" }");
    }
    return sb.append(']').toString();
  }

  /** One piece {@code S[i] -> [(expr)] : conditions}. */
  private static String piece(BasicRelation b) {
    Space s = b.space();
    if (!s.isMap() || s.nOut() != 1) throw new IllegalArgumentException("band member must map to one dimension: " + s);
    int out = b.outCol(0);
    String[] names = columnNames(b);
    long[] def = null;
    int defIndex = -1;
    for (int k = 0; k < b.nEq(); k++) {
      if (b.eq(k)[out] != 0) {
        def = b.eq(k);
        defIndex = k;
        break;
      }
    }
    if (def == null) throw new IllegalArgumentException("band member is not a function: " + b);
    long c = def[out];
    long[] rest = def.clone();
    rest[out] = 0;
    // out = -rest / c
    long[] value = c > 0 ? Ints.negate(rest) : rest;
    long den = Math.abs(c);
    String valueText;
    if (den == 1) {
      valueText = expr(value, names);
    } else {
      valueText = "floor((" + expr(value, names) + ")/" + den + ")";
    }
    List<String> conds = new ArrayList<>();
    for (int k = 0; k < b.nEq(); k++) {
      if (k == defIndex) continue;
      conds.add(expr(eliminate(b.eq(k), def, out, true), names) + " = 0");
    }
    for (int k = 0; k < b.nIneq(); k++) {
      long[] row = b.ineq(k);
      if (isDivBound(b, row)) continue;
      conds.add(expr(eliminate(row, def, out, false), names) + " >= 0");
    }
    StringBuilder sb = new StringBuilder();
    sb.append(s.domainTuple()).append(" -> [(").append(valueText).append(")]");
    if (!conds.isEmpty()) sb.append(" : ").append(String.join(" and ", conds));
    return sb.toString();
  }

  /** {@code row} with the output column eliminated using the defining equality. */
  private static long[] eliminate(long[] row, long[] def, int col, boolean isEq) {
    if (row[col] == 0) return row;
    long c = def[col];
    long k = row[col];
    long f = Math.abs(c);
    long g = c > 0 ? -k : k;
    return Ints.combine(f, row, g, def);
  }

  private static boolean isDivBound(BasicRelation b, long[] row) {
    for (int l = 0; l < b.nLocal(); l++) {
      Div d = b.div(l);
      if (d == null) continue;
      int col = b.localCol(l);
      long[] num = java.util.Arrays.copyOf(d.numerator(), row.length);
      long[] lo = num.clone();
      lo[col] -= d.denominator();
      long[] hi = Ints.negate(num);
      hi[col] += d.denominator();
      hi[0] += d.denominator() - 1;
      if (java.util.Arrays.equals(lo, row) || java.util.Arrays.equals(hi, row)) return true;
    }
    return false;
  }

  /** Names of all columns: index 0 unused, then parameters, input dims, output dims, locals. */
  private static String[] columnNames(BasicRelation b) {
    Space s = b.space();
    String[] names = new String[b.nCol()];
    for (int i = 0; i < s.nParam(); i++) names[b.paramCol(i)] = s.params().get(i);
    for (int i = 0; i < s.nIn(); i++) {
      String n = s.domainTuple().dimName(i);
      names[b.inCol(i)] = n.isEmpty() ? "i" + i : n;
    }
    for (int i = 0; i < s.nOut(); i++) names[b.outCol(i)] = "o" + i;
    for (int l = 0; l < b.nLocal(); l++) {
      Div d = b.div(l);
      if (d == null) throw new IllegalArgumentException("band member with an existential variable: " + b);
      names[b.localCol(l)] = "floor((" + expr(java.util.Arrays.copyOf(d.numerator(), b.nCol()), names) + ")/"
          + d.denominator() + ")";
    }
    return names;
  }

  /** An affine row as isl text, e.g. {@code 2*i - n + 1}. */
  static String expr(long[] row, String[] names) {
    StringBuilder sb = new StringBuilder();
    for (int c = 1; c < row.length; c++) {
      long v = row[c];
      if (v == 0) continue;
      if (sb.length() == 0) {
        if (v < 0) sb.append('-');
      } else {
        sb.append(v < 0 ? " - " : " + ");
      }
      long a = Math.abs(v);
      if (a != 1) sb.append(a).append('*');
      sb.append(names[c]);
    }
    if (sb.length() == 0) return Long.toString(row[0]);
    if (row[0] > 0) sb.append(" + ").append(row[0]);
    if (row[0] < 0) sb.append(" - ").append(-row[0]);
    return sb.toString();
  }

  /**
   * Reads isl notation of band members into one union map per member: an optional parameter
   * list, an optional name of the band's space, and the list of union piecewise affine
   * expressions, e.g. {@code [n] -> L_0[{ S[i] -> [(i)] }, { S[i] -> [(n - i)] }]}.
   */
  public static List<UnionRelation> read(String text) {
    String t = text.trim();
    String prefix = "";
    if (t.startsWith("[")) {
      int close = matching(t, 0);
      String after = t.substring(close + 1).trim();
      if (after.startsWith("->")) {
        prefix = t.substring(0, close + 1) + " -> ";
        t = after.substring(2).trim();
      }
    }
    // the band's space may be named, as pet and isl name it: L_0[{ ... }, { ... }]
    int name = 0;
    while (name < t.length() && (Character.isLetterOrDigit(t.charAt(name)) || t.charAt(name) == '_')) name++;
    if (name > 0 && name < t.length() && t.charAt(name) == '[' && !Character.isDigit(t.charAt(0))) {
      t = t.substring(name);
    }
    if (!t.startsWith("[") || matching(t, 0) != t.length() - 1) {
      throw new IllegalArgumentException("band schedule must be a list of union piecewise affine expressions: " + text);
    }
    String body = t.substring(1, t.length() - 1).trim();
    List<UnionRelation> out = new ArrayList<>();
    if (body.isEmpty()) return out;
    int depth = 0;
    int start = 0;
    for (int i = 0; i <= body.length(); i++) {
      char ch = i < body.length() ? body.charAt(i) : ',';
      if (ch == '(' || ch == '[' || ch == '{') depth++;
      else if (ch == ')' || ch == ']' || ch == '}') depth--;
      else if (ch == ',' && depth == 0) {
        out.add(UnionRelation.parse(prefix + body.substring(start, i).trim()));
        start = i + 1;
      }
    }
    return out;
  }

  private static int matching(String s, int open) {
    int depth = 0;
    for (int i = open; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch == '(' || ch == '[' || ch == '{') depth++;
      else if (ch == ')' || ch == ']' || ch == '}') {
        depth--;
        if (depth == 0) return i;
      }
    }
    throw new IllegalArgumentException("unbalanced brackets in " + s);
  }
}
