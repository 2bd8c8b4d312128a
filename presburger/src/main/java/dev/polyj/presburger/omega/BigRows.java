package dev.polyj.presburger.omega;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;

/** {@link RowArithmetic} on {@code BigInteger[]} rows: the exact fallback when 64 bits overflow. */
final class BigRows implements RowArithmetic<BigInteger[]> {
  static final BigRows INSTANCE = new BigRows();
  private static final BigInteger TWO = BigInteger.TWO;

  static BigInteger[] of(long[] r) {
    BigInteger[] o = new BigInteger[r.length];
    for (int i = 0; i < r.length; i++) o[i] = BigInteger.valueOf(r[i]);
    return o;
  }

  /** The rows {@code rows} as {@code BigInteger} rows. */
  static List<BigInteger[]> of(List<long[]> rows) {
    List<BigInteger[]> out = new java.util.ArrayList<>(rows.size());
    for (long[] r : rows) out.add(of(r));
    return out;
  }

  @Override
  public int width(BigInteger[] r) {
    return r.length;
  }

  @Override
  public BigInteger[] widen(BigInteger[] r, int width) {
    BigInteger[] o = Arrays.copyOf(r, width);
    for (int i = r.length; i < width; i++) o[i] = BigInteger.ZERO;
    return o;
  }

  @Override
  public BigInteger[] copy(BigInteger[] r) {
    return r.clone();
  }

  @Override
  public int signum(BigInteger[] r, int j) {
    return r[j].signum();
  }

  @Override
  public boolean isUnit(BigInteger[] r, int j) {
    return r[j].abs().equals(BigInteger.ONE);
  }

  @Override
  public boolean absAtMost(BigInteger[] r, int j, long bound) {
    return r[j].abs().compareTo(BigInteger.valueOf(bound)) <= 0;
  }

  @Override
  public boolean is(BigInteger[] r, int j, long v) {
    return r[j].equals(BigInteger.valueOf(v));
  }

  @Override
  public int compareAbs(BigInteger[] r, int j, BigInteger[] s, int k) {
    return r[j].abs().compareTo(s[k].abs());
  }

  @Override
  public boolean varsZero(BigInteger[] r) {
    for (int i = 1; i < r.length; i++) if (r[i].signum() != 0) return false;
    return true;
  }

  private static BigInteger gcd(BigInteger[] r) {
    BigInteger g = BigInteger.ZERO;
    for (int i = 1; i < r.length; i++) g = g.gcd(r[i]);
    return g;
  }

  @Override
  public BigInteger[] normalizeEq(BigInteger[] r) {
    BigInteger g = gcd(r);
    if (g.compareTo(BigInteger.ONE) <= 0) return r;
    if (r[0].mod(g).signum() != 0) return null;
    BigInteger[] o = new BigInteger[r.length];
    for (int i = 0; i < r.length; i++) o[i] = r[i].divide(g);
    return o;
  }

  @Override
  public BigInteger[] normalizeIneq(BigInteger[] r) {
    BigInteger g = gcd(r);
    if (g.compareTo(BigInteger.ONE) <= 0) return r;
    BigInteger[] o = new BigInteger[r.length];
    o[0] = floorDiv(r[0], g);
    for (int i = 1; i < r.length; i++) o[i] = r[i].divide(g);
    return o;
  }

  private static BigInteger floorDiv(BigInteger a, BigInteger b) {
    BigInteger[] qr = a.divideAndRemainder(b);
    if (qr[1].signum() != 0 && (qr[1].signum() != b.signum())) return qr[0].subtract(BigInteger.ONE);
    return qr[0];
  }

  @Override
  public BigInteger[] negate(BigInteger[] r) {
    BigInteger[] o = new BigInteger[r.length];
    for (int i = 0; i < r.length; i++) o[i] = r[i].negate();
    return o;
  }

  @Override
  public int constSumSign(BigInteger[] r, BigInteger[] s) {
    return r[0].add(s[0]).signum();
  }

  @Override
  public boolean constLess(BigInteger[] r, BigInteger[] s) {
    return r[0].compareTo(s[0]) < 0;
  }

  @Override
  public BigInteger[] withConstantOf(BigInteger[] r, BigInteger[] s) {
    BigInteger[] o = r.clone();
    o[0] = s[0];
    return o;
  }

  private static BigInteger[] lin(BigInteger a, BigInteger[] x, BigInteger b, BigInteger[] y) {
    BigInteger[] o = new BigInteger[x.length];
    for (int i = 0; i < x.length; i++) o[i] = a.multiply(x[i]).add(b.multiply(y[i]));
    return o;
  }

  @Override
  public BigInteger[] combine(BigInteger[] lower, BigInteger[] upper, int z, boolean dark) {
    BigInteger a = lower[z];
    BigInteger b = upper[z].negate();
    BigInteger[] c;
    if (dark) {
      c = lin(b, lower, a, upper);
      c[0] = c[0].subtract(a.subtract(BigInteger.ONE).multiply(b.subtract(BigInteger.ONE)));
    } else {
      BigInteger g = a.gcd(b);
      c = lin(b.divide(g), lower, a.divide(g), upper);
    }
    c[z] = BigInteger.ZERO;
    return c;
  }

  @Override
  public BigInteger[] minusConstant(BigInteger[] r, long i) {
    BigInteger[] o = r.clone();
    o[0] = o[0].subtract(BigInteger.valueOf(i));
    return o;
  }

  @Override
  public long splinterLimit(BigInteger[] lower, BigInteger[] maxUpper, int z) {
    BigInteger a = lower[z];
    BigInteger m = maxUpper[z].abs();
    BigInteger limit = floorDiv(a.multiply(m).subtract(a).subtract(m), m);
    return limit.bitLength() > 62 ? Long.MAX_VALUE : limit.longValue();
  }

  @Override
  public BigInteger[] substitute(BigInteger[] r, BigInteger[] e, int k) {
    BigInteger c = r[k];
    if (c.signum() == 0) return r;
    return lin(BigInteger.ONE, r, c.multiply(e[k]).negate(), e);
  }

  @Override
  public BigInteger[] modHat(BigInteger[] e, int k) {
    BigInteger m = e[k].abs().add(BigInteger.ONE);
    BigInteger[] n = new BigInteger[e.length + 1];
    BigInteger twoM = m.multiply(TWO);
    for (int j = 0; j < e.length; j++) {
      n[j] = e[j].subtract(m.multiply(floorDiv(e[j].multiply(TWO).add(m), twoM)));
    }
    n[e.length] = m.negate();
    return n;
  }

  @Override
  public Object varKey(BigInteger[] r) {
    return List.of(r).subList(1, r.length);
  }
}
