package dev.polyj.presburger.set;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.notation.IslParser;
import dev.polyj.presburger.notation.IslPrinter;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * A finite union of {@link BasicRelation}s in one {@link Space}: isl's set / map. When the space is
 * a set space this is a set of integer tuples; when it is a map space, a binary relation.
 *
 * <p>Immutable. {@code equals} is structural; {@link #isEqual} compares point sets exactly.
 */
public final class Relation {
  private final Space space;
  private final ImmutableList<BasicRelation> basics;

  private Relation(Space space, List<BasicRelation> basics) {
    this.space = space;
    this.basics = ImmutableList.copyOf(basics);
  }

  // ---------------------------------------------------------------------------------------------
  // Factories

  public static Relation empty(Space space) {
    return new Relation(space, List.of());
  }

  public static Relation universe(Space space) {
    return new Relation(space, List.of(BasicRelation.universe(space)));
  }

  public static Relation of(BasicRelation b) {
    return new Relation(b.space(), b.isMarkedEmpty() ? List.of() : List.of(b));
  }

  /** The union of basic relations of one space; marked-empty ones and duplicates are dropped. */
  public static Relation ofBasics(Space space, Collection<BasicRelation> basics) {
    java.util.LinkedHashSet<BasicRelation> keep = new java.util.LinkedHashSet<>();
    for (BasicRelation b : basics) {
      checkArgument(b.space().equals(space), "basic relation in %s, expected %s", b.space(), space);
      if (!b.isMarkedEmpty()) keep.add(b);
    }
    return new Relation(space, new ArrayList<>(keep));
  }

  /** Parses isl notation, e.g. {@code [N] -> { S[i] : 0 <= i < N }}; must denote one space. */
  public static Relation parse(String text) {
    return IslParser.parseRelation(text);
  }

  // ---------------------------------------------------------------------------------------------
  // Accessors

  public Space space() {
    return space;
  }

  public boolean isSet() {
    return space.isSet();
  }

  public ImmutableList<BasicRelation> basics() {
    return basics;
  }

  public int nBasic() {
    return basics.size();
  }

  // ---------------------------------------------------------------------------------------------
  // Decisions

  public boolean isEmpty() {
    for (BasicRelation b : basics) if (!b.isEmpty()) return false;
    return true;
  }

  /** True when every point of this relation is in {@code other}. */
  public boolean isSubset(Relation other) {
    return subtract(other).isEmpty();
  }

  public boolean isEqual(Relation other) {
    Relation[] ab = aligned(this, other);
    return ab[0].isSubset(ab[1]) && ab[1].isSubset(ab[0]);
  }

  /**
   * True when every input (with the parameters) is related to at most one output (isl's
   * {@code is_single_valued}). A single basic relation without locals in which an equality fixes
   * each output from the inputs and parameters alone is answered from its rows; otherwise the
   * outputs that share an input ({@code reverse().apply(this)}) must all be equal.
   */
  public boolean isSingleValued() {
    checkArgument(space.isMap(), "isSingleValued needs a map, got %s", space);
    if (basics.size() == 1 && outputsFixedByEqualities(basics.get(0))) return true;
    Relation sharing = reverse().apply(this);
    return sharing.isSubset(sharing.domain().identity());
  }

  /**
   * Whether each output of {@code b} appears, alone among the outputs and the locals, in an
   * equality: the inputs and parameters then fix it (locals, e.g. {@code (i) mod 2 = 0}, only
   * restrict where the relation is defined).
   */
  private static boolean outputsFixedByEqualities(BasicRelation b) {
    for (int o = 0; o < b.nOut(); o++) {
      boolean fixed = false;
      for (long[] eq : b.equalities()) {
        if (eq[b.outCol(o)] == 0) continue;
        boolean alone = true;
        for (int q = 0; q < b.nOut() && alone; q++) alone = q == o || eq[b.outCol(q)] == 0;
        for (int l = 0; l < b.nLocal() && alone; l++) alone = eq[b.localCol(l)] == 0;
        fixed |= alone;
      }
      if (!fixed) return false;
    }
    return true;
  }

  public boolean isDisjoint(Relation other) {
    return intersect(other).isEmpty();
  }

  /** True when the point (parameter values, then dimension values) lies in the relation. */
  public boolean contains(long[] point) {
    for (BasicRelation b : basics) if (b.contains(point)) return true;
    return false;
  }

  // ---------------------------------------------------------------------------------------------
  // Boolean operations (parameters are aligned by name first)

  public Relation union(Relation other) {
    Relation[] ab = aligned(this, other);
    List<BasicRelation> all = new ArrayList<>(ab[0].basics);
    all.addAll(ab[1].basics);
    return ofBasics(ab[0].space, all);
  }

  public Relation intersect(Relation other) {
    Relation[] ab = aligned(this, other);
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation x : ab[0].basics) {
      for (BasicRelation y : ab[1].basics) {
        BasicRelation z = x.intersect(y);
        if (!z.isMarkedEmpty()) out.add(z);
      }
    }
    return ofBasics(ab[0].space, out);
  }

  public Relation subtract(Relation other) {
    Relation[] ab = aligned(this, other);
    return Subtraction.subtract(ab[0], ab[1]);
  }

  public Relation complement() {
    return Subtraction.subtract(universe(space), this);
  }

  /** Drops empty pieces (exact emptiness test). */
  public Relation removeEmpty() {
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : basics) if (!b.isEmpty()) out.add(b);
    return out.size() == basics.size() ? this : ofBasics(space, out);
  }

  /** Fewer, larger pieces with the same points (isl's coalesce). */
  public Relation coalesce() {
    return Coalescing.coalesce(this);
  }

  /**
   * {@link #coalesce()} within a bound on the work that does not depend on the machine: at most
   * {@code maxTests} pairs of pieces are tried, and two pieces whose divisions differ are merged only
   * as they are (their divisions are not rewritten to match). The same points, in as few pieces as
   * were merged within those limits.
   */
  public Relation coalesceWithin(long maxTests) {
    checkArgument(maxTests >= 0, "maxTests must be non-negative, got %s", maxTests);
    return Coalescing.coalesce(this, true, maxTests, false);
  }

  /** Simplifies this relation under the assumption that {@code context} holds (isl's gist). */
  public Relation gist(Relation context) {
    Relation[] ab = aligned(this, context);
    return Gist.gist(ab[0], ab[1]);
  }

  /** Every local is made a known integer division (a union of pieces; see {@link DivComputation}). */
  public Relation computeDivs() {
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : basics) out.addAll(DivComputation.computeDivs(b).basics());
    return ofBasics(space, out);
  }

  // ---------------------------------------------------------------------------------------------
  // Hulls, samples, redundancy

  /** The smallest affine subspace containing every point (isl's affine_hull), exact over integers. */
  public BasicRelation affineHull() {
    return Hulls.affineHull(this);
  }

  /**
   * The smallest rational polyhedron without existentials containing every piece (isl's
   * polyhedral_hull): the convex hull of the pieces, their existentials projected out rationally.
   */
  public BasicRelation polyhedralHull() {
    return PolyhedralHull.of(this);
  }

  /** A basic relation containing this one, bounded by translates of its pieces' constraints (isl's simple_hull). */
  public BasicRelation simpleHull() {
    return Hulls.simpleHull(this);
  }

  /** Some point of the relation (parameter values then dimension values), or empty when there is none. */
  public java.util.Optional<long[]> samplePoint() {
    return Sampling.samplePoint(this);
  }

  /** A relation holding exactly one point of this one, or the empty relation (iscc's sample). */
  public Relation sample() {
    return Sampling.sample(this);
  }

  /** Each piece with redundant constraints removed and implicit equalities made explicit. */
  public Relation removeRedundancies() {
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : basics) {
      BasicRelation s = Redundancy.simplify(b);
      if (!s.isMarkedEmpty()) out.add(s);
    }
    return ofBasics(space, out);
  }

  // ---------------------------------------------------------------------------------------------
  // Relational algebra (see RelationAlgebra for the precise meaning of each)

  public Relation reverse() {
    return RelationAlgebra.reverse(this);
  }

  /** The domain of a map (a set); for a set, its parameter domain is {@link #params()}. */
  public Relation domain() {
    return RelationAlgebra.domain(this);
  }

  /** The range of a map (a set). */
  public Relation range() {
    return RelationAlgebra.range(this);
  }

  /** The parameter values for which the relation is non-empty (a parameter domain). */
  public Relation params() {
    return RelationAlgebra.params(this);
  }

  /** For a set: its image under map {@code m}. For a map: composition "this, then m" (isl's apply_range). */
  public Relation apply(Relation m) {
    return RelationAlgebra.apply(this, m);
  }

  /** For this map {@code A -> B} and {@code m: A -> C}, the map {@code C -> B} (isl's apply_domain). */
  public Relation applyDomain(Relation m) {
    return RelationAlgebra.applyDomain(this, m);
  }

  public Relation intersectDomain(Relation set) {
    return RelationAlgebra.intersectDomain(this, set);
  }

  public Relation intersectRange(Relation set) {
    return RelationAlgebra.intersectRange(this, set);
  }

  public Relation subtractDomain(Relation set) {
    return RelationAlgebra.subtractDomain(this, set);
  }

  public Relation subtractRange(Relation set) {
    return RelationAlgebra.subtractRange(this, set);
  }

  /** Restricts the parameters to a parameter domain. */
  public Relation intersectParams(Relation paramSet) {
    return RelationAlgebra.intersectParams(this, paramSet);
  }

  /** Identity map on a set's points. */
  public Relation identity() {
    return RelationAlgebra.identity(this);
  }

  /** The universal map from this set to {@code range} (iscc's {@code A -> B}). */
  public Relation mapTo(Relation range) {
    return RelationAlgebra.mapTo(this, range);
  }

  /** Product: sets give {@code [A -> B]}; maps give {@code [A -> C] -> [B -> D]}. */
  public Relation product(Relation other) {
    return RelationAlgebra.product(this, other);
  }

  public Relation domainProduct(Relation other) {
    return RelationAlgebra.domainProduct(this, other);
  }

  public Relation rangeProduct(Relation other) {
    return RelationAlgebra.rangeProduct(this, other);
  }

  /** Cross product (iscc's {@code cross}). */
  public Relation cross(Relation other) {
    return RelationAlgebra.cross(this, other);
  }

  public Relation wrap() {
    return RelationAlgebra.wrap(this);
  }

  public Relation unwrap() {
    return RelationAlgebra.unwrap(this);
  }

  public Relation curry() {
    return RelationAlgebra.curry(this);
  }

  public Relation uncurry() {
    return RelationAlgebra.uncurry(this);
  }

  public Relation zip() {
    return RelationAlgebra.zip(this);
  }

  /** {@code [A -> B] -> A} for a map {@code A -> B}. */
  public Relation domainMap() {
    return RelationAlgebra.domainMap(this);
  }

  /** {@code [A -> B] -> B} for a map {@code A -> B}. */
  public Relation rangeMap() {
    return RelationAlgebra.rangeMap(this);
  }

  /** Existentially quantifies {@code n} dimensions of {@code kind} starting at {@code first}. */
  public Relation projectOut(DimKind kind, int first, int n) {
    return RelationAlgebra.projectOut(this, kind, first, n);
  }

  /** Fixes a dimension to a value. */
  public Relation fix(DimKind kind, int pos, long value) {
    return RelationAlgebra.fix(this, kind, pos, value);
  }

  /** Adds the constraint dim(kind1, pos1) = dim(kind2, pos2). */
  public Relation equate(DimKind kind1, int pos1, DimKind kind2, int pos2) {
    return RelationAlgebra.equate(this, kind1, pos1, kind2, pos2);
  }

  /** {@code { y - x : x -> y in this }} for a map whose domain and range are the same space. */
  public Relation deltas() {
    return RelationAlgebra.deltas(this);
  }

  /** {@code { [x -> y] -> (y - x) }} restricted to this map (isl's deltas_map). */
  public Relation deltasMap() {
    return RelationAlgebra.deltasMap(this);
  }

  /** The positive transitive closure R+ with an exactness flag. */
  public TransitiveClosure.Result transitiveClosure() {
    return TransitiveClosure.compute(this);
  }

  /** {@code { x -> y : x << y }} between the points of two set spaces of equal arity (isl's lex_lt). */
  public static Relation lexLt(Space a, Space b) {
    return RelationAlgebra.lexLt(a, b);
  }

  public static Relation lexLe(Space a, Space b) {
    return RelationAlgebra.lexLe(a, b);
  }

  public static Relation lexGt(Space a, Space b) {
    return RelationAlgebra.lexGt(a, b);
  }

  public static Relation lexGe(Space a, Space b) {
    return RelationAlgebra.lexGe(a, b);
  }

  /** Aligns the parameters of both to the union of their parameter names. */
  static Relation[] aligned(Relation a, Relation b) {
    checkArgument(a.space.tuplesMatch(b.space), "spaces do not match: %s vs %s", a.space, b.space);
    if (a.space.params().equals(b.space.params())) return new Relation[] {a, b};
    List<String> params = Space.mergeParams(a.space.params(), b.space.params());
    return new Relation[] {a.alignParams(params), b.alignParams(params)};
  }

  /** This relation over the parameter list {@code params}, which must contain all of its own. */
  public Relation alignParams(List<String> params) {
    if (params.equals(space.params())) return this;
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : basics) out.add(b.alignParams(params));
    return new Relation(space.withParams(params), out);
  }

  /** The same relation with the tuples of {@code s} (same layout), e.g. to rename tuples. */
  public Relation withSpace(Space s) {
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : basics) out.add(b.withSpace(s));
    return new Relation(s, out);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Relation r && r.space.equals(space) && r.basics.equals(basics);
  }

  @Override
  public int hashCode() {
    return space.hashCode() * 31 + basics.hashCode();
  }

  /** isl notation; isl reads it back as the same set. */
  @Override
  public String toString() {
    return IslPrinter.print(this);
  }

  static List<BasicRelation> list(BasicRelation... bs) {
    return Arrays.asList(bs);
  }
}
