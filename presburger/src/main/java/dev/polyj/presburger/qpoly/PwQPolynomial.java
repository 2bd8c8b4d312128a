package dev.polyj.presburger.qpoly;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BinaryOperator;

/**
 * A piecewise quasi-polynomial (isl's pw_qpolynomial): quasi-polynomials on pairwise disjoint
 * basic domains of one space (a parameter space, or a set space whose dimensions are variables of
 * the quasi-polynomials), and zero outside them.
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
  private final ImmutableList<Piece> pieces;

  private PwQPolynomial(Space space, List<Piece> pieces) {
    this.space = space;
    this.pieces = ImmutableList.copyOf(pieces);
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
    for (Piece p : pieces) byDomain.merge(p.domain(), p.qp(), QuasiPolynomial::add);
    PwQPolynomial total = zero(space);
    for (java.util.Map.Entry<BasicRelation, QuasiPolynomial> e : byDomain.entrySet()) {
      if (e.getValue().isZero() || e.getKey().isEmpty()) continue;
      total = total.add(ofDisjoint(space, List.of(new Piece(e.getKey(), e.getValue()))));
    }
    return total;
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

  public ImmutableList<Piece> pieces() {
    return pieces;
  }

  public boolean isZero() {
    return pieces.isEmpty();
  }

  /** The union of the piece domains (where the function may be non-zero). */
  public Relation domain() {
    List<BasicRelation> bs = new ArrayList<>();
    for (Piece p : pieces) bs.add(p.domain());
    return Relation.ofBasics(space, bs);
  }

  /** The exact value at a point (parameter values, then dimension values); zero outside the pieces. */
  public Rational evaluate(long[] point) {
    for (Piece p : pieces) if (p.domain().contains(point)) return p.qp().evaluate(point);
    return Rational.ZERO;
  }

  // ---------------------------------------------------------------------------------------------
  // Arithmetic (zero outside the domains, as in isl)

  public PwQPolynomial add(PwQPolynomial o) {
    return combine(o, QuasiPolynomial::add, true);
  }

  public PwQPolynomial subtract(PwQPolynomial o) {
    return add(o.negate());
  }

  /** Product; zero where either is zero. */
  public PwQPolynomial multiply(PwQPolynomial o) {
    return combine(o, QuasiPolynomial::multiply, false);
  }

  public PwQPolynomial negate() {
    List<Piece> ps = new ArrayList<>();
    for (Piece p : pieces) ps.add(new Piece(p.domain(), p.qp().negate()));
    return new PwQPolynomial(space, ps);
  }

  public PwQPolynomial scale(Rational c) {
    List<Piece> ps = new ArrayList<>();
    for (Piece p : pieces) ps.add(new Piece(p.domain(), p.qp().scale(c)));
    return ofDisjoint(space, ps);
  }

  /** Restricts the function to the points of {@code set} (zero elsewhere). */
  public PwQPolynomial intersectDomain(Relation set) {
    PwQPolynomial[] ab = aligned(this, PwQPolynomial.zero(set.space()));
    Relation s = set.alignParams(ab[0].space.params());
    List<BasicRelation> disjoint = DisjointPieces.disjoint(s);
    List<Piece> ps = new ArrayList<>();
    for (Piece p : ab[0].pieces) {
      for (BasicRelation b : disjoint) {
        BasicRelation x = p.domain().intersect(b);
        if (!x.isEmpty()) ps.add(new Piece(x, p.qp()));
      }
    }
    return ofDisjoint(ab[0].space, ps);
  }

  private PwQPolynomial combine(PwQPolynomial o, BinaryOperator<QuasiPolynomial> op, boolean keepOneSided) {
    PwQPolynomial[] ab = aligned(this, o);
    PwQPolynomial a = ab[0];
    PwQPolynomial b = ab[1];
    List<Piece> ps = new ArrayList<>();
    List<BasicRelation> aDoms = new ArrayList<>();
    List<BasicRelation> bDoms = new ArrayList<>();
    for (Piece p : a.pieces) aDoms.add(p.domain());
    for (Piece q : b.pieces) bDoms.add(q.domain());
    for (Piece p : a.pieces) {
      for (Piece q : b.pieces) {
        BasicRelation x = p.domain().intersect(q.domain());
        if (!x.isEmpty()) ps.add(new Piece(x, op.apply(p.qp(), q.qp())));
      }
    }
    if (keepOneSided) {
      for (Piece p : a.pieces) {
        for (BasicRelation x : DisjointPieces.subtract(List.of(p.domain()), bDoms)) ps.add(new Piece(x, p.qp()));
      }
      for (Piece q : b.pieces) {
        for (BasicRelation x : DisjointPieces.subtract(List.of(q.domain()), aDoms)) ps.add(new Piece(x, q.qp()));
      }
    }
    return ofDisjoint(a.space, ps);
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
    for (Piece p : pieces) ps.add(new Piece(p.domain().alignParams(params), p.qp().alignParams(params)));
    return new PwQPolynomial(space.withParams(params), ps);
  }

  /** Merges pieces with equal quasi-polynomials when their domains' union is a basic relation is not attempted; drops empty pieces. */
  public PwQPolynomial removeEmpty() {
    List<Piece> ps = new ArrayList<>();
    for (Piece p : pieces) if (!p.domain().isEmpty()) ps.add(p);
    return new PwQPolynomial(space, ps);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PwQPolynomial p && p.space.equals(space) && p.pieces.equals(pieces);
  }

  @Override
  public int hashCode() {
    return space.hashCode() * 31 + pieces.hashCode();
  }

  /** isl notation, e.g. {@code [N] -> { (1/2 * N + 1/2 * N^2) : N >= 1 }}. */
  @Override
  public String toString() {
    List<String> names = QPolyPrinter.names(space);
    String prefix = QPolyPrinter.tuplePrefix(space, names);
    StringBuilder sb = new StringBuilder(QPolyPrinter.paramPrefix(space)).append("{ ");
    if (pieces.isEmpty()) {
      sb.append(prefix).append("0");
    }
    for (int i = 0; i < pieces.size(); i++) {
      if (i > 0) sb.append("; ");
      Piece p = pieces.get(i);
      sb.append(prefix).append('(').append(QPolyPrinter.polynomial(p.qp(), names)).append(')');
      if (!p.domain().isUniverse()) sb.append(" : ").append(QPolyPrinter.constraints(p.domain(), names));
    }
    return sb.append(" }").toString();
  }
}
