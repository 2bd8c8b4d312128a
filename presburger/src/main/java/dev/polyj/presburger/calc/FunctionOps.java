package dev.polyj.presburger.calc;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.count.Bounds;
import dev.polyj.presburger.count.Summation;
import dev.polyj.presburger.qpoly.PointEvaluation;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.qpoly.UnionPwQPolynomial;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * iscc's operations on piecewise quasi-polynomials and folds that are not single engine calls:
 * scaling by an integer, domains, coalescing, gist and domain restriction by a union of sets
 * (members matched by space, a parameter domain restricting every member), evaluation of folds at
 * points, plain equality of folds, and the composition {@code m . q} of a map with a function (at
 * each domain point x of m, the sum of q over the images of x).
 */
final class FunctionOps {
  private FunctionOps() {}

  // -----------------------------------------------------------------------------------------------
  // Quasi-polynomials

  static UnionPwQPolynomial mapMembers(UnionPwQPolynomial q, Function<PwQPolynomial, PwQPolynomial> f) {
    List<PwQPolynomial> out = new ArrayList<>();
    for (PwQPolynomial g : q.members()) out.add(f.apply(g));
    UnionPwQPolynomial u = UnionPwQPolynomial.of(out);
    return u.members().isEmpty() ? UnionPwQPolynomial.empty(q.params()) : u;
  }

  /** {@code c * q}. */
  static UnionPwQPolynomial scale(UnionPwQPolynomial q, BigInteger c) {
    Rational r = Rational.of(c);
    return mapMembers(q, g -> g.scale(r));
  }

  /** The union of the domains of the members (where some piece holds). */
  static UnionRelation domain(UnionPwQPolynomial q) {
    return q.domain().map(Relation::removeEmpty);
  }

  static UnionPwQPolynomial coalesce(UnionPwQPolynomial q) {
    return mapMembers(q, PwQPolynomial::coalesce);
  }

  /**
   * isl's gist of a function by a union of sets: each member keeps the pieces that meet its
   * context (the member of the same space, or the parameter domain), their domains simplified
   * there; members without a context are dropped. Outside the context the value is unspecified.
   */
  static UnionPwQPolynomial gist(UnionPwQPolynomial q, UnionRelation context) {
    List<String> params = Space.mergeParams(q.params(), context.paramNames());
    UnionPwQPolynomial qa = q.alignParams(params);
    UnionRelation ca = context.alignParams(params);
    List<PwQPolynomial> out = new ArrayList<>();
    for (PwQPolynomial g : qa.members()) {
      Relation ctx = contextFor(g.space(), ca);
      if (ctx == null) continue;
      out.add(g.gist(ctx));
    }
    UnionPwQPolynomial u = UnionPwQPolynomial.of(out);
    return u.members().isEmpty() ? UnionPwQPolynomial.empty(params) : u;
  }

  /** The context of a member in {@code space}: the parameter domain, the member of that space, or null. */
  private static Relation contextFor(Space space, UnionRelation context) {
    boolean paramsOnly = context.size() > 0;
    for (Relation r : context.relations()) paramsOnly &= r.space().isParams();
    if (paramsOnly) return Relation.universe(space).intersectParams(context.single());
    for (Relation r : context.relations()) {
      if (r.space().isSet() && r.space().tuplesMatch(space)) return r.withSpace(space);
    }
    return null;
  }

  /**
   * {@code m . q}: at each point x of m's domain, the sum of q(y) over the images y of x (isl's
   * apply of a map to a quasi-polynomial), for every member of m whose range space is that of a
   * member of q.
   */
  static UnionPwQPolynomial applyMap(UnionRelation m, UnionPwQPolynomial q) {
    List<String> params = Space.mergeParams(q.params(), m.paramNames());
    UnionPwQPolynomial qa = q.alignParams(params);
    UnionRelation ma = m.alignParams(params);
    Map<Space, PwQPolynomial> byDomain = new LinkedHashMap<>();
    for (Relation r : ma.relations()) {
      if (!r.space().isMap()) continue;
      for (PwQPolynomial g : qa.members()) {
        if (!g.space().tuplesMatch(r.space().range())) continue;
        PwQPolynomial s = sumOverImages(r, g);
        byDomain.merge(s.space(), s, PwQPolynomial::add);
      }
    }
    UnionPwQPolynomial u = UnionPwQPolynomial.of(byDomain.values());
    return u.members().isEmpty() ? UnionPwQPolynomial.empty(params) : u;
  }

  /** The sum of g over the images of each domain point of r (same parameters, r's range is g's space). */
  private static PwQPolynomial sumOverImages(Relation r, PwQPolynomial g) {
    Relation wrapped = r.wrap();
    Space ws = wrapped.space();
    int nIn = r.space().nIn();
    List<String> lifted = new ArrayList<>(g.space().params());
    for (int i = 0; i < nIn; i++) lifted.add(freshName(lifted, i));
    PwQPolynomial total = PwQPolynomial.zero(Summation.resultSpace(ws));
    for (PwQPolynomial.Piece p : g.pieces()) {
      Relation range = Relation.of(p.domain()).withSpace(r.space().range());
      Relation d = r.intersectRange(range).wrap();
      if (d.isEmpty()) continue;
      QuasiPolynomial v = lift(p.qp(), lifted, ws);
      total = total.add(Summation.sum(PwQPolynomial.on(d.withSpace(ws), v)));
    }
    return total;
  }

  /**
   * q (over params and the range dimensions) as a quasi-polynomial over the wrapped space
   * {@code [A -> B]} (params, A's dimensions, B's dimensions): A's dimensions are inserted as extra
   * parameters placed after the real ones, which is exactly the wrapped column layout.
   */
  private static QuasiPolynomial lift(QuasiPolynomial q, List<String> lifted, Space wrapped) {
    if (q.isInfinite()) return QuasiPolynomial.infinity(wrapped);
    if (q.isNaN()) return QuasiPolynomial.nan(wrapped);
    QuasiPolynomial a = q.alignParams(lifted);
    return QuasiPolynomial.of(wrapped, a.floors(), a.polynomial());
  }

  private static String freshName(List<String> taken, int i) {
    String n = "in" + i;
    while (taken.contains(n)) n = n + "'";
    return n;
  }

  // -----------------------------------------------------------------------------------------------
  // Folds

  static Bounds.UnionResult mapFolds(Bounds.UnionResult f, Function<Bounds.Fold, Bounds.Fold> op) {
    List<Bounds.Fold> out = new ArrayList<>();
    for (Bounds.Fold g : f.folds()) out.add(op.apply(g));
    return new Bounds.UnionResult(ImmutableList.copyOf(out), f.params(), f.tight());
  }

  static Bounds.Fold alignParams(Bounds.Fold f, List<String> params) {
    if (f.space().params().equals(params)) return f;
    List<Bounds.FoldPiece> ps = new ArrayList<>();
    for (Bounds.FoldPiece p : f.pieces()) {
      List<QuasiPolynomial> vs = new ArrayList<>();
      for (QuasiPolynomial q : p.values()) vs.add(q.alignParams(params));
      ps.add(new Bounds.FoldPiece(p.domain().alignParams(params), ImmutableList.copyOf(vs)));
    }
    return new Bounds.Fold(f.space().withParams(params), ImmutableList.copyOf(ps), f.max(), f.tight());
  }

  static Bounds.UnionResult alignParams(Bounds.UnionResult f, List<String> params) {
    if (f.params().equals(params)) return f;
    List<Bounds.Fold> out = new ArrayList<>();
    for (Bounds.Fold g : f.folds()) out.add(alignParams(g, params));
    return new Bounds.UnionResult(ImmutableList.copyOf(out), params, f.tight());
  }

  /**
   * {@code f + q}: q added to every value of f where both are defined, f's values where only f is,
   * q alone (a fold of one value) where only q is (isl's sum of a fold and a quasi-polynomial).
   */
  static Bounds.UnionResult add(Bounds.UnionResult f, UnionPwQPolynomial q) {
    List<Bounds.Fold> folds = new ArrayList<>();
    for (PwQPolynomial g : q.members()) {
      List<Bounds.FoldPiece> ps = new ArrayList<>();
      for (PwQPolynomial.Piece p : g.pieces()) ps.add(new Bounds.FoldPiece(p.domain(), ImmutableList.of(p.qp())));
      folds.add(new Bounds.Fold(g.space(), ImmutableList.copyOf(ps), f.folds().isEmpty() || f.folds().get(0).max(), true));
    }
    return combine(f, new Bounds.UnionResult(ImmutableList.copyOf(folds), q.params(), true), true);
  }

  /**
   * iscc's {@code f . g} on folds: both folds at once (the maximum or minimum over the values of
   * both) where both are defined, each alone elsewhere.
   */
  static Bounds.UnionResult fold(Bounds.UnionResult f, Bounds.UnionResult g) {
    return combine(f, g, false);
  }

  /** Where both hold: values added pairwise ({@code add}) or listed together; elsewhere each alone. */
  private static Bounds.UnionResult combine(Bounds.UnionResult f, Bounds.UnionResult g, boolean add) {
    List<String> params = Space.mergeParams(f.params(), g.params());
    Bounds.UnionResult fa = alignParams(f, params);
    Bounds.UnionResult ga = alignParams(g, params);
    List<Bounds.Fold> out = new ArrayList<>();
    List<Bounds.Fold> unmatched = new ArrayList<>(ga.folds());
    for (Bounds.Fold x : fa.folds()) {
      Bounds.Fold y = null;
      for (Bounds.Fold c : unmatched) if (c.space().equals(x.space())) y = c;
      if (y == null) {
        out.add(x);
        continue;
      }
      unmatched.remove(y);
      if (!add && x.max() != y.max() && !x.pieces().isEmpty() && !y.pieces().isEmpty()) {
        throw new UnsupportedOperationException("folding a maximum with a minimum");
      }
      Space sp = x.space();
      List<Bounds.FoldPiece> ps = new ArrayList<>();
      Relation dx = foldDomain(x);
      Relation dy = foldDomain(y);
      for (Bounds.FoldPiece p : x.pieces()) {
        for (Bounds.FoldPiece r : y.pieces()) {
          BasicRelation both = p.domain().intersect(r.domain());
          if (both.isEmpty()) continue;
          List<QuasiPolynomial> vs = new ArrayList<>();
          if (add) {
            for (QuasiPolynomial a : p.values()) for (QuasiPolynomial b : r.values()) vs.add(a.add(b));
          } else {
            vs.addAll(p.values());
            for (QuasiPolynomial b : r.values()) if (!vs.contains(b)) vs.add(b);
          }
          ps.add(new Bounds.FoldPiece(both, ImmutableList.copyOf(vs)));
        }
        for (BasicRelation b : Relation.of(p.domain()).subtract(dy).removeEmpty().basics()) {
          ps.add(new Bounds.FoldPiece(b, p.values()));
        }
      }
      for (Bounds.FoldPiece r : y.pieces()) {
        for (BasicRelation b : Relation.of(r.domain()).subtract(dx).removeEmpty().basics()) {
          ps.add(new Bounds.FoldPiece(b, r.values()));
        }
      }
      out.add(new Bounds.Fold(sp, ImmutableList.copyOf(ps), x.pieces().isEmpty() ? y.max() : x.max(),
          x.tight() && y.tight()));
    }
    out.addAll(unmatched);
    return new Bounds.UnionResult(ImmutableList.copyOf(out), params, f.tight() && g.tight());
  }

  private static Relation foldDomain(Bounds.Fold f) {
    List<BasicRelation> bs = new ArrayList<>();
    for (Bounds.FoldPiece p : f.pieces()) bs.add(p.domain());
    return Relation.ofBasics(f.space(), bs);
  }

  /** {@code c * f}: every value scaled; a negative factor turns a maximum into a minimum. */
  static Bounds.UnionResult scale(Bounds.UnionResult f, BigInteger c) {
    Rational r = Rational.of(c);
    return mapFolds(f, g -> {
      List<Bounds.FoldPiece> ps = new ArrayList<>();
      for (Bounds.FoldPiece p : g.pieces()) {
        List<QuasiPolynomial> vs = new ArrayList<>();
        for (QuasiPolynomial q : p.values()) vs.add(q.scale(r));
        ps.add(new Bounds.FoldPiece(p.domain(), ImmutableList.copyOf(vs)));
      }
      return new Bounds.Fold(g.space(), ImmutableList.copyOf(ps), c.signum() < 0 ? !g.max() : g.max(), g.tight());
    });
  }

  static UnionRelation domain(Bounds.UnionResult f) {
    List<Relation> out = new ArrayList<>();
    for (Bounds.Fold g : f.folds()) {
      List<BasicRelation> bs = new ArrayList<>();
      for (Bounds.FoldPiece p : g.pieces()) bs.add(p.domain());
      out.add(Relation.ofBasics(g.space(), bs).removeEmpty());
    }
    return out.isEmpty() ? UnionRelation.empty(f.params()) : UnionRelation.of(out);
  }

  /** Pieces with the same values merged (their domains united and coalesced). */
  static Bounds.UnionResult coalesce(Bounds.UnionResult f) {
    return mapFolds(f, g -> {
      Map<Set<QuasiPolynomial>, List<BasicRelation>> domains = new LinkedHashMap<>();
      Map<Set<QuasiPolynomial>, ImmutableList<QuasiPolynomial>> values = new LinkedHashMap<>();
      for (Bounds.FoldPiece p : g.pieces()) {
        if (p.domain().isEmpty()) continue;
        Set<QuasiPolynomial> key = new HashSet<>(p.values());
        domains.computeIfAbsent(key, k -> new ArrayList<>()).add(p.domain());
        values.putIfAbsent(key, p.values());
      }
      List<Bounds.FoldPiece> ps = new ArrayList<>();
      domains.forEach((k, ds) -> {
        Relation u = Relation.ofBasics(g.space(), ds).coalesce();
        for (BasicRelation b : disjoint(u)) ps.add(new Bounds.FoldPiece(b, values.get(k)));
      });
      return new Bounds.Fold(g.space(), ImmutableList.copyOf(ps), g.max(), g.tight());
    });
  }

  /** The basic relations of r made pairwise disjoint. */
  private static List<BasicRelation> disjoint(Relation r) {
    List<BasicRelation> out = new ArrayList<>();
    Relation rest = Relation.empty(r.space());
    for (BasicRelation b : r.basics()) {
      Relation fresh = Relation.of(b).subtract(rest);
      out.addAll(fresh.removeEmpty().basics());
      rest = rest.union(Relation.of(b));
    }
    return out;
  }

  /** isl's gist of a fold by a union of sets (as for quasi-polynomials). */
  static Bounds.UnionResult gist(Bounds.UnionResult f, UnionRelation context) {
    return restrict(f, context, true);
  }

  /** f restricted to the points of s (members without a matching set dropped). */
  static Bounds.UnionResult intersectDomain(Bounds.UnionResult f, UnionRelation s) {
    return restrict(f, s, false);
  }

  private static Bounds.UnionResult restrict(Bounds.UnionResult f, UnionRelation s, boolean gist) {
    List<String> params = Space.mergeParams(f.params(), s.paramNames());
    Bounds.UnionResult fa = alignParams(f, params);
    UnionRelation sa = s.alignParams(params);
    List<Bounds.Fold> out = new ArrayList<>();
    for (Bounds.Fold g : fa.folds()) {
      Relation ctx = contextFor(g.space(), sa);
      if (ctx == null) continue;
      List<Bounds.FoldPiece> ps = new ArrayList<>();
      for (Bounds.FoldPiece p : g.pieces()) {
        Relation d = Relation.of(p.domain());
        Relation x = d.intersect(ctx);
        if (x.isEmpty()) continue;
        for (BasicRelation b : (gist ? d.gist(ctx) : x.removeEmpty()).basics()) {
          ps.add(new Bounds.FoldPiece(b, p.values()));
        }
      }
      out.add(new Bounds.Fold(g.space(), ImmutableList.copyOf(ps), g.max(), g.tight()));
    }
    return new Bounds.UnionResult(ImmutableList.copyOf(out), params, f.tight());
  }

  /** The value of f at each point of the finite set s, as a function defined on those points. */
  static UnionPwQPolynomial at(Bounds.UnionResult f, UnionRelation s, int limit) {
    List<String> params = Space.mergeParams(f.params(), s.paramNames());
    Bounds.UnionResult fa = alignParams(f, params);
    UnionRelation sa = s.alignParams(params);
    List<PwQPolynomial> out = new ArrayList<>();
    for (Relation r : sa.relations()) {
      for (Bounds.Fold g : fa.folds()) {
        if (!g.space().tuplesMatch(r.space())) continue;
        Space sp = g.space();
        List<PwQPolynomial.Piece> pieces = new ArrayList<>();
        for (long[] p : PointEvaluation.points(r.withSpace(sp), limit)) {
          Rational v = g.evaluate(p);
          if (v == null || v.isZero()) continue;
          pieces.add(new PwQPolynomial.Piece(pointSet(sp, p), QuasiPolynomial.constant(sp, v)));
        }
        out.add(PwQPolynomial.ofDisjoint(sp, pieces));
      }
    }
    UnionPwQPolynomial u = UnionPwQPolynomial.of(out);
    return u.members().isEmpty() ? UnionPwQPolynomial.empty(params) : u;
  }

  /** The basic set of the single point p (parameters, then dimensions). */
  static BasicRelation pointSet(Space sp, long[] p) {
    BasicRelation.Builder b = BasicRelation.builder(sp);
    for (int v = 0; v < p.length; v++) {
      long[] row = new long[1 + sp.nVar()];
      row[0] = -p[v];
      row[1 + v] = 1;
      b.addEq(row);
    }
    return b.build();
  }

  /**
   * isl's plain equality of folds: the same members (by space, maximum or minimum), and for each
   * set of values the same points where that set is the fold.
   */
  static boolean plainEqual(Bounds.UnionResult a, Bounds.UnionResult b) {
    List<String> params = Space.mergeParams(a.params(), b.params());
    Bounds.UnionResult fa = alignParams(a, params);
    Bounds.UnionResult fb = alignParams(b, params);
    List<Bounds.Fold> xs = nonEmpty(fa);
    List<Bounds.Fold> ys = nonEmpty(fb);
    if (xs.size() != ys.size()) return false;
    for (Bounds.Fold x : xs) {
      Bounds.Fold y = null;
      for (Bounds.Fold c : ys) if (c.space().equals(x.space())) y = c;
      if (y == null || (x.max() != y.max() && !x.pieces().isEmpty())) return false;
      Map<Set<QuasiPolynomial>, List<BasicRelation>> dx = byValues(x);
      Map<Set<QuasiPolynomial>, List<BasicRelation>> dy = byValues(y);
      if (!dx.keySet().equals(dy.keySet())) return false;
      for (Set<QuasiPolynomial> k : dx.keySet()) {
        if (!Relation.ofBasics(x.space(), dx.get(k)).isEqual(Relation.ofBasics(y.space(), dy.get(k)))) return false;
      }
    }
    return true;
  }

  private static List<Bounds.Fold> nonEmpty(Bounds.UnionResult f) {
    List<Bounds.Fold> out = new ArrayList<>();
    for (Bounds.Fold g : f.folds()) if (!byValues(g).isEmpty()) out.add(g);
    return out;
  }

  private static Map<Set<QuasiPolynomial>, List<BasicRelation>> byValues(Bounds.Fold g) {
    Map<Set<QuasiPolynomial>, List<BasicRelation>> m = new LinkedHashMap<>();
    for (Bounds.FoldPiece p : g.pieces()) {
      if (p.domain().isEmpty()) continue;
      m.computeIfAbsent(new HashSet<>(p.values()), k -> new ArrayList<>()).add(p.domain());
    }
    return m;
  }

  // -----------------------------------------------------------------------------------------------
  // Sets

  /** iscc's {@code scan}: the finite union s written as its individual points. */
  static UnionRelation scan(UnionRelation s, int limit) {
    List<Relation> out = new ArrayList<>();
    int count = 0;
    for (Relation r : s.relations()) {
      Relation set = r.space().isMap() ? r.wrap() : r;
      List<BasicRelation> points = new ArrayList<>();
      for (long[] p : PointEvaluation.points(set, limit - count)) points.add(pointSet(set.space(), p));
      count += points.size();
      Relation pts = Relation.ofBasics(set.space(), points);
      out.add(r.space().isMap() ? pts.unwrap() : pts);
    }
    return out.isEmpty() ? UnionRelation.empty(s.paramNames()) : UnionRelation.of(out);
  }
}
