package dev.polyj.presburger.pip;

import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link Tableau} with {@code long} entries; every operation is checked and throws
 * {@link dev.polyj.presburger.arith.CoefficientOverflowException} instead of wrapping, after which
 * the caller redoes the computation with a {@link BigTableau}.
 */
final class LongTableau extends Tableau {
  private final List<long[]> rows;

  LongTableau(int nUnknown, int nParam) {
    super(nUnknown, nParam);
    rows = new ArrayList<>();
  }

  /** A copy sharing the row arrays: a row's numbers are never changed once it is in the list (a change replaces the row). */
  private LongTableau(LongTableau o) {
    super(o);
    rows = new ArrayList<>(o.rows);
  }

  @Override
  LongTableau copy() {
    return new LongTableau(this);
  }

  @Override
  Object rowIdentity(int r) {
    return rows.get(r);
  }

  @Override
  int nRow() {
    return rows.size();
  }

  @Override
  int sign(int r, int pos) {
    return Long.signum(rows.get(r)[pos]);
  }

  @Override
  int compareRatio(int i, int j1, int j2, int r) {
    long[] a = rows.get(i);
    long[] t = rows.get(r);
    long x = Ints.mul(a[FIRST_COL + j1], t[FIRST_COL + j2]);
    long y = Ints.mul(a[FIRST_COL + j2], t[FIRST_COL + j1]);
    return Long.compare(x, y);
  }

  @Override
  void pivotNumbers(int r, int j) {
    long[] pr = rows.get(r);
    int w = pr.length;
    int pc = FIRST_COL + j;
    long p = pr[pc];
    long[] n = new long[w];
    for (int k = 1; k < w; k++) n[k] = Ints.neg(pr[k]);
    n[pc] = pr[DEN];
    n[DEN] = p;
    if (p < 0) for (int k = 0; k < w; k++) n[k] = Ints.neg(n[k]);
    normalize(n);
    rows.set(r, n);
    for (int i = 0; i < rows.size(); i++) {
      if (i == r) continue;
      long[] a = rows.get(i);
      long t = a[pc];
      if (t == 0) continue;
      long[] o = new long[w];
      o[DEN] = Ints.mul(a[DEN], n[DEN]);
      for (int k = 1; k < w; k++) {
        if (k == pc) o[k] = Ints.mul(t, n[k]);
        else o[k] = Ints.add(Ints.mul(n[DEN], a[k]), Ints.mul(t, n[k]));
      }
      normalize(o);
      rows.set(i, o);
    }
  }

  @Override
  void fixParam(int k, long value) {
    int pos = paramPos(k);
    for (int r = 0; r < rows.size(); r++) {
      long[] a = rows.get(r);
      if (a[pos] == 0) continue;
      long[] b = a.clone(); // rows are shared with copies: a change replaces the row
      b[CONST] = Ints.add(b[CONST], Ints.mul(b[pos], value));
      b[pos] = 0;
      normalize(b);
      rows.set(r, b);
    }
  }

  private static void normalize(long[] row) {
    long g = Ints.gcd(row, 0, row.length);
    if (g > 1) for (int k = 0; k < row.length; k++) row[k] /= g;
  }

  @Override
  long[] parametricConstant(int r) {
    long[] a = rows.get(r);
    long[] out = new long[1 + nParam];
    out[0] = a[CONST];
    System.arraycopy(a, paramPos(0), out, 1, nParam);
    long g = Ints.gcd(out, 0, out.length);
    if (g > 1) for (int k = 0; k < out.length; k++) out[k] /= g;
    return out;
  }

  @Override
  boolean divisible(int r, int from, int to) {
    long[] a = rows.get(r);
    long d = a[DEN];
    if (d == 1) return true;
    for (int k = from; k < to; k++) if (a[k] % d != 0) return false;
    return true;
  }

  @Override
  long[] fractionalParametricConstant(int r, boolean negated) {
    long[] a = rows.get(r);
    long d = a[DEN];
    long[] out = new long[1 + nParam];
    out[0] = Math.floorMod(negated ? Ints.neg(a[CONST]) : a[CONST], d);
    for (int k = 0; k < nParam; k++) out[1 + k] = Math.floorMod(negated ? Ints.neg(a[paramPos(k)]) : a[paramPos(k)], d);
    return out;
  }

  @Override
  long denominator(int r) {
    return rows.get(r)[DEN];
  }

  @Override
  void replaceFractionByDiv(int r, int divParam) {
    long[] a = rows.get(r).clone(); // a new row object: its content changes
    rows.set(r, a);
    long d = a[DEN];
    a[CONST] = Ints.mul(d, Math.floorDiv(a[CONST], d));
    for (int k = 0; k < nParam; k++) a[paramPos(k)] = Ints.mul(d, Math.floorDiv(a[paramPos(k)], d));
    a[paramPos(divParam)] = Ints.add(a[paramPos(divParam)], d);
    normalize(a);
  }

  @Override
  void appendCutNumbers(int r, int divParam) {
    long[] a = rows.get(r);
    long d = a[DEN];
    long[] c = new long[a.length];
    c[DEN] = d;
    c[CONST] = -Math.floorMod(Ints.neg(a[CONST]), d);
    for (int j = 0; j < nCol; j++) c[FIRST_COL + j] = Math.floorMod(a[FIRST_COL + j], d);
    if (divParam >= 0) {
      for (int k = 0; k < nParam; k++) c[paramPos(k)] = -Math.floorMod(Ints.neg(a[paramPos(k)]), d);
      c[paramPos(divParam)] = Ints.add(c[paramPos(divParam)], d);
    }
    normalize(c);
    rows.add(c);
  }

  @Override
  void appendParamNumbers() {
    rows.replaceAll(a -> Arrays.copyOf(a, a.length + 1));
  }

  @Override
  void appendRowNumbers(long[] row) {
    long[] a = new long[1 + row.length];
    a[DEN] = 1;
    System.arraycopy(row, 0, a, 1, row.length);
    normalize(a);
    rows.add(a);
  }

  /**
   * Adds a constraint row {@code [c, m, t...]} given over the unknowns (variables {@code 0 ..
   * nCol - 1}) rather than the current columns: the basic unknowns are substituted by their rows.
   * Returns the new row.
   */
  int addRowOverUnknowns(long[] row) {
    int w = FIRST_COL + nCol + nParam;
    long[] a = new long[w];
    a[DEN] = 1;
    a[CONST] = row[0];
    a[BIG] = row[1];
    for (int v = 0; v < nCol; v++) {
      long t = row[2 + v];
      if (t == 0) continue;
      int idx = varIndex[v];
      if (idx < 0) {
        a[FIRST_COL + ~idx] = Ints.add(a[FIRST_COL + ~idx], Ints.mul(t, a[DEN]));
        continue;
      }
      long[] b = rows.get(idx);
      long l = a[DEN] == 1 ? b[DEN] : b[DEN] == 1 ? a[DEN] : Ints.lcm(a[DEN], b[DEN]);
      long fa = l / a[DEN];
      long fb = Ints.mul(t, l / b[DEN]);
      for (int k = 1; k < w; k++) a[k] = Ints.add(Ints.mul(fa, a[k]), Ints.mul(fb, b[k]));
      a[DEN] = l;
    }
    normalize(a);
    rows.add(a);
    newRow(newVar(rows.size() - 1));
    return rows.size() - 1;
  }

  @Override
  long[] finiteValue(int r) {
    long[] a = rows.get(r);
    if (a[BIG] != a[DEN]) return null;
    long d = a[DEN];
    long[] out = new long[1 + nParam];
    out[0] = exact(a[CONST], d);
    for (int k = 0; k < nParam; k++) out[1 + k] = exact(a[paramPos(k)], d);
    return out;
  }

  private static long exact(long a, long d) {
    if (a % d != 0) throw new IllegalStateException("non-integral value in an integral solution");
    return a / d;
  }

  @Override
  void moveLastRowNumbers(int r) {
    long[] last = rows.remove(rows.size() - 1);
    if (r < rows.size()) rows.set(r, last);
  }

  /**
   * Replaces variable {@code v} (a slack, whose constraint is {@code v >= 0}) by {@code -v - 1}:
   * the tableau then describes the same system with that constraint replaced by its integer
   * negation. A basic variable's row is negated and decreased by one; a non-basic variable's
   * column is negated and the constants shifted accordingly (its column need not stay
   * lexicographically positive, so the dual simplex from here should run with a pivot limit).
   */
  void negateVariable(int v) {
    int idx = varIndex[v];
    if (idx >= 0) {
      long[] a = rows.get(idx);
      long[] n = new long[a.length];
      n[DEN] = a[DEN];
      for (int k = 1; k < a.length; k++) n[k] = Ints.neg(a[k]);
      n[CONST] = Ints.sub(n[CONST], a[DEN]);
      normalize(n);
      rows.set(idx, n);
      return;
    }
    int pc = FIRST_COL + ~idx;
    for (int i = 0; i < rows.size(); i++) {
      long[] a = rows.get(i);
      if (a[pc] == 0) continue;
      long[] n = a.clone();
      n[CONST] = Ints.sub(n[CONST], a[pc]);
      n[pc] = Ints.neg(a[pc]);
      normalize(n);
      rows.set(i, n);
    }
  }

  /** The numbers of row r (not a copy, shared: read only). */
  long[] rawRow(int r) {
    return rows.get(r);
  }
}
