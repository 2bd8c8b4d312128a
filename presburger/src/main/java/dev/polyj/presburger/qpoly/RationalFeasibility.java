package dev.polyj.presburger.qpoly;

import java.util.ArrayList;
import java.util.List;

/**
 * Exact rational feasibility of a system of affine inequalities {@code row . (1, x) >= 0} over
 * free real variables: phase one of the simplex method on an exact rational tableau (Dantzig's
 * rule, Bland's rule after many steps against cycling). Variables are split as {@code x = y - z}
 * with {@code y, z >= 0}; each row {@code a.x + c >= 0} gets a slack {@code s = a.x + c >= 0}, basic
 * from the start when {@code c >= 0}, otherwise with an artificial variable; the sum of the
 * artificials is minimised and the system is feasible iff that minimum is zero.
 *
 * <p>A rationally empty system has no integer points either, so this is a sound filter for
 * integer emptiness.
 */
public final class RationalFeasibility {
  private RationalFeasibility() {}

  public static boolean isRationallyEmpty(int nVar, List<long[]> ineqs) {
    List<long[]> rowsIn = new ArrayList<>();
    for (long[] r : ineqs) {
      boolean zero = true;
      for (int j = 1; j < r.length; j++) zero &= r[j] == 0;
      if (zero) {
        if (r[0] < 0) return true;
        continue;
      }
      rowsIn.add(r);
    }
    int m = rowsIn.size();
    if (m == 0) return false;
    int nArt = 0;
    for (long[] r : rowsIn) if (r[0] < 0) nArt++;
    if (nArt == 0) return false; // x = 0 satisfies every row
    // columns: y (nVar), z (nVar), slack (m), artificial (nArt); then the right-hand side
    int nCols = 2 * nVar + m + nArt;
    Rational[][] t = new Rational[m + 1][nCols + 1];
    int art = 0;
    for (int i = 0; i < m; i++) {
      long[] r = rowsIn.get(i);
      Rational[] row = t[i];
      java.util.Arrays.fill(row, Rational.ZERO);
      long c = r[0];
      if (c >= 0) {
        // s - a.x = c
        for (int j = 0; j < nVar; j++) {
          long a = j + 1 < r.length ? r[j + 1] : 0;
          row[j] = Rational.of(-a);
          row[nVar + j] = Rational.of(a);
        }
        row[2 * nVar + i] = Rational.ONE;
        row[nCols] = Rational.of(c);
      } else {
        // a.x - s + art = -c > 0
        for (int j = 0; j < nVar; j++) {
          long a = j + 1 < r.length ? r[j + 1] : 0;
          row[j] = Rational.of(a);
          row[nVar + j] = Rational.of(-a);
        }
        row[2 * nVar + i] = Rational.of(-1);
        row[2 * nVar + m + art] = Rational.ONE;
        row[nCols] = Rational.of(-c);
        art++;
      }
    }
    // objective row: reduced costs of "minimise the artificial sum" = minus the artificial rows
    Rational[] obj = t[m];
    java.util.Arrays.fill(obj, Rational.ZERO);
    for (int i = 0; i < m; i++) {
      if (rowsIn.get(i)[0] >= 0) continue;
      for (int j = 0; j < 2 * nVar + m; j++) if (!t[i][j].isZero()) obj[j] = obj[j].subtract(t[i][j]);
      obj[nCols] = obj[nCols].subtract(t[i][nCols]);
    }
    int[] basis = new int[m];
    art = 0;
    for (int i = 0; i < m; i++) basis[i] = rowsIn.get(i)[0] >= 0 ? 2 * nVar + i : 2 * nVar + m + art++;
    for (int iter = 0; iter < 100_000 && obj[nCols].signum() != 0; iter++) {
      boolean bland = iter > 50;
      int enter = -1;
      for (int j = 0; j < nCols; j++) {
        if (obj[j].signum() < 0 && (enter < 0 || (!bland && obj[j].compareTo(obj[enter]) < 0))) {
          enter = j;
          if (bland) break;
        }
      }
      if (enter < 0) break;
      int leave = -1;
      Rational best = null;
      for (int i = 0; i < m; i++) {
        if (t[i][enter].signum() <= 0) continue;
        Rational ratio = t[i][nCols].divide(t[i][enter]);
        int cmp = best == null ? -1 : ratio.compareTo(best);
        if (cmp < 0 || (cmp == 0 && basis[i] < basis[leave])) {
          best = ratio;
          leave = i;
        }
      }
      if (leave < 0) break;
      pivot(t, leave, enter, nCols);
      basis[leave] = enter;
    }
    return obj[nCols].signum() != 0;
  }

  private static void pivot(Rational[][] t, int r, int c, int nCols) {
    Rational p = t[r][c];
    if (!p.isOne()) for (int j = 0; j <= nCols; j++) if (!t[r][j].isZero()) t[r][j] = t[r][j].divide(p);
    for (int i = 0; i < t.length; i++) {
      if (i == r || t[i][c].isZero()) continue;
      Rational f = t[i][c];
      for (int j = 0; j <= nCols; j++) {
        if (!t[r][j].isZero()) t[i][j] = t[i][j].subtract(f.multiply(t[r][j]));
      }
    }
  }
}
