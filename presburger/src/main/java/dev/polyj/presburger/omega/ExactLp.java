package dev.polyj.presburger.omega;

import com.google.common.base.Preconditions;
import dev.polyj.presburger.arith.ComputeBudget;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;

/**
 * Exact rational linear programming on {@code BigInteger} rows: maximises an affine objective over
 * {@code eq . (1, x) = 0} and {@code ineq . (1, x) >= 0} with free variables {@code x}. The tableau
 * has the form of {@link RationalFeasibility} (fraction-free rows with one denominator each, free
 * variables pivoted into the basis first, equalities driven to zero and then kept as pinned
 * non-basic columns, infeasible rows restored by maximising them), followed by the primal simplex
 * on the objective row. Bland's rule (smallest variable first, in entering and leaving choices)
 * prevents cycling, so every call terminates.
 *
 * <p>At an optimum the objective row also gives the multipliers {@code w} with
 * {@code objective = sum_k w_k row_k} on the variable part ({@code w_k <= 0} for inequalities):
 * the dual values used by generalized basis reduction.
 */
final class ExactLp {
  private ExactLp() {}

  enum Status {
    INFEASIBLE,
    UNBOUNDED,
    OPTIMAL
  }

  /**
   * The outcome. For {@code OPTIMAL} (and for a feasibility question without objective):
   * the value {@code valueNum / valueDen}, a rational point {@code pointNum[j] / pointDen[j]} and
   * the dual values {@code dualNum[k] / dualDen} of the constraints (equalities first, then
   * inequalities in their given order).
   */
  record Solution(
      Status status,
      BigInteger valueNum,
      BigInteger valueDen,
      BigInteger[] pointNum,
      BigInteger[] pointDen,
      BigInteger[] dualNum,
      BigInteger dualDen) {

    boolean feasible() {
      return status != Status.INFEASIBLE;
    }

    /** True when every coordinate of the point is an integer. */
    boolean integralPoint() {
      for (BigInteger d : pointDen) if (!d.equals(BigInteger.ONE)) return false;
      return true;
    }
  }

  private static final Solution INFEASIBLE = new Solution(Status.INFEASIBLE, null, null, null, null, null, null);

  /** Feasibility only: a rational point of the constraints, or {@code INFEASIBLE}. */
  static Solution feasible(int nVar, List<BigInteger[]> eqs, List<BigInteger[]> ineqs) {
    return maximize(nVar, eqs, ineqs, null);
  }

  /**
   * Maximises {@code objective . (1, x)} ({@code objective} of width {@code 1 + nVar}, or null for a
   * feasibility question).
   */
  static Solution maximize(int nVar, List<BigInteger[]> eqs, List<BigInteger[]> ineqs, BigInteger[] objective) {
    for (BigInteger[] r : eqs) Preconditions.checkArgument(r.length == 1 + nVar, "equality of width %s, expected %s", r.length, 1 + nVar);
    for (BigInteger[] r : ineqs) Preconditions.checkArgument(r.length == 1 + nVar, "inequality of width %s, expected %s", r.length, 1 + nVar);
    return new Tableau(nVar, eqs, ineqs, objective).solve();
  }

  /**
   * {@link RationalFeasibility#redundantInequalities} on {@code BigInteger} rows (which no pivot
   * overflows): for each inequality, from the last to the first, whether the equalities and the
   * inequalities not found implied so far imply it; null when the system has no rational point.
   */
  static boolean[] redundantInequalities(int nVar, List<BigInteger[]> eqs, List<BigInteger[]> ineqs) {
    Tableau t = new Tableau(nVar, eqs, ineqs, null);
    if (!t.solve().feasible()) return null;
    t.skipDead = true; // the sample is not read again: rows without sign condition need no updates
    boolean[] redundant = new boolean[ineqs.size()];
    for (int k = ineqs.size() - 1; k >= 0; k--) redundant[k] = t.implied(eqs.size() + k);
    return redundant;
  }

  /** Dense fraction-free tableau; column 0 the constant, columns 1.. the non-basic variables. */
  private static final class Tableau {
    final int nVar;
    final int nCon;
    final int nRow;
    final int nCol;
    final int obj; // index of the objective row, or -1
    final BigInteger[][] row;
    final BigInteger[] den;
    final boolean[] rowEq; // by constraint index
    final int[] rowVar; // >= 0: constraint index; < 0: -(1 + variable); objective: Integer.MIN_VALUE
    final int[] colVar;
    final boolean[] pinned; // columns of equalities: held at 0 for good
    final boolean[] lifted; // by constraint index: inequalities found implied, without sign condition
    boolean skipDead; // rows without sign condition are no longer kept up to date (redundancy tests)

    Tableau(int nVar, List<BigInteger[]> eqs, List<BigInteger[]> ineqs, BigInteger[] objective) {
      this.nVar = nVar;
      this.nCon = eqs.size() + ineqs.size();
      this.nRow = nCon + (objective == null ? 0 : 1);
      this.nCol = 1 + nVar;
      this.obj = objective == null ? -1 : nCon;
      row = new BigInteger[nRow][];
      den = new BigInteger[nRow];
      rowEq = new boolean[nRow];
      rowVar = new int[nRow];
      colVar = new int[nCol];
      pinned = new boolean[nCol];
      lifted = new boolean[nRow];
      int i = 0;
      for (BigInteger[] e : eqs) {
        row[i] = e.clone();
        rowEq[i] = true;
        i++;
      }
      for (BigInteger[] r : ineqs) row[i++] = r.clone();
      if (objective != null) {
        row[obj] = objective.clone();
        row[obj][0] = BigInteger.ZERO;
      }
      for (int k = 0; k < nRow; k++) {
        den[k] = BigInteger.ONE;
        rowVar[k] = k;
      }
      if (obj >= 0) rowVar[obj] = Integer.MIN_VALUE;
      for (int j = 1; j < nCol; j++) colVar[j] = -j;
    }

    Solution solve() {
      for (int j = 1; j < nCol; j++) {
        int r = -1;
        for (int i = 0; i < nCon && r < 0; i++) if (rowVar[i] >= 0 && row[i][j].signum() != 0) r = i;
        if (r < 0) continue; // the variable occurs in no constraint
        pivot(r, j); // the row now defines the variable: no sign condition
      }
      pinEqualityColumns();
      for (int c = 0; c < nCon; c++) {
        if (!rowEq[c]) continue;
        int i = rowOf(c);
        if (i < 0) continue; // already a pinned column
        if (row[i][0].signum() < 0 && !restore(i, +1)) return INFEASIBLE;
        if (row[i][0].signum() > 0 && !restore(i, -1)) return INFEASIBLE;
        if (row[i][0].signum() != 0) return INFEASIBLE;
        pinEqualityColumns();
        if (rowVar[i] != c) continue; // left the basis while being restored
        int j = -1;
        for (int k = 1; k < nCol && j < 0; k++) if (!pinned[k] && colVar[k] >= 0 && row[i][k].signum() != 0) j = k;
        if (j > 0) {
          pivot(i, j);
          pinned[j] = true;
        }
        // otherwise the row is zero on every free column: it stays 0
      }
      for (int i = 0; i < nCon; i++) {
        if (!liveInequality(i)) continue;
        if (row[i][0].signum() < 0 && !restore(i, +1)) return INFEASIBLE;
      }
      if (obj >= 0 && !optimize()) {
        return new Solution(Status.UNBOUNDED, null, null, null, null, null, null);
      }
      BigInteger[] num = new BigInteger[nVar];
      BigInteger[] dn = new BigInteger[nVar];
      Arrays.fill(num, BigInteger.ZERO);
      Arrays.fill(dn, BigInteger.ONE);
      for (int i = 0; i < nRow; i++) {
        if (rowVar[i] < 0 && rowVar[i] != Integer.MIN_VALUE) {
          num[-rowVar[i] - 1] = row[i][0];
          dn[-rowVar[i] - 1] = den[i];
        }
      }
      if (obj < 0) return new Solution(Status.OPTIMAL, BigInteger.ZERO, BigInteger.ONE, num, dn, null, null);
      BigInteger[] dual = new BigInteger[nCon];
      Arrays.fill(dual, BigInteger.ZERO);
      for (int j = 1; j < nCol; j++) if (colVar[j] >= 0) dual[colVar[j]] = row[obj][j];
      return new Solution(Status.OPTIMAL, row[obj][0], den[obj], num, dn, dual, den[obj]);
    }

    /**
     * Whether inequality c (in a feasible tableau without objective) is implied by the live rows
     * other than its own: its value is minimized with its sign condition lifted, until it can go
     * below 0 (false; every row stays feasible) or no column decreases it (true; its sign
     * condition stays lifted).
     */
    boolean implied(int c) {
      int r = rowOf(c);
      if (r < 0) {
        // non-basic at 0: decreasing it moves the rows with a positive entry in its column
        int j = 1;
        while (colVar[j] != c) j++;
        int leave = -1;
        for (int k = 0; k < nCon; k++) {
          if (!liveInequality(k) || row[k][j].signum() <= 0) continue;
          if (leave < 0) {
            leave = k;
            continue;
          }
          int cmp = row[k][0].multiply(row[leave][j]).compareTo(row[leave][0].multiply(row[k][j]));
          if (cmp < 0 || (cmp == 0 && order(rowVar[k]) < order(rowVar[leave]))) leave = k;
        }
        if (leave < 0 || row[leave][0].signum() > 0) return false; // it can go below 0
        pivot(leave, j); // degenerate: the constraint becomes basic at 0
        r = leave;
      }
      while (true) {
        int enter = -1;
        for (int j = 1; j < nCol; j++) {
          if (pinned[j] || colVar[j] < 0 || row[r][j].signum() >= 0) continue;
          if (enter < 0 || order(colVar[j]) < order(colVar[enter])) enter = j;
        }
        if (enter < 0) {
          lifted[c] = true; // the minimum is non-negative
          return true;
        }
        int leave = -1;
        for (int k = 0; k < nCon; k++) {
          if (k == r || !liveInequality(k) || row[k][enter].signum() >= 0) continue;
          if (leave < 0) {
            leave = k;
            continue;
          }
          int cmp = row[k][0].multiply(row[leave][enter].negate()).compareTo(row[leave][0].multiply(row[k][enter].negate()));
          if (cmp < 0 || (cmp == 0 && order(rowVar[k]) < order(rowVar[leave]))) leave = k;
        }
        // the constraint's own value reaches 0 strictly before every other row: it can go below 0
        if (leave < 0 || row[r][0].multiply(row[leave][enter].negate()).compareTo(row[leave][0].multiply(row[r][enter].negate())) < 0) {
          return false;
        }
        pivot(leave, enter);
      }
    }

    /** Primal simplex on the objective row; false when unbounded. */
    private boolean optimize() {
      while (true) {
        int enter = -1;
        for (int j = 1; j < nCol; j++) {
          if (pinned[j]) continue;
          int s = row[obj][j].signum();
          if (colVar[j] < 0) {
            if (s != 0) return false; // a variable in no constraint with a non-zero objective
            continue;
          }
          if (s > 0 && (enter < 0 || order(colVar[j]) < order(colVar[enter]))) enter = j;
        }
        if (enter < 0) return true;
        int leave = -1;
        for (int k = 0; k < nCon; k++) {
          if (!liveInequality(k) || row[k][enter].signum() >= 0) continue;
          if (leave < 0) {
            leave = k;
            continue;
          }
          // compare row[k][0] / -row[k][enter] with row[leave][0] / -row[leave][enter]
          int cmp = row[k][0].multiply(row[leave][enter].negate()).compareTo(row[leave][0].multiply(row[k][enter].negate()));
          if (cmp < 0 || (cmp == 0 && order(rowVar[k]) < order(rowVar[leave]))) leave = k;
        }
        if (leave < 0) return false;
        pivot(leave, enter);
      }
    }

    /**
     * Moves row i's value to non-negative (dir = +1) or non-positive (dir = -1) by pivoting; false
     * when the row cannot reach that sign.
     */
    private boolean restore(int i, int dir) {
      while (true) {
        if (row[i][0].signum() * dir >= 0) return true;
        int enter = -1;
        for (int j = 1; j < nCol; j++) {
          if (pinned[j] || colVar[j] < 0) continue;
          if (row[i][j].signum() * dir > 0 && (enter < 0 || order(colVar[j]) < order(colVar[enter]))) enter = j;
        }
        if (enter < 0) return false;
        int leave = i;
        BigInteger bestNum = row[i][0].abs();
        BigInteger bestDen = row[i][enter].abs();
        for (int k = 0; k < nCon; k++) {
          if (k == i || !liveInequality(k)) continue;
          BigInteger d = row[k][enter];
          if (d.signum() >= 0 || row[k][0].signum() < 0) continue;
          BigInteger dd = d.negate();
          int cmp = row[k][0].multiply(bestDen).compareTo(bestNum.multiply(dd));
          if (cmp < 0 || (cmp == 0 && leave != i && order(rowVar[k]) < order(rowVar[leave]))) {
            bestNum = row[k][0];
            bestDen = dd;
            leave = k;
          }
        }
        pivot(leave, enter);
        if (leave == i) return true; // row i is now a non-basic column at 0
      }
    }

    private void pinEqualityColumns() {
      for (int j = 1; j < nCol; j++) if (colVar[j] >= 0 && rowEq[colVar[j]]) pinned[j] = true;
    }

    private int rowOf(int constraint) {
      for (int i = 0; i < nRow; i++) if (rowVar[i] == constraint) return i;
      return -1;
    }

    /** True when row i holds the slack of an inequality (a row with a sign condition). */
    private boolean liveInequality(int i) {
      return rowVar[i] >= 0 && !rowEq[rowVar[i]] && !lifted[rowVar[i]];
    }

    private int order(int var) {
      return var < 0 ? -var - 1 : nVar + var;
    }

    /** Exchanges the basic variable of row r with the non-basic variable of column j. */
    private void pivot(int r, int j) {
      BigInteger[] p = row[r];
      int bits = den[r].bitLength();
      for (BigInteger x : p) bits = Math.max(bits, x.bitLength());
      ComputeBudget.spend(1 + (long) row.length * nCol * (1 + bits / 64) / 64);
      BigInteger a = p[j];
      BigInteger[] np = new BigInteger[nCol];
      for (int k = 0; k < nCol; k++) np[k] = k == j ? den[r] : p[k].negate();
      BigInteger nd = a;
      if (nd.signum() < 0) {
        nd = nd.negate();
        for (int k = 0; k < nCol; k++) np[k] = np[k].negate();
      }
      store(r, np, nd);
      for (int i = 0; i < nRow; i++) {
        if (i == r || row[i][j].signum() == 0) continue;
        if (skipDead && i != obj && (rowVar[i] < 0 || lifted[rowVar[i]])) continue;
        BigInteger[] q = row[i];
        BigInteger c = q[j];
        BigInteger dr = den[r];
        BigInteger[] out = new BigInteger[nCol];
        for (int k = 0; k < nCol; k++) {
          BigInteger base = k == j ? BigInteger.ZERO : q[k].multiply(dr);
          out[k] = base.add(c.multiply(row[r][k]));
        }
        store(i, out, den[i].multiply(dr));
      }
      int tmp = rowVar[r];
      rowVar[r] = colVar[j];
      colVar[j] = tmp;
    }

    private void store(int i, BigInteger[] r, BigInteger d) {
      BigInteger g = d;
      for (int k = 0; k < r.length && !g.equals(BigInteger.ONE); k++) g = g.gcd(r[k]);
      if (g.signum() != 0 && !g.equals(BigInteger.ONE)) {
        for (int k = 0; k < r.length; k++) r[k] = r[k].divide(g);
        d = d.divide(g);
      }
      row[i] = r;
      den[i] = d;
    }
  }
}
