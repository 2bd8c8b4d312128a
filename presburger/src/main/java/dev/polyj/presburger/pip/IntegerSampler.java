package dev.polyj.presburger.pip;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.omega.OmegaTest;
import java.util.ArrayList;
import java.util.List;

/**
 * An integer point of a conjunction of constraints, or a proof that there is none, by the
 * non-parametric lexicographic dual simplex with Gomory cuts (on the same {@link Tableau}); every
 * variable is shifted by a big parameter M so that unbounded variables need no special care.
 *
 * <p>First the rational relaxation is solved (the lexicographic dual simplex never cycles); when it
 * is infeasible there is no integer point. Then Gomory cuts are added until the sample is
 * integral or a row proves integer infeasibility. At the end every row's value is
 * {@code (c + m M)/d >= 0} for all large M, and integral when M is a multiple of every
 * denominator; the point is read off with the smallest such M.
 *
 * <p>Cutting planes alone may never finish on an unbounded set without integer points (the sample
 * creeps along an unbounded direction), so the cuts have a budget; when it runs out,
 * {@link BoundedDirections} decides emptiness exactly (and the Omega test if even that cannot
 * finish in 64-bit arithmetic).
 */
final class IntegerSampler {
  private IntegerSampler() {}

  /** Result of {@link #sampleWithCuts} when the rational relaxation is feasible but no integer point was found. */
  static final long[] UNKNOWN = new long[0];

  /** Result of {@link #sample} for a set with integer points of which none was computed. */
  static final long[] NONEMPTY = new long[0];

  static final int DEFAULT_BUDGET = 100;

  /**
   * An integer point (values of columns 1..nVar) of {@code eqs = 0, ineqs >= 0} (rows of width at
   * most {@code 1 + nVar}, zero-padded), null when there is none, or {@link #NONEMPTY} when there
   * is one but it was not computed. Exact.
   */
  static long[] sample(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    long[] p = sampleWithCuts(nVar, eqs, ineqs, DEFAULT_BUDGET);
    if (p != UNKNOWN) return p;
    return decideExactly(nVar, eqs, ineqs);
  }

  /**
   * {@link #sampleWithCuts} with the default budget in 64-bit arithmetic only: {@link #UNKNOWN}
   * also when that overflows.
   */
  static long[] sampleInLongs(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    try {
      return run(new LongTableau(nVar, 0), nVar, eqs, ineqs, DEFAULT_BUDGET);
    } catch (CoefficientOverflowException e) {
      return UNKNOWN;
    }
  }

  /** Null or {@link #NONEMPTY}: exact emptiness when cutting planes did not finish. */
  static long[] decideExactly(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    List<long[]> all = new ArrayList<>(ineqs);
    for (long[] e : eqs) {
      all.add(e);
      all.add(Ints.negate(e));
    }
    Boolean empty = BoundedDirections.isEmpty(nVar, all);
    if (empty == null) empty = OmegaTest.isIntegerEmpty(nVar, eqs, ineqs);
    return empty ? null : NONEMPTY;
  }

  /**
   * The rational lexicographic minimum of {@code eqs = 0, ineqs >= 0}: for each of the first
   * {@code k} unknowns its value {@code {numerator, denominator}} (null when unbounded below), or
   * null when the system is infeasible.
   */
  static long[][] rationalLexmin(int nVar, List<long[]> eqs, List<long[]> ineqs, int k) {
    Tableau tab;
    try {
      tab = new LongTableau(nVar, 0);
      fill(tab, nVar, eqs, ineqs);
      if (!restore(tab)) return null;
      return values((LongTableau) tab, k);
    } catch (CoefficientOverflowException e) {
      tab = new BigTableau(nVar, 0);
      fill(tab, nVar, eqs, ineqs);
      if (!restore(tab)) return null;
      long[][] out = new long[k][];
      for (int i = 0; i < k; i++) {
        if (tab.isBasic(i)) out[i] = ((BigTableau) tab).rationalValue(tab.rowOf(i));
      }
      return out;
    }
  }

  private static long[][] values(LongTableau tab, int k) {
    long[][] out = new long[k][];
    for (int i = 0; i < k; i++) {
      if (!tab.isBasic(i)) continue;
      long[] a = tab.rawRow(tab.rowOf(i));
      if (a[Tableau.BIG] != a[Tableau.DEN]) continue;
      long g = Ints.gcd(a[Tableau.CONST], a[Tableau.DEN]);
      out[i] = new long[] {a[Tableau.CONST] / g, a[Tableau.DEN] / g};
    }
    return out;
  }

  private static void fill(Tableau tab, int nVar, List<long[]> eqs, List<long[]> ineqs) {
    for (long[] e : ineqs) tab.addRow(row(e, nVar, false));
    for (long[] e : eqs) {
      tab.addRow(row(e, nVar, false));
      tab.addRow(row(e, nVar, true));
    }
  }

  /**
   * An integer point, null when there is none, or {@link #UNKNOWN} when {@code budget} cuts did
   * not settle the question (the rational relaxation is then feasible).
   */
  static long[] sampleWithCuts(int nVar, List<long[]> eqs, List<long[]> ineqs, int budget) {
    try {
      return run(new LongTableau(nVar, 0), nVar, eqs, ineqs, budget);
    } catch (CoefficientOverflowException e) {
      return run(new BigTableau(nVar, 0), nVar, eqs, ineqs, budget);
    }
  }

  private static long[] run(Tableau tab, int nVar, List<long[]> eqs, List<long[]> ineqs, int budget) {
    fill(tab, nVar, eqs, ineqs);
    if (!restore(tab)) return null;
    return cut(tab, nVar, budget);
  }

  // ---------------------------------------------------------------------------------------------
  // Incremental use: a solved rational relaxation kept between queries on growing systems

  /**
   * The rational relaxation of {@code eqs = 0, ineqs >= 0} as a restored {@code long} tableau (the
   * state {@link #cutFrom} continues from), or null when it has no rational point.
   *
   * @throws dev.polyj.presburger.arith.CoefficientOverflowException when 64 bits do not suffice
   */
  static LongTableau relaxation(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    LongTableau tab = new LongTableau(nVar, 0);
    fill(tab, nVar, eqs, ineqs);
    return restore(tab) ? tab : null;
  }

  /**
   * Adds {@code e >= 0} (or {@code e = 0}) to a restored relaxation and restores it; false when the
   * relaxation becomes rationally infeasible (the tableau is then unusable).
   */
  static boolean addConstraint(LongTableau tab, long[] e, boolean equality) {
    int nVar = tab.nCol;
    tab.addRowOverUnknowns(row(e, nVar, false));
    if (equality) tab.addRowOverUnknowns(row(e, nVar, true));
    return restore(tab);
  }

  /**
   * Restores a tableau whose rows may be negative and continues with Gomory cuts within
   * {@code budget}: a point, null, or {@link #UNKNOWN}.
   */
  static long[] restoreAndCut(Tableau tab, int budget) {
    if (!restore(tab)) return null;
    return cut(tab, tab.nCol, budget);
  }

  /** Gomory cuts within the default budget on a restored relaxation (consumed): a point, null, or {@link #UNKNOWN}. */
  static long[] cutFrom(Tableau tab) {
    return cutFrom(tab, DEFAULT_BUDGET);
  }

  /** Gomory cuts within {@code budget} on a restored relaxation (consumed): a point, null, or {@link #UNKNOWN}. */
  static long[] cutFrom(Tableau tab, int budget) {
    return cut(tab, tab.nCol, budget);
  }

  /**
   * Branch and bound on a restored relaxation (not changed): an integer point, null when there is
   * none, or {@link #UNKNOWN} when {@code nodes} relaxations did not settle the question or a
   * non-integral unknown has no finite value to branch on. Each node adds {@code x_i <= floor(v)}
   * or {@code x_i >= floor(v) + 1} for the first unknown with a non-integral finite value v to a
   * copy of its parent and restores it; on bounded sets the search ends, and its points are
   * witnesses that cutting planes with large denominators often fail to reach in 64 bits.
   *
   * @throws dev.polyj.presburger.arith.CoefficientOverflowException when 64 bits do not suffice
   */
  static long[] branchAndBound(LongTableau tab, int nodes) {
    int[] left = {nodes};
    return branch(tab, left);
  }

  private static long[] branch(LongTableau tab, int[] left) {
    int nVar = tab.nCol;
    int row = -1;
    for (int i = 0; i < nVar && row < 0; i++) {
      if (tab.isBasic(i) && !tab.divisible(tab.rowOf(i), Tableau.CONST, Tableau.CONST + 1)) row = i;
    }
    if (row < 0) return point(tab, nVar);
    int var = row;
    long[] a = tab.rawRow(tab.rowOf(var));
    if (a[Tableau.BIG] != a[Tableau.DEN]) return UNKNOWN; // the value depends on M
    long floor = Math.floorDiv(a[Tableau.CONST], a[Tableau.DEN]);
    boolean unknown = false;
    for (int side = 0; side < 2; side++) {
      if (left[0]-- <= 0) return UNKNOWN;
      long[] e = new long[1 + nVar];
      if (side == 0) {
        e[0] = floor; // x <= floor
        e[1 + var] = -1;
      } else {
        e[0] = Ints.neg(Ints.add(floor, 1)); // x >= floor + 1
        e[1 + var] = 1;
      }
      LongTableau t = tab.copy();
      if (!addConstraint(t, e, false)) continue;
      long[] p = branch(t, left);
      if (p == null) continue;
      if (p == UNKNOWN) unknown = true;
      else return p;
    }
    return unknown ? UNKNOWN : null;
  }

  /** Gomory cuts on a restored tableau until its sample is integral (the point), null, or {@link #UNKNOWN}. */
  private static long[] cut(Tableau tab, int nVar, int budget) {
    for (int cuts = 0; ; cuts++) {
      int cut = -1;
      for (int i = 0; i < nVar && cut < 0; i++) {
        if (tab.isBasic(i) && !tab.divisible(tab.rowOf(i), Tableau.CONST, Tableau.CONST + 1)) cut = tab.rowOf(i);
      }
      if (cut < 0) break;
      if (tab.hasIntegralColumnCoefficients(cut)) return null;
      if (cuts >= budget) return UNKNOWN;
      tab.addCut(cut, -1);
      if (!restore(tab)) return null;
    }
    return tab instanceof LongTableau lt ? point(lt, nVar) : UNKNOWN;
  }

  /** Pivots until no row is negative; false when a negative row cannot be increased (infeasible). */
  private static boolean restore(Tableau tab) {
    while (true) {
      int neg = -1;
      for (int r = 0; r < tab.nRow() && neg < 0; r++) {
        int m = tab.sign(r, Tableau.BIG);
        if (m < 0 || (m == 0 && tab.sign(r, Tableau.CONST) < 0)) neg = r;
      }
      if (neg < 0) return true;
      int col = tab.pivotColumn(neg);
      if (col < 0) return false;
      tab.pivot(neg, col);
    }
  }

  /** {@code [c, m, t...]} for a constraint with the variables shifted by M. */
  private static long[] row(long[] e, int nVar, boolean negate) {
    long[] r = new long[2 + nVar];
    r[0] = negate ? Ints.neg(e[0]) : e[0];
    long m = 0;
    for (int v = 0; v < nVar && 1 + v < e.length; v++) {
      long a = negate ? Ints.neg(e[1 + v]) : e[1 + v];
      r[2 + v] = a;
      m = Ints.sub(m, a);
    }
    r[1] = m;
    return r;
  }

  /** The sample point for the smallest M that makes every row non-negative and every value integral. */
  private static long[] point(LongTableau tab, int nVar) {
    try {
      long lcm = 1;
      for (int i = 0; i < nVar; i++) if (tab.isBasic(i)) lcm = Ints.lcm(lcm, tab.denominator(tab.rowOf(i)));
      long bound = 0;
      for (int r = 0; r < tab.nRow(); r++) {
        long[] a = tab.rawRow(r);
        long m = a[Tableau.BIG];
        if (m > 0 && a[Tableau.CONST] < 0) bound = Math.max(bound, Ints.ceilDiv(Ints.neg(a[Tableau.CONST]), m));
      }
      long big = Ints.mul(Ints.ceilDiv(bound, lcm), lcm);
      long[] p = new long[nVar];
      for (int i = 0; i < nVar; i++) {
        if (!tab.isBasic(i)) {
          p[i] = Ints.neg(big);
          continue;
        }
        long[] a = tab.rawRow(tab.rowOf(i));
        long v = Ints.add(a[Tableau.CONST], Ints.mul(a[Tableau.BIG], big));
        p[i] = Ints.sub(v / a[Tableau.DEN], big);
      }
      return p;
    } catch (CoefficientOverflowException e) {
      return UNKNOWN;
    }
  }
}
