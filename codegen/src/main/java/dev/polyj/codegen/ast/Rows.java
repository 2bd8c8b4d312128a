package dev.polyj.codegen.ast;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import java.util.Arrays;
import java.util.List;

/**
 * Constraint-row helpers on basic sets whose locals are known integer divisions: rebuilding a set
 * from some of its rows (the divisions come along), negating a row, and the dependence of
 * divisions on a variable.
 */
final class Rows {
  private Rows() {}

  /** True when every local of {@code b} is a known division. */
  static boolean allDivsKnown(BasicRelation b) {
    return !b.hasUnknownLocals();
  }

  /**
   * The basic set over {@code b}'s space with {@code b}'s divisions (as locals in the same
   * columns) and only the given rows (each of width {@code b.nCol()}).
   */
  static BasicRelation withRows(BasicRelation b, List<long[]> eqs, List<long[]> ineqs) {
    checkArgument(allDivsKnown(b), "basic set with unknown existentials: %s", b);
    BasicRelation.Builder builder = BasicRelation.builder(b.space());
    int nVar = b.nVar();
    for (int i = 0; i < b.nLocal(); i++) {
      Div d = b.div(i);
      long[] num = d.numerator();
      for (int c = 1 + nVar + i; c < num.length; c++) {
        checkArgument(num[c] == 0, "division %s refers to a later local", d);
      }
      int col = builder.addDiv(Arrays.copyOf(num, 1 + nVar + i), d.denominator());
      checkArgument(col == 1 + nVar + i, "unexpected local column %s", col);
    }
    for (long[] r : eqs) builder.addEq(widen(r, b.nCol()));
    for (long[] r : ineqs) builder.addIneq(widen(r, b.nCol()));
    return builder.build();
  }

  private static long[] widen(long[] r, int width) {
    checkArgument(r.length <= width, "row of width %s wider than %s", r.length, width);
    return r.length == width ? r : Arrays.copyOf(r, width);
  }

  /** {@code -row - 1}: the negation of {@code row >= 0}. */
  static long[] negate(long[] row) {
    long[] n = Ints.negate(row);
    n[0] = Ints.sub(n[0], 1);
    return n;
  }

  /** {@code row + k}. */
  static long[] shift(long[] row, long k) {
    long[] n = row.clone();
    n[0] = Ints.add(n[0], k);
    return n;
  }

  /** For each local of {@code b}: whether its division refers (transitively) to column {@code col}. */
  static boolean[] localsDependingOn(BasicRelation b, int col) {
    boolean[] dep = new boolean[b.nLocal()];
    int base = 1 + b.nVar();
    for (int i = 0; i < b.nLocal(); i++) {
      Div d = b.div(i);
      if (d == null) {
        dep[i] = true;
        continue;
      }
      if (col < d.width() && d.coefficient(col) != 0) dep[i] = true;
      for (int j = 0; j < i && !dep[i]; j++) {
        if (dep[j] && base + j < d.width() && d.coefficient(base + j) != 0) dep[i] = true;
      }
    }
    return dep;
  }

  /** True when the row has a non-zero coefficient on a local marked in {@code locals}. */
  static boolean usesLocals(long[] row, int base, boolean[] locals) {
    for (int i = 0; i < locals.length; i++) if (locals[i] && row[base + i] != 0) return true;
    return false;
  }

  /** True when the row has a non-zero coefficient in some column of [from, to). */
  static boolean usesColumns(long[] row, int from, int to) {
    for (int c = from; c < to && c < row.length; c++) if (row[c] != 0) return true;
    return false;
  }

  /** True when some row or division of {@code b} uses a column in [from, to). */
  static boolean mentions(BasicRelation b, int from, int to) {
    for (int i = 0; i < b.nEq(); i++) if (usesColumns(b.eq(i), from, to)) return true;
    for (int i = 0; i < b.nIneq(); i++) if (usesColumns(b.ineq(i), from, to)) return true;
    for (int i = 0; i < b.nLocal(); i++) {
      Div d = b.div(i);
      if (d != null && usesColumns(d.numerator(), from, to)) return true;
    }
    return false;
  }

  /**
   * The same set with locals of identical definitions merged into one (their values are equal at
   * every point), so that repeated intersections do not pile up copies of the same divisions.
   */
  static BasicRelation mergeEqualDivisions(BasicRelation b) {
    int n = b.nLocal();
    if (n <= 1) return b;
    int nv = b.nVar();
    int base = 1 + nv;
    int[] map = new int[n];
    List<long[]> numerators = new java.util.ArrayList<>();
    List<Long> denominators = new java.util.ArrayList<>();
    java.util.Map<String, Integer> seen = new java.util.HashMap<>();
    boolean merged = false;
    for (int i = 0; i < n; i++) {
      Div d = b.div(i);
      if (d == null) {
        map[i] = numerators.size();
        numerators.add(null);
        denominators.add(0L);
        continue;
      }
      long[] num = d.numerator();
      long[] remapped = new long[base + numerators.size()];
      System.arraycopy(num, 0, remapped, 0, Math.min(base, num.length));
      for (int j = 0; j < i; j++) {
        if (base + j < num.length && num[base + j] != 0) {
          remapped[base + map[j]] = dev.polyj.presburger.arith.Ints.add(remapped[base + map[j]], num[base + j]);
        }
      }
      String key = d.denominator() + ":" + Arrays.toString(trimZeros(remapped));
      Integer prev = seen.get(key);
      if (prev != null) {
        map[i] = prev;
        merged = true;
        continue;
      }
      map[i] = numerators.size();
      seen.put(key, map[i]);
      numerators.add(remapped);
      denominators.add(d.denominator());
    }
    if (!merged) return b;
    BasicRelation.Builder builder = BasicRelation.builder(b.space());
    for (int k = 0; k < numerators.size(); k++) {
      if (numerators.get(k) == null) builder.addExistential();
      else builder.addDiv(Arrays.copyOf(numerators.get(k), base + k), denominators.get(k));
    }
    int width = base + numerators.size();
    for (int i = 0; i < b.nEq(); i++) builder.addEq(remapRow(b.eq(i), base, map, width));
    for (int i = 0; i < b.nIneq(); i++) builder.addIneq(remapRow(b.ineq(i), base, map, width));
    return builder.build();
  }

  private static long[] trimZeros(long[] r) {
    int end = r.length;
    while (end > 0 && r[end - 1] == 0) end--;
    return Arrays.copyOf(r, end);
  }

  private static long[] remapRow(long[] r, int base, int[] map, int width) {
    long[] o = new long[width];
    System.arraycopy(r, 0, o, 0, base);
    for (int j = 0; j < map.length; j++) {
      if (r[base + j] != 0) o[base + map[j]] = dev.polyj.presburger.arith.Ints.add(o[base + map[j]], r[base + j]);
    }
    return o;
  }
}
