package dev.polyj.presburger.arith;

import java.math.BigInteger;

/**
 * Exact integer arithmetic on {@code long} values and on coefficient rows.
 *
 * <p>Every operation either returns the exact result or throws {@link CoefficientOverflowException};
 * nothing wraps around silently. Rows are {@code long[]} vectors as used by the constraint systems
 * (column 0 is the constant term).
 */
public final class Ints {
  private Ints() {}

  /** The exception for {@code a op b}; built out of line so that the checked operations stay small. */
  private static CoefficientOverflowException overflow(long a, String op, long b) {
    return new CoefficientOverflowException(a + op + b + " exceeds 64 bits");
  }

  public static long add(long a, long b) {
    long r = a + b;
    if (((a ^ r) & (b ^ r)) < 0) throw overflow(a, " + ", b);
    return r;
  }

  /** Sign of a + b, exact for all inputs (no exception). */
  public static int addSign(long a, long b) {
    long r = a + b;
    if (((a ^ r) & (b ^ r)) < 0) return a < 0 ? -1 : 1; // overflowed: a and b share the true sign
    return Long.signum(r);
  }

  /** True when {@code a + b <= c}, exact for all inputs (no exception). */
  public static boolean sumAtMost(long a, long b, long c) {
    long r = a + b;
    if (((a ^ r) & (b ^ r)) < 0) return a < 0; // overflowed below Long.MIN_VALUE or above MAX_VALUE
    return r <= c;
  }

  /** Sign of a - b, exact for all inputs (no exception). */
  public static int subSign(long a, long b) {
    return Long.compare(a, b);
  }

  public static long sub(long a, long b) {
    long r = a - b;
    if (((a ^ b) & (a ^ r)) < 0) throw overflow(a, " - ", b);
    return r;
  }

  public static long mul(long a, long b) {
    long hi = Math.multiplyHigh(a, b);
    long lo = a * b;
    if ((hi == 0 && lo >= 0) || (hi == -1 && lo < 0)) return lo;
    throw overflow(a, " * ", b);
  }

  public static long neg(long a) {
    if (a == Long.MIN_VALUE) throw overflow(0, " - ", a);
    return -a;
  }

  public static long abs(long a) {
    return a < 0 ? neg(a) : a;
  }

  /** Greatest common divisor of |a| and |b|; gcd(0, 0) = 0. */
  public static long gcd(long a, long b) {
    a = abs(a);
    b = abs(b);
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return a;
  }

  /** Least common multiple of |a| and |b| (both non-zero). */
  public static long lcm(long a, long b) {
    if (a == 0 || b == 0) return 0;
    return mul(abs(a) / gcd(a, b), abs(b));
  }

  /** floor(a / b) for b != 0. */
  public static long floorDiv(long a, long b) {
    if (a == Long.MIN_VALUE && b == -1) throw new CoefficientOverflowException();
    return Math.floorDiv(a, b);
  }

  /** ceil(a / b) for b != 0. */
  public static long ceilDiv(long a, long b) {
    if (a == Long.MIN_VALUE && b == -1) throw new CoefficientOverflowException();
    long q = a / b;
    if ((a % b != 0) && ((a ^ b) >= 0)) q++;
    return q;
  }

  /** a mod b in [0, |b|). */
  public static long mod(long a, long b) {
    return Math.floorMod(a, Math.abs(b));
  }

  /** gcd of row[from..to) (absolute values); 0 when all are zero. */
  public static long gcd(long[] row, int from, int to) {
    long g = 0;
    for (int i = from; i < to && g != 1; i++) {
      if (row[i] != 0) g = gcd(g, row[i]);
    }
    return g;
  }

  /** True when row[from..to) is all zero. */
  public static boolean isZero(long[] row, int from, int to) {
    for (int i = from; i < to; i++) if (row[i] != 0) return false;
    return true;
  }

  /** a*x + b*y element-wise, exact. */
  public static long[] combine(long a, long[] x, long b, long[] y) {
    long[] r = new long[x.length];
    for (int i = 0; i < x.length; i++) r[i] = add(mul(a, x[i]), mul(b, y[i]));
    return r;
  }

  /** -x element-wise. */
  public static long[] negate(long[] x) {
    long[] r = new long[x.length];
    for (int i = 0; i < x.length; i++) r[i] = neg(x[i]);
    return r;
  }

  /**
   * Sign of the dot product of row[1..] with point plus row[0], exact for all inputs: the long
   * computation, or {@code BigInteger} when an intermediate sum or product leaves 64 bits.
   */
  public static int evaluateSign(long[] row, long[] point) {
    try {
      return Long.signum(evaluate(row, point));
    } catch (CoefficientOverflowException e) {
      return evaluateBig(row, point).signum();
    }
  }

  /** Dot product of row[1..] with point plus row[0], as a {@code BigInteger}. */
  public static BigInteger evaluateBig(long[] row, long[] point) {
    BigInteger s = BigInteger.valueOf(row[0]);
    for (int i = 1; i < row.length; i++) {
      if (row[i] != 0) s = s.add(BigInteger.valueOf(row[i]).multiply(BigInteger.valueOf(point[i - 1])));
    }
    return s;
  }

  /** Dot product of row[1..] with point (row[0] is the constant), exact. */
  public static long evaluate(long[] row, long[] point) {
    long s = row[0];
    for (int i = 1; i < row.length; i++) if (row[i] != 0) s = add(s, mul(row[i], point[i - 1]));
    return s;
  }
}
