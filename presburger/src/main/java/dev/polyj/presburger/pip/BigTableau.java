package dev.polyj.presburger.pip;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link Tableau} with unbounded integer entries: the fallback when {@link LongTableau} overflows.
 * Values handed out of the tableau (parametric constants, divisions, solutions) must still fit in a
 * {@code long}, otherwise {@link CoefficientOverflowException} is thrown.
 */
final class BigTableau extends Tableau {
  private final List<BigInteger[]> rows;

  BigTableau(int nUnknown, int nParam) {
    super(nUnknown, nParam);
    rows = new ArrayList<>();
  }

  private BigTableau(BigTableau o) {
    super(o);
    rows = new ArrayList<>(o.rows.size());
    for (BigInteger[] r : o.rows) rows.add(r.clone());
  }

  @Override
  Tableau copy() {
    return new BigTableau(this);
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
    return rows.get(r)[pos].signum();
  }

  @Override
  int compareRatio(int i, int j1, int j2, int r) {
    BigInteger[] a = rows.get(i);
    BigInteger[] t = rows.get(r);
    return a[FIRST_COL + j1].multiply(t[FIRST_COL + j2]).compareTo(a[FIRST_COL + j2].multiply(t[FIRST_COL + j1]));
  }

  @Override
  void pivotNumbers(int r, int j) {
    BigInteger[] pr = rows.get(r);
    int w = pr.length;
    int pc = FIRST_COL + j;
    BigInteger p = pr[pc];
    BigInteger[] n = new BigInteger[w];
    for (int k = 1; k < w; k++) n[k] = pr[k].negate();
    n[pc] = pr[DEN];
    n[DEN] = p;
    if (p.signum() < 0) for (int k = 0; k < w; k++) n[k] = n[k].negate();
    normalize(n);
    rows.set(r, n);
    for (int i = 0; i < rows.size(); i++) {
      if (i == r) continue;
      BigInteger[] a = rows.get(i);
      BigInteger t = a[pc];
      if (t.signum() == 0) continue;
      BigInteger[] o = new BigInteger[w];
      o[DEN] = a[DEN].multiply(n[DEN]);
      for (int k = 1; k < w; k++) {
        if (k == pc) o[k] = t.multiply(n[k]);
        else o[k] = n[DEN].multiply(a[k]).add(t.multiply(n[k]));
      }
      normalize(o);
      rows.set(i, o);
    }
  }

  private static BigInteger gcd(BigInteger[] row, int from, int to) {
    BigInteger g = BigInteger.ZERO;
    for (int k = from; k < to && !g.equals(BigInteger.ONE); k++) g = g.gcd(row[k]);
    return g;
  }

  @Override
  void fixParam(int k, long value) {
    int pos = paramPos(k);
    BigInteger v = BigInteger.valueOf(value);
    for (BigInteger[] a : rows) {
      if (a[pos].signum() == 0) continue;
      a[CONST] = a[CONST].add(a[pos].multiply(v));
      a[pos] = BigInteger.ZERO;
      normalize(a);
    }
  }

  private static void normalize(BigInteger[] row) {
    BigInteger g = gcd(row, 0, row.length);
    if (g.compareTo(BigInteger.ONE) > 0) for (int k = 0; k < row.length; k++) row[k] = row[k].divide(g);
  }

  private static long toLong(BigInteger v) {
    if (v.bitLength() > 63) throw new CoefficientOverflowException();
    return v.longValue();
  }

  @Override
  long[] parametricConstant(int r) {
    BigInteger[] a = rows.get(r);
    BigInteger[] out = new BigInteger[1 + nParam];
    out[0] = a[CONST];
    System.arraycopy(a, paramPos(0), out, 1, nParam);
    normalize(out);
    long[] l = new long[out.length];
    for (int k = 0; k < out.length; k++) l[k] = toLong(out[k]);
    return l;
  }

  @Override
  boolean divisible(int r, int from, int to) {
    BigInteger[] a = rows.get(r);
    BigInteger d = a[DEN];
    if (d.equals(BigInteger.ONE)) return true;
    for (int k = from; k < to; k++) if (a[k].mod(d).signum() != 0) return false;
    return true;
  }

  @Override
  long[] fractionalParametricConstant(int r, boolean negated) {
    BigInteger[] a = rows.get(r);
    BigInteger d = a[DEN];
    long[] out = new long[1 + nParam];
    out[0] = toLong((negated ? a[CONST].negate() : a[CONST]).mod(d));
    for (int k = 0; k < nParam; k++) out[1 + k] = toLong((negated ? a[paramPos(k)].negate() : a[paramPos(k)]).mod(d));
    return out;
  }

  @Override
  long denominator(int r) {
    return toLong(rows.get(r)[DEN]);
  }

  private static BigInteger floorDiv(BigInteger a, BigInteger d) {
    BigInteger[] qr = a.divideAndRemainder(d);
    return qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
  }

  @Override
  void replaceFractionByDiv(int r, int divParam) {
    BigInteger[] a = rows.get(r).clone(); // a new row object: its content changes
    rows.set(r, a);
    BigInteger d = a[DEN];
    a[CONST] = d.multiply(floorDiv(a[CONST], d));
    for (int k = 0; k < nParam; k++) a[paramPos(k)] = d.multiply(floorDiv(a[paramPos(k)], d));
    a[paramPos(divParam)] = a[paramPos(divParam)].add(d);
    normalize(a);
  }

  @Override
  void appendCutNumbers(int r, int divParam) {
    BigInteger[] a = rows.get(r);
    BigInteger d = a[DEN];
    BigInteger[] c = new BigInteger[a.length];
    Arrays.fill(c, BigInteger.ZERO);
    c[DEN] = d;
    c[CONST] = a[CONST].negate().mod(d).negate();
    for (int j = 0; j < nCol; j++) c[FIRST_COL + j] = a[FIRST_COL + j].mod(d);
    if (divParam >= 0) {
      for (int k = 0; k < nParam; k++) c[paramPos(k)] = a[paramPos(k)].negate().mod(d).negate();
      c[paramPos(divParam)] = c[paramPos(divParam)].add(d);
    }
    normalize(c);
    rows.add(c);
  }

  @Override
  void appendParamNumbers() {
    rows.replaceAll(a -> {
      BigInteger[] b = Arrays.copyOf(a, a.length + 1);
      b[a.length] = BigInteger.ZERO;
      return b;
    });
  }

  @Override
  void appendRowNumbers(long[] row) {
    BigInteger[] a = new BigInteger[1 + row.length];
    a[DEN] = BigInteger.ONE;
    for (int k = 0; k < row.length; k++) a[1 + k] = BigInteger.valueOf(row[k]);
    normalize(a);
    rows.add(a);
  }

  @Override
  long[] finiteValue(int r) {
    BigInteger[] a = rows.get(r);
    if (!a[BIG].equals(a[DEN])) return null;
    BigInteger d = a[DEN];
    long[] out = new long[1 + nParam];
    out[0] = exact(a[CONST], d);
    for (int k = 0; k < nParam; k++) out[1 + k] = exact(a[paramPos(k)], d);
    return out;
  }

  /**
   * The value of row {@code r} as a reduced fraction {@code {numerator, denominator}} when it does
   * not depend on the big parameter, else null (a tableau without context parameters).
   *
   * @throws dev.polyj.presburger.arith.CoefficientOverflowException when it needs more than 64 bits
   */
  long[] rationalValue(int r) {
    BigInteger[] a = rows.get(r);
    if (!a[BIG].equals(a[DEN])) return null;
    BigInteger g = a[CONST].gcd(a[DEN]);
    if (g.signum() == 0) g = BigInteger.ONE;
    return new long[] {toLong(a[CONST].divide(g)), toLong(a[DEN].divide(g))};
  }

  private static long exact(BigInteger a, BigInteger d) {
    BigInteger[] qr = a.divideAndRemainder(d);
    if (qr[1].signum() != 0) throw new IllegalStateException("non-integral value in an integral solution");
    return toLong(qr[0]);
  }
}
