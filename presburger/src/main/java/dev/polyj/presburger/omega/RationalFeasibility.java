package dev.polyj.presburger.omega;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.ComputeBudget;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.List;

/**
 * Rational feasibility of a system of affine constraints by the simplex method, in the tableau
 * form isl uses: every constraint is a row {@code s_i = (c_i + sum_j d_ij y_j) / den_i} that must
 * stay non-negative, over non-basic variables {@code y_j >= 0} held at 0. Free variables are first
 * pivoted into the basis (and then ignored); a row with a negative constant is then maximised by
 * pivoting (Bland's rule) until it becomes non-negative, or shown to be bounded by a negative value
 * (infeasible). Integer arithmetic is fraction-free with one denominator per row.
 *
 * <p>Used as a cheap first test by the Omega test: no rational point means no integer point, and a
 * rational point that rounds to an integer point proves non-emptiness.
 */
final class RationalFeasibility {
  private RationalFeasibility() {}

  /** The outcome: infeasible, feasible with a rational sample (num[j]/den[j]), or unknown (overflow). */
  record Result(boolean known, boolean feasible, long[] sampleNum, long[] sampleDen) {}

  static final Result UNKNOWN = new Result(false, false, null, null);
  static final Result INFEASIBLE = new Result(true, false, null, null);

  /**
   * Decides rational feasibility of {@code eq . (1, x) = 0} and {@code ineq . (1, x) >= 0} over
   * {@code nVar} free variables; when feasible, also returns a rational point.
   */
  static Result check(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    try {
      return new Tableau(nVar, eqs, ineqs).solve();
    } catch (CoefficientOverflowException e) {
      return UNKNOWN;
    }
  }

  /**
   * For each inequality of {@code ineqs}, whether the equalities and the other inequalities imply
   * it over the rationals, the others being those not found implied before it (tested from the
   * last inequality to the first, the order of {@link RationalRedundancy#withoutRedundant}); null
   * when the system has no rational point.
   *
   * @throws CoefficientOverflowException when a coefficient leaves 64 bits even on a fresh tableau
   *
   * <p>One tableau serves every test (as isl detects redundant constraints): the system is made
   * feasible once; then each inequality's value is minimized with its own sign condition lifted.
   * The minimization stops as soon as the value can go negative (the constraint is needed: the
   * pivots made so far kept every row feasible, so the tableau serves the next test) or when no
   * column decreases it (the minimum is non-negative: the constraint is implied, its row loses its
   * sign condition for the tests after it). Coefficients grow with the pivots: when one leaves 64
   * bits, the tests go on from the same row on a fresh tableau of the rows kept so far.
   */
  static boolean[] redundantInequalities(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    boolean[] redundant = new boolean[ineqs.size()];
    int k = ineqs.size() - 1;
    while (k >= 0) {
      // a fresh tableau of the rows not found redundant (coefficients grow with the pivots of the tests)
      List<long[]> rows = new ArrayList<>();
      int[] index = new int[ineqs.size()];
      for (int i = 0; i < ineqs.size(); i++) {
        index[i] = eqs.size() + rows.size();
        if (!redundant[i]) rows.add(ineqs.get(i));
      }
      int first = k;
      try {
        Tableau t = new Tableau(nVar, eqs, rows);
        if (!t.solve().feasible()) return null;
        t.skipDead = true; // the sample is not read again: dead rows need no updates
        for (; k >= 0; k--) redundant[k] = t.implied(index[k]);
      } catch (CoefficientOverflowException e) {
        if (k == first) throw e; // not even a fresh tableau decides this row
      }
    }
    return redundant;
  }

  /** Dense fraction-free tableau. Column 0 is the constant; columns 1..n the non-basic variables. */
  private static final class Tableau {
    final int nVar;
    final int nRow;
    final int nCol;
    final long[][] row; // row[i] = [c, d_1..d_n], value = row/den
    final long[] den;
    final boolean[] rowEq; // an equality row: value must be exactly 0
    // what each column and row stands for: >= 0 index of a constraint, < 0: -(1 + variable index)
    final int[] colVar;
    final int[] rowVar;
    final boolean[] dead; // rows of free variables, and of constraints found implied
    boolean[] pinned; // columns of equality constraints, held at 0 (set by solve)
    boolean skipDead; // once solved for the redundancy tests: dead rows are no longer kept up to date

    Tableau(int nVar, List<long[]> eqs, List<long[]> ineqs) {
      this.nVar = nVar;
      int m = eqs.size() + ineqs.size();
      this.nRow = m;
      this.nCol = 1 + nVar;
      row = new long[m][];
      den = new long[m];
      rowEq = new boolean[m];
      rowVar = new int[m];
      colVar = new int[nCol];
      dead = new boolean[m];
      int i = 0;
      for (long[] e : eqs) {
        row[i] = e.clone();
        den[i] = 1;
        rowEq[i] = true;
        rowVar[i] = i;
        i++;
      }
      for (long[] r : ineqs) {
        row[i] = r.clone();
        den[i] = 1;
        rowVar[i] = i;
        i++;
      }
      for (int j = 1; j < nCol; j++) colVar[j] = -j; // free variable x_(j-1) is -(1 + (j-1))
    }

    Result solve() {
      // pivot every free variable into the basis, using any row that mentions it
      for (int j = 1; j < nCol; j++) {
        int r = -1;
        for (int i = 0; i < nRow && r < 0; i++) if (!dead[i] && row[i][j] != 0) r = i;
        if (r < 0) continue; // the variable occurs nowhere: it stays a free column
        pivot(r, j);
        dead[r] = true; // the row now defines a free variable: no sign condition
      }
      // equality constraints that are now columns must stay at 0: mark those columns unusable
      pinned = new boolean[nCol];
      for (int j = 1; j < nCol; j++) if (colVar[j] >= 0 && isEqConstraint(colVar[j])) pinned[j] = true;
      // equality rows: their value must be 0; drive them to 0 from either side
      for (int i = 0; i < nRow; i++) {
        if (dead[i] || !rowEq[i]) continue;
        if (row[i][0] < 0 && !restore(i, pinned, +1)) return INFEASIBLE;
        if (row[i][0] > 0 && !restore(i, pinned, -1)) return INFEASIBLE;
        if (row[i][0] != 0) return INFEASIBLE;
        // keep it at 0 from now on: treat it as a pinned column if possible
        int j = anyColumn(i, pinned);
        if (j > 0) {
          pivot(i, j);
          pinned[j] = true;
        } else if (row[i][0] != 0) {
          return INFEASIBLE;
        }
      }
      for (int i = 0; i < nRow; i++) {
        if (dead[i] || rowEq[i]) continue;
        if (row[i][0] < 0 && !restore(i, pinned, +1)) return INFEASIBLE;
      }
      long[] num = new long[nVar];
      long[] dn = new long[nVar];
      java.util.Arrays.fill(dn, 1);
      for (int i = 0; i < nRow; i++) {
        if (rowVar[i] < 0) {
          num[-rowVar[i] - 1] = row[i][0];
          dn[-rowVar[i] - 1] = den[i];
        }
      }
      return new Result(true, true, num, dn);
    }

    /**
     * Whether constraint c (an inequality, in a feasible tableau) is implied by the live rows
     * other than its own: its value is minimized with its sign condition lifted. True leaves the
     * row dead (no sign condition from now on); false leaves every row feasible.
     */
    boolean implied(int c) {
      int r = -1;
      for (int i = 0; i < nRow && r < 0; i++) if (rowVar[i] == c) r = i;
      if (r < 0) {
        // non-basic at 0: decreasing it moves the rows with a positive entry in its column
        int j = 1;
        while (colVar[j] != c) j++;
        int leave = -1;
        for (int k = 0; k < nRow; k++) {
          if (dead[k] || rowEq[k] || row[k][j] <= 0) continue;
          if (leave < 0) {
            leave = k;
            continue;
          }
          int cmp = Long.compare(Ints.mul(row[k][0], row[leave][j]), Ints.mul(row[leave][0], row[k][j]));
          if (cmp < 0 || (cmp == 0 && order(rowVar[k]) < order(rowVar[leave]))) leave = k;
        }
        if (leave < 0 || row[leave][0] > 0) return false; // it can go below 0
        pivot(leave, j); // degenerate: the constraint becomes basic at 0
        r = leave;
      }
      int limit = 20 * (nRow + nCol);
      for (int guard = 0; guard < limit; guard++) {
        // Bland's rule: the entering column of smallest variable index that decreases the value
        int enter = -1;
        for (int j = 1; j < nCol; j++) {
          if (pinned[j] || colVar[j] < 0 || row[r][j] >= 0) continue;
          if (enter < 0 || order(colVar[j]) < order(colVar[enter])) enter = j;
        }
        if (enter < 0) {
          dead[r] = true; // the minimum is non-negative
          return true;
        }
        // ratio test over the other live inequality rows that decrease; ties: smallest variable index
        int leave = -1;
        for (int k = 0; k < nRow; k++) {
          if (k == r || dead[k] || rowEq[k] || row[k][enter] >= 0) continue;
          if (leave < 0) {
            leave = k;
            continue;
          }
          int cmp = Long.compare(Ints.mul(row[k][0], -row[leave][enter]), Ints.mul(row[leave][0], -row[k][enter]));
          if (cmp < 0 || (cmp == 0 && order(rowVar[k]) < order(rowVar[leave]))) leave = k;
        }
        // the constraint's own value reaches 0 strictly before every other row: it can go below 0
        if (leave < 0) return false;
        if (Long.compare(Ints.mul(row[r][0], -row[leave][enter]), Ints.mul(row[leave][0], -row[r][enter])) < 0) return false;
        pivot(leave, enter);
        if (rowVar[r] != c) throw new IllegalStateException("the tested constraint left its row");
      }
      throw new CoefficientOverflowException(); // give up: treated as unknown
    }

    private boolean isEqConstraint(int constraint) {
      return rowEq[constraint];
    }

    private int anyColumn(int i, boolean[] pinned) {
      for (int j = 1; j < nCol; j++) if (!pinned[j] && colVar[j] >= 0 && row[i][j] != 0) return j;
      return -1;
    }

    /**
     * Moves row i's value towards non-negative (dir = +1) or non-positive (dir = -1) by pivoting;
     * false when the row cannot reach the target sign.
     */
    private boolean restore(int i, boolean[] pinned, int dir) {
      int limit = 20 * (nRow + nCol);
      for (int guard = 0; guard < limit; guard++) {
        long c = row[i][0] * dir;
        if (c >= 0) return true;
        // Bland's rule: the entering column of smallest variable index among those of the right sign
        int enter = -1;
        for (int j = 1; j < nCol; j++) {
          if (pinned[j] || colVar[j] < 0) continue;
          if (row[i][j] * dir > 0 && (enter < 0 || order(colVar[j]) < order(colVar[enter]))) enter = j;
        }
        if (enter < 0) return false;
        // ratio test over live inequality rows that would decrease; ties: smallest variable index
        int leave = i;
        long bestNum = -row[i][0] * dir; // the increase needed for row i to reach 0, times den
        long bestDen = Math.abs(row[i][enter]);
        for (int k = 0; k < nRow; k++) {
          if (k == i || dead[k] || rowEq[k]) continue;
          long d = row[k][enter];
          if (d >= 0) continue;
          long num = row[k][0];
          if (num < 0) continue; // rows still infeasible are restored later
          long dd = -d;
          int cmp = Long.compare(Ints.mul(num, bestDen), Ints.mul(bestNum, dd));
          if (cmp < 0 || (cmp == 0 && leave != i && order(rowVar[k]) < order(rowVar[leave]))) {
            bestNum = num;
            bestDen = dd;
            leave = k;
          }
        }
        pivot(leave, enter);
        if (leave == i) return true; // row i is now non-basic at 0
      }
      throw new CoefficientOverflowException(); // give up: treated as unknown
    }

    /** A total order on variables for Bland's rule: free variables first, then constraints. */
    private int order(int var) {
      return var < 0 ? -var - 1 : nVar + var;
    }

    /** Exchanges the basic variable of row r with the non-basic variable of column j. */
    private void pivot(int r, int j) {
      ComputeBudget.spend(1 + (long) row.length * nCol / 256);
      long[] p = row[r];
      long a = p[j];
      long d = den[r];
      // new row r: expresses the column's variable: y_j = (d*s_r - sum_{k != j} p_k y_k - p_0) / a
      long[] np = new long[nCol];
      for (int k = 0; k < nCol; k++) np[k] = k == j ? d : Ints.neg(p[k]);
      long nd = a;
      if (nd < 0) {
        nd = -nd;
        for (int k = 0; k < nCol; k++) np[k] = -np[k];
      }
      normalize(np, nd, r);
      // other rows: substitute y_j
      for (int i = 0; i < nRow; i++) {
        if (i == r || row[i][j] == 0 || (skipDead && dead[i])) continue;
        long[] q = row[i];
        long c = q[j];
        // q/den_i with y_j = np/den_r  ->  (q*den_r' + c*np) / (den_i*den_r') where column j becomes s_r
        long dr = den[r];
        long[] out = new long[nCol];
        for (int k = 0; k < nCol; k++) {
          long base = k == j ? 0 : Ints.mul(q[k], dr);
          out[k] = Ints.add(base, Ints.mul(c, row[r][k]));
        }
        den[i] = Ints.mul(den[i], dr);
        row[i] = out;
        normalize(out, den[i], i);
      }
      int tmp = rowVar[r];
      rowVar[r] = colVar[j];
      colVar[j] = tmp;
    }

    private void normalize(long[] r, long d, int i) {
      long g = Ints.gcd(Ints.gcd(r, 0, r.length), d);
      if (g > 1) {
        for (int k = 0; k < r.length; k++) r[k] /= g;
        d /= g;
      }
      row[i] = r;
      den[i] = d;
    }
  }
}
