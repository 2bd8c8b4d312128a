package dev.polyj.presburger.aff;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A piecewise multi-affine function (isl's pw_multi_aff): disjoint basic domains, each with a
 * {@link MultiAff}. Outside the union of the domains the function has no value.
 *
 * <p>The space is that of {@link MultiAff}: a map space (function of the parameters and the
 * domain tuple) or a set space (function of the parameters only).
 */
public final class PwMultiAff {
  /** A domain and the function on it. */
  public record Piece(BasicRelation domain, MultiAff value) {
    public Piece {
      checkArgument(domain.space().equals(value.domainSpace()), "piece domain in %s, function over %s", domain.space(), value.domainSpace());
    }
  }

  private final Space space;
  private final ImmutableList<Piece> pieces;

  private PwMultiAff(Space space, List<Piece> pieces) {
    this.space = space;
    this.pieces = ImmutableList.copyOf(pieces);
  }

  /** The function without any piece (defined nowhere). */
  public static PwMultiAff empty(Space space) {
    checkArgument(!space.isParams(), "a function needs a range tuple, got %s", space);
    return new PwMultiAff(space, List.of());
  }

  /** A piecewise function from pieces whose domains are pairwise disjoint (not checked). */
  public static PwMultiAff of(Space space, List<Piece> pieces) {
    for (Piece p : pieces) checkArgument(p.value().space().equals(space), "piece in %s, expected %s", p.value().space(), space);
    List<Piece> keep = new ArrayList<>();
    for (Piece p : pieces) if (!p.domain().isMarkedEmpty()) keep.add(p);
    return new PwMultiAff(space, keep);
  }

  /** One piece. */
  public static PwMultiAff of(BasicRelation domain, MultiAff value) {
    return of(value.space(), List.of(new Piece(domain, value)));
  }

  /**
   * Reads isl notation, e.g. {@code [N] -> { S[i] -> [(i + 1), (N)] : i > 0; S[i] -> [(0), (N)] : i <= 0 }},
   * the form {@link #toString()} writes (see {@link AffParser} for the expressions accepted).
   */
  public static PwMultiAff parse(String text) {
    AffParser.Parsed p = AffParser.parse(text);
    return of(p.space(), p.pieces());
  }

  public Space space() {
    return space;
  }

  public Space domainSpace() {
    return MultiAff.domainSpace(space);
  }

  public ImmutableList<Piece> pieces() {
    return pieces;
  }

  public int nPiece() {
    return pieces.size();
  }

  /** True when the function has no piece. */
  public boolean isEmpty() {
    return pieces.isEmpty();
  }

  /** Number of output dimensions. */
  public int size() {
    return space.nOut();
  }

  /** The union of the piece domains. */
  public Relation domain() {
    List<BasicRelation> bs = new ArrayList<>();
    for (Piece p : pieces) bs.add(p.domain());
    return Relation.ofBasics(domainSpace(), bs);
  }

  /** The value at a point of the domain space (parameters then dimensions), empty where undefined. */
  public Optional<long[]> evaluate(long[] point) {
    for (Piece p : pieces) if (p.domain().contains(point)) return Optional.of(p.value().evaluate(point));
    return Optional.empty();
  }

  /** Output {@code i} as a piecewise quasi-affine function. */
  public PwAff get(int i) {
    checkArgument(i >= 0 && i < size(), "output %s out of range", i);
    List<PwAff.Piece> out = new ArrayList<>();
    for (Piece p : pieces) out.add(new PwAff.Piece(p.domain(), p.value().get(i)));
    return PwAff.of(domainSpace(), out);
  }

  /**
   * The same function with fewer, simpler pieces (isl's {@code pw_multi_aff_coalesce}): the
   * domains of pieces with equal values are coalesced (merged where their union is convex, each
   * with its redundant constraints removed). Exact: every resulting domain is the union of some of
   * the original ones, so domains stay pairwise disjoint.
   */
  public PwMultiAff coalesce() {
    if (pieces.isEmpty()) return this;
    Map<MultiAff, List<BasicRelation>> groups = new LinkedHashMap<>();
    for (Piece p : pieces) groups.computeIfAbsent(p.value(), v -> new ArrayList<>()).add(p.domain());
    List<Piece> out = new ArrayList<>();
    for (Map.Entry<MultiAff, List<BasicRelation>> g : groups.entrySet()) {
      for (BasicRelation d : Relation.ofBasics(domainSpace(), g.getValue()).coalesce().basics()) {
        out.add(new Piece(d, g.getKey()));
      }
    }
    return new PwMultiAff(space, out);
  }

  /** The graph {@code { x -> f(x) }} as a relation in {@link #space()}. */
  public Relation toRelation() {
    List<BasicRelation> out = new ArrayList<>();
    for (Piece p : pieces) {
      BasicRelation g = p.value().toBasicRelation().intersect(liftDomain(p.domain(), space));
      if (!g.isMarkedEmpty()) out.add(g);
    }
    return Relation.ofBasics(space, out);
  }

  /** A basic relation over the domain space of functions in {@code fs}, as a relation in {@code fs}. */
  static BasicRelation liftDomain(BasicRelation dom, Space fs) {
    int[] map = new int[dom.nVar()];
    for (int v = 0; v < map.length; v++) map[v] = v; // params, then domain dims = input dims
    return dom.mapVariables(fs, map);
  }

  /**
   * {@code x -> this(inner(x))}, defined where {@code inner(x)} lies in a piece domain; the range
   * of {@code inner} must be this function's domain.
   */
  public PwMultiAff pullback(MultiAff inner) {
    List<Piece> out = new ArrayList<>();
    Space target = null;
    for (Piece p : pieces) {
      MultiAff v = p.value().pullback(inner);
      target = v.space();
      BasicRelation d = preimage(p.domain(), inner);
      if (!d.isMarkedEmpty()) out.add(new Piece(d, v));
    }
    if (target == null) {
      target = inner.space().isMap()
          ? Space.map(inner.space().params(), inner.space().domainTuple(), space.rangeTuple())
          : Space.set(inner.space().params(), space.rangeTuple());
    }
    return of(target, out);
  }

  /** {@code { x : inner(x) in dom }} over the domain space of {@code inner}. */
  static BasicRelation preimage(BasicRelation dom, MultiAff inner) {
    Space is = inner.space();
    BasicRelation graph = inner.toBasicRelation();
    Space innerDom = inner.domainSpace();
    // dom's params are matched by name to inner's; dom's dims are inner's outputs
    int[] map = new int[dom.nVar()];
    for (int p = 0; p < dom.nParam(); p++) {
      int j = is.params().indexOf(dom.space().params().get(p));
      checkArgument(j >= 0, "parameter %s missing from %s", dom.space().params().get(p), is);
      map[p] = j;
    }
    for (int i = 0; i < dom.space().nDim(); i++) map[dom.nParam() + i] = innerDom.nVar() + i;
    BasicRelation both = graph.intersect(dom.mapVariables(is, map));
    int[] proj = new int[is.nVar()];
    for (int v = 0; v < proj.length; v++) proj[v] = v < innerDom.nVar() ? v : -1;
    return both.mapVariables(innerDom, proj);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PwMultiAff p && p.space.equals(space) && p.pieces.equals(pieces);
  }

  @Override
  public int hashCode() {
    return space.hashCode() * 31 + pieces.hashCode();
  }

  /** isl notation, e.g. {@code [N] -> { S[i] -> [(N - i)] : i >= 0; S[i] -> [(0)] : i <= -1 }}. */
  @Override
  public String toString() {
    AffPrinter p = new AffPrinter(domainSpace());
    if (pieces.isEmpty()) return p.emptyFunction(space.rangeTuple());
    StringBuilder sb = new StringBuilder(p.prefix()).append("{ ");
    for (int k = 0; k < pieces.size(); k++) {
      if (k > 0) sb.append("; ");
      Piece pc = pieces.get(k);
      sb.append(pc.value().body(p));
      String c = p.constraints(pc.domain());
      if (!c.isEmpty()) sb.append(" : ").append(c);
    }
    return sb.append(" }").toString();
  }
}
