package dev.polyj.presburger.count;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.omega.OmegaTest;
import dev.polyj.presburger.qpoly.Faulhaber;
import dev.polyj.presburger.qpoly.Polynomial;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.space.Space;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Exact parametric summation of a polynomial over the integer points of a polytope, one dimension
 * at a time (nested sums with exact antidifferences), giving a piecewise quasi-polynomial in the
 * context variables (parameters, and for relations the domain dimensions).
 *
 * <p>The problem has context variables, summed dimensions, and "context divisions" (floor terms
 * of the context, pinned by their two inequalities). Each step removes one dimension:
 * <ul>
 *   <li>an equality with a unit coefficient on a dimension substitutes it away; with only
 *       non-unit coefficients, the other dimensions are split by residue classes so that the
 *       dimension becomes an integer affine expression plus a context division, under the context
 *       condition that the division is exact;</li>
 *   <li>otherwise, for a dimension x with lower bounds {@code a_i x >= L_i} and upper bounds
 *       {@code b_j x <= U_j}, the problem is split into disjoint chambers where one lower and one
 *       upper bound are active (ties broken by index: strict against earlier bounds); in each,
 *       the other dimensions are split by residue classes modulo {@code a/gcd(a, c)} so that
 *       {@code ceil(L/a)} and {@code floor(U/b)} become affine in the remaining dimensions plus a
 *       context division; then {@code sum_{x=lo}^{hi} f} is Faulhaber's antidifference
 *       {@code S(hi) - S(lo-1)}, exact under the added condition {@code lo <= hi}.</li>
 * </ul>
 * Every split is a partition of the points, but the partial results of different chambers and
 * residue classes overlap in the context (their conditions involved dimensions summed later), so
 * the result is their sum ({@link #result()}).
 * Problems without integer points (Omega test) are dropped. A dimension without a lower or an upper bound in a non-empty piece
 * means an infinite sum, reported as {@link UnboundedException}.
 */
final class NestedSummation {
  /** Thrown when a sum or count is infinite. */
  static final class UnboundedException extends ArithmeticException {
    UnboundedException(String msg) {
      super(msg);
    }
  }

  /**
   * The context divisions shared by all problems of one summation, in context layout: numerator
   * over {@code [constant, context..., earlier divisions...]}.
   */
  static final class Registry {
    final int nCtx;
    final List<Div> divs = new ArrayList<>();

    Registry(int nCtx) {
      this.nCtx = nCtx;
    }

    int indexOf(long[] num, long den) {
      for (int i = 0; i < divs.size(); i++) {
        Div d = divs.get(i);
        if (d.denominator() == den && Arrays.equals(Arrays.copyOf(d.numerator(), num.length), num)) return i;
      }
      divs.add(new Div(num, den));
      return divs.size() - 1;
    }

    int width() {
      return 1 + nCtx + divs.size();
    }
  }

  /** One summation problem; rows have width {@code 1 + nCtx + nDim + reg.divs.size()} (padded lazily). */
  private static final class Problem {
    final int nCtx;
    final int nDim;
    final Registry reg;
    boolean[] eliminated;
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    Polynomial f;

    Problem(int nCtx, int nDim, Registry reg) {
      this.nCtx = nCtx;
      this.nDim = nDim;
      this.reg = reg;
      this.eliminated = new boolean[1 + nCtx + nDim];
    }

    int width() {
      return 1 + nCtx + nDim + reg.divs.size();
    }

    Problem copy() {
      Problem p = new Problem(nCtx, nDim, reg);
      p.eliminated = eliminated.clone();
      for (long[] r : eqs) p.eqs.add(r.clone());
      for (long[] r : ineqs) p.ineqs.add(r.clone());
      p.f = f;
      p.widen();
      return p;
    }

    boolean isDim(int col) {
      return col > nCtx && col <= nCtx + nDim;
    }

    /** A context-layout row in this problem's layout. */
    long[] fromContext(long[] r) {
      long[] o = new long[width()];
      for (int c = 0; c < r.length; c++) o[c <= nCtx ? c : c + nDim] = r[c];
      return o;
    }

    /** This problem's row (no dimension) in context layout. */
    long[] toContext(long[] r) {
      long[] o = new long[reg.width()];
      for (int c = 0; c < r.length; c++) {
        if (r[c] == 0) continue;
        if (isDim(c)) throw new IllegalStateException("dimension in a context row");
        o[c <= nCtx ? c : c - nDim] = r[c];
      }
      return o;
    }

    /**
     * floor(num/den) for a context row, as a row: the integer parts of the coefficients
     * ({@code floor((d q x + r x + c)/d) = q x + floor((r x + c)/d)} with {@code 0 <= r < d}) plus a
     * context division of the reduced numerator, or no division when that numerator is constant.
     */
    long[] floorExpr(long[] num, long den) {
      widen();
      long[] n = Arrays.copyOf(num, width());
      long[] out = new long[width()];
      boolean constant = true;
      for (int c = 0; c < n.length; c++) {
        if (isDim(c) && n[c] != 0) throw new IllegalStateException("dimension in a context division");
        out[c] = Math.floorDiv(n[c], den);
        n[c] = Math.floorMod(n[c], den);
        if (c > 0 && n[c] != 0) constant = false;
      }
      if (constant) return out; // floor(r0/den) = 0 for 0 <= r0 < den
      int col = pdiv(n, den);
      out = Arrays.copyOf(out, width());
      out[col] += 1;
      return out;
    }

    /** The column of context division floor(num/den), with its pinning rows added to this problem. */
    int pdiv(long[] num, long den) {
      widen();
      long[] n = Arrays.copyOf(num, width());
      // floor((floor(e/a) + g)/b) = floor((e + a g)/(a b)) for integer g
      for (int i = 0; i < reg.divs.size(); i++) {
        int t = 1 + nCtx + nDim + i;
        if (n[t] != 1) continue;
        Div inner = reg.divs.get(i);
        long a = inner.denominator();
        long[] e = fromContext(inner.numerator());
        n[t] = 0;
        long[] merged = Ints.combine(a, n, 1, e);
        return pdiv(merged, Ints.mul(a, den));
      }
      long g = Ints.gcd(Ints.gcd(n, 0, n.length), den);
      if (g > 1) {
        for (int c = 0; c < n.length; c++) n[c] /= g;
        den /= g;
      }
      int col = 1 + nCtx + nDim + reg.indexOf(toContext(n), den);
      widen();
      long[] lo = Arrays.copyOf(n, width());
      lo[col] = -den;
      long[] hi = Ints.negate(Arrays.copyOf(n, width()));
      hi[col] = den;
      hi[0] = Ints.add(hi[0], den - 1);
      ineqs.add(lo);
      ineqs.add(hi);
      return col;
    }

    void widen() {
      int w = width();
      eqs.replaceAll(r -> r.length < w ? Arrays.copyOf(r, w) : r);
      ineqs.replaceAll(r -> r.length < w ? Arrays.copyOf(r, w) : r);
    }

    /** Substitutes dimension column y := m * y + r in all rows and in f. */
    void stretch(int y, long m, long r) {
      for (List<long[]> rows : List.of(eqs, ineqs)) {
        for (long[] row : rows) {
          if (row[y] != 0) {
            row[0] = Ints.add(row[0], Ints.mul(row[y], r));
            row[y] = Ints.mul(row[y], m);
          }
        }
      }
      f = f.substitute(y - 1, Polynomial.var(y - 1).scale(Rational.of(m)).add(Polynomial.constant(r)));
    }

    /** Eliminates dimension x using e (e[x] = +-1): every row and f get x := -(e - e[x] x)/e[x]. */
    void substituteUnit(long[] e, int x) {
      long s = e[x];
      eliminated[x] = true;
      eqs.removeIf(r -> r == e);
      for (List<long[]> rows : List.of(eqs, ineqs)) {
        rows.replaceAll(r -> r[x] == 0 ? r : Ints.combine(1, r, -Ints.mul(r[x], s), e));
      }
      long[] rest = e.clone();
      rest[x] = 0;
      Polynomial value = Polynomial.affine(rest).scale(Rational.of(-s));
      f = f.substitute(x - 1, value);
    }

    /** Normal form of the rows; false when a row is infeasible on its own. */
    boolean normalize() {
      Map<List<Long>, long[]> ineqMap = new LinkedHashMap<>();
      List<long[]> newEqs = new ArrayList<>();
      for (long[] r : eqs) {
        long g = Ints.gcd(r, 1, r.length);
        if (g == 0) {
          if (r[0] != 0) return false;
          continue;
        }
        if (r[0] % g != 0) return false;
        long[] n = r.clone();
        if (g > 1) for (int c = 0; c < n.length; c++) n[c] /= g;
        newEqs.add(n);
      }
      for (long[] r : ineqs) {
        long g = Ints.gcd(r, 1, r.length);
        if (g == 0) {
          if (r[0] < 0) return false;
          continue;
        }
        long[] n = r.clone();
        if (g > 1) {
          for (int c = 1; c < n.length; c++) n[c] /= g;
          n[0] = Math.floorDiv(n[0], g);
        }
        List<Long> key = key(n);
        long[] old = ineqMap.get(key);
        if (old == null || old[0] > n[0]) ineqMap.put(key, n);
      }
      List<long[]> newIneqs = new ArrayList<>();
      for (Map.Entry<List<Long>, long[]> en : ineqMap.entrySet()) {
        long[] r = en.getValue();
        long[] neg = ineqMap.get(key(Ints.negate(r)));
        if (neg != null) {
          long sum = Ints.add(r[0], neg[0]);
          if (sum < 0) return false;
          if (sum == 0) {
            if (compare(r, neg) > 0) newEqs.add(r);
            continue;
          }
        }
        newIneqs.add(r);
      }
      eqs = dedupe(newEqs);
      ineqs = newIneqs;
      return true;
    }

    /** Exact integer emptiness. */
    boolean isEmpty() {
      return OmegaTest.isIntegerEmpty(width() - 1, eqs, ineqs);
    }

    /** Rational emptiness: implies integer emptiness. */
    boolean isRationallyEmpty() {
      List<long[]> rows = new ArrayList<>(ineqs);
      for (long[] e : eqs) {
        rows.add(e);
        rows.add(Ints.negate(e));
      }
      return dev.polyj.presburger.omega.OmegaTest.isRationallyEmpty(width() - 1, java.util.List.of(), rows);
    }
  }

  private static List<Long> key(long[] r) {
    List<Long> k = new ArrayList<>(r.length - 1);
    for (int c = 1; c < r.length; c++) k.add(r[c]);
    return k;
  }

  private static int compare(long[] a, long[] b) {
    for (int c = 1; c < a.length; c++) if (a[c] != b[c]) return Long.compare(a[c], b[c]);
    return 0;
  }

  private static List<long[]> dedupe(List<long[]> rows) {
    List<long[]> out = new ArrayList<>();
    for (long[] r : rows) {
      boolean dup = false;
      for (long[] o : out) dup |= Arrays.equals(o, r) || Arrays.equals(o, Ints.negate(r));
      if (!dup) out.add(r);
    }
    return out;
  }

  /** A partial result: rows and polynomial in context layout; partial results overlap and add up. */
  private record Out(List<long[]> eqs, List<long[]> ineqs, Polynomial value) {}

  private final Space target;
  private final Registry reg;
  private final List<Out> outs = new ArrayList<>();

  /** A summation whose results are functions on {@code target} (the first variables of the summed sets). */
  NestedSummation(Space target) {
    this.target = target;
    this.reg = new Registry(target.nVar());
  }

  /**
   * Adds the sum of the quasi-polynomial {@code q} (over b's variables) on the points of {@code b}
   * (all locals known divisions); the first {@code target.nVar()} variables of b's space are the
   * context.
   */
  void add(BasicRelation b, QuasiPolynomial q) {
    int nVar = b.nVar();
    int nb = b.nLocal();
    List<Div> floors = q.floors();
    int nLocal = nb + floors.size();
    int width = 1 + nVar + nLocal;
    Div[] divs = new Div[nLocal];
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    for (int i = 0; i < nb; i++) {
      if (b.div(i) == null) throw new IllegalArgumentException("sum: unknown existential left in " + b);
      divs[i] = new Div(Arrays.copyOf(b.div(i).numerator(), width), b.div(i).denominator());
    }
    for (long[] r : b.equalities()) eqs.add(Arrays.copyOf(r, width));
    for (long[] r : b.inequalities()) ineqs.add(Arrays.copyOf(r, width));
    int[] varMap = new int[nVar + floors.size()];
    for (int v = 0; v < nVar; v++) varMap[v] = v;
    for (int i = 0; i < floors.size(); i++) {
      long[] num = floors.get(i).numerator();
      long[] n = new long[width];
      System.arraycopy(num, 0, n, 0, Math.min(num.length, 1 + nVar));
      for (int j = 0; j < i; j++) if (1 + nVar + j < num.length) n[1 + varMap[nVar + j]] += num[1 + nVar + j];
      int col = 1 + nVar + nb + i;
      long d = floors.get(i).denominator();
      divs[nb + i] = new Div(n, d);
      long[] lo = n.clone();
      lo[col] = -d;
      long[] hi = Ints.negate(n);
      hi[col] = d;
      hi[0] = Ints.add(hi[0], d - 1);
      ineqs.add(lo);
      ineqs.add(hi);
      varMap[nVar + i] = col - 1;
    }
    add(nVar, divs, eqs, ineqs, q.polynomial().rename(varMap));
  }

  /**
   * Adds the sum of {@code f} (variables: columns minus one) over the integer points of the system
   * with {@code nVar} variables and locals defined by {@code divs} (pinned by the rows).
   */
  private void add(int nVar, Div[] divs, List<long[]> eqs, List<long[]> ineqs, Polynomial f) {
    int nCtx = target.nVar();
    int nLocal = divs.length;
    // classify locals: context divisions (depend on context only) or lifted dimensions
    boolean[] ctxLocal = new boolean[nLocal];
    for (int i = 0; i < nLocal; i++) {
      Div d = divs[i];
      boolean ok = true;
      for (int c = 1 + nCtx; c < d.width() && ok; c++) {
        if (d.coefficient(c) == 0) continue;
        if (c <= nVar) ok = false;
        else if (!ctxLocal[c - 1 - nVar]) ok = false;
      }
      ctxLocal[i] = ok;
    }
    int nLifted = 0;
    for (boolean c : ctxLocal) if (!c) nLifted++;
    int nDim = nVar - nCtx + nLifted;
    Problem p = new Problem(nCtx, nDim, reg);
    int[] colMap = new int[1 + nVar + nLocal];
    for (int c = 0; c <= nVar; c++) colMap[c] = c;
    int nextDim = 1 + nVar;
    for (int i = 0; i < nLocal; i++) if (!ctxLocal[i]) colMap[1 + nVar + i] = nextDim++;
    for (int i = 0; i < nLocal; i++) {
      if (ctxLocal[i]) colMap[1 + nVar + i] = p.pdiv(remap(divs[i].numerator(), colMap, p.width()), divs[i].denominator());
    }
    for (long[] r : eqs) p.eqs.add(remap(r, colMap, p.width()));
    for (long[] r : ineqs) p.ineqs.add(remap(r, colMap, p.width()));
    p.widen();
    int[] varMap = new int[nVar + nLocal];
    for (int v = 0; v < varMap.length; v++) varMap[v] = colMap[v + 1] - 1;
    p.f = f.rename(varMap);
    if (p.f.isZero()) return;
    run(p);
  }

  private static long[] remap(long[] r, int[] colMap, int width) {
    long[] o = new long[width];
    for (int c = 0; c < r.length; c++) if (r[c] != 0) o[colMap[c]] = Ints.add(o[colMap[c]], r[c]);
    return o;
  }

  private void run(Problem start) {
    Deque<Problem> work = new ArrayDeque<>();
    work.push(start);
    while (!work.isEmpty()) {
      Problem p = work.pop();
      p.widen();
      if (p.f.isZero() || !p.normalize() || p.isRationallyEmpty()) continue;
      long[] eq = equalityWithDim(p);
      if (eq != null) {
        solveEquality(p, eq, work);
        continue;
      }
      int x = chooseDim(p);
      if (x == -2) continue; // integer-empty
      if (x < 0) {
        outs.add(emit(p));
        continue;
      }
      eliminate(p, x, work);
    }
  }

  private static long[] equalityWithDim(Problem p) {
    for (long[] e : p.eqs) for (int c = 1 + p.nCtx; c <= p.nCtx + p.nDim; c++) if (e[c] != 0) return e;
    return null;
  }

  /** Removes a dimension using an equality. */
  private static void solveEquality(Problem p, long[] e, Deque<Problem> work) {
    int best = -1;
    for (int c = 1 + p.nCtx; c <= p.nCtx + p.nDim; c++) {
      if (e[c] != 0 && (best < 0 || Math.abs(e[c]) < Math.abs(e[best]))) best = c;
    }
    int x = best;
    if (Math.abs(e[x]) == 1) {
      p.substituteUnit(e, x);
      work.push(p);
      return;
    }
    long a = Math.abs(e[x]);
    long[] moduli = new long[p.width()];
    for (int c = 1 + p.nCtx; c <= p.nCtx + p.nDim; c++) {
      moduli[c] = c == x || e[c] == 0 ? 1 : a / Ints.gcd(a, e[c]);
    }
    int eqIndex = indexOf(p.eqs, e);
    for (Problem q : residueSplits(p, moduli)) {
      q.widen(); // divisions may have been added by an earlier residue class
      long[] eq = q.eqs.get(eqIndex).clone();
      if (eq[x] < 0) eq = Ints.negate(eq);
      // eq: a x + D + E = 0 with D's dimension coefficients divisible by a
      long[] ctxPart = new long[q.width()];
      long[] dimPart = new long[q.width()];
      for (int c = 0; c < q.width(); c++) {
        if (c == x) continue;
        if (q.isDim(c)) dimPart[c] = eq[c];
        else ctxPart[c] = eq[c];
      }
      long[] xValue = new long[q.width()]; // x = xValue . (1, vars)
      for (int c = 0; c < q.width(); c++) if (q.isDim(c)) xValue[c] = -dimPart[c] / a;
      if (Ints.gcd(ctxPart, 0, ctxPart.length) % a == 0) {
        for (int c = 0; c < ctxPart.length; c++) if (!q.isDim(c)) xValue[c] = -ctxPart[c] / a;
      } else {
        long[] t = q.floorExpr(ctxPart, a);
        long[] exact = Ints.combine(1, Arrays.copyOf(ctxPart, q.width()), -a, t); // a | E
        q.eqs.add(exact);
        xValue = Ints.combine(1, Arrays.copyOf(xValue, q.width()), -1, t);
      }
      // substitute x := xValue via the unit equality x - xValue = 0
      long[] unit = Ints.negate(Arrays.copyOf(xValue, q.width()));
      unit[x] = 1;
      q.eqs.remove(eqIndex);
      q.eqs.add(unit);
      q.widen();
      q.substituteUnit(unit, x);
      work.push(q);
    }
  }

  private static int indexOf(List<long[]> rows, long[] r) {
    for (int i = 0; i < rows.size(); i++) if (rows.get(i) == r) return i;
    throw new IllegalStateException("row not found");
  }

  /** Copies of p with each dimension c replaced by moduli[c] * c + r for every residue r. */
  private static List<Problem> residueSplits(Problem p, long[] moduli) {
    List<Problem> cur = new ArrayList<>();
    cur.add(p);
    for (int c = 1 + p.nCtx; c <= p.nCtx + p.nDim; c++) {
      long m = moduli[c];
      if (m <= 1) continue;
      List<Problem> next = new ArrayList<>();
      for (Problem q : cur) {
        for (long r = 0; r < m; r++) {
          Problem s = q.copy();
          s.stretch(c, m, r);
          next.add(s);
        }
      }
      cur = next;
    }
    return cur;
  }

  /** The dimension to eliminate next (fewest chambers and residue classes), -1 when none is left. */
  private static int chooseDim(Problem p) {
    int best = -1;
    double bestScore = Double.MAX_VALUE;
    for (int x = p.nCtx + p.nDim; x > p.nCtx; x--) {
      if (p.eliminated[x]) continue;
      int nl = 0;
      int nu = 0;
      double splits = 1;
      for (long[] r : p.ineqs) {
        if (r[x] == 0) continue;
        if (r[x] > 0) nl++;
        else nu++;
        long a = Math.abs(r[x]);
        if (a > 1) {
          for (int c = 1 + p.nCtx; c <= p.nCtx + p.nDim; c++) {
            if (c != x && r[c] != 0) splits *= a / Ints.gcd(a, r[c]);
          }
        }
      }
      if (nl == 0 || nu == 0) {
        // no equality involves x: x can move without limit in a non-empty problem
        if (p.isEmpty()) return -2;
        throw new UnboundedException("infinite sum: a dimension has no " + (nl == 0 ? "lower" : "upper") + " bound");
      }
      double score = (double) Math.max(nl, 1) * Math.max(nu, 1) * splits;
      if (score < bestScore) {
        bestScore = score;
        best = x;
      }
    }
    return best;
  }

  /** Splits p into chambers on the active bounds of x and sums x away in each. */
  private static void eliminate(Problem p, int x, Deque<Problem> work) {
    List<long[]> lowers = new ArrayList<>();
    List<long[]> uppers = new ArrayList<>();
    List<long[]> others = new ArrayList<>();
    for (long[] r : p.ineqs) {
      if (r[x] > 0) lowers.add(r);
      else if (r[x] < 0) uppers.add(r);
      else others.add(r);
    }
    if (lowers.isEmpty() || uppers.isEmpty()) {
      if (p.isEmpty()) return;
      throw new UnboundedException("infinite sum: a dimension has no " + (lowers.isEmpty() ? "lower" : "upper") + " bound");
    }
    if (lowers.size() > 1) lowers = irredundant(p, lowers, others, uppers);
    if (uppers.size() > 1) uppers = irredundant(p, uppers, others, lowers);
    for (int i = 0; i < lowers.size(); i++) {
      for (int j = 0; j < uppers.size(); j++) {
        Problem q = p.copy();
        q.ineqs = new ArrayList<>();
        for (long[] r : others) q.ineqs.add(r.clone());
        long[] li = Arrays.copyOf(lowers.get(i), q.width());
        long[] uj = Arrays.copyOf(uppers.get(j), q.width());
        for (int k = 0; k < lowers.size(); k++) {
          if (k == i) continue;
          long[] lk = Arrays.copyOf(lowers.get(k), q.width());
          long[] cond = Ints.combine(li[x], lk, -lk[x], li); // a_i R_k - a_k R_i >= 0 (> 0 for k < i)
          if (k < i) cond[0] = Ints.sub(cond[0], 1);
          q.ineqs.add(cond);
        }
        for (int k = 0; k < uppers.size(); k++) {
          if (k == j) continue;
          long[] uk = Arrays.copyOf(uppers.get(k), q.width());
          long[] cond = Ints.combine(-uj[x], uk, uk[x], uj); // b_j S_k - b_k S_j >= 0
          if (k < j) cond[0] = Ints.sub(cond[0], 1);
          q.ineqs.add(cond);
        }
        q.widen();
        if (lowers.size() * uppers.size() > 1) {
          List<long[]> probe = new ArrayList<>(q.ineqs);
          probe.add(li);
          probe.add(uj);
          if (rationallyEmpty(q.width() - 1, q.eqs, probe)) continue;
        }
        sumOut(q, x, li.clone(), uj.clone(), work);
      }
    }
  }

  private static boolean rationallyEmpty(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    List<long[]> rows = new ArrayList<>(ineqs);
    for (long[] e : eqs) {
      rows.add(e);
      rows.add(Ints.negate(e));
    }
    return dev.polyj.presburger.omega.OmegaTest.isRationallyEmpty(nVar, java.util.List.of(), rows);
  }

  /** The bounds among {@code bounds} not implied by the others and the remaining rows. */
  private static List<long[]> irredundant(Problem p, List<long[]> bounds, List<long[]> others, List<long[]> opposite) {
    List<long[]> keep = new ArrayList<>(bounds);
    for (int i = keep.size() - 1; i >= 0 && keep.size() > 1; i--) {
      long[] b = keep.get(i);
      List<long[]> rows = new ArrayList<>(others);
      rows.addAll(opposite);
      for (int k = 0; k < keep.size(); k++) if (k != i) rows.add(keep.get(k));
      long[] neg = Ints.negate(b);
      neg[0] = Ints.sub(neg[0], 1);
      rows.add(neg);
      if (rationallyEmpty(p.width() - 1, p.eqs, rows)) keep.remove(i);
    }
    return keep;
  }

  /** q's inequalities on x are exactly li (lower) and uj (upper), given separately. */
  private static void sumOut(Problem q, int x, long[] li, long[] uj, Deque<Problem> work) {
    long a = li[x];
    long b = -uj[x];
    long[] moduli = new long[q.width()];
    boolean split = false;
    for (int c = 1 + q.nCtx; c <= q.nCtx + q.nDim; c++) {
      if (c == x) continue;
      long m1 = li[c] == 0 ? 1 : a / Ints.gcd(a, li[c]);
      long m2 = uj[c] == 0 ? 1 : b / Ints.gcd(b, uj[c]);
      moduli[c] = Ints.lcm(m1, m2);
      split |= moduli[c] > 1;
    }
    List<Problem> parts;
    if (split) {
      parts = new ArrayList<>();
      // carry the two bound rows through the same substitutions
      for (Problem s : residueSplits(withBounds(q, li, uj), moduli)) parts.add(s);
    } else {
      parts = List.of(withBounds(q, li, uj));
    }
    for (Problem s : parts) {
      s.widen();
      long[] lo = s.ineqs.remove(s.ineqs.size() - 2);
      long[] up = s.ineqs.remove(s.ineqs.size() - 1);
      // lower: a x + R >= 0  ->  x >= ceil(-R / a);  upper: -b x + S >= 0  ->  x <= floor(S / b)
      long[] loExpr = boundExpr(s, Ints.negate(lo), a, x, true);
      long[] hiExpr = boundExpr(s, up, b, x, false);
      loExpr = Arrays.copyOf(loExpr, s.width());
      hiExpr = Arrays.copyOf(hiExpr, s.width());
      s.widen();
      long[] nonEmpty = Ints.combine(1, hiExpr, -1, loExpr);
      s.ineqs.add(nonEmpty);
      s.eliminated[x] = true;
      s.f = Faulhaber.sum(s.f, x - 1, Polynomial.affine(loExpr), Polynomial.affine(hiExpr));
      work.push(s);
    }
  }

  private static Problem withBounds(Problem q, long[] li, long[] uj) {
    Problem s = q.copy();
    s.ineqs.add(Arrays.copyOf(li, s.width()));
    s.ineqs.add(Arrays.copyOf(uj, s.width()));
    return s;
  }

  /**
   * {@code ceil(e / d)} (or floor) for a row e whose dimension coefficients other than x are
   * divisible by d: the dimension part divided exactly, the rest as a context division.
   */
  private static long[] boundExpr(Problem s, long[] e, long d, int x, boolean ceil) {
    long[] out = new long[s.width()];
    long[] ctx = new long[s.width()];
    for (int c = 0; c < e.length; c++) {
      if (c == x) continue;
      if (s.isDim(c)) {
        out[c] = e[c] / d;
      } else {
        ctx[c] = e[c];
      }
    }
    if (Ints.gcd(ctx, 0, ctx.length) % d == 0) {
      for (int c = 0; c < ctx.length; c++) out[c] += ctx[c] / d;
      return out;
    }
    if (ceil) ctx[0] = Ints.add(ctx[0], d - 1);
    long[] t = s.floorExpr(ctx, d);
    return Ints.combine(1, Arrays.copyOf(out, s.width()), 1, t);
  }

  /** A finished problem: rows over the context and context divisions only. */
  private static Out emit(Problem p) {
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    for (long[] r : p.eqs) eqs.add(p.toContext(r));
    for (long[] r : p.ineqs) ineqs.add(p.toContext(r));
    int[] varMap = new int[p.width() - 1];
    for (int c = 1; c < p.width(); c++) varMap[c - 1] = p.isDim(c) ? -1 : (c <= p.nCtx ? c : c - p.nDim) - 1;
    return new Out(eqs, ineqs, p.f.rename(varMap));
  }

  /**
   * The total of all partial results: a piecewise quasi-polynomial held as a sum of terms (partial
   * results with equal constraints are added first); its disjoint pieces are computed on demand.
   */
  PwQPolynomial result() {
    int nCtx = target.nVar();
    int w = reg.width();
    int nr = reg.divs.size();
    Div[] divs = new Div[nr];
    List<long[]> pinning = new ArrayList<>();
    for (int i = 0; i < nr; i++) {
      Div d = reg.divs.get(i);
      long[] n = Arrays.copyOf(d.numerator(), w);
      divs[i] = new Div(n, d.denominator());
      long[] lo = n.clone();
      lo[1 + nCtx + i] -= d.denominator();
      long[] hi = Ints.negate(n);
      hi[1 + nCtx + i] += d.denominator();
      hi[0] = Ints.add(hi[0], d.denominator() - 1);
      pinning.add(lo);
      pinning.add(hi);
    }
    Map<java.util.Set<List<Long>>, Polynomial> groups = new LinkedHashMap<>();
    Map<java.util.Set<List<Long>>, Out> first = new LinkedHashMap<>();
    for (Out o : outs) {
      java.util.Set<List<Long>> key = new java.util.HashSet<>();
      for (long[] e : o.eqs()) {
        List<Long> k = fullKey(Arrays.copyOf(e, w));
        k.add(0L); // equalities apart from the inequalities with the same row
        key.add(k);
      }
      for (long[] r : o.ineqs()) key.add(fullKey(Arrays.copyOf(r, w)));
      groups.merge(key, o.value(), Polynomial::add);
      first.putIfAbsent(key, o);
    }
    List<PwQPolynomial.Piece> terms = new ArrayList<>();
    for (Map.Entry<java.util.Set<List<Long>>, Polynomial> e : groups.entrySet()) {
      if (e.getValue().isZero()) continue;
      Out o = first.get(e.getKey());
      List<long[]> eqs = new ArrayList<>();
      List<long[]> ineqs = new ArrayList<>(pinning);
      for (long[] r : o.eqs()) eqs.add(Arrays.copyOf(r, w));
      for (long[] r : o.ineqs()) ineqs.add(Arrays.copyOf(r, w));
      BasicRelation dom = BasicRelation.of(target, nr, divs, eqs, ineqs);
      if (dom.isMarkedEmpty()) continue;
      terms.add(new PwQPolynomial.Piece(dom, QuasiPolynomial.of(target, reg.divs, e.getValue())));
    }
    return PwQPolynomial.sumOf(target, terms);
  }

  private static List<Long> fullKey(long[] r) {
    List<Long> k = new ArrayList<>(r.length);
    for (long x : r) k.add(x);
    return k;
  }

  private static long[] project(long[] r, int[] colMap, int width) {
    long[] o = new long[width];
    for (int c = 0; c < r.length; c++) {
      if (r[c] == 0) continue;
      if (colMap[c] < 0) throw new IllegalStateException("dimension left in a finished piece");
      o[colMap[c]] = Ints.add(o[colMap[c]], r[c]);
    }
    return o;
  }
}
