package dev.polyj.presburger.pip;

import dev.polyj.presburger.pip.Context.Sign;
import java.util.ArrayList;
import java.util.List;

/**
 * Parametric integer programming (P. Feautrier, "Parametric integer programming", RAIRO 1988):
 * the lexicographic minimum of the unknowns of a main {@link Tableau} as a function of the
 * parameters, over a {@link Context}.
 *
 * <p>The parametric dual simplex method: as long as some row (a non-negative variable) is negative
 * for every parameter value of the context, pivot on it, choosing the column that increases the
 * sample point least in lexicographic order (no column: no solution in this context). When a row
 * is negative for some parameter values only, split the context on the sign of its parametric
 * constant and solve both parts. When every row is non-negative, the sample point is the rational
 * lexicographic minimum; integrality is then reached with Gomory cuts on the first unknown with a
 * non-integral value {@code (c + b.p + sum t_j y_j)/d}:
 * <ul>
 *   <li>b integral, t integral: no integer solution; b integral, t not: the ordinary cut;
 *   <li>b not integral, t integral: the value is integral exactly where {@code f = d q} for the
 *       reduced fraction {@code f = (c mod d) + (b mod d).p} and the new context division
 *       {@code q = floor(f/d)}; the context is split, the value rewritten with q on one side, no
 *       solution on the other;
 *   <li>b and t not integral: the parametric cut {@code sum {t_j/d} y_j >= {-(c + b.p)/d}}, whose
 *       right side is written with a new context division (as in isl); its value is never
 *       positive, and it is pivoted on at once.
 * </ul>
 *
 * <p>The result is a list of leaves that partition the initial context: each leaf's context with
 * either the values of the first {@code nOut} unknowns (affine in the parameter layout, integral)
 * or none (no integer point).
 */
final class ParametricSolver {
  /** A part of the context and the optimum there (null: no solution). */
  record Leaf(Context context, long[][] values) {}

  /** Thrown when an optimized unknown has no finite optimum on a non-empty part of the context. */
  static final class UnboundedException extends RuntimeException {
    final int unknown;
    final transient Context context;

    UnboundedException(int unknown, Context context) {
      super("unbounded optimum in unknown " + unknown, null, false, false);
      this.unknown = unknown;
      this.context = context;
    }
  }

  private final int nOut;
  /** False when the parts of the context without solution may be left out of the leaves. */
  private final boolean needNone;
  private final List<Leaf> leaves = new ArrayList<>();

  private ParametricSolver(int nOut, boolean needNone) {
    this.nOut = nOut;
    this.needNone = needNone;
  }

  /**
   * Solves the tableau over the context (both are consumed). The tableau's parameters must be the
   * context's variables followed by its divisions. Without {@code needNone} the leaves cover only
   * the parts of the context with a solution.
   */
  static List<Leaf> solve(Tableau tab, Context ctx, int nOut, boolean needNone) {
    ParametricSolver s = new ParametricSolver(nOut, needNone);
    s.run(tab, ctx);
    return s.leaves;
  }

  private static Sign rowSign(Tableau tab, Context ctx, int r, RowSigns known) {
    int m = tab.sign(r, Tableau.BIG);
    if (m > 0) return Sign.POS;
    if (m < 0) return Sign.NEG;
    Sign s = known.get(tab, r);
    if (s == null) {
      s = ctx.sign(tab.parametricConstant(r));
      known.put(tab, r, s);
    }
    return s;
  }

  /**
   * The signs of the parametric constants of unchanged rows over the current context: a definite
   * sign stays true while the row is unchanged (the context only shrinks), an undecided one is
   * forgotten whenever the context changes.
   */
  private static final class RowSigns {
    private Object[] rows = new Object[16];
    private Sign[] signs = new Sign[16];

    Sign get(Tableau tab, int r) {
      return r < rows.length && rows[r] == tab.rowIdentity(r) ? signs[r] : null;
    }

    void put(Tableau tab, int r, Sign s) {
      if (r >= rows.length) {
        rows = java.util.Arrays.copyOf(rows, Math.max(2 * rows.length, r + 1));
        signs = java.util.Arrays.copyOf(signs, rows.length);
      }
      rows[r] = tab.rowIdentity(r);
      signs[r] = s;
    }

    void contextChanged() {
      for (int r = 0; r < rows.length; r++) if (signs[r] == Sign.ANY) rows[r] = null;
    }
  }

  private static long[] complement(long[] e) {
    long[] n = new long[e.length];
    for (int k = 0; k < e.length; k++) n[k] = dev.polyj.presburger.arith.Ints.neg(e[k]);
    n[0] = dev.polyj.presburger.arith.Ints.sub(n[0], 1);
    return n;
  }

  private void run(Tableau tab, Context ctx) {
    RowSigns known = new RowSigns();
    while (true) {
      // pivoting makes progress only over a non-empty context (the initial one may be empty)
      if (!ctx.isKnownNonEmpty() && ctx.isEmptyExactly()) return;
      for (long[] kv : ctx.fixedDivisions()) if (kv[0] < tab.nParam) tab.fixParam((int) kv[0], kv[1]);
      int neg = -1;
      int split = -1;
      boolean splitCritical = false;
      for (int r = 0; r < tab.nRow(); r++) {
        Sign s = rowSign(tab, ctx, r, known);
        if (s == Sign.NEG) {
          neg = r;
          break;
        }
        if (s == Sign.ANY && !splitCritical) {
          boolean critical = tab.isCritical(r);
          if (split < 0 || critical) {
            split = r;
            splitCritical = critical;
          }
        }
      }
      if (neg >= 0) {
        int col = tab.pivotColumn(neg);
        if (col < 0) {
          noSolution(ctx);
          return;
        }
        tab.pivot(neg, col);
        continue;
      }
      if (split >= 0) {
        long[] e = tab.parametricConstant(split);
        if (splitCritical && !needNone) {
          // the row cannot be increased: no solution where it is negative
          ctx.addIneq(e);
          known.contextChanged();
          continue;
        }
        Context pos = ctx.copy();
        pos.addIneq(e);
        run(tab.copy(), pos);
        ctx.addIneq(complement(e));
        known.contextChanged();
        continue;
      }
      int r = firstNonIntegralRow(tab);
      if (r < 0) {
        leaves.add(new Leaf(ctx, solution(tab, ctx)));
        return;
      }
      if (tab.hasIntegralParamCoefficients(r)) {
        // (c + b.p)/d with b.p integral: a fractional constant
        if (tab.hasIntegralColumnCoefficients(r)) {
          noSolution(ctx);
          return;
        }
        tab.addCut(r, -1); // strictly violated: pivoted at the next round
        continue;
      }
      if (tab.hasIntegralColumnCoefficients(r)) {
        // the value moves by integers only: integral exactly where the parametric constant is
        long[] frac = tab.fractionalParametricConstant(r, false);
        long d = tab.denominator(r);
        int q = division(tab, ctx, frac, d);
        int divParam = ctx.nVar + q;
        long[] g = new long[ctx.paramWidth()];
        for (int k = 0; k < frac.length; k++) g[k] = -frac[k];
        g[1 + divParam] += d;
        Sign s = ctx.sign(g); // g <= 0 always; g = 0 exactly where the value is integral
        if (s == Sign.NEG) {
          noSolution(ctx);
          return;
        }
        if (s == Sign.ANY) {
          if (needNone) {
            Context none = ctx.copy();
            none.addIneq(complement(g));
            noSolution(none);
          }
          ctx.addIneq(g);
          known.contextChanged();
        }
        tab.replaceFractionByDiv(r, divParam);
        continue;
      }
      // parametric cut with a new division of the parameters, violated or tight: pivot on it
      long[] negFrac = tab.fractionalParametricConstant(r, true);
      int q = division(tab, ctx, negFrac, tab.denominator(r));
      int cut = tab.addCut(r, ctx.nVar + q);
      tab.pivot(cut, tab.pivotColumn(cut));
    }
  }

  private void noSolution(Context ctx) {
    if (needNone) leaves.add(new Leaf(ctx, null));
  }

  /** The index of the context division {@code floor(num / d)}, adding a tableau parameter when new. */
  private static int division(Tableau tab, Context ctx, long[] num, long d) {
    int q = ctx.division(num, d);
    if (q < 0) {
      q = ~q;
      tab.addParam();
    }
    return q;
  }

  /** The row of the first unknown (in optimization order) whose sample value is not integral, or -1. */
  private static int firstNonIntegralRow(Tableau tab) {
    for (int i = 0; i < tab.nCol; i++) {
      if (!tab.isBasic(i)) continue;
      int r = tab.rowOf(i);
      if (!tab.hasIntegralParametricConstant(r)) return r;
    }
    return -1;
  }

  /** The values of the outputs at the optimum; an output without a finite value is unbounded. */
  private long[][] solution(Tableau tab, Context ctx) {
    long[][] values = new long[nOut][];
    for (int k = 0; k < nOut; k++) {
      long[] v = tab.isBasic(k) ? tab.finiteValue(tab.rowOf(k)) : null;
      if (v == null) throw new UnboundedException(k, ctx);
      values[k] = v;
    }
    return values;
  }
}
