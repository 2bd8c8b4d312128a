package dev.polyj.presburger.set;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * Space-changing operations on relations: inverses, domains, compositions, products, wrapping,
 * projections, deltas and lexicographic orders, with isl's meaning for each.
 *
 * <p>Every operation is a variable move ({@link BasicRelation#mapVariables}): the operands are
 * placed in a joint space (parameters first, then all dimensions involved), intersected there,
 * possibly constrained by extra equalities, and moved to the result space, where variables that
 * have no place become existential locals. The core simplifier then removes the locals that can be
 * eliminated exactly (unit coefficients in equalities, exact Fourier-Motzkin). Parameters of two
 * operands are first aligned by name.
 */
final class RelationAlgebra {
  private RelationAlgebra() {}

  // ---------------------------------------------------------------------------------------------
  // Unary operations

  /** isl_map_reverse: {@code { y -> x : x -> y in r }}. */
  static Relation reverse(Relation r) {
    requireMap(r, "reverse");
    Space s = r.space();
    int p = s.nParam();
    int[] map = paramIdentity(s);
    for (int i = 0; i < s.nIn(); i++) map[p + i] = p + s.nOut() + i;
    for (int j = 0; j < s.nOut(); j++) map[p + s.nIn() + j] = p + j;
    return move(r, s.reverse(), map);
  }

  /** isl_map_domain: {@code { x : exists y : x -> y in r }}. */
  static Relation domain(Relation r) {
    requireMap(r, "domain");
    Space s = r.space();
    int p = s.nParam();
    int[] map = paramIdentity(s);
    for (int i = 0; i < s.nIn(); i++) map[p + i] = p + i;
    for (int j = 0; j < s.nOut(); j++) map[p + s.nIn() + j] = -1;
    return move(r, s.domain(), map);
  }

  /** isl_map_range: {@code { y : exists x : x -> y in r }}. */
  static Relation range(Relation r) {
    requireMap(r, "range");
    Space s = r.space();
    int p = s.nParam();
    int[] map = paramIdentity(s);
    for (int i = 0; i < s.nIn(); i++) map[p + i] = -1;
    for (int j = 0; j < s.nOut(); j++) map[p + s.nIn() + j] = p + j;
    return move(r, s.range(), map);
  }

  /** isl_map_params / isl_set_params: the parameter values for which {@code r} is non-empty. */
  static Relation params(Relation r) {
    Space s = r.space();
    if (s.isParams()) return r;
    int[] map = paramIdentity(s);
    for (int v = s.nParam(); v < s.nVar(); v++) map[v] = -1;
    return move(r, s.paramsSpace(), map);
  }

  /** isl_set_identity: {@code { x -> x : x in r }}. */
  static Relation identity(Relation r) {
    requireSet(r, "identity");
    Space s = r.space();
    Tuple t = s.tuple();
    Space target = Space.map(s.params(), t, t);
    int p = s.nParam();
    int n = t.arity();
    int[] map = paramIdentity(s);
    for (int i = 0; i < n; i++) map[p + i] = p + i;
    BasicRelation.Builder eq = BasicRelation.builder(target);
    for (int i = 0; i < n; i++) eq.addEq(difference(target.nVar(), p + n + i, p + i));
    return move(r, target, map).intersect(Relation.of(eq.build()));
  }

  /** isl_map_domain_map: {@code { [x -> y] -> x : x -> y in r }}. */
  static Relation domainMap(Relation r) {
    requireMap(r, "domainMap");
    Space s = r.space();
    Space target = Space.map(s.params(), Tuple.wrap(null, s.domainTuple(), s.rangeTuple()), s.domainTuple());
    return wrappedProjection(r, target, 0, s.nIn());
  }

  /** isl_map_range_map: {@code { [x -> y] -> y : x -> y in r }}. */
  static Relation rangeMap(Relation r) {
    requireMap(r, "rangeMap");
    Space s = r.space();
    Space target = Space.map(s.params(), Tuple.wrap(null, s.domainTuple(), s.rangeTuple()), s.rangeTuple());
    return wrappedProjection(r, target, s.nIn(), s.nOut());
  }

  /** {@code [x -> y] -> z} with {@code z} equal to dims {@code first..first+n} of {@code (x, y)}. */
  private static Relation wrappedProjection(Relation r, Space target, int first, int n) {
    Space s = r.space();
    int p = s.nParam();
    int dims = s.nDim();
    int[] map = paramIdentity(s);
    for (int v = 0; v < dims; v++) map[p + v] = p + v;
    BasicRelation.Builder eq = BasicRelation.builder(target);
    for (int i = 0; i < n; i++) eq.addEq(difference(target.nVar(), p + dims + i, p + first + i));
    return move(r, target, map).intersect(Relation.of(eq.build()));
  }

  /** isl_map_deltas: {@code { y - x : x -> y in r }}, in the (common) space of domain and range. */
  static Relation deltas(Relation r) {
    requireMap(r, "deltas");
    Space s = r.space();
    checkArgument(s.domainTuple().equals(s.rangeTuple()),
        "deltas: domain %s and range %s of %s do not match", s.domain(), s.range(), s);
    int p = s.nParam();
    int n = s.nIn();
    // joint: x (n), y (n), d (n) with d = y - x
    Space joint = joint(s.params(), 3 * n);
    int[] map = paramIdentity(s);
    for (int v = 0; v < 2 * n; v++) map[p + v] = p + v;
    BasicRelation.Builder eq = BasicRelation.builder(joint);
    for (int i = 0; i < n; i++) {
      long[] row = new long[1 + joint.nVar()];
      row[1 + p + 2 * n + i] = 1;
      row[1 + p + n + i] = -1;
      row[1 + p + i] = 1;
      eq.addEq(row);
    }
    Relation j = move(r, joint, map).intersect(Relation.of(eq.build()));
    int[] out = paramIdentity(joint);
    for (int v = 0; v < 2 * n; v++) out[p + v] = -1;
    for (int i = 0; i < n; i++) out[p + 2 * n + i] = p + i;
    return move(j, s.domain(), out);
  }

  /** isl_map_deltas_map: {@code { [x -> y] -> (y - x) : x -> y in r }}. */
  static Relation deltasMap(Relation r) {
    requireMap(r, "deltasMap");
    Space s = r.space();
    checkArgument(s.domainTuple().equals(s.rangeTuple()),
        "deltasMap: domain %s and range %s of %s do not match", s.domain(), s.range(), s);
    int p = s.nParam();
    int n = s.nIn();
    Space target = Space.map(s.params(), Tuple.wrap(null, s.domainTuple(), s.rangeTuple()), s.domainTuple());
    int[] map = paramIdentity(s);
    for (int v = 0; v < 2 * n; v++) map[p + v] = p + v;
    BasicRelation.Builder eq = BasicRelation.builder(target);
    for (int i = 0; i < n; i++) {
      long[] row = new long[1 + target.nVar()];
      row[1 + p + 2 * n + i] = 1;
      row[1 + p + n + i] = -1;
      row[1 + p + i] = 1;
      eq.addEq(row);
    }
    return move(r, target, map).intersect(Relation.of(eq.build()));
  }

  /** isl_map_wrap: the map {@code A -> B} as the set {@code [A -> B]} (same columns). */
  static Relation wrap(Relation r) {
    requireMap(r, "wrap");
    return r.withSpace(r.space().wrap());
  }

  /** isl_set_unwrap: the set {@code [A -> B]} as the map {@code A -> B}. */
  static Relation unwrap(Relation r) {
    checkArgument(r.space().isSet() && r.space().tuple().isWrapping(),
        "unwrap: %s is not a set of a wrapped relation", r.space());
    return r.withSpace(r.space().unwrap());
  }

  /** isl_map_curry: {@code [A -> B] -> C} becomes {@code A -> [B -> C]} (same columns). */
  static Relation curry(Relation r) {
    requireMap(r, "curry");
    Space s = r.space();
    checkArgument(s.domainTuple().isWrapping(), "curry: domain of %s is not a wrapped relation", s);
    Tuple d = s.domainTuple();
    return r.withSpace(Space.map(s.params(), d.nestedDomain(), Tuple.wrap(null, d.nestedRange(), s.rangeTuple())));
  }

  /** isl_map_uncurry: {@code A -> [B -> C]} becomes {@code [A -> B] -> C} (same columns). */
  static Relation uncurry(Relation r) {
    requireMap(r, "uncurry");
    Space s = r.space();
    checkArgument(s.rangeTuple().isWrapping(), "uncurry: range of %s is not a wrapped relation", s);
    Tuple t = s.rangeTuple();
    return r.withSpace(Space.map(s.params(), Tuple.wrap(null, s.domainTuple(), t.nestedDomain()), t.nestedRange()));
  }

  /** isl_map_zip: {@code [A -> B] -> [C -> D]} becomes {@code [A -> C] -> [B -> D]}. */
  static Relation zip(Relation r) {
    requireMap(r, "zip");
    Space s = r.space();
    checkArgument(s.domainTuple().isWrapping() && s.rangeTuple().isWrapping(),
        "zip: domain and range of %s must both be wrapped relations", s);
    Tuple a = s.domainTuple().nestedDomain();
    Tuple b = s.domainTuple().nestedRange();
    Tuple c = s.rangeTuple().nestedDomain();
    Tuple d = s.rangeTuple().nestedRange();
    Space target = Space.map(s.params(), Tuple.wrap(null, a, c), Tuple.wrap(null, b, d));
    int p = s.nParam();
    int na = a.arity();
    int nb = b.arity();
    int nc = c.arity();
    int nd = d.arity();
    int[] map = paramIdentity(s);
    for (int i = 0; i < na; i++) map[p + i] = p + i;
    for (int i = 0; i < nb; i++) map[p + na + i] = p + na + nc + i;
    for (int i = 0; i < nc; i++) map[p + na + nb + i] = p + na + i;
    for (int i = 0; i < nd; i++) map[p + na + nb + nc + i] = p + na + nc + nb + i;
    return move(r, target, map);
  }

  /** isl_map_project_out: existentially quantifies {@code n} variables of {@code kind} from {@code first}. */
  static Relation projectOut(Relation r, DimKind kind, int first, int n) {
    Space s = r.space();
    int count = count(s, kind);
    checkArgument(first >= 0 && n >= 0 && first + n <= count,
        "projectOut: range [%s, %s) out of bounds for %s %s variables of %s", first, first + n, count, kind, s);
    if (n == 0) return r;
    int base = offset(s, kind);
    Space target;
    if (kind == DimKind.PARAM) {
      List<String> params = new ArrayList<>(s.params());
      params.subList(first, first + n).clear();
      target = s.withParams(params);
    } else if (kind == DimKind.IN) {
      target = s.withDomainTuple(dropDims(s.domainTuple(), first, n));
    } else {
      target = s.withRangeTuple(dropDims(s.rangeTuple(), first, n));
    }
    int[] map = new int[s.nVar()];
    for (int v = 0; v < s.nVar(); v++) {
      if (v < base + first) map[v] = v;
      else if (v < base + first + n) map[v] = -1;
      else map[v] = v - n;
    }
    return move(r, target, map);
  }

  /** The tuple without dims {@code first..first+n}: flat and anonymous, as isl drops the structure. */
  private static Tuple dropDims(Tuple t, int first, int n) {
    List<String> names = new ArrayList<>(t.dimNames());
    names.subList(first, first + n).clear();
    return Tuple.of(null, names);
  }

  /** isl_map_fix_si: adds {@code var = value}. */
  static Relation fix(Relation r, DimKind kind, int pos, long value) {
    Space s = r.space();
    int v = variable(s, kind, pos, "fix");
    long[] row = new long[1 + s.nVar()];
    row[1 + v] = 1;
    row[0] = Ints.neg(value);
    return r.intersect(Relation.of(BasicRelation.builder(s).addEq(row).build()));
  }

  /** isl_map_equate: adds {@code var1 = var2}. */
  static Relation equate(Relation r, DimKind k1, int p1, DimKind k2, int p2) {
    Space s = r.space();
    int v1 = variable(s, k1, p1, "equate");
    int v2 = variable(s, k2, p2, "equate");
    return r.intersect(Relation.of(BasicRelation.builder(s).addEq(difference(s.nVar(), v1, v2)).build()));
  }

  // ---------------------------------------------------------------------------------------------
  // Binary operations

  /**
   * isl_set_apply for a set (its image under map {@code m}), isl_map_apply_range for a map (the
   * composition {@code { x -> z : x -> y in r and y -> z in m }}).
   */
  static Relation apply(Relation r, Relation m) {
    requireMap(m, "apply");
    checkArgument(!r.space().isParams(), "apply: cannot apply %s to the parameter domain %s", m.space(), r.space());
    Relation[] ab = alignParams(r, m);
    r = ab[0];
    m = ab[1];
    Space rs = r.space();
    Space ms = m.space();
    List<String> params = rs.params();
    int p = params.size();
    if (rs.isSet()) {
      checkArgument(rs.tuple().equals(ms.domainTuple()),
          "apply: set space %s does not match the domain of %s", rs, ms);
      int n = rs.nOut();
      int nz = ms.nOut();
      Space joint = joint(params, n + nz);
      Relation j = move(r, joint, shifted(rs, 0)).intersect(move(m, joint, shifted(ms, 0)));
      int[] out = paramIdentity(joint);
      for (int i = 0; i < n; i++) out[p + i] = -1;
      for (int i = 0; i < nz; i++) out[p + n + i] = p + i;
      return move(j, Space.set(params, ms.rangeTuple()), out);
    }
    checkArgument(rs.rangeTuple().equals(ms.domainTuple()),
        "apply: range of %s does not match the domain of %s", rs, ms);
    int nx = rs.nIn();
    int ny = rs.nOut();
    int nz = ms.nOut();
    Space joint = joint(params, nx + ny + nz);
    Relation j = move(r, joint, shifted(rs, 0)).intersect(move(m, joint, shifted(ms, nx)));
    int[] out = paramIdentity(joint);
    for (int i = 0; i < nx; i++) out[p + i] = p + i;
    for (int i = 0; i < ny; i++) out[p + nx + i] = -1;
    for (int i = 0; i < nz; i++) out[p + nx + ny + i] = p + nx + i;
    return move(j, Space.map(params, rs.domainTuple(), ms.rangeTuple()), out);
  }

  /** isl_map_apply_domain: for {@code r: A -> B} and {@code m: A -> C}, {@code { c -> b : a -> b in r, a -> c in m }}. */
  static Relation applyDomain(Relation r, Relation m) {
    requireMap(r, "applyDomain");
    requireMap(m, "applyDomain");
    checkArgument(r.space().domainTuple().equals(m.space().domainTuple()),
        "applyDomain: domain of %s does not match the domain of %s", r.space(), m.space());
    return reverse(apply(reverse(r), m));
  }

  /** isl_map_intersect_domain. */
  static Relation intersectDomain(Relation r, Relation s) {
    return restrict(r, s, "intersectDomain", true, false);
  }

  /** isl_map_intersect_range. */
  static Relation intersectRange(Relation r, Relation s) {
    return restrict(r, s, "intersectRange", false, false);
  }

  /** isl_map_subtract_domain: the pairs of {@code r} whose domain element is not in {@code s}. */
  static Relation subtractDomain(Relation r, Relation s) {
    return restrict(r, s, "subtractDomain", true, true);
  }

  /** isl_map_subtract_range: the pairs of {@code r} whose range element is not in {@code s}. */
  static Relation subtractRange(Relation r, Relation s) {
    return restrict(r, s, "subtractRange", false, true);
  }

  /** Keeps (or, with {@code subtract}, removes) the pairs of map r whose domain (range) element is in set s. */
  private static Relation restrict(Relation r, Relation s, String op, boolean domain, boolean subtract) {
    requireMap(r, op);
    requireSet(s, op);
    checkArgument((domain ? r.space().domainTuple() : r.space().rangeTuple()).equals(s.space().tuple()),
        "%s: %s of %s does not match %s", op, domain ? "domain" : "range", r.space(), s.space());
    Relation[] ab = alignParams(r, s);
    Relation lifted = domain ? liftDomain(ab[1], ab[0].space()) : liftRange(ab[1], ab[0].space());
    return subtract ? Subtraction.subtract(ab[0], lifted) : ab[0].intersect(lifted);
  }

  /** isl_map_intersect_params: restricts the parameters to the parameter domain {@code s}. */
  static Relation intersectParams(Relation r, Relation s) {
    checkArgument(s.space().isParams(), "intersectParams: %s is not a parameter domain", s.space());
    Relation[] ab = alignParams(r, s);
    Space target = ab[0].space();
    int[] map = paramIdentity(ab[1].space());
    return ab[0].intersect(move(ab[1], target, map));
  }

  /** isl_map_from_domain_and_range (iscc's {@code A -> B}): {@code { x -> y : x in r, y in s }}. */
  static Relation mapTo(Relation r, Relation s) {
    requireSet(r, "mapTo");
    requireSet(s, "mapTo");
    Relation[] ab = alignParams(r, s);
    Space target = ab[0].space().mapTo(ab[1].space());
    return liftDomain(ab[0], target).intersect(liftRange(ab[1], target));
  }

  /**
   * isl_set_product / isl_map_product (iscc's {@code cross}): for sets {@code { [x -> y] }}, for maps
   * {@code A -> B} and {@code C -> D} the map {@code [A -> C] -> [B -> D]}.
   */
  static Relation product(Relation r, Relation s) {
    checkArgument(r.space().kind() == s.space().kind() && !r.space().isParams(),
        "product: %s and %s are not both sets or both maps", r.space(), s.space());
    Relation[] ab = alignParams(r, s);
    r = ab[0];
    s = ab[1];
    Space rs = r.space();
    Space ss = s.space();
    List<String> params = rs.params();
    int p = params.size();
    if (rs.isSet()) {
      Space target = Space.set(params, Tuple.wrap(null, rs.tuple(), ss.tuple()));
      return move(r, target, shifted(rs, 0)).intersect(move(s, target, shifted(ss, rs.nOut())));
    }
    int na = rs.nIn();
    int nb = rs.nOut();
    int nc = ss.nIn();
    int nd = ss.nOut();
    Space target = Space.map(params, Tuple.wrap(null, rs.domainTuple(), ss.domainTuple()),
        Tuple.wrap(null, rs.rangeTuple(), ss.rangeTuple()));
    int[] mr = paramIdentity(rs);
    for (int i = 0; i < na; i++) mr[p + i] = p + i;
    for (int i = 0; i < nb; i++) mr[p + na + i] = p + na + nc + i;
    int[] ms = paramIdentity(ss);
    for (int i = 0; i < nc; i++) ms[p + i] = p + na + i;
    for (int i = 0; i < nd; i++) ms[p + nc + i] = p + na + nc + nb + i;
    return move(r, target, mr).intersect(move(s, target, ms));
  }

  /** iscc's {@code cross}: the same as {@link #product}. */
  static Relation cross(Relation r, Relation s) {
    return product(r, s);
  }

  /** isl_map_domain_product: for {@code A -> B} and {@code C -> B}, the map {@code [A -> C] -> B}. */
  static Relation domainProduct(Relation r, Relation s) {
    requireMap(r, "domainProduct");
    requireMap(s, "domainProduct");
    checkArgument(r.space().rangeTuple().equals(s.space().rangeTuple()),
        "domainProduct: ranges of %s and %s differ", r.space(), s.space());
    Relation[] ab = alignParams(r, s);
    r = ab[0];
    s = ab[1];
    Space rs = r.space();
    Space ss = s.space();
    int p = rs.nParam();
    int na = rs.nIn();
    int nc = ss.nIn();
    int nb = rs.nOut();
    Space target = Space.map(rs.params(), Tuple.wrap(null, rs.domainTuple(), ss.domainTuple()), rs.rangeTuple());
    int[] mr = paramIdentity(rs);
    for (int i = 0; i < na; i++) mr[p + i] = p + i;
    for (int i = 0; i < nb; i++) mr[p + na + i] = p + na + nc + i;
    int[] ms = paramIdentity(ss);
    for (int i = 0; i < nc; i++) ms[p + i] = p + na + i;
    for (int i = 0; i < nb; i++) ms[p + nc + i] = p + na + nc + i;
    return move(r, target, mr).intersect(move(s, target, ms));
  }

  /** isl_map_range_product: for {@code A -> B} and {@code A -> D}, the map {@code A -> [B -> D]}. */
  static Relation rangeProduct(Relation r, Relation s) {
    requireMap(r, "rangeProduct");
    requireMap(s, "rangeProduct");
    checkArgument(r.space().domainTuple().equals(s.space().domainTuple()),
        "rangeProduct: domains of %s and %s differ", r.space(), s.space());
    Relation[] ab = alignParams(r, s);
    r = ab[0];
    s = ab[1];
    Space rs = r.space();
    Space ss = s.space();
    int p = rs.nParam();
    int na = rs.nIn();
    int nb = rs.nOut();
    int nd = ss.nOut();
    Space target = Space.map(rs.params(), rs.domainTuple(), Tuple.wrap(null, rs.rangeTuple(), ss.rangeTuple()));
    int[] mr = paramIdentity(rs);
    for (int i = 0; i < na + nb; i++) mr[p + i] = p + i;
    int[] ms = paramIdentity(ss);
    for (int i = 0; i < na; i++) ms[p + i] = p + i;
    for (int i = 0; i < nd; i++) ms[p + na + i] = p + na + nb + i;
    return move(r, target, mr).intersect(move(s, target, ms));
  }

  // ---------------------------------------------------------------------------------------------
  // Lexicographic orders (isl_map_lex_lt and friends between two set spaces of equal arity)

  static Relation lexLt(Space a, Space b) {
    return lexOrder(a, b, true, false);
  }

  static Relation lexLe(Space a, Space b) {
    return lexOrder(a, b, true, true);
  }

  static Relation lexGt(Space a, Space b) {
    return lexOrder(a, b, false, false);
  }

  static Relation lexGe(Space a, Space b) {
    return lexOrder(a, b, false, true);
  }

  /**
   * {@code { x -> y : x << y }} (or {@code >>}, optionally with equality) as a union of one basic map
   * per position {@code k}: equal prefix of length {@code k}, then a strictly smaller (larger) dim.
   */
  private static Relation lexOrder(Space a, Space b, boolean less, boolean orEqual) {
    checkArgument(a.isSet() && b.isSet(), "lexicographic order between non-set spaces %s and %s", a, b);
    checkArgument(a.nOut() == b.nOut(), "lexicographic order between spaces of different arity: %s and %s", a, b);
    List<String> params = Space.mergeParams(a.params(), b.params());
    Space target = Space.map(params, a.tuple(), b.tuple());
    int p = params.size();
    int n = a.nOut();
    int width = 1 + target.nVar();
    List<BasicRelation> pieces = new ArrayList<>();
    for (int k = 0; k <= n; k++) {
      if (k == n && !orEqual) break;
      BasicRelation.Builder bld = BasicRelation.builder(target);
      for (int j = 0; j < k; j++) bld.addEq(difference(target.nVar(), p + j, p + n + j));
      if (k < n) {
        long[] row = new long[width];
        // less: y_k - x_k - 1 >= 0; greater: x_k - y_k - 1 >= 0
        row[1 + p + n + k] = less ? 1 : -1;
        row[1 + p + k] = less ? -1 : 1;
        row[0] = -1;
        bld.addIneq(row);
      }
      pieces.add(bld.build());
    }
    return Relation.ofBasics(target, pieces);
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  /**
   * {@code r} with each piece moved into {@code target} by {@code varMap} (see {@link
   * BasicRelation#mapVariables}); projected variables that can be eliminated exactly are removed.
   */
  static Relation move(Relation r, Space target, int[] varMap) {
    List<BasicRelation> out = new ArrayList<>();
    boolean projects = false;
    for (int v : varMap) projects |= v < 0;
    for (BasicRelation b : r.basics()) {
      BasicRelation m = b.mapVariables(target, varMap);
      if (projects) m = Existentials.tidy(m);
      if (!m.isMarkedEmpty()) out.add(m);
    }
    return Relation.ofBasics(target, out);
  }

  /** The set {@code s} as a map in {@code target} constraining the domain. */
  static Relation liftDomain(Relation s, Space target) {
    return move(s, target, shifted(s.space(), 0));
  }

  /** The set {@code s} as a map in {@code target} constraining the range. */
  static Relation liftRange(Relation s, Space target) {
    return move(s, target, shifted(s.space(), target.nIn()));
  }

  /** Both relations over the union of their parameters. */
  static Relation[] alignParams(Relation a, Relation b) {
    List<String> params = Space.mergeParams(a.space().params(), b.space().params());
    return new Relation[] {a.alignParams(params), b.alignParams(params)};
  }

  /** An anonymous set space of {@code nDims} dims over {@code params}, used as a joint space. */
  static Space joint(List<String> params, int nDims) {
    return Space.set(params, Tuple.anonymous(null, nDims));
  }

  /** A variable map keeping the parameters in place (dims still to be filled in). */
  static int[] paramIdentity(Space s) {
    int[] map = new int[s.nVar()];
    for (int i = 0; i < s.nParam(); i++) map[i] = i;
    return map;
  }

  /** Parameters in place, all dims (in then out) moved to dims starting at {@code firstDim}. */
  static int[] shifted(Space s, int firstDim) {
    int[] map = paramIdentity(s);
    int p = s.nParam();
    for (int v = 0; v < s.nDim(); v++) map[p + v] = p + firstDim + v;
    return map;
  }

  /** The row {@code x_a - x_b} (variables indexed among params and dims). */
  static long[] difference(int nVar, int a, int b) {
    long[] row = new long[1 + nVar];
    row[1 + a] += 1;
    row[1 + b] -= 1;
    return row;
  }

  private static int count(Space s, DimKind kind) {
    return switch (kind) {
      case PARAM -> s.nParam();
      case IN -> s.nIn();
      case OUT -> s.nOut();
    };
  }

  private static int offset(Space s, DimKind kind) {
    return switch (kind) {
      case PARAM -> 0;
      case IN -> s.nParam();
      case OUT -> s.nParam() + s.nIn();
    };
  }

  private static int variable(Space s, DimKind kind, int pos, String op) {
    checkArgument(kind != DimKind.IN || s.isMap(), "%s: %s has no input dimensions", op, s);
    int count = count(s, kind);
    checkArgument(pos >= 0 && pos < count, "%s: position %s out of bounds for %s %s variables of %s", op, pos, count, kind, s);
    return offset(s, kind) + pos;
  }

  private static void requireMap(Relation r, String op) {
    checkArgument(r.space().isMap(), "%s: %s is not a map", op, r.space());
  }

  private static void requireSet(Relation r, String op) {
    checkArgument(r.space().isSet(), "%s: %s is not a set", op, r.space());
  }
}
