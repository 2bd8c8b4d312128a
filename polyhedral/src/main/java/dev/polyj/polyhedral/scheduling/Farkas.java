package dev.polyj.polyhedral.scheduling;

import dev.polyj.presburger.set.BasicRelation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The affine form of Farkas' lemma, as used by Feautrier's and Pluto's schedulers: an affine form
 * f is non-negative on a non-empty polyhedron {@code { x : A x + b >= 0, E x + e = 0 }} iff
 * {@code f(x) = l0 + sum_k l_k (A_k x + b_k) + sum_i m_i (E_i x + e_i)} with {@code l >= 0}.
 *
 * <p>The coefficients of f are themselves affine in unknowns u (schedule coefficients); equating
 * the coefficients of x and projecting the multipliers out (Gaussian elimination for m,
 * Fourier-Motzkin for l, over the rationals) gives linear constraints on u alone. Existential
 * locals of the polyhedron are treated as further variables with coefficient 0 in f (sound: f
 * does not depend on them); the rational relaxation is the classical approximation.
 */
final class Farkas {
  private Farkas() {}

  /**
   * Constraints on the unknowns u under which {@code f >= 0} on {@code p}.
   *
   * @param p the polyhedron (columns: constant, parameters, dimensions, locals)
   * @param form for each column c of p (c < form.length; missing columns mean 0) the coefficient
   *     of f at c as an affine expression over the unknowns: a row {@code [constant, u_1..u_nU]}
   * @param nU the number of unknowns
   * @return rows over {@code [constant, u...]}: equalities in {@code eqs}, inequalities ({@code >= 0})
   */
  static RationalElimination.System nonNegative(BasicRelation p, long[][] form, int nU) {
    List<long[]> pe = p.equalities();
    List<long[]> pi = p.inequalities();
    int nCol = p.nCol();
    int nL = pi.size();
    int nM = pe.size();
    int width = 1 + nU + nL + nM;
    RationalElimination.System s = new RationalElimination.System();
    for (int c = 0; c < nCol; c++) {
      long[] row = new long[width];
      if (c < form.length && form[c] != null) System.arraycopy(form[c], 0, row, 0, Math.min(form[c].length, 1 + nU));
      for (int k = 0; k < nL; k++) row[1 + nU + k] = -pi.get(k)[c];
      for (int i = 0; i < nM; i++) row[1 + nU + nL + i] = -pe.get(i)[c];
      (c == 0 ? s.ineqs : s.eqs).add(row);
    }
    for (int k = 0; k < nL; k++) {
      long[] row = new long[width];
      row[1 + nU + k] = 1;
      s.ineqs.add(row);
    }
    RationalElimination.tidy(s);
    int[] cols = new int[nL + nM];
    for (int i = 0; i < nM; i++) cols[i] = 1 + nU + nL + i;
    for (int k = 0; k < nL; k++) cols[nM + k] = 1 + nU + k;
    RationalElimination.eliminate(s, cols);
    RationalElimination.System out = new RationalElimination.System();
    out.infeasible = s.infeasible;
    for (long[] r : s.eqs) out.eqs.add(Arrays.copyOf(r, 1 + nU));
    for (long[] r : s.ineqs) out.ineqs.add(Arrays.copyOf(r, 1 + nU));
    RationalElimination.tidy(out);
    return out;
  }

  /** Convenience: unknown-free constant form (for tests): f(x) = coefficients . (1, x). */
  static long[][] constantForm(long[] coefficients) {
    long[][] f = new long[coefficients.length][];
    for (int c = 0; c < coefficients.length; c++) f[c] = new long[] {coefficients[c]};
    return f;
  }

  static List<long[]> rows(RationalElimination.System s) {
    List<long[]> all = new ArrayList<>(s.eqs);
    all.addAll(s.ineqs);
    return all;
  }
}
