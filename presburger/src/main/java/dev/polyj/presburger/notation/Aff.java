package dev.polyj.presburger.notation;

import dev.polyj.presburger.arith.Ints;
import java.util.Arrays;

/**
 * A rational affine expression {@code (c[0] + sum c[1 + id] * x_id) / den} over the variables of a
 * {@link VarTable} (identified by id), as isl builds while reading: coefficients may become
 * rational through {@code e / d}; comparisons clear the denominator, {@code floor} turns it into an
 * integer division. Immutable, kept with {@code gcd(c, den) = 1} and {@code den > 0}.
 */
final class Aff {
  private final long[] c;
  private final long den;

  private Aff(long[] c, long den) {
    long g = Ints.gcd(Ints.gcd(c, 0, c.length), den);
    if (g > 1) {
      for (int i = 0; i < c.length; i++) c[i] /= g;
      den /= g;
    }
    this.c = c;
    this.den = den;
  }

  static Aff constant(long v) {
    return new Aff(new long[] {v}, 1);
  }

  static Aff var(int id) {
    long[] c = new long[id + 2];
    c[id + 1] = 1;
    return new Aff(c, 1);
  }

  /** The integer expression {@code row . (1, x)} with row indexed like {@link #numerator()}. */
  static Aff ofRow(long[] row) {
    return new Aff(row.clone(), 1);
  }

  long den() {
    return den;
  }

  /** Numerator row: index 0 the constant, index 1 + id the coefficient of variable id (may be short). */
  long[] numerator() {
    return c.clone();
  }

  long coefficient(int id) {
    return id + 1 < c.length ? c[id + 1] : 0;
  }

  long constantTerm() {
    return c[0];
  }

  /** Number of slots of the numerator row (1 + highest id that may be non-zero). */
  int width() {
    return c.length;
  }

  boolean isConstant() {
    return Ints.isZero(c, 1, c.length);
  }

  Aff add(Aff o) {
    int n = Math.max(c.length, o.c.length);
    long l = Ints.lcm(den, o.den);
    long fa = l / den;
    long fb = l / o.den;
    long[] r = new long[n];
    for (int i = 0; i < n; i++) {
      long x = i < c.length ? Ints.mul(c[i], fa) : 0;
      long y = i < o.c.length ? Ints.mul(o.c[i], fb) : 0;
      r[i] = Ints.add(x, y);
    }
    return new Aff(r, l);
  }

  Aff negate() {
    return new Aff(Ints.negate(c), den);
  }

  Aff sub(Aff o) {
    return add(o.negate());
  }

  Aff scale(long f) {
    long[] r = new long[c.length];
    for (int i = 0; i < c.length; i++) r[i] = Ints.mul(c[i], f);
    return new Aff(r, den);
  }

  /** This expression divided by {@code d} (non-zero). */
  Aff scaleDown(long d) {
    if (d < 0) return negate().scaleDown(Ints.neg(d));
    return new Aff(c.clone(), Ints.mul(den, d));
  }

  Aff addConstant(long v) {
    return add(constant(v));
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Aff a) || a.den != den) return false;
    int n = Math.max(c.length, a.c.length);
    for (int i = 0; i < n; i++) {
      long x = i < c.length ? c[i] : 0;
      long y = i < a.c.length ? a.c[i] : 0;
      if (x != y) return false;
    }
    return true;
  }

  @Override
  public int hashCode() {
    int last = c.length - 1;
    while (last > 0 && c[last] == 0) last--;
    return Arrays.hashCode(Arrays.copyOf(c, last + 1)) * 31 + Long.hashCode(den);
  }

  @Override
  public String toString() {
    return Arrays.toString(c) + "/" + den;
  }
}
