package dev.polyj.presburger.count;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.qpoly.Monomial;
import dev.polyj.presburger.qpoly.Polynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.pip.Lexopt;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * Upper bounds of a polynomial over a parametric polytope by Bernstein expansion (Clauss,
 * Fernández, Gorlach and Verdoolaege, "Symbolic polynomial maximization over convex sets and its
 * application to memory requirement estimation", 2009), the method behind isl's and barvinok's
 * {@code ub} of non-affine quasi-polynomials.
 *
 * <p>On each chamber of the parameter domain the polytope is the convex hull of its parametric
 * vertices {@code v_1(p) .. v_m(p)}: every point is {@code x = sum_k a_k v_k(p)} with
 * {@code a_k >= 0}, {@code sum_k a_k = 1}. Substituting this into f and homogenizing with
 * {@code (sum_k a_k)^D} (D the degree of f in x) gives {@code sum_b c_b(p) a^b} over the exponent
 * vectors b with {@code |b| = D}; since the multinomial terms {@code D!/b! a^b} are non-negative
 * and sum to 1, f is a convex combination of the Bernstein coefficients
 * {@code c_b(p) b! / D!}, and their maximum bounds f from above. Coefficients that another one
 * dominates on the whole chamber are dropped (exactly for affine differences, by a sign argument
 * on the terms otherwise). The bound is tight (attained at an integer point) when every
 * coefficient left is the value of f at a vertex with integer coordinates ({@code b = D e_k}).
 *
 * <p>Parameter points no chamber covers (lower-dimensional pieces of the parameter domain) get the
 * bound over the hull of all the vertices, which contains the polytope there; it is not claimed
 * tight. Lower bounds are the negated upper bounds of {@code -f}.
 */
final class BernsteinBound {
  private BernsteinBound() {}

  /** Thrown for a domain unbounded in the variables bounded over (the bound is then infinite). */
  static final class UnboundedDomain extends RuntimeException {
    UnboundedDomain() {
      super("bounds over unbounded domains", null, false, false);
    }
  }

  /** One piece of the bound: a domain over the target variables and the candidates, the largest counts. */
  record Candidates(BasicRelation domain, List<QuasiPolynomial> values, boolean tight) {}

  /**
   * The upper bound of {@code f} (a polynomial in the counted variables, floors only of the target
   * variables) over the integer points of {@code domain}, per value of the target variables (the
   * first {@code target.nVar()} of the domain's space). The pieces' domains are the chambers, to
   * be intersected with the domain's projection by the caller.
   */
  static List<Candidates> upper(BasicRelation domain, QuasiPolynomial f, Space target) {
    Space fs = f.space();
    int nT = target.nVar();
    int nVar = fs.nVar();
    int d = nVar - nT;
    List<Div> floors = targetFloors(f, nT);
    int nf = floors.size();
    // working variables: target 0..nT-1, floors nT..nT+nf-1, x at X0.., a_k at A0..
    int x0 = nT + nf;
    int[] rename = new int[nVar + nf];
    for (int v = 0; v < nVar + nf; v++) rename[v] = v < nT ? v : v < nVar ? x0 + v - nT : nT + v - nVar;
    Polynomial poly = f.polynomial().rename(rename);
    boolean tightDomain = domain.nLocal() == 0;
    List<long[]> rows = new ArrayList<>();
    for (long[] r : domain.inequalities()) if (tightDomain || Ints.isZero(r, 1 + nVar, r.length)) rows.add(Arrays.copyOf(r, 1 + nVar));
    for (long[] r : domain.equalities()) {
      if (!tightDomain && !Ints.isZero(r, 1 + nVar, r.length)) continue;
      rows.add(Arrays.copyOf(r, 1 + nVar));
      rows.add(Ints.negate(Arrays.copyOf(r, 1 + nVar)));
    }
    BasicRelation hull = BasicRelation.of(Space.set(List.of(), nVar), List.of(), rows);
    if (!Barvinok.isBounded(hull, nT)) throw new UnboundedDomain();
    Barvinok.Chambers ch = Barvinok.chambers(rows, nT, d);
    int degree = 0;
    for (Monomial m : poly.terms().keySet()) degree = Math.max(degree, xDegree(m, x0, d));
    Layout layout = new Layout(target, floors, x0, d, poly, degree, ch.vertices());
    List<Candidates> out = new ArrayList<>();
    for (Barvinok.Chamber c : ch.chambers()) out.add(layout.candidates(c.rows(), c.valid(), tightDomain));
    BitSet all = new BitSet();
    all.set(0, ch.vertices().size());
    for (List<long[]> r : ch.uncovered()) out.add(layout.candidates(r, all, false));
    return out;
  }

  /** A function and its domain in a space with more counted variables. */
  record Lifted(BasicRelation domain, QuasiPolynomial f) {}

  /**
   * f with every floor of the counted variables made a new counted variable {@code q} bounded by
   * {@code d q <= e <= d q + d - 1} (the floor of {@code e / d}), appended after the counted
   * variables: over the integer points the lifted domain is in bijection with the original (each
   * {@code q} is the floor's value), so the extremes are the same and an integer vertex of the
   * lifted polytope still attains its value. f itself when no floor involves the counted variables.
   */
  static Lifted liftCountedFloors(BasicRelation domain, QuasiPolynomial f, int nT) {
    Space fs = f.space();
    int nVar = fs.nVar();
    List<Div> floors = f.floors();
    int m = floors.size();
    boolean[] counted = new boolean[m];
    int nLift = 0;
    for (int i = 0; i < m; i++) {
      long[] num = floors.get(i).numerator();
      counted[i] = !Ints.isZero(num, 1 + nT, Math.min(num.length, 1 + nVar));
      for (int j = 0; j < i && !counted[i]; j++) counted[i] = counted[j] && 1 + nVar + j < num.length && num[1 + nVar + j] != 0;
      if (counted[i]) nLift++;
    }
    if (nLift == 0) return new Lifted(domain, f);
    int nOut = fs.rangeTuple().arity();
    Space ls = fs.withRangeTuple(dev.polyj.presburger.space.Tuple.anonymous(null, nOut + nLift));
    int[] rename = new int[nVar + m]; // variables of f's polynomial -> those of the lifted one
    int[] liftedVar = new int[m];
    List<Div> kept = new ArrayList<>();
    BasicRelation.Builder bounds = BasicRelation.builder(ls);
    int next = 0;
    for (int v = 0; v < nVar; v++) rename[v] = v;
    for (int i = 0; i < m; i++) {
      long[] num = floors.get(i).numerator();
      if (counted[i]) {
        long d = floors.get(i).denominator();
        int q = nVar + next++;
        liftedVar[i] = q;
        rename[nVar + i] = q;
        long[] lower = new long[1 + nVar + nLift]; // e - d q >= 0
        System.arraycopy(num, 0, lower, 0, Math.min(num.length, 1 + nVar));
        for (int j = 0; j < i; j++) {
          if (1 + nVar + j >= num.length || num[1 + nVar + j] == 0) continue;
          if (!counted[j]) {
            throw new UnsupportedOperationException("bounds of floors of the counted variables nested around floors"
                + " of the parameters");
          }
          lower[1 + liftedVar[j]] = Ints.add(lower[1 + liftedVar[j]], num[1 + nVar + j]);
        }
        lower[1 + q] = Ints.sub(lower[1 + q], d);
        long[] upper = Ints.negate(lower); // d q + d - 1 - e >= 0
        upper[0] = Ints.add(upper[0], d - 1);
        bounds.addIneq(lower);
        bounds.addIneq(upper);
      } else {
        long[] renum = new long[1 + nVar + nLift + kept.size()];
        System.arraycopy(num, 0, renum, 0, Math.min(num.length, 1 + nVar));
        for (int j = 0; j < i; j++) {
          if (1 + nVar + j < num.length && num[1 + nVar + j] != 0) renum[1 + rename[nVar + j]] += num[1 + nVar + j];
        }
        rename[nVar + i] = nVar + nLift + kept.size();
        kept.add(new Div(renum, floors.get(i).denominator()));
      }
    }
    int[] identity = new int[nVar];
    for (int v = 0; v < nVar; v++) identity[v] = v;
    BasicRelation lifted = domain.mapVariables(ls, identity).intersect(bounds.build());
    return new Lifted(lifted, QuasiPolynomial.of(ls, kept, f.polynomial().rename(rename)));
  }

  /** f's floors, which must not involve the counted variables, as floors over the target. */
  private static List<Div> targetFloors(QuasiPolynomial f, int nT) {
    int nVar = f.space().nVar();
    List<Div> out = new ArrayList<>();
    for (Div div : f.floors()) {
      long[] num = div.numerator();
      if (!Ints.isZero(num, 1 + nT, Math.min(num.length, 1 + nVar))) {
        throw new UnsupportedOperationException("bounds of non-affine quasi-polynomials with floors of the"
            + " variables bounded over");
      }
      long[] t = new long[num.length - (nVar - nT)];
      System.arraycopy(num, 0, t, 0, 1 + nT);
      if (num.length > 1 + nVar) System.arraycopy(num, 1 + nVar, t, 1 + nT, num.length - 1 - nVar);
      out.add(new Div(t, div.denominator()));
    }
    return out;
  }

  private static int xDegree(Monomial m, int x0, int d) {
    int e = 0;
    for (int j = 0; j < d; j++) e += m.exponent(x0 + j);
    return e;
  }

  /**
   * The working layout shared by all chambers: target variables first, then the target floors,
   * the {@code d} counted variables from {@code x0}, and the convex-combination weights after them;
   * {@code poly} in that layout, its degree in the counted variables, and the parametric vertices.
   */
  private record Layout(Space target, List<Div> floors, int x0, int d, Polynomial poly, int degree,
      List<Rational[][]> vertices) {
    /** The undominated Bernstein coefficients of poly over the chamber, with the vertices {@code valid} there. */
    Candidates candidates(List<long[]> chamber, BitSet valid, boolean tightDomain) {
      int nT = target.nVar();
      int a0 = x0 + d;
      int m = valid.cardinality();
      int[] which = valid.stream().toArray();
      Polynomial[] x = new Polynomial[d];
      Polynomial sum = Polynomial.ZERO;
      for (int k = 0; k < m; k++) sum = sum.add(Polynomial.var(a0 + k));
      for (int j = 0; j < d; j++) {
        Polynomial xj = Polynomial.ZERO;
        for (int k = 0; k < m; k++) xj = xj.add(affine(vertices.get(which[k])[j], nT).multiply(Polynomial.var(a0 + k)));
        x[j] = xj;
      }
      Polynomial g = Polynomial.ZERO;
      for (Map.Entry<Monomial, Rational> t : poly.terms().entrySet()) {
        Monomial mono = t.getKey();
        Polynomial term = Polynomial.constant(t.getValue());
        for (int v = 0; v < x0; v++) if (mono.exponent(v) > 0) term = term.multiply(Polynomial.var(v).pow(mono.exponent(v)));
        for (int j = 0; j < d; j++) if (mono.exponent(x0 + j) > 0) term = term.multiply(x[j].pow(mono.exponent(x0 + j)));
        term = term.multiply(sum.pow(degree - xDegree(mono, x0, d)));
        g = g.add(term);
      }
      // group by the exponents of the a_k
      Map<List<Integer>, Polynomial> byExponent = new java.util.LinkedHashMap<>();
      for (Map.Entry<Monomial, Rational> t : g.terms().entrySet()) {
        Monomial mono = t.getKey();
        Integer[] b = new Integer[m];
        Monomial rest = mono;
        for (int k = 0; k < m; k++) {
          b[k] = mono.exponent(a0 + k);
          rest = rest.withExponent(a0 + k, 0);
        }
        byExponent.merge(Arrays.asList(b), Polynomial.term(rest, t.getValue()), Polynomial::add);
      }
      List<Polynomial> coefficients = new ArrayList<>();
      List<Boolean> atVertex = new ArrayList<>();
      for (Map.Entry<List<Integer>, Polynomial> e : byExponent.entrySet()) {
        List<Integer> b = e.getKey();
        coefficients.add(e.getValue().scale(inverseMultinomial(degree, b)));
        int k = b.indexOf(degree);
        atVertex.add(k >= 0 && integral(vertices.get(which[k])));
      }
      int zeros = 0; // coefficients that do not appear are zero
      for (int k = 0; k < m; k++) {
        Integer[] b = new Integer[m];
        Arrays.fill(b, 0);
        b[k] = degree;
        if (byExponent.containsKey(Arrays.asList(b))) continue;
        zeros++;
        coefficients.add(Polynomial.ZERO);
        atVertex.add(integral(vertices.get(which[k])));
      }
      if (byExponent.size() + zeros < multisets(m, degree)) {
        coefficients.add(Polynomial.ZERO);
        atVertex.add(false);
      }
      // equal coefficients once (attained if any of them is a vertex value), then the undominated
      Map<Polynomial, Boolean> distinct = new java.util.LinkedHashMap<>();
      for (int i = 0; i < coefficients.size(); i++) distinct.merge(coefficients.get(i), atVertex.get(i), Boolean::logicalOr);
      BasicRelation domain = BasicRelation.of(target, List.of(), chamber);
      List<QuasiPolynomial> values = new ArrayList<>();
      List<Boolean> attained = new ArrayList<>();
      for (Map.Entry<Polynomial, Boolean> e : distinct.entrySet()) {
        values.add(QuasiPolynomial.of(target, floors, e.getKey()));
        attained.add(e.getValue());
      }
      boolean[] keep = undominated(values, domain);
      List<QuasiPolynomial> kept = new ArrayList<>();
      boolean tight = tightDomain;
      for (int i = 0; i < values.size(); i++) {
        if (!keep[i]) continue;
        kept.add(values.get(i));
        if (!attained.get(i)) tight = false;
      }
      return new Candidates(domain, kept, tight);
    }
  }

  /**
   * Which of the distinct values to keep for their maximum on the domain: a value is dropped when
   * another kept one is known to be at least as large at every point (the first of two that
   * bound each other stays).
   */
  static boolean[] undominated(List<QuasiPolynomial> values, BasicRelation domain) {
    int n = values.size();
    boolean[] keep = new boolean[n];
    Arrays.fill(keep, true);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n && keep[i]; j++) {
        if (i == j || !keep[j]) continue;
        if (nonNegative(values.get(j).subtract(values.get(i)), domain)) keep[i] = false;
      }
    }
    return keep;
  }

  /** The affine function {@code r . (1, p)} with rational coefficients, as a polynomial in p. */
  private static Polynomial affine(Rational[] r, int nT) {
    Polynomial p = Polynomial.constant(r[0]);
    for (int t = 0; t < nT; t++) if (!r[1 + t].isZero()) p = p.add(Polynomial.var(t).scale(r[1 + t]));
    return p;
  }

  private static boolean integral(Rational[][] v) {
    for (Rational[] row : v) for (Rational c : row) if (!c.denominator().equals(BigInteger.ONE)) return false;
    return true;
  }

  /** {@code b! / D!} for an exponent vector b with {@code |b| = D}. */
  private static Rational inverseMultinomial(int degree, List<Integer> b) {
    BigInteger num = BigInteger.ONE;
    for (int e : b) num = num.multiply(factorial(e));
    return Rational.of(num, factorial(degree));
  }

  private static BigInteger factorial(int n) {
    BigInteger f = BigInteger.ONE;
    for (int i = 2; i <= n; i++) f = f.multiply(BigInteger.valueOf(i));
    return f;
  }

  /** The number of exponent vectors of m entries summing to D: {@code C(D + m - 1, m - 1)}. */
  private static long multisets(int m, int degree) {
    BigInteger c = BigInteger.ONE;
    for (int i = 1; i < m; i++) c = c.multiply(BigInteger.valueOf(degree + i)).divide(BigInteger.valueOf(i));
    return c.min(BigInteger.valueOf(Long.MAX_VALUE)).longValue();
  }

  /**
   * True when q is known to be non-negative at every integer point of the domain: exactly for
   * affine q without floors (no point with {@code q <= -1/L}, L its common denominator),
   * otherwise when every term has a positive coefficient and is a product of even powers and of
   * variables the domain keeps non-negative.
   */
  static boolean nonNegative(QuasiPolynomial q, BasicRelation domain) {
    Polynomial p = q.polynomial();
    if (p.isConstant()) return p.constantTerm().signum() >= 0;
    int nT = q.space().nVar();
    if (p.degree() <= 1 && q.floors().isEmpty()) {
      BigInteger l = BigInteger.ONE;
      for (Rational c : p.terms().values()) l = l.multiply(c.denominator()).divide(l.gcd(c.denominator()));
      long[] row = new long[1 + nT]; // -L q - 1 >= 0
      for (Map.Entry<Monomial, Rational> t : p.terms().entrySet()) {
        long c = t.getValue().multiply(Rational.of(l)).numerator().longValueExact();
        int v = -1;
        for (int i = 0; i < nT; i++) if (t.getKey().exponent(i) > 0) v = i;
        row[1 + v] = Ints.neg(c);
      }
      row[0] = Ints.sub(row[0], 1);
      return domain.intersect(BasicRelation.of(domain.space(), List.of(), List.of(row))).isEmpty();
    }
    if (positiveTerms(p, domain, nT)) return true;
    if (!q.floors().isEmpty()) return false;
    // shifted to the smallest values: with p_v = lo_v + t_v (t_v >= 0), positive coefficients
    // prove the sign (N^2 - N on N >= 1 is t^2 + t)
    Polynomial shifted = p;
    for (int v = 0; v < nT; v++) {
      if (!p.uses(v)) continue;
      java.util.OptionalLong lo = smallest(v, domain);
      if (lo.isEmpty()) return false;
      shifted = shifted.substitute(v, Polynomial.var(v).add(Polynomial.constant(lo.getAsLong())));
    }
    for (Rational c : shifted.terms().values()) if (c.signum() < 0) return false;
    return true;
  }

  /** True when every term has a positive coefficient and its odd powers are of non-negative variables. */
  private static boolean positiveTerms(Polynomial p, BasicRelation domain, int nT) {
    for (Map.Entry<Monomial, Rational> t : p.terms().entrySet()) {
      if (t.getValue().signum() < 0) return false;
      Monomial mono = t.getKey();
      for (int v = 0; v < mono.length(); v++) {
        if (mono.exponent(v) % 2 == 0) continue;
        if (v >= nT || !nonNegativeVariable(v, domain)) return false;
      }
    }
    return true;
  }

  /** The smallest value of variable v on the domain's integer points, when it has one. */
  private static java.util.OptionalLong smallest(int v, BasicRelation domain) {
    int n = domain.space().nVar();
    int[] all = new int[n];
    for (int i = 0; i < n; i++) all[i] = i;
    Relation flat = Relation.of(domain.mapVariables(Space.set(List.of(), n), all));
    try {
      return Lexopt.dimMin(flat, v).evaluate(new long[0]);
    } catch (dev.polyj.presburger.pip.UnboundedOptimumException | ArithmeticException e) {
      return java.util.OptionalLong.empty();
    }
  }

  private static boolean nonNegativeVariable(int v, BasicRelation domain) {
    long[] row = new long[1 + domain.space().nVar()]; // -x_v - 1 >= 0
    row[0] = -1;
    row[1 + v] = -1;
    return domain.intersect(BasicRelation.of(domain.space(), List.of(), List.of(row))).isEmpty();
  }
}
