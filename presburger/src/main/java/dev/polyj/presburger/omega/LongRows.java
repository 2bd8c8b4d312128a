package dev.polyj.presburger.omega;

import dev.polyj.presburger.arith.Ints;
import java.util.Arrays;

/** {@link RowArithmetic} on {@code long[]} rows; throws CoefficientOverflowException past 64 bits. */
final class LongRows implements RowArithmetic<long[]> {
  static final LongRows INSTANCE = new LongRows();

  @Override
  public int width(long[] r) {
    return r.length;
  }

  @Override
  public long[] widen(long[] r, int width) {
    return Arrays.copyOf(r, width);
  }

  @Override
  public long[] copy(long[] r) {
    return r.clone();
  }

  @Override
  public int signum(long[] r, int j) {
    return Long.signum(r[j]);
  }

  @Override
  public boolean isUnit(long[] r, int j) {
    return r[j] == 1 || r[j] == -1;
  }

  @Override
  public boolean absAtMost(long[] r, int j, long bound) {
    return r[j] >= -bound && r[j] <= bound;
  }

  @Override
  public boolean is(long[] r, int j, long v) {
    return r[j] == v;
  }

  @Override
  public int compareAbs(long[] r, int j, long[] s, int k) {
    return Long.compare(Ints.abs(r[j]), Ints.abs(s[k]));
  }

  @Override
  public boolean varsZero(long[] r) {
    return Ints.isZero(r, 1, r.length);
  }

  @Override
  public long[] normalizeEq(long[] r) {
    long g = Ints.gcd(r, 1, r.length);
    if (g <= 1) return r;
    if (r[0] % g != 0) return null;
    long[] o = new long[r.length];
    for (int i = 0; i < r.length; i++) o[i] = r[i] / g;
    return o;
  }

  @Override
  public long[] normalizeIneq(long[] r) {
    long g = Ints.gcd(r, 1, r.length);
    if (g <= 1) return r;
    long[] o = new long[r.length];
    o[0] = Math.floorDiv(r[0], g);
    for (int i = 1; i < r.length; i++) o[i] = r[i] / g;
    return o;
  }

  @Override
  public long[] negate(long[] r) {
    return Ints.negate(r);
  }

  @Override
  public int constSumSign(long[] r, long[] s) {
    return Long.signum(Ints.add(r[0], s[0]));
  }

  @Override
  public boolean constLess(long[] r, long[] s) {
    return r[0] < s[0];
  }

  @Override
  public long[] withConstantOf(long[] r, long[] s) {
    long[] o = r.clone();
    o[0] = s[0];
    return o;
  }

  @Override
  public long[] combine(long[] lower, long[] upper, int z, boolean dark) {
    long a = lower[z];
    long b = -upper[z];
    long[] c;
    if (dark) {
      c = Ints.combine(b, lower, a, upper);
      c[0] = Ints.sub(c[0], Ints.mul(a - 1, b - 1));
    } else {
      long g = Ints.gcd(a, b);
      c = Ints.combine(b / g, lower, a / g, upper);
    }
    c[z] = 0;
    return c;
  }

  @Override
  public long[] minusConstant(long[] r, long i) {
    long[] o = r.clone();
    o[0] = Ints.sub(o[0], i);
    return o;
  }

  @Override
  public long splinterLimit(long[] lower, long[] maxUpper, int z) {
    long a = lower[z];
    long m = Ints.abs(maxUpper[z]);
    return Ints.floorDiv(Ints.sub(Ints.sub(Ints.mul(a, m), a), m), m);
  }

  @Override
  public long[] substitute(long[] r, long[] e, int k) {
    long c = r[k];
    if (c == 0) return r;
    return Ints.combine(1, r, -Ints.mul(c, e[k]), e);
  }

  @Override
  public long[] modHat(long[] e, int k) {
    long m = Ints.abs(e[k]) + 1;
    long[] n = new long[e.length + 1];
    for (int j = 0; j < e.length; j++) {
      n[j] = Ints.sub(e[j], Ints.mul(m, Math.floorDiv(Ints.add(Ints.mul(2, e[j]), m), Ints.mul(2, m))));
    }
    n[e.length] = -m;
    return n;
  }

  @Override
  public Object varKey(long[] r) {
    return new Key(r);
  }

  private static final class Key {
    final long[] r;
    final int hash;

    Key(long[] r) {
      this.r = r;
      long h = 1;
      for (int i = 1; i < r.length; i++) h = (h ^ r[i]) * 0x9E3779B97F4A7C15L; // small coefficients spread well
      hash = (int) (h ^ (h >>> 32));
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Key k) || k.r.length != r.length) return false;
      for (int i = 1; i < r.length; i++) if (k.r[i] != r[i]) return false;
      return true;
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
