package dev.polyj.presburger.omega;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.List;

/**
 * Inequalities implied by the other rows of a system over the rationals. With {@code (z, s)} the
 * homogenized variables ({@code s >= 0}, the constant moved to the last column), a row {@code c}
 * is implied when the equalities, the other kept rows and {@code c(z, s) <= -1} have no rational
 * solution: a solution with {@code s > 0} scales to a point of the others violating {@code c},
 * one with {@code s = 0} to a direction of their recession cone along which {@code c} decreases
 * without bound. Meaningful for a system with a rational point (an empty one implies every row);
 * a test the simplex cannot decide (64-bit overflow) keeps the row.
 */
public final class RationalRedundancy {
  private RationalRedundancy() {}

  /**
   * The inequalities of {@code ineqs} (rows {@code [constant, vars...] >= 0}) without those the
   * equalities {@code eqs} and the other kept inequalities imply, tested from the last row to the
   * first; the kept rows keep their order. A system with a rational point is tested on one tableau
   * ({@link RationalFeasibility#redundantInequalities}, or {@link ExactLp#redundantInequalities}
   * when its coefficients leave 64 bits); an empty one row by row ({@link
   * #withoutRedundantOneByOne}).
   */
  public static List<long[]> withoutRedundant(List<long[]> eqs, List<long[]> ineqs) {
    if (ineqs.isEmpty()) return ineqs;
    int nVar = ineqs.get(0).length - 1;
    boolean[] redundant;
    try {
      redundant = RationalFeasibility.redundantInequalities(nVar, eqs, ineqs);
    } catch (CoefficientOverflowException e) {
      redundant = ExactLp.redundantInequalities(nVar, BigRows.of(eqs), BigRows.of(ineqs));
    }
    if (redundant == null) return withoutRedundantOneByOne(eqs, ineqs); // no rational point
    List<long[]> kept = new ArrayList<>(ineqs.size());
    for (int k = 0; k < ineqs.size(); k++) if (!redundant[k]) kept.add(ineqs.get(k));
    return kept;
  }

  /**
   * {@link #withoutRedundant} by one simplex per row, on the homogenized system: the reference the
   * one-tableau test must agree with, and its fallback.
   */
  static List<long[]> withoutRedundantOneByOne(List<long[]> eqs, List<long[]> ineqs) {
    if (ineqs.isEmpty()) return ineqs;
    int w = ineqs.get(0).length;
    List<long[]> homogeneousEqs = new ArrayList<>(eqs.size());
    for (long[] e : eqs) homogeneousEqs.add(homogenized(e));
    List<long[]> kept = new ArrayList<>(ineqs);
    for (int i = kept.size() - 1; i >= 0; i--) {
      List<long[]> system = new ArrayList<>(kept.size() + 1);
      for (int k = 0; k < kept.size(); k++) if (k != i) system.add(homogenized(kept.get(k)));
      long[] sNonNegative = new long[w + 1];
      sNonNegative[w] = 1;
      system.add(sNonNegative);
      long[] violated = Ints.negate(homogenized(kept.get(i)));
      violated[0] = -1;
      system.add(violated);
      if (OmegaTest.isRationallyEmpty(w, homogeneousEqs, system)) kept.remove(i);
    }
    return kept;
  }

  /** Row {@code c + a.z} as {@code 0 + a.z + c s} over {@code [1, z, s]}. */
  private static long[] homogenized(long[] q) {
    long[] h = new long[q.length + 1];
    System.arraycopy(q, 1, h, 1, q.length - 1);
    h[q.length] = q[0];
    return h;
  }
}
