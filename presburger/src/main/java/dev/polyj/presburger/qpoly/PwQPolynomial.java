package dev.polyj.presburger.qpoly;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;

/**
 * A piecewise quasi-polynomial (isl's pw_qpolynomial): quasi-polynomials on pairwise disjoint
 * basic domains of one space (a parameter space, or a set space whose dimensions are variables of
 * the quasi-polynomials), and zero outside them.
 *
 * <p>Internally the function may be held as a sum of terms on overlapping domains (as produced by
 * sums and counts); {@link #evaluate} adds the terms containing the point, and {@link #pieces()}
 * (used for printing) computes the disjoint pieces once, on demand ({@link Refinement}).
 *
 * <p>Immutable. Printed and parsed in isl notation:
 * {@code [N] -> { (1/2 * N + 1/2 * N^2) : N >= 1 }}, {@code [N] -> { S[i] -> (N - i) : 0 <= i < N }}.
 */
public final class PwQPolynomial {
  /** One piece: a domain and the quasi-polynomial valid on it. */
  public record Piece(BasicRelation domain, QuasiPolynomial qp) {
    public Piece {
      checkArgument(domain.space().equals(qp.space()), "piece domain in %s, quasi-polynomial in %s",
          domain.space(), qp.space());
    }
  }

  private final Space space;
  private final ImmutableList<Piece> terms; // the function is the sum of the terms
  private volatile ImmutableList<Piece> pieces; // disjoint form, computed on demand

  private PwQPolynomial(Space space, List<Piece> terms, boolean disjoint) {
    this.space = space;
    this.terms = ImmutableList.copyOf(terms);
    if (disjoint || terms.size() <= 1) this.pieces = this.terms;
  }

  private PwQPolynomial(Space space, List<Piece> pieces) {
    this(space, pieces, true);
  }

  /** The zero function on {@code space} (no pieces). */
  public static PwQPolynomial zero(Space space) {
    return new PwQPolynomial(space, List.of());
  }

  /**
   * A piecewise quasi-polynomial from pieces whose domains are pairwise disjoint (not checked);
   * empty domains and zero pieces are dropped.
   */
  public static PwQPolynomial ofDisjoint(Space space, List<Piece> pieces) {
    List<Piece> keep = new ArrayList<>();
    for (Piece p : pieces) {
      checkArgument(p.domain().space().equals(space), "piece in %s, expected %s", p.domain().space(), space);
      if (!p.qp().isZero() && !p.domain().isMarkedEmpty()) keep.add(p);
    }
    return new PwQPolynomial(space, keep);
  }

  /**
   * The sum of the given (possibly overlapping) pieces: each piece is its quasi-polynomial on its
   * domain and zero elsewhere. Pieces with equal domains are merged first.
   */
  public static PwQPolynomial sumOf(Space space, List<Piece> pieces) {
    java.util.Map<BasicRelation, QuasiPolynomial> byDomain = new java.util.LinkedHashMap<>();
    for (Piece p : pieces) {
      checkArgument(p.domain().space().equals(space), "piece in %s, expected %s", p.domain().space(), space);
      byDomain.merge(p.domain(), p.qp(), QuasiPolynomial::add);
    }
    List<Piece> keep = new ArrayList<>();
    byDomain.forEach((d, q) -> {
      if (!q.isZero() && !d.isMarkedEmpty()) keep.add(new Piece(d, q));
    });
    return new PwQPolynomial(space, keep, false);
  }

  /** {@code qp} on the points of {@code domain} (any union, made disjoint here), zero elsewhere. */
  public static PwQPolynomial on(Relation domain, QuasiPolynomial qp) {
    checkArgument(domain.space().equals(qp.space()), "domain in %s, quasi-polynomial in %s", domain.space(), qp.space());
    List<Piece> ps = new ArrayList<>();
    for (BasicRelation b : DisjointPieces.disjoint(domain)) ps.add(new Piece(b, qp));
    return ofDisjoint(domain.space(), ps);
  }

  /** {@code qp} everywhere in its space. */
  public static PwQPolynomial of(QuasiPolynomial qp) {
    return on(Relation.universe(qp.space()), qp);
  }

  /** Parses isl notation (see {@link QPolyParser}). */
  public static PwQPolynomial parse(String text) {
    return QPolyParser.parse(text);
  }

  public Space space() {
    return space;
  }

  /** Pairwise disjoint pieces (computed on first use when the function is held as a sum). */
  public ImmutableList<Piece> pieces() {
    ImmutableList<Piece> p = pieces;
    if (p == null) {
      p = ImmutableList.copyOf(Refinement.disjoint(space, terms));
      pieces = p;
    }
    return p;
  }

  /** Terms whose sum is the function (possibly overlapping; the pieces when already disjoint). */
  public ImmutableList<Piece> terms() {
    return pieces != null ? pieces : terms;
  }

  /** True when there is no term (the zero function); a sum of terms may still cancel out. */
  public boolean isZero() {
    return terms.isEmpty();
  }

  /** The union of the term domains (where the function may be non-zero). */
  public Relation domain() {
    List<BasicRelation> bs = new ArrayList<>();
    for (Piece p : terms) bs.add(p.domain());
    return Relation.ofBasics(space, bs);
  }

  /**
   * True when both are the same function (zero outside the pieces, {@code infty} on the same
   * points), decided exactly ({@link FunctionEquality}); throws {@link
   * UnsupportedOperationException} in the rare cases it cannot decide.
   */
  public boolean isEqual(PwQPolynomial o) {
    if (!space.tuplesMatch(o.space)) return false;
    PwQPolynomial[] ab = aligned(this, o);
    return FunctionEquality.equal(ab[0], ab[1]);
  }

  /** True when the value at the point is {@code infty} (see {@link QuasiPolynomial#infinity}). */
  public boolean isInfiniteAt(long[] point) {
    for (Piece p : terms()) if (p.qp().isInfinite() && p.domain().contains(point)) return true;
    return false;
  }

  /**
   * The exact value at a point (parameter values, then dimension values); zero outside the pieces.
   * Throws {@link ArithmeticException} where the value is {@code infty} ({@link #isInfiniteAt}).
   */
  public Rational evaluate(long[] point) {
    if (pieces != null) {
      for (Piece p : pieces) if (p.domain().contains(point)) return p.qp().evaluate(point);
      return Rational.ZERO;
    }
    Rational s = Rational.ZERO;
    for (Piece p : terms) if (p.domain().contains(point)) s = s.add(p.qp().evaluate(point));
    return s;
  }

  // ---------------------------------------------------------------------------------------------
  // Arithmetic (zero outside the domains, as in isl)

  /** Sum (kept as a sum of terms; disjoint pieces are computed when needed). */
  public PwQPolynomial add(PwQPolynomial o) {
    PwQPolynomial[] ab = aligned(this, o);
    if (ab[1].isZero()) return ab[0];
    if (ab[0].isZero()) return ab[1];
    List<Piece> all = new ArrayList<>(ab[0].terms());
    all.addAll(ab[1].terms());
    return sumOf(ab[0].space, all);
  }

  public PwQPolynomial subtract(PwQPolynomial o) {
    return add(o.negate());
  }

  /** Product: the sum over pairs of terms of their product on the intersection of their domains. */
  public PwQPolynomial multiply(PwQPolynomial o) {
    PwQPolynomial[] ab = aligned(this, o);
    List<Piece> ps = new ArrayList<>();
    for (Piece p : ab[0].terms()) {
      for (Piece q : ab[1].terms()) {
        BasicRelation x = p.domain().intersect(q.domain());
        if (!x.isMarkedEmpty()) ps.add(new Piece(x, p.qp().multiply(q.qp())));
      }
    }
    return new PwQPolynomial(ab[0].space, ps, ab[0].pieces != null && ab[1].pieces != null);
  }

  public PwQPolynomial negate() {
    List<Piece> ps = new ArrayList<>();
    for (Piece p : terms()) ps.add(new Piece(p.domain(), p.qp().negate()));
    return new PwQPolynomial(space, ps, pieces != null);
  }

  public PwQPolynomial scale(Rational c) {
    if (c.isZero()) return zero(space);
    List<Piece> ps = new ArrayList<>();
    for (Piece p : terms()) ps.add(new Piece(p.domain(), p.qp().scale(c)));
    return new PwQPolynomial(space, ps, pieces != null);
  }

  /** Restricts the function to the points of {@code set} (zero elsewhere). */
  public PwQPolynomial intersectDomain(Relation set) {
    PwQPolynomial[] ab = aligned(this, PwQPolynomial.zero(set.space()));
    Relation s = set.alignParams(ab[0].space.params());
    List<BasicRelation> disjoint = DisjointPieces.disjoint(s);
    List<Piece> ps = new ArrayList<>();
    for (Piece p : ab[0].terms()) {
      for (BasicRelation b : disjoint) {
        BasicRelation x = p.domain().intersect(b);
        if (!x.isMarkedEmpty()) ps.add(new Piece(x, p.qp()));
      }
    }
    return new PwQPolynomial(ab[0].space, ps, ab[0].pieces != null);
  }

  /**
   * A function equal to this one on the points of {@code context} (isl's gist): pieces without
   * points in the context are dropped and each remaining piece's domain is simplified with respect
   * to the context ({@link Relation#gist}) when that gives one conjunction. On the context the
   * pieces stay disjoint; outside it they may overlap and then add up.
   */
  public PwQPolynomial gist(Relation context) {
    PwQPolynomial[] ab = aligned(this, PwQPolynomial.zero(context.space()));
    Relation c = context.alignParams(ab[0].space.params()).withSpace(ab[0].space);
    List<Piece> ps = new ArrayList<>();
    for (Piece p : ab[0].pieces()) {
      Relation d = Relation.of(p.domain());
      if (d.intersect(c).isEmpty()) continue;
      Relation g = d.gist(c);
      ps.add(new Piece(g.nBasic() == 1 ? g.basics().get(0) : p.domain(), p.qp()));
    }
    return sumOf(ab[0].space, ps);
  }

  private static PwQPolynomial[] aligned(PwQPolynomial a, PwQPolynomial b) {
    checkArgument(a.space.tuplesMatch(b.space), "piecewise quasi-polynomials in different spaces: %s vs %s",
        a.space, b.space);
    if (a.space.params().equals(b.space.params())) return new PwQPolynomial[] {a, b};
    List<String> params = Space.mergeParams(a.space.params(), b.space.params());
    return new PwQPolynomial[] {a.alignParams(params), b.alignParams(params)};
  }

  /** The function over the parameter list {@code params} (a superset of its own). */
  public PwQPolynomial alignParams(List<String> params) {
    if (params.equals(space.params())) return this;
    List<Piece> ps = new ArrayList<>();
    for (Piece p : terms()) ps.add(new Piece(p.domain().alignParams(params), p.qp().alignParams(params)));
    return new PwQPolynomial(space.withParams(params), ps, pieces != null);
  }

  /** The disjoint pieces without those with no integer point (exact emptiness test). */
  public PwQPolynomial removeEmpty() {
    List<Piece> ps = new ArrayList<>();
    for (Piece p : pieces()) if (!p.domain().isEmpty()) ps.add(p);
    return new PwQPolynomial(space, ps);
  }

  /**
   * The same function with pieces of equal value merged: the domains of each value united and
   * coalesced (isl's coalesce of a piecewise quasi-polynomial), then made disjoint again.
   */
  public PwQPolynomial coalesce() {
    java.util.Map<QuasiPolynomial, List<BasicRelation>> byValue = new java.util.LinkedHashMap<>();
    for (Piece p : removeEmpty().pieces()) byValue.computeIfAbsent(p.qp(), q -> new ArrayList<>()).add(p.domain());
    List<Piece> ps = new ArrayList<>();
    byValue.forEach((q, ds) -> {
      for (BasicRelation b : DisjointPieces.disjoint(Relation.ofBasics(space, ds).coalesce())) ps.add(new Piece(b, q));
    });
    return ofDisjoint(space, ps);
  }

  /** Structural equality of the terms (not of the functions: compare values for that). */
  @Override
  public boolean equals(Object o) {
    return o instanceof PwQPolynomial p && p.space.equals(space) && p.terms.equals(terms);
  }

  @Override
  public int hashCode() {
    return space.hashCode() * 31 + terms.hashCode();
  }

  /** isl notation, e.g. {@code [N] -> { (1/2 * N + 1/2 * N^2) : N >= 1 }}. */
  @Override
  public String toString() {
    List<String> names = QPolyPrinter.names(space);
    String prefix = QPolyPrinter.tuplePrefix(space, names);
    List<Piece> pieces = pieces();
    StringBuilder sb = new StringBuilder(QPolyPrinter.paramPrefix(space)).append("{ ");
    if (pieces.isEmpty()) {
      sb.append(prefix).append("0");
    }
    for (int i = 0; i < pieces.size(); i++) {
      if (i > 0) sb.append("; ");
      Piece p = pieces.get(i);
      if (p.qp().isSpecial()) sb.append(prefix).append(p.qp());
      else sb.append(prefix).append('(').append(QPolyPrinter.polynomial(p.qp(), names)).append(')');
      if (!p.domain().isUniverse()) sb.append(" : ").append(QPolyPrinter.constraints(p.domain(), names));
    }
    return sb.append(" }").toString();
  }
}
