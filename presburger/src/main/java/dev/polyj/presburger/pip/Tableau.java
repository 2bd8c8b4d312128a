package dev.polyj.presburger.pip;

import dev.polyj.presburger.arith.ComputeBudget;
import java.util.Arrays;

/**
 * The main tableau of parametric integer programming: an exact rational dual-simplex tableau in
 * which every basic variable is an affine function of the non-basic ones (the columns), of a
 * symbolic "big parameter" M and of the problem parameters.
 *
 * <p>The unknowns {@code x} of the problem are shifted by M as in Feautrier's big-parameter
 * method: the tableau works with {@code x' = M + x >= 0}, so the initial sample {@code x' = 0}
 * (that is {@code x = -M}) lies lexicographically below every solution. All other variables are
 * slacks of constraints and of Gomory cuts; every variable of the tableau is a non-negative
 * integer.
 *
 * <p>Row layout: {@code [d, c, m, t_0 .. t_(nCol-1), b_0 .. b_(nParam-1)]} meaning the basic
 * variable equals {@code (c + m M + sum t_j y_j + sum b_k p_k) / d} with {@code d > 0}, where the
 * {@code y_j} are the non-basic variables and the {@code p_k} the parameters (problem variables,
 * then integer divisions of the context). Rows are kept divided by the gcd of their entries.
 *
 * <p>This base class keeps the variable bookkeeping and the pivoting rule; subclasses hold the
 * numbers ({@link LongTableau} with overflow checks, {@link BigTableau} with unbounded integers).
 */
abstract class Tableau {
  static final int DEN = 0;
  static final int CONST = 1;
  static final int BIG = 2;
  static final int FIRST_COL = 3;

  /** Number of unknowns, also the number of columns. */
  final int nCol;
  /** Number of parameter coefficients in each row. */
  int nParam;
  /** For each variable: its row (>= 0) or the complement of its column (< 0). */
  int[] varIndex;
  int nVar;
  /** For each row: its variable. */
  int[] rowVar;
  /** For each column: its variable. */
  int[] colVar;
  /** Pivots allowed before {@link PivotLimitException} (negative: no limit); not copied. */
  int pivotsLeft = -1;

  /** Thrown by {@link #pivot} when the tableau's pivot limit is reached. */
  static final class PivotLimitException extends RuntimeException {
    PivotLimitException() {
      super("pivot limit reached", null, false, false);
    }
  }

  Tableau(int nUnknown, int nParam) {
    this.nCol = nUnknown;
    this.nParam = nParam;
    varIndex = new int[Math.max(8, 2 * nUnknown)];
    rowVar = new int[8];
    colVar = new int[nUnknown];
    for (int j = 0; j < nUnknown; j++) {
      varIndex[j] = ~j;
      colVar[j] = j;
    }
    nVar = nUnknown;
  }

  Tableau(Tableau o) {
    nCol = o.nCol;
    nParam = o.nParam;
    varIndex = o.varIndex.clone();
    nVar = o.nVar;
    rowVar = o.rowVar.clone();
    colVar = o.colVar.clone();
  }

  // ---------------------------------------------------------------------------------------------
  // Numeric primitives

  abstract int nRow();

  /**
   * An object that stays the same for row r exactly as long as the row's numbers do (every
   * operation that changes a row replaces it).
   */
  abstract Object rowIdentity(int r);

  /** Sign of the entry at {@code pos} of row {@code r}. */
  abstract int sign(int r, int pos);

  /** Sign of {@code a[i][j1] * a[r][j2] - a[i][j2] * a[r][j1]} over column entries. */
  abstract int compareRatio(int i, int j1, int j2, int r);

  /** Exchanges the basic variable of row r with the non-basic variable of column j (numbers only). */
  abstract void pivotNumbers(int r, int j);

  /** {@code [c, b_0, ...]} of row r divided by their gcd (the sign of c + b.p is that of the row's parametric constant). */
  abstract long[] parametricConstant(int r);

  /** True when every entry of row r in positions [from, to) is a multiple of the row's denominator. */
  abstract boolean divisible(int r, int from, int to);

  /**
   * {@code [c mod d, b_0 mod d, ...]} of row r, or with {@code negated} the same of the negated
   * constant and coefficients: {@code [(-c) mod d, (-b_0) mod d, ...]}.
   */
  abstract long[] fractionalParametricConstant(int r, boolean negated);

  /** The row's denominator. */
  abstract long denominator(int r);

  /** Replaces the parametric constant (c + b.p)/d of row r by d*floor(c/d) + d*floor(b/d).p + d*p_div, all over d. */
  abstract void replaceFractionByDiv(int r, int divParam);

  /**
   * Appends the Gomory cut of row r, {@code d s = -((-c) mod d) - sum ((-b_k) mod d) p_k + d q +
   * sum (t_j mod d) y_j} where {@code q = floor(((-c) mod d + sum ((-b_k) mod d) p_k) / d)} is
   * parameter {@code divParam}; without a division ({@code divParam < 0}, all b_k multiples of d)
   * only the constant and column parts remain. The cut's slack is an integer at every integer
   * point where the row's variable is an integer, and its value is {@code -{-value}} <= 0.
   */
  abstract void appendCutNumbers(int r, int divParam);

  /** Appends a zero parameter column. */
  abstract void appendParamNumbers();

  /** Appends a row {@code [1, c, m, t..., b...]} (given without the denominator). */
  abstract void appendRowNumbers(long[] row);

  /** {@code [c/d, b_0/d, ...]} when the M coefficient equals d (a finite value), else null. */
  abstract long[] finiteValue(int r);

  /**
   * Substitutes {@code value} for parameter {@code k} in every row: for a parameter the context
   * fixes to a constant, so that rows whose parametric part is then integral get plain cuts
   * instead of new divisions.
   */
  abstract void fixParam(int k, long value);

  abstract Tableau copy();

  // ---------------------------------------------------------------------------------------------
  // Bookkeeping and pivoting rule

  int paramPos(int k) {
    return FIRST_COL + nCol + k;
  }

  boolean isBasic(int var) {
    return varIndex[var] >= 0;
  }

  int rowOf(int var) {
    return varIndex[var];
  }

  int newVar(int index) {
    if (nVar == varIndex.length) varIndex = Arrays.copyOf(varIndex, 2 * nVar);
    varIndex[nVar] = index;
    return nVar++;
  }

  void newRow(int var) {
    int r = nRow() - 1;
    if (r >= rowVar.length) rowVar = Arrays.copyOf(rowVar, Math.max(2 * rowVar.length, r + 1));
    rowVar[r] = var;
  }

  /** Adds a constraint row {@code [c, m, t..., b...]} expressed in the current columns; returns its row. */
  int addRow(long[] row) {
    appendRowNumbers(row);
    newRow(newVar(nRow() - 1));
    return nRow() - 1;
  }

  /** Adds the cut of row r (see {@link #appendCutNumbers}); returns the cut's row. */
  int addCut(int r, int divParam) {
    appendCutNumbers(r, divParam);
    newRow(newVar(nRow() - 1));
    return nRow() - 1;
  }

  void addParam() {
    appendParamNumbers();
    nParam++;
  }

  void pivot(int r, int j) {
    if (pivotsLeft >= 0 && pivotsLeft-- == 0) throw new PivotLimitException();
    ComputeBudget.spend(1 + (long) nRow() * nCol / 1024);
    pivotNumbers(r, j);
    int rv = rowVar[r];
    int cv = colVar[j];
    rowVar[r] = cv;
    colVar[j] = rv;
    varIndex[cv] = r;
    varIndex[rv] = ~j;
  }

  /** Removes row r, whose variable no longer counts (its constraint is dropped). */
  void removeRow(int r) {
    int last = nRow() - 1;
    varIndex[rowVar[r]] = Integer.MIN_VALUE;
    moveLastRowNumbers(r);
    if (r != last) {
      rowVar[r] = rowVar[last];
      varIndex[rowVar[r]] = r;
    }
  }

  /** Moves the numbers of the last row to row r (replacing it) and drops the last row. */
  void moveLastRowNumbers(int r) {
    throw new UnsupportedOperationException("rows are only removed from long tableaux");
  }

  /** True when no non-basic coefficient of row r is positive: the row cannot be increased. */
  boolean isCritical(int r) {
    for (int j = 0; j < nCol; j++) if (sign(r, FIRST_COL + j) > 0) return false;
    return true;
  }

  /**
   * The dual-simplex pivot column for a row with negative value: among the columns with a
   * positive coefficient, the one whose column divided by that coefficient is lexicographically
   * smallest on the unknowns (the smallest increase of the sample point). -1 when none.
   */
  int pivotColumn(int r) {
    int best = -1;
    for (int j = 0; j < nCol; j++) {
      if (sign(r, FIRST_COL + j) <= 0) continue;
      if (best < 0 || compareColumns(j, best, r) < 0) best = j;
    }
    return best;
  }

  private int compareColumns(int j1, int j2, int r) {
    for (int i = 0; i < nCol; i++) {
      int v = varIndex[i];
      if (v >= 0) {
        int s = compareRatio(v, j1, j2, r);
        if (s != 0) return s;
      } else {
        int c = ~v;
        if (c == j1) return 1;
        if (c == j2) return -1;
      }
    }
    throw new IllegalStateException("two columns of the tableau agree on every unknown");
  }

  /** True when row r's value at the sample point is an integer for every parameter value. */
  boolean hasIntegralParametricConstant(int r) {
    return divisible(r, CONST, CONST + 1) && divisible(r, paramPos(0), paramPos(nParam));
  }

  boolean hasIntegralParamCoefficients(int r) {
    return divisible(r, paramPos(0), paramPos(nParam));
  }

  boolean hasIntegralColumnCoefficients(int r) {
    return divisible(r, FIRST_COL, FIRST_COL + nCol);
  }
}
