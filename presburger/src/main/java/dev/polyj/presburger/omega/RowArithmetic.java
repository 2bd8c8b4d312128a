package dev.polyj.presburger.omega;

/**
 * The row operations the Omega test needs, over some representation {@code R} of constraint rows
 * (column 0 the constant): {@code long[]} with overflow checks, or {@code BigInteger[]} when a
 * computation left 64 bits. The algorithm is written once against this interface.
 */
interface RowArithmetic<R> {
  int width(R r);

  /** The row extended with zero columns to {@code width}. */
  R widen(R r, int width);

  R copy(R r);

  /** Sign of entry j. */
  int signum(R r, int j);

  /** True when entry j is +1 or -1. */
  boolean isUnit(R r, int j);

  /** True when entry j equals {@code v}. */
  boolean is(R r, int j, long v);

  /** True when |r[j]| <= bound (bound >= 0). */
  boolean absAtMost(R r, int j, long bound);

  /** Compares |r[j]| with |s[k]|. */
  int compareAbs(R r, int j, R s, int k);

  /** True when all variable entries (columns 1..) are zero. */
  boolean varsZero(R r);

  /**
   * Divides an equality by the gcd of its variable part. Returns null when the constant is not a
   * multiple of that gcd (no integer solution); rows with a zero variable part are returned as is.
   */
  R normalizeEq(R r);

  /** Divides an inequality by the gcd of its variable part, rounding the constant down. */
  R normalizeIneq(R r);

  R negate(R r);

  /** Sign of r[0] + s[0]. */
  int constSumSign(R r, R s);

  /** True when r[0] < s[0]. */
  boolean constLess(R r, R s);

  /** The row with constant replaced by s's constant. */
  R withConstantOf(R r, R s);

  /**
   * Fourier-Motzkin combination of a lower bound (positive coefficient at z) and an upper bound
   * (negative coefficient at z); with {@code dark}, tightened by (a-1)(b-1) (Pugh's dark shadow).
   */
  R combine(R lower, R upper, int z, boolean dark);

  /** The row with {@code i} subtracted from its constant. */
  R minusConstant(R r, long i);

  /**
   * Number of splinters for a lower bound with coefficient a = lower[z] when the largest upper
   * coefficient magnitude is that of {@code maxUpper[z]}: floor((a*m - a - m)/m), or
   * {@code Long.MAX_VALUE} when that does not fit in 63 bits.
   */
  long splinterLimit(R lower, R maxUpper, int z);

  /** Eliminates column k from r using equality e whose entry k is +-1. */
  R substitute(R r, R e, int k);

  /**
   * Pugh's symmetric-modulo row for equality e (width w) and pivot k with |e[k]| = m - 1 > 1:
   * entries e[j] mod^ m for j < w, and -m at the new column w (result width w + 1).
   */
  R modHat(R e, int k);

  /** A key on the variable part (columns 1..) with value equality and hashing. */
  Object varKey(R r);
}
