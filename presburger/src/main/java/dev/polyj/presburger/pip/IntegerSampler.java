package dev.polyj.presburger.pip;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import java.util.List;

/**
 * An integer point of a conjunction of constraints, or the proof that there is none: the
 * non-parametric case of the lexicographic dual simplex with Gomory cuts (on the same
 * {@link Tableau}), with every variable shifted by a big parameter M so that unbounded variables
 * need no special care.
 *
 * <p>At the end every row's value is {@code (c + m M)/d >= 0} for all large M, and integral when
 * M is a multiple of every denominator; the point is read off with the smallest such M. Gomory's
 * method always terminates in theory but may take many cuts; after a fixed number of steps (or
 * on arithmetic overflow) the sampler gives up and the caller decides emptiness otherwise.
 */
final class IntegerSampler {
  private IntegerSampler() {}

  /** The sampler ran out of its step budget or of 64-bit arithmetic. */
  static final class GaveUp extends Exception {
    GaveUp() {
      super(null, null, false, false);
    }
  }

  private static final int MAX_STEPS = 400;

  /**
   * An integer point (values of columns 1..nVar) of {@code eqs = 0, ineqs >= 0} (rows of width at
   * most {@code 1 + nVar}, zero-padded), or null when there is none.
   */
  static long[] sample(int nVar, List<long[]> eqs, List<long[]> ineqs) throws GaveUp {
    try {
      return run(nVar, eqs, ineqs);
    } catch (CoefficientOverflowException e) {
      throw new GaveUp();
    }
  }

  private static long[] run(int nVar, List<long[]> eqs, List<long[]> ineqs) throws GaveUp {
    LongTableau tab = new LongTableau(nVar, 0);
    for (long[] e : ineqs) tab.addRow(row(e, nVar, false));
    for (long[] e : eqs) {
      tab.addRow(row(e, nVar, false));
      tab.addRow(row(e, nVar, true));
    }
    for (int step = 0; ; step++) {
      if (step > MAX_STEPS) throw new GaveUp();
      int neg = -1;
      for (int r = 0; r < tab.nRow() && neg < 0; r++) {
        int m = tab.sign(r, Tableau.BIG);
        if (m < 0 || (m == 0 && tab.sign(r, Tableau.CONST) < 0)) neg = r;
      }
      if (neg >= 0) {
        int col = tab.pivotColumn(neg);
        if (col < 0) return null;
        tab.pivot(neg, col);
        continue;
      }
      int cut = -1;
      for (int i = 0; i < nVar && cut < 0; i++) {
        if (tab.isBasic(i) && !tab.divisible(tab.rowOf(i), Tableau.CONST, Tableau.CONST + 1)) cut = tab.rowOf(i);
      }
      if (cut < 0) break;
      if (tab.hasIntegralColumnCoefficients(cut)) return null;
      tab.addCut(cut, -1);
    }
    return point(tab, nVar);
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
  }
}
