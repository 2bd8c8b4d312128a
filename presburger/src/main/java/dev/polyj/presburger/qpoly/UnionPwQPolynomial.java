package dev.polyj.presburger.qpoly;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Piecewise quasi-polynomials on several spaces over one parameter list (isl's
 * union_pw_qpolynomial): at most one member per space (tuples), zero members dropped. Immutable.
 */
public final class UnionPwQPolynomial {
  private final List<String> params;
  private final Map<Space, PwQPolynomial> members; // key: space without parameters' order concerns

  private UnionPwQPolynomial(List<String> params, Map<Space, PwQPolynomial> members) {
    this.params = List.copyOf(params);
    this.members = members;
  }

  public static UnionPwQPolynomial empty(List<String> params) {
    return new UnionPwQPolynomial(params, new LinkedHashMap<>());
  }

  /** The sum of the given functions, grouped by space (functions on one space are added). */
  public static UnionPwQPolynomial of(Collection<PwQPolynomial> fs) {
    List<String> params = new ArrayList<>();
    for (PwQPolynomial f : fs) params = Space.mergeParams(params, f.space().params());
    UnionPwQPolynomial u = empty(params);
    for (PwQPolynomial f : fs) u = u.add(f);
    return u;
  }

  public List<String> params() {
    return params;
  }

  public List<PwQPolynomial> members() {
    return List.copyOf(members.values());
  }

  /** The member on the space with the tuples of {@code space}, or zero. */
  public PwQPolynomial get(Space space) {
    Space key = space.withParams(params);
    return members.getOrDefault(key, PwQPolynomial.zero(key));
  }

  public UnionPwQPolynomial add(PwQPolynomial f) {
    List<String> ps = Space.mergeParams(params, f.space().params());
    Map<Space, PwQPolynomial> m = new LinkedHashMap<>();
    for (PwQPolynomial g : members.values()) {
      PwQPolynomial a = g.alignParams(ps);
      m.put(a.space(), a);
    }
    PwQPolynomial fa = f.alignParams(ps);
    PwQPolynomial sum = m.containsKey(fa.space()) ? m.get(fa.space()).add(fa) : fa;
    if (sum.isZero()) m.remove(fa.space());
    else m.put(fa.space(), sum);
    return new UnionPwQPolynomial(ps, m);
  }

  public UnionPwQPolynomial add(UnionPwQPolynomial o) {
    UnionPwQPolynomial u = this;
    for (PwQPolynomial f : o.members.values()) u = u.add(f);
    if (u.members.isEmpty()) return empty(Space.mergeParams(params, o.params));
    return u;
  }

  /** True when every member equals the other's member in its space (a missing member is zero). */
  public boolean isEqual(UnionPwQPolynomial o) {
    List<String> ps = Space.mergeParams(params, o.params);
    UnionPwQPolynomial a = alignParams(ps);
    UnionPwQPolynomial b = o.alignParams(ps);
    java.util.Set<Space> spaces = new java.util.LinkedHashSet<>(a.members.keySet());
    spaces.addAll(b.members.keySet());
    for (Space s : spaces) {
      PwQPolynomial fa = a.members.getOrDefault(s, PwQPolynomial.zero(s));
      PwQPolynomial fb = b.members.getOrDefault(s, PwQPolynomial.zero(s));
      if (!fa.isEqual(fb)) return false;
    }
    return true;
  }

  public UnionPwQPolynomial subtract(UnionPwQPolynomial o) {
    return add(o.negate());
  }

  public UnionPwQPolynomial negate() {
    Map<Space, PwQPolynomial> m = new LinkedHashMap<>();
    members.forEach((k, f) -> m.put(k, f.negate()));
    return new UnionPwQPolynomial(params, m);
  }

  /** The product: members on the same space are multiplied; a member without partner is dropped. */
  public UnionPwQPolynomial multiply(UnionPwQPolynomial o) {
    List<String> ps = Space.mergeParams(params, o.params);
    List<PwQPolynomial> out = new ArrayList<>();
    for (PwQPolynomial f : members.values()) {
      PwQPolynomial fa = f.alignParams(ps);
      PwQPolynomial g = o.alignParams(ps).members.get(fa.space());
      if (g != null) out.add(fa.multiply(g));
    }
    UnionPwQPolynomial u = of(out);
    return u.members.isEmpty() ? empty(ps) : u;
  }

  /** Each member restricted to the points of the member of {@code u} in its space (zero elsewhere). */
  public UnionPwQPolynomial intersectDomain(dev.polyj.presburger.set.UnionRelation u) {
    return withMatchingSets(u, PwQPolynomial::intersectDomain);
  }

  /**
   * A function equal to this one on the points of {@code u} (isl's gist): each member is simplified
   * with respect to the member of u in its space ({@link PwQPolynomial#gist}); members whose space
   * u does not cover are dropped.
   */
  public UnionPwQPolynomial gist(dev.polyj.presburger.set.UnionRelation u) {
    return withMatchingSets(u, PwQPolynomial::gist);
  }

  /** {@code op(member, set)} for each member and each member of u in the member's space. */
  private UnionPwQPolynomial withMatchingSets(dev.polyj.presburger.set.UnionRelation u,
      java.util.function.BiFunction<PwQPolynomial, dev.polyj.presburger.set.Relation, PwQPolynomial> op) {
    List<String> ps = Space.mergeParams(params, u.paramNames());
    dev.polyj.presburger.set.UnionRelation ua = u.alignParams(ps);
    List<PwQPolynomial> out = new ArrayList<>();
    for (PwQPolynomial f : members.values()) {
      PwQPolynomial fa = f.alignParams(ps);
      for (dev.polyj.presburger.set.Relation r : ua.relations()) {
        if (r.space().tuplesMatch(fa.space())) out.add(op.apply(fa, r.withSpace(fa.space())));
      }
    }
    UnionPwQPolynomial res = of(out);
    return res.members.isEmpty() ? empty(ps) : res;
  }

  /** The points where some member may be non-zero, one relation per member's space. */
  public dev.polyj.presburger.set.UnionRelation domain() {
    List<dev.polyj.presburger.set.Relation> rs = new ArrayList<>();
    for (PwQPolynomial f : members.values()) rs.add(f.domain());
    return rs.isEmpty() ? dev.polyj.presburger.set.UnionRelation.empty(params)
        : dev.polyj.presburger.set.UnionRelation.of(rs);
  }

  /** This function over the parameter list {@code ps} (a superset of its own). */
  public UnionPwQPolynomial alignParams(List<String> ps) {
    if (ps.equals(params)) return this;
    Map<Space, PwQPolynomial> m = new LinkedHashMap<>();
    for (PwQPolynomial f : members.values()) {
      PwQPolynomial a = f.alignParams(ps);
      m.put(a.space(), a);
    }
    return new UnionPwQPolynomial(ps, m);
  }

  /** Parses isl notation; pieces may lie in different spaces (see {@link QPolyParser}). */
  public static UnionPwQPolynomial parse(String text) {
    return QPolyParser.parseUnion(text);
  }

  /** The value of the member on {@code space} at a point of it. */
  public Rational evaluate(Space space, long[] point) {
    checkArgument(space.params().equals(params), "point space %s does not have the parameters %s", space, params);
    return get(space).evaluate(point);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof UnionPwQPolynomial u && u.params.equals(params) && u.members.equals(members);
  }

  @Override
  public int hashCode() {
    return params.hashCode() * 31 + members.hashCode();
  }

  /** isl notation: the pieces of all members in one pair of braces. */
  @Override
  public String toString() {
    if (members.isEmpty()) {
      return (params.isEmpty() ? "" : "[" + String.join(", ", params) + "] -> ") + "{ 0 }";
    }
    StringBuilder sb = new StringBuilder(params.isEmpty() ? "" : "[" + String.join(", ", params) + "] -> ");
    sb.append("{ ");
    boolean first = true;
    for (PwQPolynomial f : members.values()) {
      String s = f.toString();
      String inner = s.substring(s.indexOf('{') + 1, s.lastIndexOf('}')).trim();
      if (!first) sb.append("; ");
      sb.append(inner);
      first = false;
    }
    return sb.append(" }").toString();
  }
}
