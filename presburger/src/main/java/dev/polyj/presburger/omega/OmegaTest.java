package dev.polyj.presburger.omega;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.ComputeBudget;
import dev.polyj.presburger.arith.Ints;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Integer emptiness of a conjunction of affine constraints by the Omega test (W. Pugh, "The Omega
 * test: a fast and practical integer programming algorithm for dependence analysis", 1992).
 *
 * <p>Equalities are solved exactly: a unit coefficient is substituted away; otherwise Pugh's
 * symmetric-modulo ("mod-hat") step introduces a new variable that shrinks the coefficients until a
 * unit one appears. Inequalities are eliminated one variable at a time by Fourier-Motzkin when that
 * is exact over the integers (a unit coefficient on one side of every bound pair); otherwise the real
 * shadow (empty: infeasible), the dark shadow (non-empty: feasible) and, between the two, the
 * splinters (the equality {@code a z = lower + i} for the few {@code i} where an integer point can
 * hide) decide exactly. Bounded and unbounded systems alike.
 *
 * <p>{@link #isIntegerEmpty} first solves the equalities away as the Omega test does (unit
 * substitution, mod-hat steps; exact over the integers), so the simplex, the branch and bound and
 * the elimination that follow work on fewer variables and on tightened inequalities. Systems with
 * many integer divisions (strided loops: {@code i = 2 floor(j/2)}) are mostly equalities.
 *
 * <p>Arithmetic runs on {@code long} with overflow checks; when a coefficient leaves 64 bits the
 * whole test is redone on {@code BigInteger} rows. The number of splinters grows with the size of
 * the coefficients: when one decision would visit more than {@link #SPLINTER_BUDGET} of them, it
 * is taken instead by {@link BasisReductionSearch} (branch and bound with generalized basis
 * reduction), whose cost does not depend on coefficient size. Likewise when the eliminations of
 * one decision would create more than {@link #ROW_BUDGET} inequalities (Fourier-Motzkin can square
 * the number of rows at each step).
 */
public final class OmegaTest {
  private OmegaTest() {}

  /** Lower-bound coefficients up to this size keep the cheapest elimination order. */
  private static final long FEW_SPLINTERS = 1 << 10;

  /** Splinter problems one decision may visit before it is handed to the basis reduction search. */
  static final long SPLINTER_BUDGET = 1 << 12;

  /** Branch and bound nodes tried on a handed-over decision before the basis reduction search. */
  private static final int HANDOVER_NODES = 512;

  /** Inequalities the eliminations of one decision may create before it is handed over. */
  static final long ROW_BUDGET = 1 << 16;

  /** Thrown inside the elimination when the splinter or the row budget is spent. */
  private static final class BudgetSpent extends RuntimeException {
    BudgetSpent() {
      super(null, null, false, false);
    }
  }

  /**
   * True when no integer vector satisfies all rows: {@code eq . (1, x) = 0} and
   * {@code ineq . (1, x) >= 0}. Rows have width {@code 1 + nVar}; inputs are not modified.
   */
  public static boolean isIntegerEmpty(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    if (!eqs.isEmpty()) {
      List<long[]> reduced = null;
      try {
        Solver<long[]> s = new Solver<>(LongRows.INSTANCE, 1 + nVar, eqs, ineqs);
        if (!s.solveEqualities()) return true;
        reduced = withoutUnusedColumns(s.width, s.ineqs);
      } catch (CoefficientOverflowException e) {
        // decided below on the rows as given
      }
      if (reduced != null) {
        int n = reduced.isEmpty() ? 0 : reduced.get(0).length - 1;
        return withoutEqualities(n, reduced);
      }
    }
    return withoutEqualities(nVar, eqs, ineqs);
  }

  /**
   * The equalities shared by a family of systems, solved away once: each member, given by its
   * inequalities, is then decided as {@link #isIntegerEmpty} decides the whole system, without
   * solving the same equalities again (unit substitutions and mod-hat steps are replayed on the
   * member's inequalities, which is what solving them with the equalities would do to them).
   * Rows have width {@code 1 + nVar}.
   */
  public static Members withEqualities(int nVar, List<long[]> eqs) {
    return new Members(nVar, eqs);
  }

  /** See {@link #withEqualities}. */
  public static final class Members {
    private final int nVar;
    private final List<long[]> eqs;
    /** True when the equalities alone have no integer solution. */
    private final boolean empty;
    /** The substitutions, in order: row {@code steps.get(i)} (its width is the width then) solved for column {@code cols.get(i)}. */
    private final List<long[]> steps = new ArrayList<>();
    private final List<Integer> cols = new ArrayList<>();
    /** False when 64 bits did not suffice: members are decided from scratch. */
    private final boolean solved;
    /** The width of the rows once the equalities are solved (mod-hat steps add columns). */
    private final int width;

    private Members(int nVar, List<long[]> eqs) {
      this.nVar = nVar;
      this.eqs = List.copyOf(eqs);
      boolean e = false;
      boolean ok = true;
      int w = 1 + nVar;
      try {
        Solver<long[]> s = new Solver<>(LongRows.INSTANCE, 1 + nVar, eqs, List.of());
        s.trace = this;
        e = !s.solveEqualities();
        w = s.width;
      } catch (CoefficientOverflowException x) {
        ok = false;
      }
      this.empty = ok && e;
      this.solved = ok;
      this.width = w;
    }

    void record(long[] e, int col) {
      steps.add(e);
      cols.add(col);
    }

    /** True when no integer vector satisfies the equalities and {@code ineqs}. */
    public boolean isIntegerEmpty(List<long[]> ineqs) {
      if (!solved) return OmegaTest.isIntegerEmpty(nVar, eqs, ineqs);
      if (empty) return true;
      List<long[]> rows = new ArrayList<>(ineqs.size());
      try {
        for (long[] r : ineqs) rows.add(reduce(r));
      } catch (CoefficientOverflowException x) {
        return OmegaTest.isIntegerEmpty(nVar, eqs, ineqs);
      }
      return isIntegerEmptyReduced(rows);
    }

    /** False when the equalities could not be solved on 64 bits: use {@link #isIntegerEmpty} then. */
    public boolean solved() {
      return solved;
    }

    /** True when the equalities alone have no integer solution. */
    public boolean empty() {
      return empty;
    }

    /**
     * An inequality (width {@code 1 + nVar}) rewritten on the variables left once the equalities
     * are solved; throws {@link CoefficientOverflowException} past 64 bits.
     */
    public long[] reduce(long[] r) {
      long[] row = r;
      for (int i = 0; i < steps.size(); i++) {
        long[] e = steps.get(i);
        if (e.length > row.length) row = LongRows.INSTANCE.widen(row, e.length);
        row = LongRows.INSTANCE.substitute(row, e, cols.get(i));
      }
      return row.length < width ? LongRows.INSTANCE.widen(row, width) : row;
    }

    /**
     * True when no integer vector satisfies the {@linkplain #reduce reduced} inequalities: the
     * equalities and the original inequalities have no integer solution then.
     */
    public boolean isIntegerEmptyReduced(List<long[]> reduced) {
      if (empty) return true;
      List<long[]> rest;
      try {
        Solver<long[]> s = new Solver<>(LongRows.INSTANCE, width, List.of(), reduced);
        if (!s.solveEqualities()) return true;
        rest = withoutUnusedColumns(s.width, s.ineqs);
      } catch (CoefficientOverflowException x) {
        return withoutEqualities(width - 1, reduced);
      }
      int n = rest.isEmpty() ? 0 : rest.get(0).length - 1;
      return withoutEqualities(n, rest);
    }
  }

  private static boolean withoutEqualities(int nVar, List<long[]> ineqs) {
    return withoutEqualities(nVar, List.of(), ineqs);
  }

  private static boolean withoutEqualities(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    RationalFeasibility.Result lp = RationalFeasibility.check(nVar, eqs, ineqs);
    if (lp.known()) {
      if (!lp.feasible()) return true; // no rational point, no integer point
      if (roundsToSolution(lp, eqs, ineqs)) return false;
      BranchAndBound.Answer bb = BranchAndBound.decide(nVar, eqs, ineqs, 16);
      if (bb != BranchAndBound.Answer.UNKNOWN) return bb == BranchAndBound.Answer.EMPTY;
    }
    return isIntegerEmptyByElimination(nVar, eqs, ineqs);
  }

  /**
   * The decision by variable elimination (the Omega test proper), without the simplex shortcuts;
   * handed to the basis reduction search only when the splinter budget is spent.
   */
  static boolean isIntegerEmptyByElimination(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    try {
      return new Solver<>(LongRows.INSTANCE, 1 + nVar, eqs, ineqs).isEmpty(0);
    } catch (CoefficientOverflowException e) {
      return isIntegerEmptyWithBigIntegers(nVar, eqs, ineqs);
    } catch (BudgetSpent e) {
      BranchAndBound.Answer bb = BranchAndBound.decide(nVar, eqs, ineqs, HANDOVER_NODES);
      if (bb != BranchAndBound.Answer.UNKNOWN) return bb == BranchAndBound.Answer.EMPTY;
      return BasisReductionSearch.isIntegerEmpty(nVar, BigRows.of(eqs), BigRows.of(ineqs));
    }
  }

  /**
   * True when the constraints have no rational solution (hence no integer one either), decided by
   * the exact simplex; false when they have one or the simplex gave up on 64-bit overflow.
   */
  public static boolean isRationallyEmpty(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    RationalFeasibility.Result lp = RationalFeasibility.check(nVar, eqs, ineqs);
    return lp.known() && !lp.feasible();
  }

  /** The rows with the variable columns that are zero in every row removed. */
  private static List<long[]> withoutUnusedColumns(int width, List<long[]> rows) {
    boolean[] used = new boolean[width];
    used[0] = true;
    int n = 1;
    for (long[] r : rows) {
      for (int j = 1; j < width; j++) {
        if (!used[j] && r[j] != 0) {
          used[j] = true;
          n++;
        }
      }
    }
    if (n == width) return rows;
    List<long[]> out = new ArrayList<>(rows.size());
    for (long[] r : rows) {
      long[] c = new long[n];
      for (int j = 0, k = 0; j < width; j++) if (used[j]) c[k++] = r[j];
      out.add(c);
    }
    return out;
  }

  /** True when rounding the rational sample to the nearest integers satisfies every constraint. */
  private static boolean roundsToSolution(RationalFeasibility.Result lp, List<long[]> eqs, List<long[]> ineqs) {
    long[] x = new long[lp.sampleNum().length];
    try {
      for (int j = 0; j < x.length; j++) {
        long d = lp.sampleDen()[j];
        x[j] = Math.floorDiv(Ints.add(Ints.mul(2, lp.sampleNum()[j]), d), Ints.mul(2, d));
      }
      for (long[] r : eqs) if (Ints.evaluate(r, x) != 0) return false;
      for (long[] r : ineqs) if (Ints.evaluate(r, x) < 0) return false;
      return true;
    } catch (CoefficientOverflowException e) {
      return false;
    }
  }

  /**
   * {@link #isIntegerEmpty} for rows given as {@code BigInteger} (e.g. constants beyond 64 bits);
   * decided by the elimination on {@code BigInteger} rows, or by the basis reduction search when
   * the splinters would be too many.
   */
  public static boolean isIntegerEmptyBig(int nVar, List<BigInteger[]> eqs, List<BigInteger[]> ineqs) {
    try {
      return new Solver<>(BigRows.INSTANCE, 1 + nVar, eqs, ineqs).isEmpty(0);
    } catch (BudgetSpent e) {
      return BasisReductionSearch.isIntegerEmpty(nVar, eqs, ineqs);
    }
  }

  /**
   * The decision by branch and bound with generalized basis reduction alone (exact, on
   * {@code BigInteger} rows), without the elimination.
   */
  static boolean isIntegerEmptyByBasisReduction(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    return BasisReductionSearch.isIntegerEmpty(nVar, BigRows.of(eqs), BigRows.of(ineqs));
  }

  /** The same decision computed on {@code BigInteger} rows throughout. */
  static boolean isIntegerEmptyWithBigIntegers(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    return isIntegerEmptyBig(nVar, BigRows.of(eqs), BigRows.of(ineqs));
  }

  /** The Omega test on one row representation. */
  private static final class Solver<R> {
    final RowArithmetic<R> ops;
    int width;
    List<R> eqs = new ArrayList<>();
    List<R> ineqs = new ArrayList<>();
    /** The positions of the equalities the last {@link #substitute} changed (the others kept their normalization). */
    private java.util.BitSet changedEqs = new java.util.BitSet();
    /** Where the substitutions of {@link #solveOneEquality} are recorded, or null. */
    Members trace;
    final long[] budget; // splinter problems and combined rows left, shared by the whole decision

    Solver(RowArithmetic<R> ops, int width, List<R> eqs, List<R> ineqs) {
      this(ops, width, eqs, ineqs, new long[] {SPLINTER_BUDGET, ROW_BUDGET});
    }

    private Solver(RowArithmetic<R> ops, int width, List<R> eqs, List<R> ineqs, long[] budget) {
      this.ops = ops;
      this.width = width;
      this.eqs.addAll(eqs);
      this.ineqs.addAll(ineqs);
      this.budget = budget;
    }

    /**
     * Solves every equality away (unit substitution, mod-hat steps), leaving an inequality system
     * with the same integer emptiness; false when a contradiction shows the system empty.
     */
    boolean solveEqualities() {
      while (true) {
        if (!normalize()) return false;
        if (eqs.isEmpty()) return true;
        do {
          // the equalities are normalized here: only those the substitution changed may need it again
          solveOneEquality();
          if (!normalizeEqualities(changedEqs)) return false;
        } while (!eqs.isEmpty());
      }
    }

    Solver<R> copy() {
      return new Solver<>(ops, width, eqs, ineqs, budget);
    }

    boolean isEmpty(int depth) {
      while (true) {
        if (!normalize()) return true;
        if (!eqs.isEmpty()) {
          solveOneEquality();
          continue;
        }
        if (ineqs.isEmpty()) return false;
        int w = width;
        int[] lowers = new int[w];
        int[] uppers = new int[w];
        boolean[] nonUnitLower = new boolean[w];
        boolean[] nonUnitUpper = new boolean[w];
        for (R r : ineqs) {
          for (int j = 1; j < w; j++) {
            int s = ops.signum(r, j);
            if (s > 0) {
              lowers[j]++;
              if (!ops.is(r, j, 1)) nonUnitLower[j] = true;
            } else if (s < 0) {
              uppers[j]++;
              if (!ops.is(r, j, -1)) nonUnitUpper[j] = true;
            }
          }
        }
        int oneSided = -1;
        for (int j = 1; j < w && oneSided < 0; j++) if ((lowers[j] == 0) != (uppers[j] == 0)) oneSided = j;
        if (oneSided >= 0) {
          // bounded on one side only: its constraints can always be met
          final int j = oneSided;
          ineqs.removeIf(r -> ops.signum(r, j) != 0);
          continue;
        }
        int best = -1;
        boolean bestExact = false;
        long bestCost = Long.MAX_VALUE;
        for (int j = 1; j < w; j++) {
          if (lowers[j] == 0) continue;
          boolean exact = !nonUnitLower[j] || !nonUnitUpper[j];
          long cost = (long) lowers[j] * uppers[j] - lowers[j] - uppers[j];
          if ((exact && !bestExact) || (exact == bestExact && cost < bestCost)) {
            best = j;
            bestExact = exact;
            bestCost = cost;
          }
        }
        if (best < 0) return false;
        if (bestExact) {
          ineqs = eliminate(best, false);
          continue;
        }
        return inexact(fewestSplinters(lowers, best), depth);
      }
    }

    /**
     * {@code fallback} (the cheapest elimination) unless one of its lower bounds has a coefficient
     * beyond {@link #FEW_SPLINTERS}; then, among the variables bounded on both sides, the one whose
     * largest lower-bound coefficient is smallest (the number of splinters grows with it). Large
     * coefficients on one variable thus do not force huge splinter counts when another variable
     * has small ones.
     */
    private int fewestSplinters(int[] lowers, int fallback) {
      boolean small = true;
      for (R r : ineqs) if (ops.signum(r, fallback) > 0 && !ops.absAtMost(r, fallback, FEW_SPLINTERS)) small = false;
      if (small) return fallback;
      R[] maxLower = newRowArray(width);
      for (R r : ineqs) {
        for (int j = 1; j < width; j++) {
          if (ops.signum(r, j) > 0 && (maxLower[j] == null || ops.compareAbs(r, j, maxLower[j], j) > 0)) maxLower[j] = r;
        }
      }
      int best = fallback;
      for (int j = 1; j < width; j++) {
        if (lowers[j] == 0 || maxLower[j] == null) continue;
        if (ops.compareAbs(maxLower[j], j, maxLower[best], best) < 0) best = j;
      }
      return best;
    }

    @SuppressWarnings("unchecked")
    private R[] newRowArray(int n) {
      return (R[]) new Object[n];
    }

    /** Real shadow, dark shadow, then splinters for z. */
    private boolean inexact(int z, int depth) {
      Solver<R> real = copy();
      real.ineqs = eliminate(z, false);
      if (real.isEmpty(depth + 1)) return true;
      Solver<R> dark = copy();
      dark.ineqs = eliminate(z, true);
      if (!dark.isEmpty(depth + 1)) return false;
      R maxUpper = null;
      for (R r : ineqs) {
        if (ops.signum(r, z) < 0 && (maxUpper == null || ops.compareAbs(r, z, maxUpper, z) > 0)) maxUpper = r;
      }
      for (R lower : ineqs) {
        if (ops.signum(lower, z) <= 0) continue;
        long limit = ops.splinterLimit(lower, maxUpper, z);
        if (limit >= budget[0]) throw new BudgetSpent();
        budget[0] -= limit + 1;
        for (long i = 0; i <= limit; i++) {
          Solver<R> s = copy();
          s.eqs.add(ops.minusConstant(lower, i)); // a z + rest = i: the lower bound hit with slack i
          if (!s.isEmpty(depth + 1)) return false;
        }
      }
      return true;
    }

    private List<R> eliminate(int z, boolean dark) {
      List<R> lower = new ArrayList<>();
      List<R> upper = new ArrayList<>();
      List<R> rest = new ArrayList<>();
      for (R r : ineqs) {
        int s = ops.signum(r, z);
        (s > 0 ? lower : s < 0 ? upper : rest).add(r);
      }
      budget[1] -= (long) lower.size() * upper.size();
      ComputeBudget.spend(1);
      if (budget[1] < 0) throw new BudgetSpent();
      for (R l : lower) for (R u : upper) rest.add(ops.combine(l, u, z, dark));
      return rest;
    }

    /** gcd normalisation, trivial rows, contradictions, parallel and opposite inequalities. */
    private boolean normalize() {
      if (!normalizeEqualities()) return false;
      return normalizeInequalities();
    }

    /** gcd normalisation of the equalities; false on a contradiction. */
    private boolean normalizeEqualities() {
      return normalizeEqualities(null);
    }

    /** {@link #normalizeEqualities} where only the rows at {@code changed} (all when null) may need it. */
    private boolean normalizeEqualities(java.util.BitSet changed) {
      List<R> ne = new ArrayList<>(eqs.size());
      for (int i = 0; i < eqs.size(); i++) {
        R r = eqs.get(i);
        if (changed != null && !changed.get(i)) {
          ne.add(r);
          continue;
        }
        if (ops.varsZero(r)) {
          if (ops.signum(r, 0) != 0) return false;
          continue;
        }
        R n = ops.normalizeEq(r);
        if (n == null) return false;
        ne.add(n);
      }
      eqs = ne;
      return true;
    }

    /** gcd normalisation, trivial rows, contradictions, parallel and opposite inequalities. */
    private boolean normalizeInequalities() {
      Map<Object, R> tightest = new HashMap<>();
      List<Object> order = new ArrayList<>();
      for (R r : ineqs) {
        if (ops.varsZero(r)) {
          if (ops.signum(r, 0) < 0) return false;
          continue;
        }
        R n = ops.normalizeIneq(r);
        Object k = ops.varKey(n);
        R prev = tightest.get(k);
        if (prev == null) {
          tightest.put(k, n);
          order.add(k);
        } else if (ops.constLess(n, prev)) {
          tightest.put(k, ops.withConstantOf(prev, n));
        }
      }
      List<R> ni = new ArrayList<>(order.size());
      java.util.Set<Object> turned = new java.util.HashSet<>();
      for (Object k : order) {
        if (turned.contains(k)) continue;
        R r = tightest.get(k);
        Object ok = ops.varKey(ops.negate(r));
        R opp = tightest.get(ok);
        if (opp != null) {
          int s = ops.constSumSign(r, opp);
          if (s < 0) return false;
          if (s == 0) {
            eqs.add(r);
            turned.add(k);
            turned.add(ok);
            continue;
          }
        }
        ni.add(r);
      }
      ineqs = ni;
      return true;
    }

    /** Substitutes away a unit-coefficient variable of an equality, or applies the mod-hat step. */
    private void solveOneEquality() {
      ComputeBudget.spend(1);
      int bestRow = -1;
      int bestCol = -1;
      for (int i = 0; i < eqs.size(); i++) {
        R r = eqs.get(i);
        for (int j = 1; j < width; j++) {
          if (ops.signum(r, j) == 0) continue;
          if (bestRow < 0 || ops.compareAbs(r, j, eqs.get(bestRow), bestCol) < 0) {
            bestRow = i;
            bestCol = j;
            if (ops.isUnit(r, j)) break;
          }
        }
        // a unit is the smallest coefficient there is: the first one found is the one kept
        if (bestRow >= 0 && ops.isUnit(eqs.get(bestRow), bestCol)) break;
      }
      R e = eqs.get(bestRow);
      if (ops.isUnit(e, bestCol)) {
        eqs.remove(bestRow);
        substitute(e, bestCol);
        if (trace != null) trace.record((long[]) e, bestCol);
        return;
      }
      // m = |a_k| + 1; new variable sigma with m*sigma = sum (a_j mod^ m) x_j: unit coefficient at k
      R n = ops.modHat(e, bestCol);
      width++;
      eqs.replaceAll(r -> ops.widen(r, width));
      ineqs.replaceAll(r -> ops.widen(r, width));
      substitute(n, bestCol);
      if (trace != null) trace.record((long[]) n, bestCol);
    }

    private void substitute(R e, int k) {
      changedEqs = new java.util.BitSet(eqs.size());
      for (int i = 0; i < eqs.size(); i++) {
        R r = eqs.get(i);
        R n = ops.substitute(r, e, k);
        if (n != r) {
          eqs.set(i, n);
          changedEqs.set(i);
        }
      }
      ineqs.replaceAll(r -> ops.substitute(r, e, k));
    }
  }
}
