package dev.polyj.presburger.pip;

import dev.polyj.presburger.arith.Ints;
import java.util.Arrays;
import java.util.List;

/**
 * The columns of a constraint system that it fixes to a constant: a column alone in an equality
 * ({@code a x + c = 0}), or whose integer lower and upper bounds from single-column inequalities
 * meet, repeated after substituting the constants found (a row may become single-column).
 *
 * <p>Substituting them before a tableau is built keeps the tableau's numbers small: in the
 * big-parameter method every variable is shifted by M, and a column pinned to a constant by two
 * opposite rows makes the pivots of the other columns multiply coefficients that cancel only in
 * exact arithmetic, so cutting planes overflow 64 bits on systems that are tiny once the constant
 * is substituted. Immutable.
 */
final class FixedColumns {
  /** For each column (index 0, the constant, unused) whether it is fixed. */
  private final boolean[] isFixed;
  private final long[] value;

  private FixedColumns(boolean[] isFixed, long[] value) {
    this.isFixed = isFixed;
    this.value = value;
  }

  /** The fixed columns of {@code eqs = 0, ineqs >= 0}, rows of width at most {@code width}. */
  static FixedColumns of(int width, List<long[]> eqs, List<long[]> ineqs) {
    boolean[] isFixed = new boolean[width];
    long[] value = new long[width];
    boolean changed = true;
    while (changed) {
      changed = false;
      for (long[] r : eqs) {
        int v = single(r, isFixed, width);
        if (v <= 0) continue;
        long c = constant(r, isFixed, value);
        long a = r[v];
        if (c % a != 0) continue; // no integer solution: left to the solver
        isFixed[v] = true;
        value[v] = Ints.neg(c / a);
        changed = true;
      }
      long[] lo = new long[width];
      long[] hi = new long[width];
      Arrays.fill(lo, Long.MIN_VALUE);
      Arrays.fill(hi, Long.MAX_VALUE);
      for (long[] r : ineqs) {
        int v = single(r, isFixed, width);
        if (v <= 0) continue;
        long c = constant(r, isFixed, value);
        long a = r[v];
        if (a > 0) lo[v] = Math.max(lo[v], Ints.ceilDiv(Ints.neg(c), a));
        else hi[v] = Math.min(hi[v], Math.floorDiv(c, Ints.neg(a)));
      }
      for (int v = 1; v < width; v++) {
        if (isFixed[v] || lo[v] != hi[v]) continue;
        isFixed[v] = true;
        value[v] = lo[v];
        changed = true;
      }
    }
    return new FixedColumns(isFixed, value);
  }

  /** The only column of {@code r} that is non-zero and not fixed; 0 when none, -1 when several. */
  private static int single(long[] r, boolean[] isFixed, int width) {
    int found = 0;
    for (int k = 1; k < r.length && k < width; k++) {
      if (r[k] == 0 || isFixed[k]) continue;
      if (found != 0) return -1;
      found = k;
    }
    return found;
  }

  /** The constant of {@code r} with the fixed columns substituted. */
  private static long constant(long[] r, boolean[] isFixed, long[] value) {
    long c = r[0];
    for (int k = 1; k < r.length && k < isFixed.length; k++) {
      if (isFixed[k] && r[k] != 0) c = Ints.add(c, Ints.mul(r[k], value[k]));
    }
    return c;
  }

  /** {@code r} (full width) with the fixed columns substituted: their coefficients become zero. */
  long[] reduce(long[] r) {
    boolean any = false;
    for (int k = 1; k < r.length && k < isFixed.length && !any; k++) any = isFixed[k] && r[k] != 0;
    if (!any) return r;
    long[] out = r.clone();
    out[0] = constant(r, isFixed, value);
    for (int k = 1; k < r.length && k < isFixed.length; k++) if (isFixed[k]) out[k] = 0;
    return out;
  }

  boolean isFixed(int column) {
    return column < isFixed.length && isFixed[column];
  }

  /** The value of a fixed column. */
  long value(int column) {
    return value[column];
  }

  /** Sets the fixed coordinates of a point {@code p} (values of columns 1.. at p[0..]). */
  void complete(long[] p) {
    for (int k = 1; k < isFixed.length && k - 1 < p.length; k++) if (isFixed[k]) p[k - 1] = value[k];
  }

  /** The number of non-zero coefficients (columns 1..) of a row. */
  static int nonZero(long[] r) {
    int n = 0;
    for (int k = 1; k < r.length; k++) if (r[k] != 0) n++;
    return n;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FixedColumns f && Arrays.equals(isFixed, f.isFixed) && Arrays.equals(value, f.value);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(isFixed) + Arrays.hashCode(value);
  }
}
