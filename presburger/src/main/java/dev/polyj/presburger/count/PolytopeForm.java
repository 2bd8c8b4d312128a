package dev.polyj.presburger.count;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.qpoly.Polynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A basic relation whose locals are known divisions, rewritten as a set without locals and
 * equalities (the input of {@link Barvinok}) plus a condition on its first {@code nT} variables
 * (the target: parameters, and the domain of a map), such that on the target points satisfying
 * the condition both have the same number of points:
 *
 * <ul>
 *   <li>each division {@code q = floor(e / m)} becomes a dimension with its pinning constraints
 *       {@code 0 <= e - m q <= m - 1} (one value of q per point: a bijection);
 *   <li>equalities are removed by lattice compression: a unimodular change of the counted
 *       variables (Euclid's algorithm on the columns, which computes the Hermite normal form of
 *       the equality's coefficient row) leaves one variable {@code x_k} with coefficient
 *       {@code g}, the gcd of the counted coefficients; then {@code g x_k = -(c + A p)} fixes
 *       {@code x_k} when g divides {@code c + A p}, a congruence on the target that goes to the
 *       condition, and {@code x_k} is substituted away (rows are scaled by g first, so they stay
 *       integral);
 *   <li>equalities on the target alone go to the condition as they are: the polytope without
 *       them is full-dimensional in the target and counts the same points where they hold.
 * </ul>
 */
final class PolytopeForm {
  private PolytopeForm() {}

  /**
   * The polytope (a set over b's parameters, its first {@code target.nVar()} variables being the
   * target's) and the condition (a basic set in the target space, with divisions for the
   * congruences); null when a local of b is not a known division.
   */
  record Form(BasicRelation polytope, BasicRelation condition, Polynomial weight) {}

  static Form of(BasicRelation b, Space target) {
    return of(b, target, null);
  }

  /**
   * As {@link #of(BasicRelation, Space)} carrying a weight along: the floor terms of {@code q}
   * (over b's variables) become dimensions like b's divisions, and the form's weight is q's
   * polynomial in the polytope's variables (rational coefficients), through the same changes of
   * variables. Null q: no weight.
   */
  static Form of(BasicRelation b, Space target, QuasiPolynomial q) {
    int nT = target.nVar();
    int nVar = b.nVar();
    int nb = b.nLocal();
    List<Div> qFloors = q == null ? List.of() : q.floors();
    int nLocal = nb + qFloors.size();
    int width = 1 + nVar + nLocal;
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    for (long[] r : b.equalities()) eqs.add(Arrays.copyOf(r, width));
    for (long[] r : b.inequalities()) ineqs.add(Arrays.copyOf(r, width));
    Polynomial weight = null;
    if (q != null) {
      int[] map = new int[nVar + qFloors.size()];
      for (int v = 0; v < nVar; v++) map[v] = v;
      for (int j = 0; j < qFloors.size(); j++) map[nVar + j] = nVar + nb + j;
      weight = q.polynomial().rename(map);
    }
    for (int i = 0; i < nLocal; i++) {
      Div div;
      if (i < nb) {
        div = b.div(i);
        if (div == null) return null;
      } else {
        // a floor term of q: numerator over [1, vars, earlier floors], moved past b's locals
        Div f = qFloors.get(i - nb);
        long[] num = f.numerator();
        long[] n = new long[width];
        for (int c = 0; c < num.length; c++) n[c <= nVar ? c : c + nb] = num[c];
        div = new Div(n, f.denominator());
      }
      long[] e = Arrays.copyOf(div.numerator(), width);
      long m = div.denominator();
      long[] lower = e.clone(); // e - m q >= 0
      lower[1 + nVar + i] = Ints.sub(lower[1 + nVar + i], m);
      long[] upper = Ints.negate(lower); // m q - e + m - 1 >= 0
      upper[0] = Ints.add(upper[0], m - 1);
      ineqs.add(lower);
      ineqs.add(upper);
    }
    List<long[]> condEqs = new ArrayList<>();
    List<long[]> congruences = new ArrayList<>(); // [row over (1, target)..., modulus]
    int nCols = width;
    while (true) {
      while (!eqs.isEmpty()) {
        int pick = choose(eqs, nT, nCols);
        long[] e = eqs.get(pick);
        if (Ints.isZero(e, 1 + nT, nCols)) {
          eqs.remove(pick);
          if (Ints.isZero(e, 1, 1 + nT)) {
            if (e[0] != 0) return empty(b, target, nCols);
          } else {
            condEqs.add(Arrays.copyOf(e, 1 + nT));
          }
          continue;
        }
        int[] colOut = new int[1];
        weight = reduceColumns(e, nT, nCols, eqs, ineqs, weight, colOut);
        int col = colOut[0];
        long g = Math.abs(e[col]);
        if (g > 1) {
          long[] cong = Arrays.copyOf(e, 2 + nT);
          cong[1 + nT] = g;
          congruences.add(cong);
        }
        eqs.remove(pick);
        if (weight != null) weight = eliminated(weight, e, col);
        // g x_col = -sign * (e - e_col x_col): rows scaled by g, then x_col eliminated
        List<long[]> ne = new ArrayList<>();
        for (long[] r : eqs) ne.add(drop(substitute(r, e, col), col));
        List<long[]> ni = new ArrayList<>();
        for (long[] r : ineqs) ni.add(drop(substitute(r, e, col), col));
        eqs = ne;
        ineqs = ni;
        nCols--;
      }
      Space s = Space.set(b.space().params(), nCols - 1 - b.space().nParam());
      BasicRelation out = BasicRelation.of(s, List.of(), ineqs);
      if (out.isMarkedEmpty()) return empty(b, target, nCols);
      // the normal form may find equalities (opposite inequalities): eliminate them too
      if (out.nEq() == 0) return new Form(out, condition(target, condEqs, congruences), weight);
      eqs = new ArrayList<>(out.equalities());
      ineqs = new ArrayList<>(out.inequalities());
    }
  }

  /** An equality with a unit counted coefficient, else one with gcd 1 there, else the first. */
  private static int choose(List<long[]> eqs, int nT, int nCols) {
    for (int k = 0; k < eqs.size(); k++) {
      for (int c = 1 + nT; c < nCols; c++) if (Math.abs(eqs.get(k)[c]) == 1) return k;
    }
    for (int k = 0; k < eqs.size(); k++) if (Ints.gcd(eqs.get(k), 1 + nT, nCols) == 1) return k;
    return 0;
  }

  private static BasicRelation condition(Space target, List<long[]> eqs, List<long[]> congruences) {
    BasicRelation.Builder bld = BasicRelation.builder(target);
    for (long[] e : eqs) bld.addEq(e);
    int nT = target.nVar();
    for (long[] c : congruences) {
      long m = c[1 + nT];
      long[] row = Arrays.copyOf(c, 1 + nT);
      int q = bld.addDiv(row, m); // row = m floor(row / m)
      long[] eq = Arrays.copyOf(row, bld.nCol());
      eq[q] = -m;
      bld.addEq(eq);
    }
    return bld.build();
  }

  /**
   * Column operations {@code col_j -= q col_k} on every row (the substitution {@code x = E y} by a
   * unimodular E, a bijection of the integer points) until e has a single non-zero coefficient
   * on the columns after the target, which is then +-g (their gcd). Returns that column.
   */
  private static Polynomial reduceColumns(long[] e, int nT, int nCols, List<long[]> eqs, List<long[]> ineqs,
      Polynomial weight, int[] colOut) {
    while (true) {
      int k = -1;
      for (int c = 1 + nT; c < nCols; c++) {
        if (e[c] != 0 && (k < 0 || Math.abs(e[c]) < Math.abs(e[k]))) k = c;
      }
      boolean single = true;
      for (int j = 1 + nT; j < nCols; j++) {
        if (j == k || e[j] == 0) continue;
        single = false;
        long q = Ints.floorDiv(e[j], e[k]);
        for (long[] r : eqs) r[j] = Ints.sub(r[j], Ints.mul(q, r[k]));
        for (long[] r : ineqs) r[j] = Ints.sub(r[j], Ints.mul(q, r[k]));
        // x = E y with x_k = y_k - q y_j
        if (weight != null) {
          weight = weight.substitute(k - 1, Polynomial.var(k - 1).subtract(Polynomial.var(j - 1).scale(Rational.of(q))));
        }
      }
      if (single) {
        colOut[0] = k;
        return weight;
      }
    }
  }

  /** The weight with {@code x_col = -(e - e_col x_col) / e_col} substituted and later variables shifted down. */
  private static Polynomial eliminated(Polynomial weight, long[] e, int col) {
    long[] rest = e.clone();
    rest[col] = 0;
    Polynomial value = Polynomial.affine(rest).scale(Rational.of(-1, e[col]));
    Polynomial w = weight.substitute(col - 1, value);
    int n = Math.max(w.nVarUsed(), col);
    int[] map = new int[n];
    for (int v = 0; v < n; v++) map[v] = v < col - 1 ? v : v - 1; // v = col - 1 no longer occurs
    return w.rename(map);
  }

  private static Form empty(BasicRelation b, Space target, int nCols) {
    Space s = Space.set(b.space().params(), nCols - 1 - b.space().nParam());
    return new Form(BasicRelation.empty(s), BasicRelation.universe(target), null);
  }

  /** r with x_col eliminated using the equality e: {@code |e_col| r - sign(e_col) r_col e}. */
  private static long[] substitute(long[] r, long[] e, int col) {
    if (r[col] == 0) return r;
    long ec = e[col];
    return Ints.combine(Math.abs(ec), r, Ints.neg(Ints.mul(r[col], Long.signum(ec))), e);
  }

  private static long[] drop(long[] r, int col) {
    long[] out = new long[r.length - 1];
    System.arraycopy(r, 0, out, 0, col);
    System.arraycopy(r, col + 1, out, col, r.length - col - 1);
    return out;
  }
}
