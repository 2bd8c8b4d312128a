package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The exact integer minimum of an affine function over a conjunction of rows, by emptiness tests:
 * unboundedness is decided on the recession cone (a ray r with {@code f . r <= -1}; a cone has an
 * integer ray as soon as it has a rational one), the value by exponential then binary search on
 * {@code f <= t}. The search runs on {@code long} rows and is redone on {@code BigInteger} rows
 * ({@link BigSampling#minimum}) when a bound leaves 64 bits.
 */
final class IntegerOptimum {
  private IntegerOptimum() {}

  /**
   * {@code min(cap, min f)} over the integer points of the rows (width columns, all existential
   * but the ones f uses), or null when f is unbounded below there; f's constant is ignored. The
   * rows must have a point.
   */
  static Long minimum(int width, List<long[]> eqs, List<long[]> ineqs, long[] fRow, long cap) {
    try {
      return minimumLong(width, eqs, ineqs, fRow, cap);
    } catch (CoefficientOverflowException e) {
      BigInteger m = minimumBig(width, eqs, ineqs, fRow, BigInteger.valueOf(cap));
      if (m == null) return null;
      if (!BigSampling.fits(m)) {
        throw new CoefficientOverflowException("integer minimum does not fit in 64 bits: the minimum of "
            + java.util.Arrays.toString(fRow) + " (constant ignored) is " + m);
      }
      return m.longValue();
    }
  }

  /** {@link #minimum} for a cap of any size, exact whatever the size of the minimum. */
  static BigInteger minimumExact(int width, List<long[]> eqs, List<long[]> ineqs, long[] fRow, BigInteger cap) {
    if (BigSampling.fits(cap)) {
      try {
        Long m = minimumLong(width, eqs, ineqs, fRow, cap.longValue());
        return m == null ? null : BigInteger.valueOf(m);
      } catch (CoefficientOverflowException e) {
        // redone below
      }
    }
    return minimumBig(width, eqs, ineqs, fRow, cap);
  }

  /** {@link #minimum} computed on {@code BigInteger} rows. */
  private static BigInteger minimumBig(int width, List<long[]> eqs, List<long[]> ineqs, long[] fRow, BigInteger cap) {
    return BigSampling.minimum(width, BigSampling.big(eqs), BigSampling.big(ineqs),
        BigConstraintSystem.big(fRow), cap);
  }

  private static Long minimumLong(int width, List<long[]> eqs, List<long[]> ineqs, long[] fRow, long cap) {
    long[] f = Rows.pad(fRow, width).clone();
    f[0] = 0;
    if (!feasibleBelow(width, eqs, ineqs, f, Ints.sub(cap, 1))) return cap;
    List<long[]> he = new ArrayList<>();
    for (long[] e : eqs) he.add(Rows.shifted(e, Ints.neg(e[0])));
    List<long[]> hi = new ArrayList<>();
    for (long[] i : ineqs) hi.add(Rows.shifted(i, Ints.neg(i[0])));
    long[] ray = Ints.negate(f);
    ray[0] = -1;
    hi.add(ray);
    if (!Rows.isEmpty(width, he, hi)) return null;
    long hiT = Ints.sub(cap, 1); // f <= hiT has points
    long loT; // f <= loT has none
    long step = 1;
    while (true) {
      long t = Ints.sub(hiT, step);
      if (feasibleBelow(width, eqs, ineqs, f, t)) {
        hiT = t;
        step = Ints.mul(step, 2);
      } else {
        loT = t;
        break;
      }
    }
    while (hiT - loT > 1) {
      long mid = loT + (hiT - loT) / 2;
      if (feasibleBelow(width, eqs, ineqs, f, mid)) hiT = mid;
      else loT = mid;
    }
    return hiT;
  }

  /** True when some point of the rows has {@code f <= t} (f without constant). */
  static boolean feasibleBelow(int width, List<long[]> eqs, List<long[]> ineqs, long[] f, long t) {
    long[] row = Ints.negate(f);
    row[0] = t;
    List<long[]> in = new ArrayList<>(ineqs.size() + 1);
    in.addAll(ineqs);
    in.add(row);
    return !Rows.isEmpty(width, eqs, in);
  }
}
