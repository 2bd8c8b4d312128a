package dev.polyj.presburger.space;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * The space of a set or relation: named parameters and one tuple (a set), two tuples (a relation)
 * or none (a parameter domain).
 *
 * <p>Columns of constraint rows follow the space: the constant, then parameters, then the input
 * (domain) dimensions, then the output (range or set) dimensions, then local variables. For a set,
 * {@link #nIn()} is 0 and the set dimensions are the "out" dimensions, as in isl.
 *
 * <p>Identity ignores dimension labels (see {@link Tuple}) but includes parameter names in order.
 */
public final class Space {
  /** What kind of object lives in the space. */
  public enum Kind {
    PARAMS,
    SET,
    MAP
  }

  private final Kind kind;
  private final ImmutableList<String> params;
  private final Tuple domain; // MAP only
  private final Tuple range; // SET and MAP

  private Space(Kind kind, List<String> params, Tuple domain, Tuple range) {
    this.kind = kind;
    this.params = ImmutableList.copyOf(params);
    this.domain = domain;
    this.range = range;
    checkArgument(new LinkedHashSet<>(params).size() == params.size(), "duplicate parameter in %s", params);
  }

  public static Space params(List<String> params) {
    return new Space(Kind.PARAMS, params, null, null);
  }

  public static Space set(List<String> params, Tuple tuple) {
    return new Space(Kind.SET, params, null, checkNotNull(tuple));
  }

  public static Space map(List<String> params, Tuple domain, Tuple range) {
    return new Space(Kind.MAP, params, checkNotNull(domain), checkNotNull(range));
  }

  /** An anonymous set space {@code [p...] -> { [i0, ..., i(n-1)] }}. */
  public static Space set(List<String> params, int dims) {
    return set(params, Tuple.anonymous(null, dims));
  }

  /** An anonymous map space {@code [p...] -> { [n_in dims] -> [n_out dims] }}. */
  public static Space map(List<String> params, int nIn, int nOut) {
    return map(params, Tuple.anonymous(null, nIn), Tuple.anonymous(null, nOut));
  }

  public Kind kind() {
    return kind;
  }

  public boolean isSet() {
    return kind == Kind.SET;
  }

  public boolean isMap() {
    return kind == Kind.MAP;
  }

  public boolean isParams() {
    return kind == Kind.PARAMS;
  }

  public ImmutableList<String> params() {
    return params;
  }

  public int nParam() {
    return params.size();
  }

  /** Number of input dimensions (0 for sets and parameter domains). */
  public int nIn() {
    return domain == null ? 0 : domain.arity();
  }

  /** Number of output dimensions (the set dimensions of a set; 0 for parameter domains). */
  public int nOut() {
    return range == null ? 0 : range.arity();
  }

  /** Number of non-parameter dimensions. */
  public int nDim() {
    return nIn() + nOut();
  }

  /** Number of variable columns: parameters plus dimensions (locals not included). */
  public int nVar() {
    return nParam() + nDim();
  }

  /** The domain tuple of a map. */
  public Tuple domainTuple() {
    checkArgument(kind == Kind.MAP, "space %s has no domain tuple", this);
    return domain;
  }

  /** The range tuple of a map, or the tuple of a set. */
  public Tuple rangeTuple() {
    checkArgument(kind != Kind.PARAMS, "parameter space %s has no tuple", this);
    return range;
  }

  /** The set tuple (same as {@link #rangeTuple()} for sets). */
  public Tuple tuple() {
    checkArgument(kind == Kind.SET, "space %s is not a set space", this);
    return range;
  }

  public Space withParams(List<String> newParams) {
    return new Space(kind, newParams, domain, range);
  }

  public Space withRangeTuple(Tuple t) {
    checkArgument(kind != Kind.PARAMS, "parameter space has no tuple");
    return new Space(kind, params, domain, t);
  }

  public Space withDomainTuple(Tuple t) {
    checkArgument(kind == Kind.MAP, "space %s is not a map space", this);
    return new Space(kind, params, t, range);
  }

  /** The space of the parameter domain. */
  public Space paramsSpace() {
    return params(params);
  }

  /** The domain of a map, as a set space. */
  public Space domain() {
    checkArgument(kind == Kind.MAP, "domain of non-map space %s", this);
    return set(params, domain);
  }

  /** The range of a map, as a set space. */
  public Space range() {
    checkArgument(kind == Kind.MAP, "range of non-map space %s", this);
    return set(params, range);
  }

  public Space reverse() {
    checkArgument(kind == Kind.MAP, "reverse of non-map space %s", this);
    return map(params, range, domain);
  }

  /** The set space {@code [domain -> range]} of a map space. */
  public Space wrap() {
    checkArgument(kind == Kind.MAP, "wrap of non-map space %s", this);
    return set(params, Tuple.wrap(null, domain, range));
  }

  /** The map space of a set space whose tuple is wrapped. */
  public Space unwrap() {
    checkArgument(kind == Kind.SET && range.isWrapping(), "space %s is not a wrapped relation", this);
    return map(params, range.nestedDomain(), range.nestedRange());
  }

  /** The map space from this set space to {@code other} set space. */
  public Space mapTo(Space other) {
    checkArgument(isSet() && other.isSet(), "mapTo needs two set spaces, got %s and %s", this, other);
    checkArgument(params.equals(other.params), "parameters differ: %s vs %s", params, other.params);
    return map(params, range, other.range);
  }

  /** Same space without dimension labels. */
  public Space withoutDimNames() {
    return new Space(kind, params, domain == null ? null : domain.withoutDimNames(),
        range == null ? null : range.withoutDimNames());
  }

  /** The union of two parameter lists: {@code a}'s in order, then those of {@code b} not in {@code a}. */
  public static List<String> mergeParams(List<String> a, List<String> b) {
    if (a.equals(b) || b.isEmpty()) return a;
    List<String> out = new ArrayList<>(a);
    for (String p : b) if (!out.contains(p)) out.add(p);
    return out;
  }

  /** True when the tuples match (names, arities, nesting), ignoring parameters. */
  public boolean tuplesMatch(Space o) {
    return kind == o.kind && Objects.equals(domain, o.domain) && Objects.equals(range, o.range);
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) return true;
    if (!(o instanceof Space s)) return false;
    return kind == s.kind && params.equals(s.params) && Objects.equals(domain, s.domain)
        && Objects.equals(range, s.range);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, params, domain, range);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    if (!params.isEmpty()) sb.append(params).append(" -> ");
    sb.append("{ ");
    switch (kind) {
      case PARAMS -> sb.append(":");
      case SET -> sb.append(range);
      case MAP -> sb.append(domain).append(" -> ").append(range);
    }
    return sb.append(" }").toString();
  }
}
