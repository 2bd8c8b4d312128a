package dev.polyj.presburger.count;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.aff.Aff;
import dev.polyj.presburger.aff.PwAff;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.pip.Lexopt;
import dev.polyj.presburger.qpoly.Monomial;
import dev.polyj.presburger.qpoly.Polynomial;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.qpoly.UnionPwQPolynomial;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Upper and lower bounds of piecewise quasi-polynomials over the integer points of their domains
 * (iscc's {@code ub} and {@code lb}, isl's {@code isl_pw_qpolynomial_bound}): for a function on a
 * set space a function of the parameters, on a wrapped relation space {@code [A -> B]} a function
 * on A (the bound over B per point of A).
 *
 * <p>Method, for quasi-polynomials that are affine in the variables and their floor terms (the
 * bound is then exact: attained at an integer point, so tight): with L the common denominator of
 * the coefficients, {@code t = L f(x)} is an integer, and the maximum of f over the domain is
 * {@code max t / L} where t ranges over {@code { p -> t : exists x, q : x in D(p), q = floors,
 * t = L f }}, the union over the pieces of f. Its lexicographic maximum (parametric integer
 * programming, {@link Lexopt}) is a piecewise quasi-affine function of p, exact. Functions of the
 * result variables alone (nothing to optimize over) are their own bound, whatever their degree;
 * functions without parameters of any degree are bounded by evaluation at the points. Other
 * polynomials get the Bernstein bound over the parametric vertices ({@link BernsteinBound}): a
 * {@code max} (or {@code min}) of several quasi-polynomials per chamber, flagged tight when it is
 * attained.
 */
public final class Bounds {
  private Bounds() {}

  /**
   * One piece of a bound: on its domain, the largest (for {@code max}) or smallest of the values.
   */
  public record FoldPiece(BasicRelation domain, ImmutableList<QuasiPolynomial> values) {
    public FoldPiece {
      checkArgument(!values.isEmpty(), "a fold piece needs a value");
    }

    /** The largest (or smallest) of the values at the point; infinite values throw {@link ArithmeticException}. */
    public Rational evaluate(long[] point, boolean max) {
      Rational best = null;
      for (QuasiPolynomial q : values) {
        Rational v = q.evaluate(point);
        if (best == null || (max ? v.compareTo(best) > 0 : v.compareTo(best) < 0)) best = v;
      }
      return best;
    }
  }

  /**
   * A piecewise bound: on each piece, {@code max(values)} (or {@code min}); printed in isl's fold
   * notation, e.g. {@code [N] -> { max(N - 1) : N >= 1 }}. Tight when the bound is attained at a
   * point of the domain for every value of the target variables (an exact maximum or minimum).
   */
  public record Fold(Space space, ImmutableList<FoldPiece> pieces, boolean max, boolean tight) {
    /** The exact bound given by a piecewise quasi-polynomial. */
    static Fold of(Space space, List<PwQPolynomial.Piece> pieces, boolean max) {
      ImmutableList.Builder<FoldPiece> out = ImmutableList.builder();
      for (PwQPolynomial.Piece p : pieces) out.add(new FoldPiece(p.domain(), ImmutableList.of(p.qp())));
      return new Fold(space, out.build(), max, true);
    }

    /** The bound at the point (the target variables), or null where no piece holds it. */
    public Rational evaluate(long[] point) {
      for (FoldPiece p : pieces) if (p.domain().contains(point)) return p.evaluate(point, max);
      return null;
    }

    @Override
    public String toString() {
      String empty = PwQPolynomial.zero(space).toString();
      if (pieces.isEmpty()) return empty;
      int open = empty.indexOf("{ ");
      StringBuilder sb = new StringBuilder(empty.substring(0, open + 2));
      for (int i = 0; i < pieces.size(); i++) {
        if (i > 0) sb.append("; ");
        sb.append(piece(pieces.get(i)));
      }
      return sb.append(" }").toString();
    }

    /** One piece, {@code S[i] -> max(v1, v2) : constraints}, through the printer of quasi-polynomials. */
    private String piece(FoldPiece p) {
      List<String> inner = new ArrayList<>();
      String[] frame = null;
      for (QuasiPolynomial q : p.values()) {
        String[] parts = printed(p.domain(), q);
        if (frame == null) frame = parts;
        inner.add(parts[1]);
      }
      return frame[0] + (max ? "max(" : "min(") + String.join(", ", inner) + ")" + frame[2];
    }

    /** The text before the value, the value, and the text after it, of one piece with one value. */
    private String[] printed(BasicRelation domain, QuasiPolynomial q) {
      // a zero value would vanish from a piecewise quasi-polynomial: print a stand-in and put 0 back
      if (q.isInfinite()) {
        String[] parts = printed(domain, QuasiPolynomial.constant(space, Rational.ONE));
        return new String[] {parts[0], max ? "infty" : "-infty", parts[2]};
      }
      boolean zero = q.isZero();
      QuasiPolynomial shown = zero ? QuasiPolynomial.constant(space, Rational.ONE) : q;
      String one = PwQPolynomial.ofDisjoint(space, List.of(new PwQPolynomial.Piece(domain, shown))).toString();
      String body = one.substring(one.indexOf("{ ") + 2, one.lastIndexOf(" }"));
      int value = body.indexOf('(');
      if (value < 0) return new String[] {body, "", ""};
      int depth = 0;
      int close = value;
      for (; close < body.length(); close++) {
        if (body.charAt(close) == '(') depth++;
        if (body.charAt(close) == ')' && --depth == 0) break;
      }
      return new String[] {body.substring(0, value), zero ? "0" : body.substring(value + 1, close), body.substring(close + 1)};
    }
  }

  /** The bound of every member, and whether all of them are tight (attained). */
  public record UnionResult(ImmutableList<Fold> folds, List<String> params, boolean tight) {
    @Override
    public String toString() {
      if (folds.isEmpty()) return (params.isEmpty() ? "" : "[" + String.join(", ", params) + "] -> ") + "{ 0 }";
      if (folds.size() == 1) return folds.get(0).toString();
      // one isl object: the members' pieces side by side under one parameter prefix
      StringBuilder sb = new StringBuilder();
      for (Fold f : folds) {
        String t = f.toString();
        int open = t.indexOf("{ ");
        if (sb.length() == 0) sb.append(t, 0, open + 2);
        else sb.append("; ");
        sb.append(t, open + 2, t.lastIndexOf(" }"));
      }
      return sb.append(" }").toString();
    }
  }

  /** Upper ({@code max}) or lower bounds of every member of u. */
  public static UnionResult bound(UnionPwQPolynomial u, boolean max) {
    // members whose bounds land in one space (functions of the parameters, or of one domain)
    // make one fold there: the largest (smallest) of their values where several are defined
    Map<Space, Fold> bySpace = new java.util.LinkedHashMap<>();
    for (PwQPolynomial f : u.members()) {
      Fold b = bound(f, max);
      bySpace.merge(b.space(), b, (x, y) -> new Fold(x.space(),
          ImmutableList.copyOf(combined(x.space(), x.pieces(), y.pieces(), max)), max, x.tight() && y.tight()));
    }
    boolean tight = true;
    for (Fold b : bySpace.values()) tight &= b.tight();
    return new UnionResult(ImmutableList.copyOf(bySpace.values()), u.params(), tight);
  }

  /**
   * The maximum (or minimum) of f over the points of its domain: exact for functions affine in
   * the variables bounded over and for functions without parameters; otherwise a Bernstein bound
   * ({@link BernsteinBound}), whose {@link Fold#tight} says whether it is attained.
   */
  public static Fold bound(PwQPolynomial f, boolean max) {
    Space fs = f.space();
    Space target = fs.isParams() ? fs : Summation.resultSpace(fs);
    int nT = target.nVar();
    int nVar = fs.nVar();
    if (nT == nVar) return Fold.of(fs, f.pieces(), max); // nothing to optimize over
    try {
      if (nT == 0 && !isAffine(f)) return enumerated(f, max);
      return finiteBound(f, target, max);
    } catch (dev.polyj.presburger.pip.UnboundedOptimumException | BernsteinBound.UnboundedDomain e) {
      return unbounded(f, target, max);
    }
  }

  /**
   * {@code max(infty)} (or {@code min(-infty)}) wherever f is defined: the bound of a function
   * that is unbounded somewhere on its domain, not tight.
   */
  private static Fold unbounded(PwQPolynomial f, Space target, boolean max) {
    int[] onto = new int[f.space().nVar()];
    for (int v = 0; v < onto.length; v++) onto[v] = v < target.nVar() ? v : -1;
    List<BasicRelation> where = new ArrayList<>();
    for (PwQPolynomial.Piece p : f.pieces()) where.add(p.domain().mapVariables(target, onto));
    ImmutableList.Builder<FoldPiece> out = ImmutableList.builder();
    for (BasicRelation b : Relation.ofBasics(target, where).coalesce().basics()) {
      out.add(new FoldPiece(b, ImmutableList.of(QuasiPolynomial.infinity(target))));
    }
    return new Fold(target, out.build(), max, false);
  }

  /** {@link #bound} of a function with something to optimize over, bounded on its domain. */
  private static Fold finiteBound(PwQPolynomial f, Space target, boolean max) {
    int nT = target.nVar();
    Space fs = f.space();
    if (!isAffine(f)) return bernstein(f, target, max);
    List<String> params = fs.params();
    Space valueSpace = target.isParams() ? Space.set(params, 1)
        : Space.map(params, target.tuple(), Tuple.anonymous(null, 1));
    long scale = 1;
    for (PwQPolynomial.Piece p : f.pieces()) scale = Ints.lcm(scale, denominatorLcm(p.qp()));
    List<BasicRelation> graph = new ArrayList<>();
    for (PwQPolynomial.Piece p : f.pieces()) graph.add(graphPiece(p, scale, nT, valueSpace));
    Relation values = Relation.ofBasics(valueSpace, graph);
    PwAff opt = (max ? Lexopt.lexmax(values) : Lexopt.lexmin(values)).get(0);
    List<PwQPolynomial.Piece> pieces = new ArrayList<>();
    for (PwAff.Piece piece : opt.pieces()) {
      Aff a = piece.value();
      QuasiPolynomial q = QuasiPolynomial.of(target, a.divs(), Polynomial.affine(a.numerator())
          .scale(Rational.of(BigInteger.ONE, BigInteger.valueOf(a.denominator()).multiply(BigInteger.valueOf(scale)))));
      pieces.add(new PwQPolynomial.Piece(piece.domain().withSpace(target), q));
    }
    return Fold.of(target, pieces, max);
  }

  /**
   * The Bernstein bound of every piece of f (of -f for a lower bound), restricted to the target
   * points where the piece's domain has points, combined over the pieces: where several pieces
   * meet, the candidates of all of them.
   */
  private static Fold bernstein(PwQPolynomial f, Space target, boolean max) {
    List<FoldPiece> acc = new ArrayList<>();
    boolean tight = true;
    for (int i = 0; i < f.pieces().size(); i++) {
      PwQPolynomial.Piece p = f.pieces().get(i);
      if (p.qp().isSpecial()) throw new UnsupportedOperationException("bounds of infinite or undefined values");
      QuasiPolynomial q = max ? p.qp() : p.qp().negate();
      int[] onto = new int[f.space().nVar()];
      for (int v = 0; v < onto.length; v++) onto[v] = v < target.nVar() ? v : -1;
      Relation where = Relation.of(p.domain().mapVariables(target, onto));
      List<FoldPiece> mine = new ArrayList<>();
      BernsteinBound.Lifted lifted = BernsteinBound.liftCountedFloors(p.domain(), q, target.nVar());
      for (BernsteinBound.Candidates c : BernsteinBound.upper(lifted.domain(), lifted.f(), target)) {
        List<QuasiPolynomial> values = new ArrayList<>();
        for (QuasiPolynomial v : c.values()) values.add(max ? v : v.negate());
        for (BasicRelation b : Relation.of(c.domain()).intersect(where).basics()) {
          if (b.isEmpty()) continue;
          mine.add(new FoldPiece(b, ImmutableList.copyOf(values)));
          tight &= c.tight();
        }
      }
      acc = i == 0 ? mine : combined(target, acc, mine, max);
    }
    // pieces with the same values as one
    Map<List<QuasiPolynomial>, List<BasicRelation>> byValues = new java.util.LinkedHashMap<>();
    for (FoldPiece fp : acc) byValues.computeIfAbsent(fp.values(), k -> new ArrayList<>()).add(fp.domain());
    ImmutableList.Builder<FoldPiece> merged = ImmutableList.builder();
    for (Map.Entry<List<QuasiPolynomial>, List<BasicRelation>> e : byValues.entrySet()) {
      for (BasicRelation b : Relation.ofBasics(target, e.getValue()).coalesce().basics()) {
        merged.add(new FoldPiece(b, ImmutableList.copyOf(e.getKey())));
      }
    }
    return new Fold(target, merged.build(), max, tight);
  }

  /**
   * Two piecewise folds as one: on the common part of two pieces, the values of both but those
   * another one dominates there.
   */
  private static List<FoldPiece> combined(Space target, List<FoldPiece> a, List<FoldPiece> b, boolean max) {
    List<FoldPiece> out = new ArrayList<>();
    for (FoldPiece x : a) {
      for (FoldPiece y : b) {
        BasicRelation both = x.domain().intersect(y.domain());
        if (both.isEmpty()) continue;
        List<QuasiPolynomial> values = new ArrayList<>(x.values());
        for (QuasiPolynomial v : y.values()) if (!values.contains(v)) values.add(v);
        // for a lower bound the values are compared negated
        List<QuasiPolynomial> compared = new ArrayList<>();
        for (QuasiPolynomial v : values) compared.add(max ? v : v.negate());
        boolean[] keep = BernsteinBound.undominated(compared, both);
        List<QuasiPolynomial> kept = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) if (keep[i]) kept.add(values.get(i));
        out.add(new FoldPiece(both, ImmutableList.copyOf(kept)));
      }
    }
    out.addAll(outside(target, a, b));
    out.addAll(outside(target, b, a));
    return out;
  }

  /** The pieces of a restricted to where no piece of b holds. */
  private static List<FoldPiece> outside(Space target, List<FoldPiece> a, List<FoldPiece> b) {
    List<BasicRelation> bDomains = new ArrayList<>();
    for (FoldPiece y : b) bDomains.add(y.domain());
    Relation covered = Relation.ofBasics(target, bDomains);
    List<FoldPiece> out = new ArrayList<>();
    for (FoldPiece x : a) {
      for (BasicRelation rest : Relation.of(x.domain()).subtract(covered).basics()) {
        if (!rest.isEmpty()) out.add(new FoldPiece(rest, x.values()));
      }
    }
    return out;
  }

  /** The most points {@link #enumerated} visits. */
  static final long MAX_POINTS = 1_000_000;

  private static boolean isAffine(PwQPolynomial f) {
    for (PwQPolynomial.Piece p : f.pieces()) if (p.qp().isSpecial() || p.qp().degree() > 1) return false;
    return true;
  }

  /**
   * The bound of a function without parameters of any degree, by evaluation at every point of its
   * domain (found in the domain's bounding box): exact, for domains of at most {@link #MAX_POINTS}
   * box points.
   */
  private static Fold enumerated(PwQPolynomial f, boolean max) {
    Space fs = f.space();
    int n = fs.nVar();
    Relation domain = f.domain();
    long[] lo = new long[n];
    long[] hi = new long[n];
    long volume = 1;
    if (domain.isEmpty()) return new Fold(fs.paramsSpace(), ImmutableList.of(), max, true);
    for (int k = 0; k < n; k++) {
      lo[k] = Lexopt.dimMin(domain, k).evaluate(new long[0]).orElseThrow();
      hi[k] = Lexopt.dimMax(domain, k).evaluate(new long[0]).orElseThrow();
      volume = Ints.mul(volume, Ints.add(Ints.sub(hi[k], lo[k]), 1));
      if (volume > MAX_POINTS) {
        throw new UnsupportedOperationException("bounds of non-affine quasi-polynomials over more than "
            + MAX_POINTS + " points");
      }
    }
    Rational[] best = {null};
    long[] x = lo.clone();
    while (true) {
      for (PwQPolynomial.Piece p : f.pieces()) {
        if (!p.domain().contains(x)) continue;
        Rational v = p.qp().evaluate(x);
        if (best[0] == null || (max ? v.compareTo(best[0]) > 0 : v.compareTo(best[0]) < 0)) best[0] = v;
      }
      int k = n - 1;
      while (k >= 0 && x[k] == hi[k]) {
        x[k] = lo[k];
        k--;
      }
      if (k < 0) break;
      x[k]++;
    }
    Space target = fs.paramsSpace();
    if (best[0] == null) return new Fold(target, ImmutableList.of(), max, true);
    return Fold.of(target, List.of(new PwQPolynomial.Piece(BasicRelation.universe(target),
        QuasiPolynomial.constant(target, best[0]))), max);
  }

  /** The lcm of the denominators of q's coefficients; q must be affine in its variables and floors. */
  private static long denominatorLcm(QuasiPolynomial q) {
    if (q.isSpecial()) throw new UnsupportedOperationException("bounds of infinite or undefined values");
    if (q.degree() > 1) {
      throw new UnsupportedOperationException("bounds of quasi-polynomials of degree " + q.degree()
          + " over the counted variables");
    }
    long l = 1;
    for (Rational c : q.polynomial().terms().values()) l = Ints.lcm(l, c.denominator().longValueExact());
    return l;
  }

  /**
   * {@code { p -> t : exists x, q : (p, x) in D, q = floors, t = L qp }} for one piece of f, in
   * the value space (target variables, then t).
   */
  private static BasicRelation graphPiece(PwQPolynomial.Piece p, long scale, int nT, Space valueSpace) {
    QuasiPolynomial q = p.qp();
    Space fs = q.space();
    int nVar = fs.nVar();
    List<Div> floors = q.floors();
    int nf = floors.size();
    int np = fs.nParam();
    // all variables of the piece, its floors and t as dimensions of one set
    Space ext = Space.set(fs.params(), nVar - np + nf + 1);
    int[] into = new int[nVar];
    for (int v = 0; v < nVar; v++) into[v] = v;
    BasicRelation domain = p.domain().mapVariables(ext, into);
    BasicRelation.Builder b = BasicRelation.builder(ext);
    int width = 1 + ext.nVar();
    for (int j = 0; j < nf; j++) {
      Div d = floors.get(j);
      long m = d.denominator();
      long[] lower = new long[width]; // e - m q >= 0
      long[] num = d.numerator();
      System.arraycopy(num, 0, lower, 0, Math.min(num.length, 1 + nVar + j));
      lower[1 + nVar + j] = Ints.sub(lower[1 + nVar + j], m);
      long[] upper = Ints.negate(lower); // m q - e + m - 1 >= 0
      upper[0] = Ints.add(upper[0], m - 1);
      b.addIneq(lower).addIneq(upper);
    }
    long[] eq = new long[width]; // L qp - t = 0
    for (Map.Entry<Monomial, Rational> e : q.polynomial().terms().entrySet()) {
      Rational c = e.getValue();
      long coef = BigInteger.valueOf(scale).multiply(c.numerator()).divide(c.denominator()).longValueExact();
      Monomial mono = e.getKey();
      int var = -1;
      for (int v = 0; v < nVar + nf; v++) if (mono.exponent(v) > 0) var = v;
      eq[var < 0 ? 0 : 1 + var] = Ints.add(eq[var < 0 ? 0 : 1 + var], coef);
    }
    eq[width - 1] = -1;
    b.addEq(eq);
    BasicRelation lifted = domain.intersect(b.build());
    int[] out = new int[ext.nVar()];
    for (int v = 0; v < out.length; v++) out[v] = v < nT ? v : -1;
    out[out.length - 1] = nT;
    return lifted.mapVariables(valueSpace, out);
  }
}
