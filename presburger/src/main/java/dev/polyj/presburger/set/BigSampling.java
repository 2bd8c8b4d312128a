package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.omega.OmegaTest;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Sample points and integer minima on {@code BigInteger} rows: the exact fallback of {@link
 * Sampling} and {@link IntegerOptimum} when substituting a value or searching for a bound leaves 64
 * bits. The methods are the same (values of least magnitude fixed one variable at a time;
 * exponential then binary search on the bound), with emptiness decided by the Omega test on 64-bit
 * rows whenever every row fits, and on {@code BigInteger} rows otherwise.
 */
final class BigSampling {
  private BigSampling() {}

  static List<BigInteger[]> big(List<long[]> rows) {
    List<BigInteger[]> out = new ArrayList<>(rows.size());
    for (long[] r : rows) out.add(BigConstraintSystem.big(r));
    return out;
  }

  static boolean fits(BigInteger v) {
    return v.bitLength() <= 63;
  }

  /** The row as {@code long}s, or null when an entry needs more than 64 bits. */
  static long[] small(BigInteger[] r) {
    long[] o = new long[r.length];
    for (int j = 0; j < r.length; j++) {
      if (!fits(r[j])) return null;
      o[j] = r[j].longValue();
    }
    return o;
  }

  /**
   * The row as {@code long}s; an entry beyond 64 bits is a {@link CoefficientOverflowException}
   * naming it and {@code what} the row is.
   */
  static long[] fit(BigInteger[] r, String what) {
    long[] o = small(r);
    if (o == null) {
      for (int j = 0; j < r.length; j++) {
        if (!fits(r[j])) {
          throw new CoefficientOverflowException("exact result does not fit in 64 bits: entry " + j + " of " + what
              + " is " + r[j] + " (" + Arrays.toString(r) + ")");
        }
      }
    }
    return o;
  }

  /** Exact integer emptiness of the rows (all columns existential). */
  static boolean isEmpty(int width, List<BigInteger[]> eqs, List<BigInteger[]> ineqs) {
    List<long[]> le = new ArrayList<>(eqs.size());
    List<long[]> li = new ArrayList<>(ineqs.size());
    boolean allFit = true;
    for (BigInteger[] r : eqs) {
      long[] s = small(r);
      if (s == null) {
        allFit = false;
        break;
      }
      le.add(s);
    }
    for (int i = 0; allFit && i < ineqs.size(); i++) {
      long[] s = small(ineqs.get(i));
      if (s == null) allFit = false;
      else li.add(s);
    }
    if (allFit) return Rows.isEmpty(width, le, li);
    try {
      return OmegaTest.isIntegerEmptyBig(width - 1, eqs, ineqs);
    } catch (CoefficientOverflowException e) {
      throw e;
    } catch (ArithmeticException e) {
      // the basis reduction search exceeded its (very large) budget: the search is abandoned like
      // any computation whose coefficients outgrow 64 bits
      throw new CoefficientOverflowException("emptiness test on rows beyond 64 bits gave up: " + e.getMessage());
    }
  }

  // -----------------------------------------------------------------------------------------------
  // Sample points

  /**
   * Values of columns {@code 1..nFix} of an integer solution of the rows (of {@code width} columns;
   * the columns after {@code nFix} are existential), or null when there is none.
   */
  static BigInteger[] sampleRows(int width, int nFix, List<BigInteger[]> eqs, List<BigInteger[]> ineqs) {
    List<BigInteger[]> e = copy(eqs);
    List<BigInteger[]> in = copy(ineqs);
    if (isEmpty(width, e, in)) return null;
    BigInteger[] point = new BigInteger[nFix];
    Arrays.fill(point, BigInteger.ZERO);
    boolean existentials = width > 1 + nFix;
    for (int v = 0; v < nFix; v++) {
      if ((v == 0 || !existentials) && zeroFrom(width, e, in, 1 + v, 1 + nFix)) break; // rest stays 0
      BigInteger t = pickValue(width, e, in, 1 + v);
      point[v] = t;
      substitute(e, 1 + v, t);
      substitute(in, 1 + v, t);
    }
    return point;
  }

  private static List<BigInteger[]> copy(List<BigInteger[]> rows) {
    List<BigInteger[]> out = new ArrayList<>(rows.size());
    for (BigInteger[] r : rows) out.add(r.clone());
    return out;
  }

  /** True when setting columns from..to-1 to zero leaves a solution. */
  private static boolean zeroFrom(int width, List<BigInteger[]> eqs, List<BigInteger[]> ineqs, int from, int to) {
    List<BigInteger[]> e = new ArrayList<>(eqs.size());
    List<BigInteger[]> in = new ArrayList<>(ineqs.size());
    for (BigInteger[] r : eqs) e.add(zeroed(r, from, to));
    for (BigInteger[] r : ineqs) in.add(zeroed(r, from, to));
    return !isEmpty(width, e, in);
  }

  private static BigInteger[] zeroed(BigInteger[] r, int from, int to) {
    BigInteger[] o = r.clone();
    Arrays.fill(o, from, to, BigInteger.ZERO);
    return o;
  }

  private static void substitute(List<BigInteger[]> rows, int col, BigInteger value) {
    for (int i = 0; i < rows.size(); i++) rows.set(i, fixed(rows.get(i), col, value));
  }

  private static BigInteger[] fixed(BigInteger[] r, int col, BigInteger value) {
    if (r[col].signum() == 0) return r;
    BigInteger[] o = r.clone();
    o[0] = o[0].add(o[col].multiply(value));
    o[col] = BigInteger.ZERO;
    return o;
  }

  /** The value of least magnitude (positive first) of column col over the solutions. */
  private static BigInteger pickValue(int width, List<BigInteger[]> eqs, List<BigInteger[]> ineqs, int col) {
    if (feasibleAt(width, eqs, ineqs, col, BigInteger.ZERO)) return BigInteger.ZERO;
    BigInteger s = BigInteger.ONE;
    while (!feasibleWithin(width, eqs, ineqs, col, s)) s = s.shiftLeft(1);
    BigInteger lo = s.shiftRight(1); // |x| <= lo infeasible
    BigInteger hi = s; // |x| <= hi feasible
    while (hi.subtract(lo).compareTo(BigInteger.ONE) > 0) {
      BigInteger mid = lo.add(hi).shiftRight(1);
      if (feasibleWithin(width, eqs, ineqs, col, mid)) hi = mid;
      else lo = mid;
    }
    return feasibleAt(width, eqs, ineqs, col, hi) ? hi : hi.negate();
  }

  private static boolean feasibleAt(int width, List<BigInteger[]> eqs, List<BigInteger[]> ineqs, int col, BigInteger value) {
    List<BigInteger[]> e = new ArrayList<>(eqs.size());
    List<BigInteger[]> in = new ArrayList<>(ineqs.size());
    for (BigInteger[] r : eqs) e.add(fixed(r, col, value));
    for (BigInteger[] r : ineqs) in.add(fixed(r, col, value));
    return !isEmpty(width, e, in);
  }

  private static boolean feasibleWithin(int width, List<BigInteger[]> eqs, List<BigInteger[]> ineqs, int col, BigInteger s) {
    List<BigInteger[]> in = new ArrayList<>(ineqs);
    in.add(bound(width, col, 1, s));
    in.add(bound(width, col, -1, s));
    return !isEmpty(width, eqs, in);
  }

  /** The row {@code sign * x_col + s >= 0}. */
  private static BigInteger[] bound(int width, int col, int sign, BigInteger s) {
    BigInteger[] r = new BigInteger[width];
    Arrays.fill(r, BigInteger.ZERO);
    r[col] = BigInteger.valueOf(sign);
    r[0] = s;
    return r;
  }

  /** The point as {@code long}s; a coordinate beyond 64 bits is a clear error naming it. */
  static long[] fitPoint(BigInteger[] p) {
    if (p == null) return null;
    long[] o = new long[p.length];
    for (int v = 0; v < p.length; v++) {
      if (!fits(p[v])) {
        throw new CoefficientOverflowException("sample point does not fit in 64 bits: coordinate " + v + " is " + p[v]);
      }
      o[v] = p[v].longValue();
    }
    return o;
  }

  // -----------------------------------------------------------------------------------------------
  // Integer minimum

  /**
   * {@link IntegerOptimum#minimum} on {@code BigInteger} rows: {@code min(cap, min f)} over the
   * integer points of the rows, or null when f is unbounded below there; f's constant is ignored.
   */
  static BigInteger minimum(int width, List<BigInteger[]> eqs, List<BigInteger[]> ineqs, BigInteger[] fRow, BigInteger cap) {
    BigInteger[] f = BigConstraintSystem.widened(fRow, width).clone();
    f[0] = BigInteger.ZERO;
    BigInteger hiT = cap.subtract(BigInteger.ONE); // f <= hiT has points
    if (!feasibleBelow(width, eqs, ineqs, f, hiT)) return cap;
    List<BigInteger[]> he = new ArrayList<>();
    for (BigInteger[] e : eqs) he.add(homogeneous(e));
    List<BigInteger[]> hi = new ArrayList<>();
    for (BigInteger[] i : ineqs) hi.add(homogeneous(i));
    BigInteger[] ray = BigConstraintSystem.negate(f);
    ray[0] = BigInteger.ONE.negate();
    hi.add(ray);
    if (!isEmpty(width, he, hi)) return null;
    BigInteger loT; // f <= loT has none
    BigInteger step = BigInteger.ONE;
    while (true) {
      BigInteger t = hiT.subtract(step);
      if (feasibleBelow(width, eqs, ineqs, f, t)) {
        hiT = t;
        step = step.shiftLeft(1);
      } else {
        loT = t;
        break;
      }
    }
    while (hiT.subtract(loT).compareTo(BigInteger.ONE) > 0) {
      BigInteger mid = loT.add(hiT).shiftRight(1);
      if (feasibleBelow(width, eqs, ineqs, f, mid)) hiT = mid;
      else loT = mid;
    }
    return hiT;
  }

  private static BigInteger[] homogeneous(BigInteger[] r) {
    BigInteger[] o = r.clone();
    o[0] = BigInteger.ZERO;
    return o;
  }

  /** True when some point of the rows has {@code f <= t} (f without constant). */
  private static boolean feasibleBelow(int width, List<BigInteger[]> eqs, List<BigInteger[]> ineqs, BigInteger[] f, BigInteger t) {
    BigInteger[] row = BigConstraintSystem.negate(f);
    row[0] = t;
    List<BigInteger[]> in = new ArrayList<>(ineqs.size() + 1);
    in.addAll(ineqs);
    in.add(row);
    return !isEmpty(width, eqs, in);
  }
}
