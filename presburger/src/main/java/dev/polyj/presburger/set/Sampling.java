package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Sample points of relations, exact over the integers and for unbounded relations too.
 *
 * <p>Variables are fixed one at a time. For variable v the value of least magnitude that keeps the
 * system non-empty is found with exact emptiness tests (Omega test) on the system with v fixed, or
 * with {@code -s <= v <= s}: an exponential search for s followed by a binary search; such a value
 * exists at a finite distance because the system is non-empty. Fixing v to it keeps the system
 * non-empty, so after the last variable the fixed values form a point. Locals stay existential.
 *
 * <p>The search runs on {@code long} rows; when a substitution or a bound leaves 64 bits it is
 * redone exactly on {@code BigInteger} rows ({@link BigSampling}), and only a coordinate of the
 * point itself that needs more than 64 bits is an error.
 */
final class Sampling {
  private Sampling() {}

  static Optional<long[]> samplePoint(Relation r) {
    for (BasicRelation b : r.basics()) {
      long[] p = samplePoint(b);
      if (p != null) return Optional.of(p);
    }
    return Optional.empty();
  }

  /** A point of b (parameters then dimensions), or null when b is empty. */
  static long[] samplePoint(BasicRelation b) {
    if (b.isMarkedEmpty() || b.isEmpty()) return null;
    return sampleRows(b.nCol(), b.nVar(), Arrays.asList(b.eqsRaw()), Arrays.asList(b.ineqsRaw()));
  }

  static Relation sample(Relation r) {
    Optional<long[]> p = samplePoint(r);
    if (p.isEmpty()) return Relation.empty(r.space());
    return Relation.of(point(r.space(), p.get()));
  }

  /** The basic relation holding exactly {@code point}. */
  static BasicRelation point(dev.polyj.presburger.space.Space space, long[] point) {
    List<long[]> eqs = new ArrayList<>();
    for (int v = 0; v < point.length; v++) {
      long[] e = new long[1 + space.nVar()];
      // x - p = 0, or -x + p = 0 when -p does not fit
      int sign = point[v] == Long.MIN_VALUE ? -1 : 1;
      e[1 + v] = sign;
      e[0] = -sign * point[v];
      eqs.add(e);
    }
    return BasicRelation.of(space, eqs, List.of());
  }

  /**
   * Values of columns {@code 1..nFix} of an integer solution of the rows (of {@code width}
   * columns; the columns after {@code nFix} are existential), or null when there is none.
   */
  static long[] sampleRows(int width, int nFix, List<long[]> eqs, List<long[]> ineqs) {
    try {
      return sampleRowsLong(width, nFix, eqs, ineqs);
    } catch (CoefficientOverflowException x) {
      return BigSampling.fitPoint(
          BigSampling.sampleRows(width, nFix, BigSampling.big(eqs), BigSampling.big(ineqs)));
    }
  }

  private static long[] sampleRowsLong(int width, int nFix, List<long[]> eqs, List<long[]> ineqs) {
    List<long[]> e = copy(eqs);
    List<long[]> in = copy(ineqs);
    if (Rows.isEmpty(width, e, in)) return null;
    long[] point = new long[nFix];
    boolean existentials = width > 1 + nFix;
    for (int v = 0; v < nFix; v++) {
      if ((v == 0 || !existentials) && zeroFrom(width, e, in, 1 + v, 1 + nFix)) break; // rest stays 0
      long t = pickValue(width, e, in, 1 + v);
      point[v] = t;
      substitute(e, 1 + v, t);
      substitute(in, 1 + v, t);
    }
    return point;
  }

  private static List<long[]> copy(List<long[]> rows) {
    List<long[]> out = new ArrayList<>(rows.size());
    for (long[] r : rows) out.add(r.clone());
    return out;
  }

  /** True when setting columns from..to-1 to zero leaves a solution. */
  private static boolean zeroFrom(int width, List<long[]> eqs, List<long[]> ineqs, int from, int to) {
    if (to == width) {
      for (long[] r : eqs) if (Ints.isZero(r, 1, from) && r[0] != 0) return false;
      for (long[] r : ineqs) if (Ints.isZero(r, 1, from) && r[0] < 0) return false;
      return true; // columns before from are already substituted
    }
    List<long[]> e = new ArrayList<>(eqs.size());
    List<long[]> in = new ArrayList<>(ineqs.size());
    for (long[] r : eqs) e.add(zeroed(r, from, to));
    for (long[] r : ineqs) in.add(zeroed(r, from, to));
    return !Rows.isEmpty(width, e, in);
  }

  private static long[] zeroed(long[] r, int from, int to) {
    long[] o = r.clone();
    Arrays.fill(o, from, to, 0);
    return o;
  }

  private static void substitute(List<long[]> rows, int col, long value) {
    for (long[] r : rows) {
      if (r[col] != 0) {
        r[0] = Ints.add(r[0], Ints.mul(r[col], value));
        r[col] = 0;
      }
    }
  }

  /** The value of least magnitude (positive first) of column col over the solutions. */
  private static long pickValue(int width, List<long[]> eqs, List<long[]> ineqs, int col) {
    if (feasibleAt(width, eqs, ineqs, col, 0)) return 0;
    long s = 1;
    while (!feasibleWithin(width, eqs, ineqs, col, s)) s = Ints.mul(s, 2);
    long lo = s / 2; // |x| <= lo infeasible (lo = 0 was tested above)
    long hi = s; // |x| <= hi feasible
    while (hi - lo > 1) {
      long mid = lo + (hi - lo) / 2;
      if (feasibleWithin(width, eqs, ineqs, col, mid)) hi = mid;
      else lo = mid;
    }
    return feasibleAt(width, eqs, ineqs, col, hi) ? hi : -hi;
  }

  private static boolean feasibleAt(int width, List<long[]> eqs, List<long[]> ineqs, int col, long value) {
    List<long[]> e = new ArrayList<>(eqs.size());
    List<long[]> in = new ArrayList<>(ineqs.size());
    for (long[] r : eqs) e.add(fixed(r, col, value));
    for (long[] r : ineqs) in.add(fixed(r, col, value));
    return !Rows.isEmpty(width, e, in);
  }

  private static long[] fixed(long[] r, int col, long value) {
    long[] o = r.clone();
    if (o[col] != 0) {
      o[0] = Ints.add(o[0], Ints.mul(o[col], value));
      o[col] = 0;
    }
    return o;
  }

  private static boolean feasibleWithin(int width, List<long[]> eqs, List<long[]> ineqs, int col, long s) {
    List<long[]> in = new ArrayList<>(ineqs);
    long[] lo = new long[width];
    lo[col] = 1;
    lo[0] = s;
    long[] hi = new long[width];
    hi[col] = -1;
    hi[0] = s;
    in.add(lo);
    in.add(hi);
    return !Rows.isEmpty(width, eqs, in);
  }
}
