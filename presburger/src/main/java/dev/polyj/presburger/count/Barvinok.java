package dev.polyj.presburger.count;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.omega.OmegaTest;
import dev.polyj.presburger.qpoly.Polynomial;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.space.Space;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;

/**
 * Barvinok's algorithm for parametric polytopes: the number of integer points of
 * {@code P(p) = { x : A x + B p + c >= 0 }} as a piecewise quasi-polynomial in p (Barvinok 1994;
 * the parametric form of Verdoolaege, Seghir, Beyls, Loechner and Bruynooghe 2007).
 *
 * <ol>
 *   <li>Parametric vertices: every d-subset S of the constraints with a non-singular {@code A_S}
 *       gives a candidate {@code v_S(p)}, rational affine in p; equal candidates are one vertex,
 *       valid where all constraints hold at it (its validity domain, a polyhedron in p).
 *   <li>Chambers: the full-dimensional cells of the arrangement of the validity domains. On each
 *       closed chamber the set of vertices is fixed and the count is one quasi-polynomial.
 *   <li>Vertex cones: the tangent cone at a vertex is the dual of the cone spanned by the rows of
 *       its active constraints; a vertex with more than d active constraints is split by a
 *       lexicographic perturbation of the constants (a triangulation of that dual cone). Each
 *       simplicial dual cone is decomposed into signed unimodular cones ({@link
 *       UnimodularDecomposition}) whose duals are the unimodular primal cones: since lower-
 *       dimensional dual cones are cones with lines in the primal, whose generating functions
 *       vanish, the decomposition is exact for closed cones.
 *   <li>Each unimodular cone {@code v(p) + K}, generators {@code u_j}, has the lattice apex
 *       {@code sum_j ceil(lambda_j(p)) u_j} with {@code lambda = U^-1 v(p)}; its generating
 *       function evaluated at 1 by the substitution {@code x = exp(t l)} ({@link ConeSeries}) is a
 *       polynomial in {@code a(p) = sum_j <l, u_j> ceil(lambda_j(p))}, a quasi-polynomial in p. By
 *       Brion's theorem the sum over the vertices is the count. With a polynomial weight w(x)
 *       each cone contributes {@code sum_(k >= 0) w(apex + sum_j k_j u_j) exp(t <l, x>)} at t = 0
 *       instead: w expands into monomials in the k_j, and each monomial's series is a derivative
 *       of the cone's series ({@link ConeSeries#weightedCoefficients}).
 * </ol>
 *
 * <p>The first variables of the space (those of the result space: parameters, and the domain of a
 * map) are the parameters p, the others are x. It applies to basic relations without locals and
 * equalities that are bounded in x; parameter values that no closed chamber covers (lower-
 * dimensional parts of the parameter domain) are counted by the given fallback.
 */
final class Barvinok {
  private Barvinok() {}

  /** The most candidate vertices (d-subsets of constraints) enumerated before giving up. */
  static final int MAX_SUBSETS = 20_000;

  /**
   * The count of b over {@code target} (its first variables), or null when the method does not
   * apply; {@code fallback} counts the pieces of b the chambers do not cover.
   */
  static PwQPolynomial card(BasicRelation b, Space target, Function<BasicRelation, PwQPolynomial> fallback) {
    if (b.nLocal() > 0 || b.isMarkedEmpty()) return null;
    if (!isBounded(b, target.nVar())) return null;
    return cardOfBounded(b, target, fallback);
  }

  /** {@link #card} for a b known to be bounded in its counted variables. */
  static PwQPolynomial cardOfBounded(BasicRelation b, Space target, Function<BasicRelation, PwQPolynomial> fallback) {
    return sumOfBounded(b, null, target, fallback);
  }

  /**
   * The sum of the polynomial {@code weight} (over b's variables, rational coefficients; null for
   * the constant 1) on the points of b, bounded in its counted variables, per value of the target
   * variables; null when the method does not apply. Each unimodular cone contributes the sum of
   * the weight over its points: with {@code x = apex + sum_j k_j u_j}, the weight is a polynomial
   * in the k_j whose coefficients are polynomials in the apex, and each monomial
   * {@code k^m} sums to a polynomial in {@code a(p)} ({@link ConeSeries#weightedCoefficients}).
   *
   * <p>The vertices and chambers need a polytope of full dimension: equalities of b, explicit or
   * implicit (inequalities that hold with equality at every point, such as those of
   * {@code N <= 0 <= M <= N}), are made explicit first and removed by lattice compression
   * ({@link PolytopeForm}); the sum over the compressed polytope, restricted to the congruences
   * and equalities on the target that the compression leaves, is the sum over b.
   */
  static PwQPolynomial sumOfBounded(BasicRelation b, Polynomial weight, Space target,
      Function<BasicRelation, PwQPolynomial> fallback) {
    if (b.nLocal() > 0 || b.isMarkedEmpty()) return null;
    BasicRelation full;
    try {
      full = withImplicitEqualities(b);
    } catch (dev.polyj.presburger.arith.CoefficientOverflowException e) {
      return null;
    }
    if (full == null) return PwQPolynomial.zero(target);
    if (full.nEq() > 0) return compressed(full, weight, target);
    return sumOfFullDimensional(full, weight, target, fallback);
  }

  /**
   * b with every inequality that no integer point of b satisfies strictly turned into an
   * equality (so the rest has a point where it is strict: b is full-dimensional in the remaining
   * space); b itself when there is none; null when b is empty.
   */
  static BasicRelation withImplicitEqualities(BasicRelation b) {
    List<long[]> eqs = b.equalities();
    List<long[]> ineqs = b.inequalities();
    if (OmegaTest.isIntegerEmpty(b.nVar(), eqs, ineqs)) return null;
    List<long[]> tight = new ArrayList<>();
    List<long[]> loose = new ArrayList<>();
    for (long[] e : ineqs) {
      List<long[]> test = new ArrayList<>(ineqs);
      long[] strict = e.clone();
      strict[0] = Ints.sub(strict[0], 1); // e >= 1
      test.add(strict);
      (OmegaTest.isIntegerEmpty(b.nVar(), eqs, test) ? tight : loose).add(e);
    }
    if (tight.isEmpty()) return b;
    List<long[]> allEqs = new ArrayList<>(eqs);
    allEqs.addAll(tight);
    return BasicRelation.of(b.space(), allEqs, loose);
  }

  /**
   * The sum over b with equalities through its polytope form (equalities compressed away), by
   * Barvinok's algorithm on the polytope and nested summation for the pieces the chambers leave;
   * null when the method does not apply.
   */
  private static PwQPolynomial compressed(BasicRelation b, Polynomial weight, Space target) {
    int nT = target.nVar();
    PolytopeForm.Form f;
    try {
      f = PolytopeForm.of(b, target, weight == null ? null : QuasiPolynomial.of(b.space(), weight));
    } catch (dev.polyj.presburger.arith.CoefficientOverflowException e) {
      return null;
    }
    if (f == null) return null;
    BasicRelation p = f.polytope();
    Polynomial w = f.weight();
    if (p.isMarkedEmpty()) return PwQPolynomial.zero(target);
    PwQPolynomial sum;
    if (p.nVar() == nT) {
      // nothing left to sum over: one point wherever the constraints on the target hold
      BasicRelation dom = BasicRelation.of(target, List.of(), p.inequalities());
      sum = PwQPolynomial.on(dev.polyj.presburger.set.Relation.of(dom),
          QuasiPolynomial.of(target, w == null ? Polynomial.ONE : w));
    } else {
      if (p.nEq() > 0 || !isBounded(p, nT)) return null;
      Function<BasicRelation, PwQPolynomial> nested = piece -> {
        NestedSummation ns = new NestedSummation(target);
        ns.add(piece, QuasiPolynomial.of(piece.space(), w == null ? Polynomial.ONE : w));
        return ns.result();
      };
      sum = sumOfFullDimensional(p, w, target, nested);
      if (sum == null) return null;
    }
    if (f.condition().isUniverse()) return sum;
    return sum.intersectDomain(dev.polyj.presburger.set.Relation.of(f.condition()));
  }

  /** {@link #sumOfBounded} for a b without equalities, explicit or implicit. */
  private static PwQPolynomial sumOfFullDimensional(BasicRelation b, Polynomial weight, Space target,
      Function<BasicRelation, PwQPolynomial> fallback) {
    int nT = target.nVar();
    int d = b.nVar() - nT;
    if (d < 1) return null;
    try {
      Run run = new Barvinok.Run(b, target, nT, d);
      run.weight = weight;
      return run.count(fallback);
    } catch (GiveUp
        | dev.polyj.presburger.arith.CoefficientOverflowException e) {
      return null;
    }
  }

  /**
   * True when the recession cone {@code A y >= 0} of b's counted variables (those after the first
   * nT) is {0}: then b is bounded for every value of the first nT variables, otherwise b has
   * infinitely many points wherever it has one.
   */
  static boolean isBounded(BasicRelation b, int nT) {
    return recessionConeIsZero(b, nT, 1 + b.nVar());
  }

  /**
   * True when the recession cone of b in the columns {@code 1 + nT .. end - 1} (the counted
   * variables, and the locals too when {@code end} includes them) is {0}.
   */
  static boolean recessionConeIsZero(BasicRelation b, int nT, int end) {
    int d = end - 1 - nT;
    List<long[]> a = new ArrayList<>();
    for (long[] r : b.inequalities()) a.add(Arrays.copyOfRange(r, 1 + nT, end));
    for (long[] r : b.equalities()) {
      long[] e = Arrays.copyOfRange(r, 1 + nT, end);
      a.add(e);
      a.add(Ints.negate(e));
    }
    for (int k = 0; k < d; k++) {
      for (int s = -1; s <= 1; s += 2) {
        List<long[]> rows = new ArrayList<>();
        for (long[] ai : a) {
          long[] r = new long[1 + d];
          System.arraycopy(ai, 0, r, 1, d);
          rows.add(r);
        }
        long[] dir = new long[1 + d];
        dir[0] = -1;
        dir[1 + k] = s;
        rows.add(dir);
        if (!OmegaTest.isIntegerEmpty(d, List.of(), rows)) return false;
      }
    }
    return true;
  }

  private static final class GiveUp extends RuntimeException {
    GiveUp() {
      super(null, null, false, false);
    }
  }

  /**
   * The parametric vertices and chambers of the polytope {@code rows . (1, p, x) >= 0} (x: the
   * last d variables, bounded; the first nT are the parameters p): each vertex as d rows over
   * {@code [1, p]}; each chamber as its integer rows over {@code [1, p]} and the vertices valid on
   * it. Integer parameter points that no chamber with a valid vertex covers are listed in
   * {@code uncovered} (lower-dimensional pieces of the parameter domain, or where the polytope is
   * empty but for its boundary); when the parameter domain (the rows without x) is not
   * full-dimensional, all of it is uncovered.
   */
  record Chambers(List<Rational[][]> vertices, List<Chamber> chambers, List<List<long[]>> uncovered) {}

  /** One chamber: integer rows over {@code [1, p]} and the indices of its valid vertices. */
  record Chamber(List<long[]> rows, BitSet valid) {}

  static Chambers chambers(List<long[]> rows, int nT, int d) {
    Run run = new Run(null, null, nT, d, rows);
    List<Vertex> vertices = vertices(run);
    List<Rational[][]> vs = new ArrayList<>();
    for (Vertex v : vertices) vs.add(v.v);
    List<List<long[]>> rest = new ArrayList<>();
    List<Cell> cells = run.cells(vertices, rest);
    if (cells == null) {
      // a parameter domain of lower dimension: every vertex valid somewhere, over all of it
      List<List<long[]>> everywhere = new ArrayList<>();
      everywhere.add(run.context);
      return new Chambers(vs, List.of(), everywhere);
    }
    List<Chamber> out = new ArrayList<>();
    for (Cell c : cells) {
      if (c.valid().isEmpty()) rest.add(c.integer()); // no vertex valid in the interior
      else out.add(new Chamber(c.integer(), c.valid()));
    }
    return new Chambers(vs, out, rest);
  }

  private static List<Vertex> vertices(Run run) {
    try {
      return run.vertices();
    } catch (GiveUp e) {
      throw new UnsupportedOperationException("too many candidate vertices (more than " + MAX_SUBSETS + ")");
    }
  }

  /** A parametric vertex: {@code v(p)} (d rows over {@code [1, p]}), its validity rows, its terms. */
  private static final class Vertex {
    final Rational[][] v;
    final BitSet active = new BitSet();
    final List<long[]> validity = new ArrayList<>();
    final List<Term> terms = new ArrayList<>();
    Polynomial value;

    Vertex(Rational[][] v) {
      this.v = v;
    }
  }

  /** A signed unimodular cone at a vertex: the coordinates lambda_j(p) of the vertex, the rays (rows). */
  private record Term(int sign, Rational[][] lambda, long[][] rays) {}

  /** A closed full-dimensional chamber (rational rows) and its integer points (integer rows). */
  private record Cell(List<long[]> rational, List<long[]> integer, BitSet valid) {}

  private static final class Run {
    final BasicRelation b;
    final Space target;
    final int nT;
    final int d;
    final List<long[]> a = new ArrayList<>(); // dimension part of the constraints
    final List<long[]> c = new ArrayList<>(); // [constant, parameters] part
    final List<long[]> context = new ArrayList<>(); // constraints on the parameters alone
    Polynomial weight; // over [p, x]; null: count

    Run(BasicRelation b, Space target, int nT, int d) {
      this(b, target, nT, d, b.inequalities());
    }

    private Run(BasicRelation b, Space target, int nT, int d, List<long[]> inequalities) {
      this.b = b;
      this.target = target;
      this.nT = nT;
      this.d = d;
      for (long[] r : inequalities) {
        long[] ci = Arrays.copyOf(r, 1 + nT);
        long[] ai = Arrays.copyOfRange(r, 1 + nT, 1 + nT + d);
        if (Ints.isZero(ai, 0, d)) {
          context.add(ci);
        } else {
          a.add(ai);
          c.add(ci);
        }
      }
    }

    PwQPolynomial count(Function<BasicRelation, PwQPolynomial> fallback) {
      List<Vertex> vertices = vertices();
      for (Vertex v : vertices) cones(v);
      long[] l = direction(vertices);
      if (weight == null) {
        for (Vertex v : vertices) v.value = value(v, l);
      } else {
        Map<Term, Polynomial[]> ceils = new java.util.IdentityHashMap<>();
        for (Vertex v : vertices) {
          for (Term t : v.terms) {
            Polynomial[] cl = new Polynomial[d];
            for (int j = 0; j < d; j++) cl[j] = ceil(t.lambda()[j]);
            ceils.put(t, cl);
          }
        }
        for (Vertex v : vertices) v.value = weightedValue(v, l, ceils);
      }
      List<List<long[]>> rest = new ArrayList<>();
      List<Cell> cells = cells(vertices, rest);
      if (cells == null) return null;
      List<PwQPolynomial.Piece> pieces = new ArrayList<>();
      for (Cell cell : cells) {
        if (cell.valid().isEmpty()) {
          rest.add(cell.integer());
          continue;
        }
        Polynomial sum = Polynomial.ZERO;
        for (int k = cell.valid().nextSetBit(0); k >= 0; k = cell.valid().nextSetBit(k + 1)) {
          sum = sum.add(vertices.get(k).value);
        }
        QuasiPolynomial q = QuasiPolynomial.of(target, floors, sum);
        BasicRelation dom = BasicRelation.of(target, List.of(), cell.integer());
        if (!dom.isMarkedEmpty()) pieces.add(new PwQPolynomial.Piece(dom, q));
      }
      PwQPolynomial result = PwQPolynomial.ofDisjoint(target, pieces);
      for (List<long[]> rows : rest) {
        BasicRelation.Builder bld = b.toBuilder();
        for (long[] r : rows) bld.addIneq(Arrays.copyOf(r, b.nCol()));
        BasicRelation piece = bld.build();
        if (!piece.isMarkedEmpty() && !dev.polyj.presburger.qpoly.DisjointPieces.surelyEmpty(piece)) {
          result = result.add(fallback.apply(piece));
        }
      }
      return result;
    }

    /**
     * The closed chambers of the vertices' validity domains over the context, or null when the
     * context is not full-dimensional; integer parameter points no chamber covers go to rest.
     */
    List<Cell> cells(List<Vertex> vertices, List<List<long[]>> rest) {
      List<Cell> cells = new ArrayList<>();
      Cell start = new Cell(context, context, new BitSet());
      if (!fullDimensional(start.rational())) return null;
      cells.add(start);
      for (int k = 0; k < vertices.size(); k++) cells = refine(cells, k, vertices.get(k), rest);
      return cells;
    }

    // -------------------------------------------------------------------------------------------
    // Parametric vertices

    List<Vertex> vertices() {
      int m = a.size();
      if (m < d) return List.of();
      if (binomial(m, d) > MAX_SUBSETS) throw new GiveUp();
      Map<List<Rational>, Vertex> byValue = new LinkedHashMap<>();
      int[] s = new int[d];
      for (int i = 0; i < d; i++) s[i] = i;
      while (true) {
        Rational[][] v = vertexOf(s);
        if (v != null) {
          List<Rational> key = new ArrayList<>();
          for (Rational[] row : v) key.addAll(Arrays.asList(row));
          byValue.computeIfAbsent(key, k -> new Vertex(v));
        }
        if (!nextSubset(s, m)) break;
      }
      List<Vertex> out = new ArrayList<>();
      for (Vertex v : byValue.values()) if (validity(v)) out.add(v);
      return out;
    }

    /** {@code v(p) = -A_S^-1 (c_S [1, p])}, or null when A_S is singular. */
    Rational[][] vertexOf(int[] s) {
      long[][] as = new long[d][];
      Rational[][] rhs = new Rational[d][1 + nT];
      for (int i = 0; i < d; i++) {
        as[i] = a.get(s[i]);
        for (int j = 0; j <= nT; j++) rhs[i][j] = Rational.of(-c.get(s[i])[j]);
      }
      return solve(as, rhs);
    }

    /** Fills the active set and validity rows; false when the vertex is never valid. */
    boolean validity(Vertex v) {
      for (int i = 0; i < a.size(); i++) {
        Rational[] slack = new Rational[1 + nT];
        for (int j = 0; j <= nT; j++) {
          Rational x = Rational.of(c.get(i)[j]);
          for (int k = 0; k < d; k++) x = x.add(v.v[k][j].multiply(Rational.of(a.get(i)[k])));
          slack[j] = x;
        }
        long[] row = integerRow(slack);
        if (Ints.isZero(row, 0, row.length)) {
          v.active.set(i);
        } else if (Ints.isZero(row, 1, row.length)) {
          if (row[0] < 0) return false;
        } else {
          v.validity.add(row);
        }
      }
      return true;
    }

    // -------------------------------------------------------------------------------------------
    // Cones

    /** The signed unimodular cones of the vertex's tangent cone. */
    void cones(Vertex v) {
      int[] t = v.active.stream().toArray();
      int[] s = new int[d];
      for (int i = 0; i < d; i++) s[i] = i;
      while (true) {
        int[] rows = new int[d];
        for (int i = 0; i < d; i++) rows[i] = t[s[i]];
        if (lexValid(rows, t)) {
          long[][] gens = new long[d][];
          for (int i = 0; i < d; i++) gens[i] = a.get(rows[i]);
          for (UnimodularDecomposition.Cone cone : UnimodularDecomposition.decompose(gens)) {
            long[][] w = cone.generators();
            Rational[][] lambda = new Rational[d][1 + nT];
            for (int j = 0; j < d; j++) {
              for (int col = 0; col <= nT; col++) {
                Rational x = Rational.ZERO;
                for (int k = 0; k < d; k++) x = x.add(v.v[k][col].multiply(Rational.of(w[j][k])));
                lambda[j][col] = x;
              }
            }
            // rays: the columns of w^-1 = adj(w) / det(w), det = +-1
            long det = UnimodularDecomposition.determinant(w);
            long[][] adjT = UnimodularDecomposition.adjugateOfTranspose(w); // adj(w^T) = adj(w)^T
            long[][] rays = new long[d][d];
            for (int j = 0; j < d; j++) for (int k = 0; k < d; k++) rays[j][k] = Ints.mul(det, adjT[j][k]);
            v.terms.add(new Term(cone.sign(), lambda, rays));
          }
        }
        if (!nextSubset(s, t.length)) break;
      }
    }

    /**
     * True when the rows S (a d-subset of the active set t) are non-singular and stay a vertex
     * when each constraint i's constant is raised by {@code eps^i} (eps tending to 0): the
     * perturbed vertices' cones triangulate the tangent cone's dual.
     */
    boolean lexValid(int[] s, int[] t) {
      long[][] as = new long[d][];
      for (int i = 0; i < d; i++) as[i] = a.get(s[i]);
      long[][] asT = new long[d][d];
      for (int i = 0; i < d; i++) for (int k = 0; k < d; k++) asT[k][i] = as[i][k];
      if (UnimodularDecomposition.determinant(as) == 0) return false;
      if (t.length == d) return true;
      for (int i : t) {
        if (contains(s, i)) continue;
        Rational[][] rhs = new Rational[d][1];
        for (int k = 0; k < d; k++) rhs[k][0] = Rational.of(a.get(i)[k]);
        Rational[][] mu = solve(asT, rhs); // mu . A_S = a_i
        // perturbed slack: eps^i - sum_k mu_k eps^(s_k); its leading coefficient must be positive
        int lead = i;
        Rational coef = Rational.ONE;
        for (int k = 0; k < d; k++) {
          if (!mu[k][0].isZero() && s[k] < lead) {
            lead = s[k];
            coef = mu[k][0].negate();
          }
        }
        if (coef.signum() < 0) return false;
      }
      return true;
    }

    /** A direction l with {@code <l, u> != 0} for every ray u of every cone. */
    long[] direction(List<Vertex> vertices) {
      Random rnd = new Random(20261122L);
      for (int attempt = 0; attempt < 1000; attempt++) {
        int range = 4 + attempt;
        long[] l = new long[d];
        for (int k = 0; k < d; k++) l[k] = rnd.nextInt(2 * range + 1) - range;
        boolean ok = true;
        for (Vertex v : vertices) {
          for (Term t : v.terms) {
            for (int j = 0; j < d && ok; j++) {
              long dot = 0;
              for (int k = 0; k < d; k++) dot = Ints.add(dot, Ints.mul(l[k], t.rays()[j][k]));
              ok = dot != 0;
            }
          }
        }
        if (ok) return l;
      }
      throw new GiveUp();
    }

    /**
     * The sum of the constant terms of the vertex's cones: a polynomial in p (variables
     * {@code 0 .. nT-1}) and the floor terms of {@link #floors} (variables {@code nT + i}).
     */
    Polynomial value(Vertex v, long[] l) {
      Polynomial total = Polynomial.ZERO;
      for (Term t : v.terms) {
        long[] bj = new long[d];
        Polynomial apex = Polynomial.ZERO;
        for (int j = 0; j < d; j++) {
          long dot = 0;
          for (int k = 0; k < d; k++) dot = Ints.add(dot, Ints.mul(l[k], t.rays()[j][k]));
          bj[j] = dot;
          apex = apex.add(ceil(t.lambda()[j]).scale(Rational.of(dot)));
        }
        Rational[] e = ConeSeries.coefficients(bj);
        Polynomial poly = Polynomial.constant(e[d]); // Horner: sum_k e_k apex^k
        for (int k = d - 1; k >= 0; k--) poly = poly.multiply(apex).add(Polynomial.constant(e[k]));
        total = t.sign() > 0 ? total.add(poly) : total.subtract(poly);
      }
      return total;
    }

    /**
     * The sum of the weight over the vertex's signed cones: a polynomial in p and the floor terms
     * (all registered before, so the apex and step variables can go after them).
     */
    Polynomial weightedValue(Vertex v, long[] l, Map<Term, Polynomial[]> ceils) {
      int nF = floors.size();
      int aIdx = nT + nF; // apex coordinates a_i
      int kIdx = aIdx + d; // steps k_j along the rays
      // the weight in (p, a, k): x_i = a_i + sum_j k_j u_j[i]
      int[] shift = new int[Math.max(weight.nVarUsed(), nT + d)];
      for (int x = 0; x < shift.length; x++) shift[x] = x < nT ? x : aIdx + (x - nT);
      Polynomial total = Polynomial.ZERO;
      for (Term t : v.terms) {
        Polynomial w = weight.rename(shift);
        for (int i = 0; i < d; i++) {
          Polynomial xi = Polynomial.var(aIdx + i);
          for (int j = 0; j < d; j++) {
            if (t.rays()[j][i] != 0) xi = xi.add(Polynomial.var(kIdx + j).scale(Rational.of(t.rays()[j][i])));
          }
          w = w.substitute(aIdx + i, xi);
        }
        Polynomial[] cl = ceils.get(t);
        long[] bj = new long[d];
        Polynomial apex = Polynomial.ZERO;
        Polynomial[] apexVec = new Polynomial[d];
        Arrays.fill(apexVec, Polynomial.ZERO);
        for (int j = 0; j < d; j++) {
          long dot = 0;
          for (int k = 0; k < d; k++) dot = Ints.add(dot, Ints.mul(l[k], t.rays()[j][k]));
          bj[j] = dot;
          apex = apex.add(cl[j].scale(Rational.of(dot)));
          for (int i = 0; i < d; i++) {
            if (t.rays()[j][i] != 0) apexVec[i] = apexVec[i].add(cl[j].scale(Rational.of(t.rays()[j][i])));
          }
        }
        Polynomial sum = Polynomial.ZERO;
        for (Map.Entry<List<Integer>, Polynomial> e : byStepMonomial(w, kIdx, d).entrySet()) {
          int[] m = e.getKey().stream().mapToInt(Integer::intValue).toArray();
          Rational[] c = ConeSeries.weightedCoefficients(bj, m);
          Polynomial series = Polynomial.constant(c[c.length - 1]);
          for (int k = c.length - 2; k >= 0; k--) series = series.multiply(apex).add(Polynomial.constant(c[k]));
          Polynomial coef = e.getValue();
          for (int i = 0; i < d; i++) coef = coef.substitute(aIdx + i, apexVec[i]);
          sum = sum.add(coef.multiply(series));
        }
        total = t.sign() > 0 ? total.add(sum) : total.subtract(sum);
      }
      return total;
    }

    /** w split by the exponents of the variables kIdx .. kIdx+d-1: exponents to coefficient. */
    private Map<List<Integer>, Polynomial> byStepMonomial(Polynomial w, int kIdx, int d) {
      Map<List<Integer>, Polynomial> out = new LinkedHashMap<>();
      out.put(new ArrayList<>(), w);
      for (int j = 0; j < d; j++) {
        Map<List<Integer>, Polynomial> next = new LinkedHashMap<>();
        for (Map.Entry<List<Integer>, Polynomial> e : out.entrySet()) {
          List<Polynomial> cs = e.getValue().coefficientsIn(kIdx + j);
          for (int k = 0; k < cs.size(); k++) {
            if (cs.get(k).isZero()) continue;
            List<Integer> key = new ArrayList<>(e.getKey());
            key.add(k);
            next.put(key, cs.get(k));
          }
        }
        out = next;
      }
      return out;
    }

    /** The floor terms of the values, over {@code [1, p]}. */
    final List<Div> floors = new ArrayList<>();

    /**
     * {@code ceil(f(p))} for a rational affine f over {@code [1, p]}: with {@code f = N / D},
     * {@code -floor(-N / D)}, written as an affine part plus {@code -floor(R / D)} where R holds
     * the residues of the coefficients of -N modulo D.
     */
    Polynomial ceil(Rational[] f) {
      BigInteger den = BigInteger.ONE;
      for (Rational x : f) den = lcm(den, x.denominator());
      long dd = den.longValueExact();
      long[] neg = new long[1 + nT];
      for (int j = 0; j <= nT; j++) neg[j] = Ints.neg(f[j].multiply(den).numerator().longValueExact());
      long[] quot = new long[1 + nT];
      long[] rem = new long[1 + nT];
      for (int j = 0; j <= nT; j++) {
        quot[j] = Ints.floorDiv(neg[j], dd);
        rem[j] = Ints.mod(neg[j], dd);
      }
      Polynomial out = Polynomial.affine(quot).negate();
      if (Ints.isZero(rem, 1, rem.length)) return out; // floor(r_0 / D) = 0 for 0 <= r_0 < D
      long g = Ints.gcd(Ints.gcd(rem, 0, rem.length), dd);
      if (g > 1) {
        for (int j = 0; j <= nT; j++) rem[j] /= g;
        dd /= g;
      }
      Div div = new Div(rem, dd);
      int idx = floors.indexOf(div);
      if (idx < 0) {
        idx = floors.size();
        floors.add(div);
      }
      return out.subtract(Polynomial.var(nT + idx));
    }

    // -------------------------------------------------------------------------------------------
    // Chambers

    List<Cell> refine(List<Cell> cells, int k, Vertex v, List<List<long[]>> rest) {
      List<Cell> out = new ArrayList<>();
      for (Cell cell : cells) {
        List<long[]> open = new ArrayList<>();
        for (long[] g : v.validity) if (!implied(cell.rational(), g)) open.add(g);
        if (open.isEmpty()) {
          BitSet valid = (BitSet) cell.valid().clone();
          valid.set(k);
          out.add(new Cell(cell.rational(), cell.integer(), valid));
          continue;
        }
        List<long[]> inside = new ArrayList<>(cell.rational());
        inside.addAll(open);
        if (!fullDimensional(inside)) {
          out.add(cell);
          continue;
        }
        List<long[]> insideInt = new ArrayList<>(cell.integer());
        insideInt.addAll(open);
        BitSet valid = (BitSet) cell.valid().clone();
        valid.set(k);
        out.add(new Cell(inside, insideInt, valid));
        List<long[]> prefix = new ArrayList<>();
        for (long[] g : open) {
          List<long[]> rat = new ArrayList<>(cell.rational());
          rat.addAll(prefix);
          rat.add(Ints.negate(g));
          List<long[]> in = new ArrayList<>(cell.integer());
          in.addAll(prefix);
          long[] below = Ints.negate(g);
          below[0] = Ints.sub(below[0], 1); // g <= -1: the integer complement of g >= 0
          in.add(below);
          if (fullDimensional(rat)) out.add(new Cell(rat, in, cell.valid()));
          else rest.add(in);
          prefix.add(g);
        }
      }
      return out;
    }

    /**
     * True when the rows have a point where all are strictly positive: after homogenizing
     * ({@code p = q / s}) that is an integer point of {@code r(q, s) >= 1, s >= 1}.
     */
    boolean fullDimensional(List<long[]> rows) {
      List<long[]> hom = new ArrayList<>();
      for (long[] r : rows) {
        long[] h = homogenized(r);
        h[0] = -1;
        hom.add(h);
      }
      hom.add(sAtLeastOne());
      return !OmegaTest.isIntegerEmpty(nT + 1, List.of(), hom);
    }

    /** True when {@code g >= 0} holds on the whole rational polyhedron of the rows. */
    boolean implied(List<long[]> rows, long[] g) {
      for (long[] r : rows) {
        // a row of the cell, or one with the same direction and a smaller constant
        if (Arrays.equals(r, 1, r.length, g, 1, g.length) && r[0] <= g[0]) return true;
      }
      List<long[]> hom = new ArrayList<>();
      for (long[] r : rows) hom.add(homogenized(r));
      long[] neg = Ints.negate(homogenized(g));
      neg[0] = -1;
      hom.add(neg);
      hom.add(sAtLeastOne());
      return OmegaTest.isIntegerEmpty(nT + 1, List.of(), hom);
    }

    /** {@code [0, r_1 .. r_nT, r_0]}: the row over (q, s) with p = q / s, times s. */
    long[] homogenized(long[] r) {
      long[] h = new long[2 + nT];
      System.arraycopy(r, 1, h, 1, nT);
      h[1 + nT] = r[0];
      return h;
    }

    long[] sAtLeastOne() {
      long[] h = new long[2 + nT];
      h[0] = -1;
      h[1 + nT] = 1;
      return h;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  private static boolean contains(int[] s, int i) {
    for (int x : s) if (x == i) return true;
    return false;
  }

  private static long binomial(int n, int k) {
    long r = 1;
    for (int i = 0; i < k; i++) r = r * (n - i) / (i + 1);
    return r;
  }

  /** The next k-subset of {0..n-1} in lexicographic order; false after the last. */
  private static boolean nextSubset(int[] s, int n) {
    int k = s.length;
    int i = k - 1;
    while (i >= 0 && s[i] == n - k + i) i--;
    if (i < 0) return false;
    s[i]++;
    for (int j = i + 1; j < k; j++) s[j] = s[j - 1] + 1;
    return true;
  }

  /** The solution X of {@code A X = B} (A square integer), or null when A is singular. */
  static Rational[][] solve(long[][] a, Rational[][] rhs) {
    int n = a.length;
    int w = rhs.length == 0 ? 0 : rhs[0].length;
    Rational[][] m = new Rational[n][n + w];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) m[i][j] = Rational.of(a[i][j]);
      for (int j = 0; j < w; j++) m[i][n + j] = rhs[i][j];
    }
    for (int col = 0; col < n; col++) {
      int p = col;
      while (p < n && m[p][col].isZero()) p++;
      if (p == n) return null;
      Rational[] tmp = m[p];
      m[p] = m[col];
      m[col] = tmp;
      Rational inv = Rational.ONE.divide(m[col][col]);
      for (int j = col; j < n + w; j++) m[col][j] = m[col][j].multiply(inv);
      for (int i = 0; i < n; i++) {
        if (i == col || m[i][col].isZero()) continue;
        Rational f = m[i][col];
        for (int j = col; j < n + w; j++) m[i][j] = m[i][j].subtract(f.multiply(m[col][j]));
      }
    }
    Rational[][] x = new Rational[n][w];
    for (int i = 0; i < n; i++) for (int j = 0; j < w; j++) x[i][j] = m[i][n + j];
    return x;
  }

  /** The row times the lcm of its denominators, divided by the gcd of the result. */
  private static long[] integerRow(Rational[] r) {
    BigInteger den = BigInteger.ONE;
    for (Rational x : r) den = lcm(den, x.denominator());
    long[] out = new long[r.length];
    for (int j = 0; j < r.length; j++) out[j] = r[j].multiply(den).numerator().longValueExact();
    long g = Ints.gcd(out, 0, out.length);
    if (g > 1) for (int j = 0; j < out.length; j++) out[j] /= g;
    return out;
  }

  private static BigInteger lcm(BigInteger x, BigInteger y) {
    return x.divide(x.gcd(y)).multiply(y);
  }
}
