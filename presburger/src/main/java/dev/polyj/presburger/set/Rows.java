package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.omega.OmegaTest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Small helpers on constraint rows ({@code [constant, columns...]}, equalities {@code = 0},
 * inequalities {@code >= 0}) shared by the set operations: negation, syntactic implication, the
 * sign test that proves a constraint can be violated, and exact emptiness.
 */
final class Rows {
  private Rows() {}

  /** Exact integer emptiness of the rows (all columns existential). */
  static boolean isEmpty(int width, List<long[]> eqs, List<long[]> ineqs) {
    return OmegaTest.isIntegerEmpty(width - 1, eqs, ineqs);
  }

  /** The integer negation of {@code r >= 0}: {@code -r - 1 >= 0}. */
  static long[] negation(long[] r) {
    long[] n = Ints.negate(r);
    n[0] = Ints.sub(n[0], 1);
    return n;
  }

  /** {@code r} with {@code delta} added to its constant. */
  static long[] shifted(long[] r, long delta) {
    long[] n = r.clone();
    n[0] = Ints.add(n[0], delta);
    return n;
  }

  static long[] pad(long[] r, int width) {
    return r.length == width ? r : Arrays.copyOf(r, width);
  }

  static List<long[]> padAll(List<long[]> rows, int width) {
    List<long[]> out = new ArrayList<>(rows.size());
    for (long[] r : rows) out.add(pad(r, width));
    return out;
  }

  /** True when columns 1.. of a and b agree ({@code sign} = 1) or are opposite ({@code sign} = -1). */
  static boolean sameLinear(long[] a, long[] b, int sign) {
    int n = Math.max(a.length, b.length);
    for (int i = 1; i < n; i++) {
      long x = i < a.length ? a[i] : 0;
      long y = i < b.length ? b[i] : 0;
      if (x != (sign > 0 ? y : -y)) return false;
    }
    return true;
  }

  /** True when row r involves none of the columns {@code from..}. */
  static boolean noneFrom(long[] r, int from) {
    return Ints.isZero(r, Math.min(from, r.length), r.length);
  }

  /** True when inequality {@code c >= 0} follows from a single row of the system. */
  static boolean impliedBySingleRow(long[] c, List<long[]> eqs, List<long[]> ineqs) {
    for (long[] r : ineqs) if (sameLinear(r, c, 1) && r[0] <= c[0]) return true;
    for (long[] e : eqs) {
      // e = 0 pins the linear part of c to -e0 (same sign) or e0 (opposite sign)
      if (sameLinear(e, c, 1) && c[0] >= e[0]) return true;
      if (sameLinear(e, c, -1) && Ints.addSign(c[0], e[0]) >= 0) return true;
    }
    return false;
  }

  /** True when equality {@code c = 0} is one of the rows (up to sign). */
  static boolean hasEquality(long[] c, List<long[]> eqs) {
    for (long[] e : eqs) {
      if (sameLinear(e, c, 1) && e[0] == c[0]) return true;
      if (sameLinear(e, c, -1) && e[0] == -c[0]) return true;
    }
    return false;
  }

  /**
   * The sign test: true when, from any solution of the system, moving one column of {@code c}
   * decreases {@code c} without limit while keeping every other row satisfied (no equality uses
   * the column, and no other inequality has a coefficient of the same sign there). Then {@code c}
   * can be made {@code <= -1}, provided the system without c has a solution. Rows identical (by
   * reference) to {@code c} are skipped.
   */
  static boolean canDecrease(long[] c, List<long[]> eqs, List<long[]> ineqs) {
    for (int col = 1; col < c.length; col++) {
      long s = Long.signum(c[col]);
      if (s == 0) continue;
      boolean free = true;
      for (long[] e : eqs) {
        if (col < e.length && e[col] != 0) {
          free = false;
          break;
        }
      }
      if (!free) continue;
      for (long[] r : ineqs) {
        if (r != c && col < r.length && Long.signum(r[col]) == s) {
          free = false;
          break;
        }
      }
      if (free) return true;
    }
    return false;
  }

  /**
   * True when inequality r is implied by the definition of local column {@code col} as
   * {@code floor(num / d)}: {@code num - d*e + k >= 0} with {@code k >= 0}, or {@code -num + d*e + k
   * >= 0} with {@code k >= d - 1}. Covers the pinning inequalities of the division.
   */
  static boolean isPinning(long[] r, int col, Div def) {
    long[] num = def.numeratorRaw();
    long d = def.denominator();
    if (col >= r.length) return false;
    int sign;
    if (r[col] == -d) sign = 1;
    else if (r[col] == d) sign = -1;
    else return false;
    for (int i = 1; i < r.length; i++) {
      if (i == col) continue;
      long n = i < num.length ? num[i] : 0;
      if (r[i] != sign * n) return false;
    }
    long n0 = num.length > 0 ? num[0] : 0;
    return sign > 0 ? r[0] >= n0 : r[0] >= Ints.add(-n0, d - 1);
  }

  /** True when r is implied by the definition of one of the known locals of b (see {@link #isPinning}). */
  static boolean isPinningOf(BasicRelation b, long[] r) {
    for (int i = 0; i < b.nLocal(); i++) {
      Div d = b.div(i);
      if (d != null && isPinning(r, b.localCol(i), d)) return true;
    }
    return false;
  }
}
