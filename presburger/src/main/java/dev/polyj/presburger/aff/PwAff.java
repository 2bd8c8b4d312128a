package dev.polyj.presburger.aff;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.BinaryOperator;

/**
 * A piecewise quasi-affine function (isl's pw_aff): disjoint basic domains of a set or parameter
 * space, each with an {@link Aff}. Outside the union of the domains the function has no value.
 */
public final class PwAff {
  /** A domain and the expression on it. */
  public record Piece(BasicRelation domain, Aff value) {
    public Piece {
      checkArgument(domain.space().equals(value.space()), "piece domain in %s, expression over %s", domain.space(), value.space());
    }
  }

  private final Space domainSpace;
  private final ImmutableList<Piece> pieces;

  private PwAff(Space domainSpace, List<Piece> pieces) {
    this.domainSpace = domainSpace;
    this.pieces = ImmutableList.copyOf(pieces);
  }

  public static PwAff empty(Space domainSpace) {
    checkArgument(!domainSpace.isMap(), "domain of a piecewise expression must be a set or parameter space, got %s", domainSpace);
    return new PwAff(domainSpace, List.of());
  }

  /** A piecewise expression from pieces with pairwise disjoint domains (not checked). */
  public static PwAff of(Space domainSpace, List<Piece> pieces) {
    checkArgument(!domainSpace.isMap(), "domain of a piecewise expression must be a set or parameter space, got %s", domainSpace);
    List<Piece> keep = new ArrayList<>();
    for (Piece p : pieces) {
      checkArgument(p.domain().space().equals(domainSpace), "piece over %s, expected %s", p.domain().space(), domainSpace);
      if (!p.domain().isMarkedEmpty()) keep.add(p);
    }
    return new PwAff(domainSpace, keep);
  }

  /** {@code a} on its whole domain space. */
  public static PwAff of(Aff a) {
    return of(a.space(), List.of(new Piece(BasicRelation.universe(a.space()), a)));
  }

  /** Reads isl notation with one output per piece, e.g. {@code [N] -> { [i] -> [(i + 1)] : i > 0 }}. */
  public static PwAff parse(String text) {
    AffParser.Parsed p = AffParser.parse(text);
    checkArgument(p.space().nOut() == 1 && !p.space().rangeTuple().isWrapping(), "expected one output per piece in %s", text);
    List<Piece> out = new ArrayList<>();
    for (PwMultiAff.Piece pc : p.pieces()) out.add(new Piece(pc.domain(), pc.value().get(0)));
    return of(MultiAff.domainSpace(p.space()), out);
  }

  public Space domainSpace() {
    return domainSpace;
  }

  public ImmutableList<Piece> pieces() {
    return pieces;
  }

  public int nPiece() {
    return pieces.size();
  }

  public boolean isEmpty() {
    return pieces.isEmpty();
  }

  public Relation domain() {
    List<BasicRelation> bs = new ArrayList<>();
    for (Piece p : pieces) bs.add(p.domain());
    return Relation.ofBasics(domainSpace, bs);
  }

  /** The value at a point (parameters then dimensions), empty where undefined. */
  public OptionalLong evaluate(long[] point) {
    for (Piece p : pieces) if (p.domain().contains(point)) return OptionalLong.of(p.value().evaluate(point));
    return OptionalLong.empty();
  }

  /** The function space: {@code D -> [v]} for a set domain D, {@code [v]} over the parameters. */
  public Space functionSpace() {
    Tuple v = Tuple.anonymous(null, 1);
    return domainSpace.isSet() ? Space.map(domainSpace.params(), domainSpace.tuple(), v) : Space.set(domainSpace.params(), v);
  }

  /** As a one-dimensional piecewise multi-affine function. */
  public PwMultiAff toPwMultiAff() {
    Space fs = functionSpace();
    List<PwMultiAff.Piece> out = new ArrayList<>();
    for (Piece p : pieces) out.add(new PwMultiAff.Piece(p.domain(), MultiAff.of(fs, List.of(p.value()))));
    return PwMultiAff.of(fs, out);
  }

  /** The graph as a relation in {@link #functionSpace()}. */
  public Relation toRelation() {
    return toPwMultiAff().toRelation();
  }

  /**
   * The same function with fewer, simpler pieces: the domains of pieces with equal values are
   * coalesced (see {@link PwMultiAff#coalesce()}).
   */
  public PwAff coalesce() {
    if (pieces.isEmpty()) return this;
    Map<Aff, List<BasicRelation>> groups = new LinkedHashMap<>();
    for (Piece p : pieces) groups.computeIfAbsent(p.value(), v -> new ArrayList<>()).add(p.domain());
    List<Piece> out = new ArrayList<>();
    for (Map.Entry<Aff, List<BasicRelation>> g : groups.entrySet()) {
      for (BasicRelation d : Relation.ofBasics(domainSpace, g.getValue()).coalesce().basics()) out.add(new Piece(d, g.getKey()));
    }
    return new PwAff(domainSpace, out);
  }

  public PwAff neg() {
    List<Piece> out = new ArrayList<>();
    for (Piece p : pieces) out.add(new Piece(p.domain(), p.value().neg()));
    return new PwAff(domainSpace, out);
  }

  /** Sum on the intersection of the domains. */
  public PwAff add(PwAff o) {
    return combine(o, Aff::add);
  }

  /** Difference on the intersection of the domains. */
  public PwAff sub(PwAff o) {
    return combine(o, Aff::sub);
  }

  private PwAff combine(PwAff o, BinaryOperator<Aff> op) {
    checkArgument(domainSpace.equals(o.domainSpace), "spaces differ: %s vs %s", domainSpace, o.domainSpace);
    List<Piece> out = new ArrayList<>();
    for (Piece a : pieces) {
      for (Piece b : o.pieces) {
        BasicRelation d = a.domain().intersect(b.domain());
        if (d.isMarkedEmpty() || d.isEmpty()) continue;
        out.add(new Piece(d, op.apply(a.value(), b.value())));
      }
    }
    return new PwAff(domainSpace, out);
  }

  /** {@code x -> this(inner(x))} where {@code inner(x)} lies in a piece domain. */
  public PwAff pullback(MultiAff inner) {
    List<Piece> out = new ArrayList<>();
    for (Piece p : pieces) {
      BasicRelation d = PwMultiAff.preimage(p.domain(), inner);
      if (!d.isMarkedEmpty()) out.add(new Piece(d, p.value().pullback(inner)));
    }
    return of(inner.domainSpace(), out);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PwAff p && p.domainSpace.equals(domainSpace) && p.pieces.equals(pieces);
  }

  @Override
  public int hashCode() {
    return domainSpace.hashCode() * 31 + pieces.hashCode();
  }

  /** isl notation, e.g. {@code [N] -> { [(N)] : N >= 0 }}. */
  @Override
  public String toString() {
    AffPrinter p = new AffPrinter(domainSpace);
    if (pieces.isEmpty()) return p.emptyFunction(Tuple.anonymous(null, 1));
    StringBuilder sb = new StringBuilder(p.prefix()).append("{ ");
    for (int k = 0; k < pieces.size(); k++) {
      if (k > 0) sb.append("; ");
      Piece pc = pieces.get(k);
      sb.append(p.domainTuple()).append("[(").append(p.expression(pc.value())).append(")]");
      String c = p.constraints(pc.domain());
      if (!c.isEmpty()) sb.append(" : ").append(c);
    }
    return sb.append(" }").toString();
  }
}
