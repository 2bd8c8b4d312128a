package dev.polyj.presburger.set;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.notation.IslParser;
import dev.polyj.presburger.notation.IslPrinter;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Function;

/**
 * A union of {@link Relation}s in different spaces, all over one list of parameters: isl's union
 * set / union map. Sets and maps may be mixed (iscc keeps them apart by use; operations that need
 * maps ignore sets and vice versa where isl would).
 *
 * <p>Immutable; at most one member per space (same tuples), empty members are kept out. The
 * spaces of empty members are remembered apart ({@link #emptySpaces}) so that a union with no
 * element still prints in its spaces, {@code [N] -> { A[i, j] -> B[i2] : false }}, and reads back
 * there; they take no part in the meaning (equality, emptiness, the members).
 */
public final class UnionRelation {
  private final ImmutableList<String> params;
  private final Map<Space, Relation> members; // key: the member's space
  private final ImmutableList<Space> emptySpaces; // spaces of empty members, none of them in members

  private UnionRelation(List<String> params, Map<Space, Relation> members) {
    this(params, members, ImmutableList.of());
  }

  private UnionRelation(List<String> params, Map<Space, Relation> members, List<Space> emptySpaces) {
    this.params = ImmutableList.copyOf(params);
    this.members = members;
    List<Space> kept = new ArrayList<>();
    for (Space e : emptySpaces) if (!members.containsKey(e) && !kept.contains(e)) kept.add(e);
    this.emptySpaces = ImmutableList.copyOf(kept);
  }

  // ---------------------------------------------------------------------------------------------
  // Factories

  public static UnionRelation empty(List<String> params) {
    return new UnionRelation(params, new LinkedHashMap<>());
  }

  public static UnionRelation of(Relation r) {
    return of(List.of(r));
  }

  /** The union of the relations; parameters are merged by name, same-space members united. */
  public static UnionRelation of(Collection<Relation> rs) {
    List<String> params = List.of();
    for (Relation r : rs) params = Space.mergeParams(params, r.space().params());
    Map<Space, Relation> m = new LinkedHashMap<>();
    List<Space> empty = new ArrayList<>();
    for (Relation r : rs) {
      Relation a = r.alignParams(params);
      if (a.nBasic() == 0) {
        empty.add(a.space());
        continue;
      }
      m.merge(a.space(), a, Relation::union);
    }
    return new UnionRelation(params, m, empty);
  }

  /** Parses isl notation of a union, e.g. {@code [N] -> { S[i] : i < N; T[i, j] }}. */
  public static UnionRelation parse(String text) {
    return IslParser.parseUnion(text);
  }

  // ---------------------------------------------------------------------------------------------
  // Accessors

  public ImmutableList<String> paramNames() {
    return params;
  }

  /** The members, one per space, in insertion order. */
  public List<Relation> relations() {
    return List.copyOf(members.values());
  }

  /** The member in the given space (parameters ignored), or an empty relation. */
  public Relation relation(Space space) {
    Space s = space.withParams(params);
    return members.getOrDefault(s, Relation.empty(s));
  }

  /**
   * The spaces of members known to be empty (read as {@code { S[i] : false }} or computed empty),
   * without a member in the union: where an empty union prints.
   */
  public ImmutableList<Space> emptySpaces() {
    return emptySpaces;
  }

  public int size() {
    return members.size();
  }

  /** True when every member is a set (an empty union counts as both). */
  public boolean isSetUnion() {
    return members.values().stream().allMatch(Relation::isSet);
  }

  public boolean isMapUnion() {
    return members.values().stream().allMatch(r -> r.space().isMap());
  }

  /** The single member when there is exactly one. */
  public Relation single() {
    if (members.size() != 1) throw new IllegalStateException("union has " + members.size() + " spaces, expected one");
    return members.values().iterator().next();
  }

  // ---------------------------------------------------------------------------------------------
  // Generic machinery

  /** The union of {@code f} applied to each member; null results are skipped. */
  public UnionRelation map(Function<Relation, Relation> f) {
    List<Relation> out = new ArrayList<>();
    for (Relation r : members.values()) {
      Relation x = f.apply(r);
      if (x != null) out.add(x);
    }
    for (Space e : emptySpaces) {
      // where the result of an empty member lies, when f says it (its value is empty whatever f is)
      Relation x;
      try {
        x = f.apply(Relation.empty(e));
      } catch (RuntimeException ex) {
        continue;
      }
      if (x != null) out.add(Relation.empty(x.space()));
    }
    return ofAligned(out);
  }

  /** The union of {@code f(a, b)} over member pairs for which {@code applies(a, b)}. */
  public UnionRelation pairwise(UnionRelation other, BiPredicate<Relation, Relation> applies,
      BiFunction<Relation, Relation, Relation> f) {
    UnionRelation[] ab = aligned(this, other);
    List<Relation> out = new ArrayList<>();
    for (Relation a : ab[0].members.values()) {
      for (Relation b : ab[1].members.values()) {
        if (applies.test(a, b)) {
          Relation x = f.apply(a, b);
          if (x != null) out.add(x);
        }
      }
    }
    // the spaces of the results of empty members (their values are empty)
    if (!ab[0].emptySpaces.isEmpty() || !ab[1].emptySpaces.isEmpty()) {
      List<Relation> as = ab[0].withEmptyMembers();
      List<Relation> bs = ab[1].withEmptyMembers();
      for (Relation a : as) {
        for (Relation b : bs) {
          if (a.nBasic() > 0 && b.nBasic() > 0) continue;
          try {
            if (!applies.test(a, b)) continue;
            Relation x = f.apply(a, b);
            if (x != null) out.add(Relation.empty(x.space()));
          } catch (RuntimeException ex) {
            // no result space for this pair
          }
        }
      }
    }
    return ofAligned(out);
  }

  /** The members and, as empty relations, the empty spaces. */
  private List<Relation> withEmptyMembers() {
    List<Relation> all = new ArrayList<>(members.values());
    for (Space e : emptySpaces) all.add(Relation.empty(e));
    return all;
  }

  private UnionRelation ofAligned(List<Relation> rs) {
    UnionRelation u = of(rs);
    return u.params.equals(params) || rs.isEmpty() ? (rs.isEmpty() ? empty(params) : u) : u;
  }

  static UnionRelation[] aligned(UnionRelation a, UnionRelation b) {
    if (a.params.equals(b.params)) return new UnionRelation[] {a, b};
    List<String> p = Space.mergeParams(a.params, b.params);
    return new UnionRelation[] {a.alignParams(p), b.alignParams(p)};
  }

  public UnionRelation alignParams(List<String> newParams) {
    Map<Space, Relation> m = new LinkedHashMap<>();
    for (Relation r : members.values()) {
      Relation a = r.alignParams(newParams);
      m.put(a.space(), a);
    }
    List<Space> empty = new ArrayList<>();
    for (Space e : emptySpaces) empty.add(e.withParams(newParams));
    return new UnionRelation(newParams, m, empty);
  }

  private static boolean sameTuples(Relation a, Relation b) {
    return a.space().tuplesMatch(b.space());
  }

  // ---------------------------------------------------------------------------------------------
  // Decisions

  public boolean isEmpty() {
    for (Relation r : members.values()) if (!r.isEmpty()) return false;
    return true;
  }

  public boolean isSubset(UnionRelation other) {
    return subtract(other).isEmpty();
  }

  public boolean isEqual(UnionRelation other) {
    return isSubset(other) && other.isSubset(this);
  }

  public boolean isDisjoint(UnionRelation other) {
    return intersect(other).isEmpty();
  }

  // ---------------------------------------------------------------------------------------------
  // Boolean operations

  public UnionRelation union(UnionRelation other) {
    UnionRelation[] ab = aligned(this, other);
    List<Relation> all = new ArrayList<>(ab[0].members.values());
    all.addAll(ab[1].members.values());
    for (UnionRelation x : ab) for (Space e : x.emptySpaces) all.add(Relation.empty(e));
    return of(all).alignParams(ab[0].params);
  }

  public UnionRelation intersect(UnionRelation other) {
    return pairwise(other, UnionRelation::sameTuples, Relation::intersect);
  }

  public UnionRelation subtract(UnionRelation other) {
    UnionRelation[] ab = aligned(this, other);
    List<Relation> out = new ArrayList<>();
    for (Relation a : ab[0].members.values()) {
      Relation b = ab[1].members.get(a.space());
      out.add(b == null ? a : a.subtract(b));
    }
    for (Space e : ab[0].emptySpaces) out.add(Relation.empty(e));
    return ofAligned(out).alignParams(ab[0].params);
  }

  public UnionRelation coalesce() {
    return map(Relation::coalesce);
  }

  /** Gist of each member with respect to the context member in the same space (or a parameter context). */
  public UnionRelation gist(UnionRelation context) {
    UnionRelation[] ab = aligned(this, context);
    List<Relation> out = new ArrayList<>();
    for (Relation a : ab[0].members.values()) {
      Relation c = ab[1].members.get(a.space());
      if (c == null) {
        for (Relation p : ab[1].members.values()) {
          if (p.space().isParams()) c = p;
        }
        out.add(c == null ? a : a.intersectParams(c).gist(Relation.universe(a.space()).intersectParams(c)));
      } else {
        out.add(a.gist(c));
      }
    }
    return ofAligned(out);
  }

  // ---------------------------------------------------------------------------------------------
  // Relational algebra, member by member

  public UnionRelation reverse() {
    return map(r -> r.space().isMap() ? r.reverse() : null);
  }

  public UnionRelation domain() {
    return map(r -> r.space().isMap() ? r.domain() : null);
  }

  public UnionRelation range() {
    return map(r -> r.space().isMap() ? r.range() : null);
  }

  /** The parameter domain where some member is non-empty. */
  public UnionRelation params() {
    Relation acc = Relation.empty(Space.params(params));
    for (Relation r : members.values()) acc = acc.union(r.params());
    return of(acc);
  }

  /** A set's image under a map, or the composition of maps "this, then m" (iscc's {@code m(s)} / {@code s.m}). */
  public UnionRelation apply(UnionRelation m) {
    return pairwise(m, (a, b) -> b.space().isMap() && (a.space().isSet()
        ? a.space().tuple().equals(b.space().domainTuple())
        : a.space().isMap() && a.space().rangeTuple().equals(b.space().domainTuple())), Relation::apply);
  }

  public UnionRelation applyDomain(UnionRelation m) {
    return pairwise(m, (a, b) -> a.space().isMap() && b.space().isMap()
        && a.space().domainTuple().equals(b.space().domainTuple()), Relation::applyDomain);
  }

  public UnionRelation intersectDomain(UnionRelation sets) {
    return pairwise(sets, (a, b) -> a.space().isMap() && b.space().isSet()
        && a.space().domainTuple().equals(b.space().tuple()), Relation::intersectDomain);
  }

  public UnionRelation intersectRange(UnionRelation sets) {
    return pairwise(sets, (a, b) -> a.space().isMap() && b.space().isSet()
        && a.space().rangeTuple().equals(b.space().tuple()), Relation::intersectRange);
  }

  public UnionRelation subtractDomain(UnionRelation sets) {
    UnionRelation[] ab = aligned(this, sets);
    return ab[0].map(r -> {
      if (!r.space().isMap()) return r;
      Relation s = ab[1].members.get(r.space().domain());
      return s == null ? r : r.subtractDomain(s);
    });
  }

  public UnionRelation subtractRange(UnionRelation sets) {
    UnionRelation[] ab = aligned(this, sets);
    return ab[0].map(r -> {
      if (!r.space().isMap()) return r;
      Relation s = ab[1].members.get(r.space().range());
      return s == null ? r : r.subtractRange(s);
    });
  }

  public UnionRelation identity() {
    return map(r -> r.isSet() ? r.identity() : null);
  }

  /** The universal maps between all pairs of member sets (iscc's {@code A -> B}). */
  public UnionRelation mapTo(UnionRelation other) {
    return pairwise(other, (a, b) -> a.isSet() && b.isSet(), Relation::mapTo);
  }

  public UnionRelation product(UnionRelation other) {
    return pairwise(other, (a, b) -> a.space().kind() == b.space().kind(), Relation::product);
  }

  public UnionRelation cross(UnionRelation other) {
    return pairwise(other, (a, b) -> a.space().kind() == b.space().kind(), Relation::cross);
  }

  public UnionRelation domainProduct(UnionRelation other) {
    return pairwise(other, (a, b) -> a.space().isMap() && b.space().isMap()
        && a.space().rangeTuple().equals(b.space().rangeTuple()), Relation::domainProduct);
  }

  public UnionRelation rangeProduct(UnionRelation other) {
    return pairwise(other, (a, b) -> a.space().isMap() && b.space().isMap()
        && a.space().domainTuple().equals(b.space().domainTuple()), Relation::rangeProduct);
  }

  public UnionRelation wrap() {
    return map(r -> r.space().isMap() ? r.wrap() : null);
  }

  public UnionRelation unwrap() {
    return map(r -> r.isSet() && r.space().tuple().isWrapping() ? r.unwrap() : null);
  }

  public UnionRelation curry() {
    return map(r -> r.space().isMap() && r.space().domainTuple().isWrapping() ? r.curry() : null);
  }

  public UnionRelation uncurry() {
    return map(r -> r.space().isMap() && r.space().rangeTuple().isWrapping() ? r.uncurry() : null);
  }

  public UnionRelation zip() {
    return map(r -> r.space().isMap() && r.space().domainTuple().isWrapping()
        && r.space().rangeTuple().isWrapping() ? r.zip() : null);
  }

  public UnionRelation domainMap() {
    return map(r -> r.space().isMap() ? r.domainMap() : null);
  }

  public UnionRelation rangeMap() {
    return map(r -> r.space().isMap() ? r.rangeMap() : null);
  }

  /** Deltas of the members whose domain and range spaces are the same (others are skipped, as in isl). */
  public UnionRelation deltas() {
    return map(r -> r.space().isMap() && r.space().domainTuple().equals(r.space().rangeTuple()) ? r.deltas() : null);
  }

  public UnionRelation deltasMap() {
    return map(r -> r.space().isMap() && r.space().domainTuple().equals(r.space().rangeTuple()) ? r.deltasMap() : null);
  }

  /** One point of some non-empty member, as a union with one point (empty when there is none). */
  public UnionRelation sample() {
    for (Relation r : members.values()) {
      Relation s = r.sample();
      if (!s.isEmpty()) return of(s);
    }
    return empty(params);
  }

  /** Transitive closure of a union of maps; the flag says whether it is exact. */
  public TransitiveClosure.UnionResult transitiveClosure() {
    return TransitiveClosure.compute(this);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof UnionRelation u && u.params.equals(params) && u.members.equals(members);
  }

  @Override
  public int hashCode() {
    return params.hashCode() * 31 + members.hashCode();
  }

  /** isl notation of the union; isl reads it back as the same union. */
  @Override
  public String toString() {
    return IslPrinter.print(this);
  }
}
