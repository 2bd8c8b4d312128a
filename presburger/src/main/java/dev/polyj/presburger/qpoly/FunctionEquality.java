package dev.polyj.presburger.qpoly;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Exact equality of two piecewise quasi-polynomials as functions (both are zero outside their
 * pieces): {@code infty} on the same points, {@code NaN} on the same points, and a difference that vanishes at every integer point
 * of every piece.
 *
 * <p>On a piece D of the difference with quasi-polynomial q, every floor term (of q and of D's
 * divisions) is periodic: with L_v the lcm of the denominators of their slopes in variable v, the
 * substitution {@code x_v = r_v + L_v y_v} for a residue class r makes each floor an integer affine
 * function of y, so q
 * becomes a polynomial {@code P_r(y)} and D a polyhedron {@code D_r} without locals. P_r restricted
 * to the affine hull of {@code D_r}'s integer points (solved rationally for pivot variables) is
 * the zero polynomial: q vanishes on that class. Otherwise a non-zero value is searched near a
 * sample point of {@code D_r} (a non-zero polynomial of degree k vanishes on no full grid of
 * {@code (k+1)^n} points), and a class with few points is checked point by point; when neither
 * decides (an infinite domain thinner than the degree in some direction) the question is left
 * undecided with {@link UnsupportedOperationException}, never answered wrong.
 */
final class FunctionEquality {
  private FunctionEquality() {}

  /** The most points of a thin residue class evaluated one by one. */
  static final int MAX_POINTS = 200;

  /** The most residue classes examined per piece. */
  static final long MAX_CLASSES = 20_000;

  static boolean equal(PwQPolynomial f, PwQPolynomial g) {
    if (!f.space().equals(g.space())) return false;
    Space space = f.space();
    List<BasicRelation> infF = new ArrayList<>();
    List<BasicRelation> infG = new ArrayList<>();
    List<BasicRelation> nanF = new ArrayList<>();
    List<BasicRelation> nanG = new ArrayList<>();
    List<PwQPolynomial.Piece> fin = new ArrayList<>();
    for (PwQPolynomial.Piece p : f.pieces()) {
      if (p.qp().isInfinite()) infF.add(p.domain());
      else if (p.qp().isNaN()) nanF.add(p.domain());
      else fin.add(p);
    }
    for (PwQPolynomial.Piece p : g.pieces()) {
      if (p.qp().isInfinite()) infG.add(p.domain());
      else if (p.qp().isNaN()) nanG.add(p.domain());
      else fin.add(new PwQPolynomial.Piece(p.domain(), p.qp().negate()));
    }
    if (!Relation.ofBasics(space, infF).isEqual(Relation.ofBasics(space, infG))) return false;
    if (!Relation.ofBasics(space, nanF).isEqual(Relation.ofBasics(space, nanG))) return false;
    // pieces are disjoint within f and within g: the finite pieces of both avoid the infty points
    PwQPolynomial diff = PwQPolynomial.sumOf(space, fin);
    for (PwQPolynomial.Piece p : diff.pieces()) {
      for (BasicRelation d : p.domain().hasUnknownLocals() ? p.domain().computeDivs().basics() : List.of(p.domain())) {
        if (!vanishes(d, p.qp())) return false;
      }
    }
    return true;
  }

  /** True when q is zero at every integer point of d (all locals known divisions). */
  static boolean vanishes(BasicRelation d, QuasiPolynomial q) {
    if (q.isZero() || d.isEmpty()) return true;
    int n = d.nVar();
    List<Div> qFloors = q.floors();
    long[] period = new long[n];
    java.util.Arrays.fill(period, 1);
    periodOf(domainDivs(d), period);
    periodOf(q.floors(), period);
    long classes = 1;
    for (int v = 0; v < n; v++) {
      classes = Ints.mul(classes, period[v]);
      if (classes > MAX_CLASSES) throw undecided("too many residue classes");
    }
    long[] r = new long[n];
    boolean undecided = false;
    for (long c = 0; c < classes; c++) {
      long k = c;
      for (int v = 0; v < n; v++) {
        r[v] = k % period[v];
        k /= period[v];
      }
      Boolean z = vanishesOnClass(d, q, r, period);
      if (z == null) undecided = true;
      else if (!z) return false;
    }
    if (undecided) throw undecided("a piece is too thin to tell a non-zero polynomial from zero");
    return true;
  }

  private static List<Div> domainDivs(BasicRelation d) {
    List<Div> out = new ArrayList<>();
    for (int i = 0; i < d.nLocal(); i++) out.add(d.div(i));
    return out;
  }

  /**
   * Makes each {@code period[v]} (kept a multiple of its value) the least L_v such that every floor
   * of the list is an integer affine function of y on each class {@code x_v = r_v + L_v y_v}: the
   * lcm of the denominators of the floors' slopes in variable v ({@code (a + sum_j c_j slope_j) / m}
   * for {@code floor((a x + sum_j c_j t_j + c) / m)} over earlier floors t_j).
   */
  private static void periodOf(List<Div> divs, long[] period) {
    int n = period.length;
    List<Rational[]> slopes = new ArrayList<>();
    for (Div dv : divs) {
      long[] num = dv.numerator();
      Rational[] s = new Rational[n];
      for (int v = 0; v < n; v++) {
        Rational x = Rational.of(1 + v < num.length ? num[1 + v] : 0);
        for (int j = 0; j < slopes.size() && 1 + n + j < num.length; j++) {
          if (num[1 + n + j] != 0) x = x.add(slopes.get(j)[v].multiply(Rational.of(num[1 + n + j])));
        }
        s[v] = x.divide(Rational.of(dv.denominator()));
        long den = s[v].denominator().longValueExact();
        period[v] = Ints.lcm(period[v], den);
      }
      slopes.add(s);
    }
  }

  private static UnsupportedOperationException undecided(String why) {
    return new UnsupportedOperationException("equality of quasi-polynomials not decided: " + why);
  }

  /** The class x = r + L y: true when q vanishes there, false on a witness, null when undecided. */
  private static Boolean vanishesOnClass(BasicRelation d, QuasiPolynomial q, long[] r, long[] period) {
    int n = d.nVar();
    // the domain's locals as integer affine rows over [1, y]
    List<long[]> locals = new ArrayList<>();
    for (int i = 0; i < d.nLocal(); i++) locals.add(floorRow(d.div(i).numerator(), d.div(i).denominator(), r, period, locals));
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    for (long[] row : d.equalities()) eqs.add(substituted(row, r, period, locals));
    for (long[] row : d.inequalities()) ineqs.add(substituted(row, r, period, locals));
    BasicRelation dr = BasicRelation.of(Space.set(List.of(), n), eqs, ineqs);
    if (dr.isEmpty()) return true;
    // q's floors, then its polynomial in y
    List<long[]> floors = new ArrayList<>();
    for (Div fl : q.floors()) floors.add(floorRow(fl.numerator(), fl.denominator(), r, period, floors));
    Polynomial p = q.polynomial();
    for (int v = 0; v < n; v++) {
      p = p.substitute(v, Polynomial.var(v).scale(Rational.of(period[v])).add(Polynomial.constant(r[v])));
    }
    for (int i = 0; i < floors.size(); i++) p = p.substitute(n + i, Polynomial.affine(floors.get(i)));
    // restricted to the affine hull: each hull equality solved (rationally) for a pivot
    BasicRelation hull = Relation.of(dr).affineHull();
    Polynomial onHull = p;
    List<long[]> hullEqs = new ArrayList<>(hull.equalities());
    for (int k = 0; k < hullEqs.size(); k++) {
      long[] e = hullEqs.get(k);
      int pivot = -1;
      for (int c = 1; c <= n && pivot < 0; c++) if (e[c] != 0) pivot = c;
      if (pivot < 0) continue;
      // y_pivot = -(e - e_pivot y_pivot) / e_pivot
      long[] rest = e.clone();
      rest[pivot] = 0;
      Polynomial value = Polynomial.affine(rest).scale(Rational.of(-1, e[pivot]));
      onHull = onHull.substitute(pivot - 1, value);
      for (int j = k + 1; j < hullEqs.size(); j++) {
        long[] o = hullEqs.get(j);
        if (o[pivot] != 0) hullEqs.set(j, Ints.combine(e[pivot], o, -o[pivot], e));
      }
    }
    if (onHull.isZero()) return true;
    if (witness(dr, p)) return false;
    // a thin class: decided point by point when it has few points
    try {
      for (long[] y : PointEvaluation.points(Relation.of(dr), MAX_POINTS)) if (!p.evaluate(y).isZero()) return false;
      return true;
    } catch (PointEvaluation.TooManyPointsException e) {
      return null;
    }
  }

  /** True when p is non-zero at some point of a small box around a sample point of dr. */
  private static boolean witness(BasicRelation dr, Polynomial p) {
    Optional<long[]> s = Relation.of(dr).samplePoint();
    if (s.isEmpty()) return false;
    long[] y0 = s.get();
    int n = y0.length;
    int radius = Math.max(1, p.degree());
    while (radius > 1 && Math.pow(2 * radius + 1, n) > 5000) radius--;
    long[] y = new long[n];
    long side = 2L * radius + 1;
    long total = (long) Math.pow(side, n);
    for (long c = 0; c < total; c++) {
      long k = c;
      for (int v = 0; v < n; v++) {
        y[v] = y0[v] + (k % side) - radius;
        k /= side;
      }
      if (dr.contains(y) && !p.evaluate(y).isZero()) return true;
    }
    return false;
  }

  /**
   * floor(num . (1, x, earlier) / m) with {@code x = r + L y} and the earlier floors given as rows
   * over [1, y]: an integer affine row over [1, y], since L is a multiple of every denominator.
   */
  private static long[] floorRow(long[] num, long m, long[] r, long[] period, List<long[]> earlier) {
    long[] row = substituted(num, r, period, earlier);
    long[] out = new long[row.length];
    for (int c = 1; c < row.length; c++) {
      if (row[c] % m != 0) throw new IllegalStateException("floor not affine on a residue class");
      out[c] = row[c] / m;
    }
    out[0] = Math.floorDiv(row[0], m);
    return out;
  }

  /** A row over [1, x, locals] as a row over [1, y] with {@code x = r + L y} and the locals' rows. */
  private static long[] substituted(long[] row, long[] r, long[] period, List<long[]> locals) {
    int n = r.length;
    long[] out = new long[1 + n];
    out[0] = row[0];
    for (int v = 0; v < n && 1 + v < row.length; v++) {
      long a = row[1 + v];
      if (a == 0) continue;
      out[0] = Ints.add(out[0], Ints.mul(a, r[v]));
      out[1 + v] = Ints.add(out[1 + v], Ints.mul(a, period[v]));
    }
    for (int i = 0; i < locals.size() && 1 + n + i < row.length; i++) {
      long a = row[1 + n + i];
      if (a == 0) continue;
      long[] l = locals.get(i);
      for (int c = 0; c <= n; c++) out[c] = Ints.add(out[c], Ints.mul(a, l[c]));
    }
    return out;
  }
}
