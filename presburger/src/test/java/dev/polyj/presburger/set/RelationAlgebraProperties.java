package dev.polyj.presburger.set;

import static dev.polyj.presburger.set.AlgebraOracle.HI;
import static dev.polyj.presburger.set.AlgebraOracle.LO;
import static dev.polyj.presburger.set.AlgebraOracle.assertPoints;
import static dev.polyj.presburger.set.AlgebraOracle.assertPointsBounded;
import static dev.polyj.presburger.set.AlgebraOracle.cat;
import static dev.polyj.presburger.set.AlgebraOracle.exists;
import static dev.polyj.presburger.set.AlgebraOracle.list;
import static dev.polyj.presburger.set.AlgebraOracle.points;
import static dev.polyj.presburger.set.AlgebraOracle.slice;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.Tuple.Tuple3;

/**
 * Every algebra operation against its definition, point by point, on random relations confined to a
 * box (so that every existential witness lies in the box), plus algebraic laws.
 */
class RelationAlgebraProperties {
  static final int TRIES = 60;

  // ---------------------------------------------------------------------------------------------
  // Generators: random relations in given spaces, cut down to the box

  static Arbitrary<Relation> in(Space space) {
    return PresburgerArbitraries.relations(space, 3, 3, 1, 2).map(AlgebraOracle::boxed);
  }

  static List<String> params(int n) {
    return List.of("N", "M").subList(0, n);
  }

  @Provide
  Arbitrary<Relation> maps() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(0, 2),
        Arbitraries.integers().between(1, 2)).as((p, a, b) -> Space.map(params(p), a, b)).flatMap(RelationAlgebraProperties::in);
  }

  @Provide
  Arbitrary<Relation> squareMaps() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 2))
        .as((p, n) -> Space.map(params(p), n, n)).flatMap(RelationAlgebraProperties::in);
  }

  @Provide
  Arbitrary<Relation> sets() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 3))
        .as((p, n) -> Space.set(params(p), n)).flatMap(RelationAlgebraProperties::in);
  }

  /** A set and a map whose domain is the set's space. */
  @Provide
  Arbitrary<Tuple2<Relation, Relation>> setAndMap() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 2),
        Arbitraries.integers().between(1, 2)).as((p, a, b) -> new int[] {p, a, b})
        .flatMap(s -> Combinators.combine(in(Space.set(params(s[0]), s[1])), in(Space.map(params(s[0]), s[1], s[2])))
            .as(net.jqwik.api.Tuple::of));
  }

  /** Two maps A -> B, B -> C. */
  @Provide
  Arbitrary<Tuple2<Relation, Relation>> chain() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 2),
        Arbitraries.integers().between(1, 2), Arbitraries.integers().between(1, 2)).as((p, a, b, c) -> new int[] {p, a, b, c})
        .flatMap(s -> Combinators.combine(in(Space.map(params(s[0]), s[1], s[2])), in(Space.map(params(s[0]), s[2], s[3])))
            .as(net.jqwik.api.Tuple::of));
  }

  /** Two maps with the same domain A -> B, A -> C. */
  @Provide
  Arbitrary<Tuple2<Relation, Relation>> sameDomain() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 2),
        Arbitraries.integers().between(1, 2), Arbitraries.integers().between(1, 2)).as((p, a, b, c) -> new int[] {p, a, b, c})
        .flatMap(s -> Combinators.combine(in(Space.map(params(s[0]), s[1], s[2])), in(Space.map(params(s[0]), s[1], s[3])))
            .as(net.jqwik.api.Tuple::of));
  }

  /** Two maps with the same range A -> B, C -> B. */
  @Provide
  Arbitrary<Tuple2<Relation, Relation>> sameRange() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 2),
        Arbitraries.integers().between(1, 2), Arbitraries.integers().between(1, 2)).as((p, a, b, c) -> new int[] {p, a, b, c})
        .flatMap(s -> Combinators.combine(in(Space.map(params(s[0]), s[1], s[2])), in(Space.map(params(s[0]), s[3], s[2])))
            .as(net.jqwik.api.Tuple::of));
  }

  /** A map and a set in its domain space, and a set in its range space. */
  @Provide
  Arbitrary<Tuple3<Relation, Relation, Relation>> mapAndSets() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 2),
        Arbitraries.integers().between(1, 2)).as((p, a, b) -> new int[] {p, a, b})
        .flatMap(s -> Combinators.combine(in(Space.map(params(s[0]), s[1], s[2])), in(Space.set(params(s[0]), s[1])),
            in(Space.set(params(s[0]), s[2]))).as(net.jqwik.api.Tuple::of));
  }

  /** Two maps in small spaces (for products). */
  @Provide
  Arbitrary<Tuple2<Relation, Relation>> twoSmallMaps() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(0, 1),
        Arbitraries.integers().between(1, 2), Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 1))
        .as((p, a, b, c, d) -> new int[] {p, a, b, c, d})
        .flatMap(s -> Combinators.combine(in(Space.map(params(s[0]), s[1], s[2])), in(Space.map(params(s[0]), s[3], s[4])))
            .as(net.jqwik.api.Tuple::of));
  }

  /** Two sets with the same parameters. */
  @Provide
  Arbitrary<Tuple2<Relation, Relation>> twoSets() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 2),
        Arbitraries.integers().between(1, 2)).as((p, a, b) -> new int[] {p, a, b})
        .flatMap(s -> Combinators.combine(in(Space.set(params(s[0]), s[1])), in(Space.set(params(s[0]), s[2])))
            .as(net.jqwik.api.Tuple::of));
  }

  // ---------------------------------------------------------------------------------------------
  // Unary operations

  /**
   * isSingleValued against the points: no two points share their parameters and inputs with
   * different outputs. Checked on the random map and on it with every output tied to an input or
   * fixed (single-valued, in one or several pieces).
   */
  @Property(tries = TRIES)
  void singleValuedWhenNoInputHasTwoOutputs(@ForAll("maps") Relation r) {
    Relation tied = r;
    for (int k = 0; k < r.space().nOut(); k++) {
      tied = r.space().nIn() > 0 ? tied.equate(DimKind.IN, k % r.space().nIn(), DimKind.OUT, k) : tied.fix(DimKind.OUT, k, k);
    }
    for (Relation m : List.of(r, tied)) {
      int key = m.space().nParam() + m.space().nIn();
      java.util.Map<List<Long>, List<Long>> outputs = new java.util.HashMap<>();
      boolean expected = true;
      for (List<Long> pt : points(m)) {
        List<Long> before = outputs.putIfAbsent(pt.subList(0, key), pt.subList(key, pt.size()));
        if (before != null && !before.equals(pt.subList(key, pt.size()))) expected = false;
      }
      org.junit.jupiter.api.Assertions.assertEquals(expected, m.isSingleValued(), m::toString);
    }
  }

  @Property(tries = TRIES)
  void reverseSwapsPairs(@ForAll("maps") Relation r) {
    Space s = r.space();
    Set<List<Long>> pts = points(r);
    int p = s.nParam();
    assertPointsBounded(r.reverse(), s.reverse(),
        v -> pts.contains(cat(slice(v, 0, p), slice(v, p + s.nOut(), s.nIn()), slice(v, p, s.nOut()))));
  }

  @Property(tries = TRIES)
  void domainIsProjectionOnInputs(@ForAll("maps") Relation r) {
    Space s = r.space();
    Set<List<Long>> pts = points(r);
    int p = s.nParam();
    assertPointsBounded(r.domain(), s.domain(),
        v -> exists(s.nOut(), y -> pts.contains(cat(v, y))));
  }

  @Property(tries = TRIES)
  void rangeIsProjectionOnOutputs(@ForAll("maps") Relation r) {
    Space s = r.space();
    Set<List<Long>> pts = points(r);
    int p = s.nParam();
    assertPointsBounded(r.range(), s.range(),
        v -> exists(s.nIn(), x -> pts.contains(cat(slice(v, 0, p), x, slice(v, p, s.nOut())))));
  }

  @Property(tries = TRIES)
  void paramsAreTheNonEmptyParameterValues(@ForAll("maps") Relation r) {
    Space s = r.space();
    Set<List<Long>> pts = points(r);
    assertPointsBounded(r.params(), s.paramsSpace(), v -> exists(s.nDim(), x -> pts.contains(cat(v, x))));
  }

  @Property(tries = TRIES)
  void setParams(@ForAll("sets") Relation r) {
    Space s = r.space();
    Set<List<Long>> pts = points(r);
    assertPointsBounded(r.params(), s.paramsSpace(), v -> exists(s.nDim(), x -> pts.contains(cat(v, x))));
  }

  @Property(tries = TRIES)
  void identityPairsEachPointWithItself(@ForAll("sets") Relation r) {
    Space s = r.space();
    Set<List<Long>> pts = points(r);
    int p = s.nParam();
    int n = s.nOut();
    assertPointsBounded(r.identity(), Space.map(s.params(), s.tuple(), s.tuple()),
        v -> list(slice(v, p, n)).equals(list(slice(v, p + n, n))) && pts.contains(cat(slice(v, 0, p), slice(v, p, n))));
  }

  @Property(tries = TRIES)
  void deltasAreDifferences(@ForAll("squareMaps") Relation r) {
    Space s = r.space();
    Set<List<Long>> pts = points(r);
    int p = s.nParam();
    int n = s.nIn();
    assertPoints(r.deltas(), s.domain(), 2 * LO - 2 * HI, 2 * HI - 2 * LO, v -> {
      for (long pv : slice(v, 0, p)) if (pv < LO || pv > HI) return false;
      return exists(n, x -> {
        long[] y = new long[n];
        for (int i = 0; i < n; i++) y[i] = x[i] + v[p + i];
        return pts.contains(cat(slice(v, 0, p), x, y));
      });
    });
  }

  @Property(tries = TRIES)
  void deltasMapPairsEachPairWithItsDifference(@ForAll("squareMaps") Relation r) {
    Space s = r.space();
    Set<List<Long>> pts = points(r);
    int p = s.nParam();
    int n = s.nIn();
    Space expected = Space.map(s.params(), Tuple.wrap(null, s.domainTuple(), s.rangeTuple()), s.domainTuple());
    assertPoints(r.deltasMap(), expected, LO, HI, v -> {
      for (int i = 0; i < n; i++) if (v[p + 2 * n + i] != v[p + n + i] - v[p + i]) return false;
      return pts.contains(cat(slice(v, 0, p), slice(v, p, 2 * n)));
    });
  }

  @Property(tries = TRIES)
  void domainAndRangeMaps(@ForAll("maps") Relation r) {
    Space s = r.space();
    Set<List<Long>> pts = points(r);
    int p = s.nParam();
    int a = s.nIn();
    int b = s.nOut();
    Tuple wrapped = Tuple.wrap(null, s.domainTuple(), s.rangeTuple());
    assertPointsBounded(r.domainMap(), Space.map(s.params(), wrapped, s.domainTuple()),
        v -> list(slice(v, p + a + b, a)).equals(list(slice(v, p, a))) && pts.contains(cat(slice(v, 0, p + a + b))));
    assertPointsBounded(r.rangeMap(), Space.map(s.params(), wrapped, s.rangeTuple()),
        v -> list(slice(v, p + a + b, b)).equals(list(slice(v, p + a, b))) && pts.contains(cat(slice(v, 0, p + a + b))));
  }

  @Property(tries = TRIES)
  void projectOutQuantifiesTheDims(@ForAll("maps") Relation r, @ForAll("kinds") DimKind kind,
      @ForAll("positions") int from, @ForAll("positions") int len) {
    Space s = r.space();
    int count = kind == DimKind.PARAM ? s.nParam() : kind == DimKind.IN ? s.nIn() : s.nOut();
    int first = from % (count + 1);
    int n = len % (count - first + 1);
    int base = kind == DimKind.PARAM ? 0 : kind == DimKind.IN ? s.nParam() : s.nParam() + s.nIn();
    Set<List<Long>> pts = points(r);
    int f = first;
    int k = n;
    Relation res = r.projectOut(kind, first, n);
    assertTrue(res.space().nVar() == s.nVar() - n);
    assertPointsBounded(res, res.space(), v -> exists(k, w -> {
      long[] full = new long[s.nVar()];
      System.arraycopy(v, 0, full, 0, base + f);
      System.arraycopy(w, 0, full, base + f, k);
      System.arraycopy(v, base + f, full, base + f + k, v.length - base - f);
      return pts.contains(list(full));
    }));
  }

  @Provide
  Arbitrary<DimKind> kinds() {
    return Arbitraries.of(DimKind.class);
  }

  @Property(tries = TRIES)
  void fixAndEquate(@ForAll("maps") Relation r, @ForAll("positions") int a, @ForAll("positions") int b,
      @ForAll("values") long value) {
    Space s = r.space();
    Set<List<Long>> pts = points(r);
    int nv = s.nVar();
    int va = a % nv;
    int vb = b % nv;
    DimKind[] kinds = new DimKind[nv];
    int[] pos = new int[nv];
    for (int v = 0; v < nv; v++) {
      if (v < s.nParam()) {
        kinds[v] = DimKind.PARAM;
        pos[v] = v;
      } else if (v < s.nParam() + s.nIn()) {
        kinds[v] = DimKind.IN;
        pos[v] = v - s.nParam();
      } else {
        kinds[v] = DimKind.OUT;
        pos[v] = v - s.nParam() - s.nIn();
      }
    }
    assertPointsBounded(r.fix(kinds[va], pos[va], value), s, v -> v[va] == value && pts.contains(list(v)));
    assertPointsBounded(r.equate(kinds[va], pos[va], kinds[vb], pos[vb]), s, v -> v[va] == v[vb] && pts.contains(list(v)));
  }

  @Provide
  Arbitrary<Integer> positions() {
    return Arbitraries.integers().between(0, 20);
  }

  @Provide
  Arbitrary<Long> values() {
    return Arbitraries.longs().between(LO - 1, HI + 1);
  }

  @Property(tries = TRIES)
  void wrappingKeepsThePoints(@ForAll("maps") Relation r) {
    Set<List<Long>> pts = points(r);
    Relation w = r.wrap();
    assertPointsBounded(w, r.space().wrap(), v -> pts.contains(list(v)));
    assertPointsBounded(w.unwrap(), r.space(), v -> pts.contains(list(v)));
  }

  // ---------------------------------------------------------------------------------------------
  // Binary operations

  @Property(tries = TRIES)
  void applyOfASetIsItsImage(@ForAll("setAndMap") Tuple2<Relation, Relation> sm) {
    Relation set = sm.get1();
    Relation map = sm.get2();
    Space ms = map.space();
    Set<List<Long>> sp = points(set);
    Set<List<Long>> mp = points(map);
    int p = ms.nParam();
    assertPointsBounded(set.apply(map), ms.range(), v -> exists(ms.nIn(), x ->
        sp.contains(cat(slice(v, 0, p), x)) && mp.contains(cat(slice(v, 0, p), x, slice(v, p, ms.nOut())))));
  }

  @Property(tries = TRIES)
  void applyOfMapsIsComposition(@ForAll("chain") Tuple2<Relation, Relation> ch) {
    Relation r = ch.get1();
    Relation m = ch.get2();
    Space rs = r.space();
    Space ms = m.space();
    Set<List<Long>> rp = points(r);
    Set<List<Long>> mp = points(m);
    int p = rs.nParam();
    int a = rs.nIn();
    int b = rs.nOut();
    int c = ms.nOut();
    assertPointsBounded(r.apply(m), Space.map(rs.params(), rs.domainTuple(), ms.rangeTuple()), v -> exists(b, y ->
        rp.contains(cat(slice(v, 0, p), slice(v, p, a), y)) && mp.contains(cat(slice(v, 0, p), y, slice(v, p + a, c)))));
  }

  @Property(tries = TRIES)
  void applyDomainTransformsTheDomain(@ForAll("sameDomain") Tuple2<Relation, Relation> pair) {
    Relation r = pair.get1(); // A -> B
    Relation m = pair.get2(); // A -> C
    Space rs = r.space();
    Space ms = m.space();
    Set<List<Long>> rp = points(r);
    Set<List<Long>> mp = points(m);
    int p = rs.nParam();
    int a = rs.nIn();
    int b = rs.nOut();
    int c = ms.nOut();
    assertPointsBounded(r.applyDomain(m), Space.map(rs.params(), ms.rangeTuple(), rs.rangeTuple()), v -> exists(a, x ->
        rp.contains(cat(slice(v, 0, p), x, slice(v, p + c, b))) && mp.contains(cat(slice(v, 0, p), x, slice(v, p, c)))));
  }

  @Property(tries = TRIES)
  void restrictionsOfDomainAndRange(@ForAll("mapAndSets") Tuple3<Relation, Relation, Relation> t) {
    Relation r = t.get1();
    Relation dom = t.get2();
    Relation ran = t.get3();
    Space s = r.space();
    Set<List<Long>> rp = points(r);
    Set<List<Long>> dp = points(dom);
    Set<List<Long>> np = points(ran);
    int p = s.nParam();
    int a = s.nIn();
    int b = s.nOut();
    assertPointsBounded(r.intersectDomain(dom), s,
        v -> rp.contains(list(v)) && dp.contains(cat(slice(v, 0, p), slice(v, p, a))));
    assertPointsBounded(r.intersectRange(ran), s,
        v -> rp.contains(list(v)) && np.contains(cat(slice(v, 0, p), slice(v, p + a, b))));
    assertPointsBounded(r.subtractDomain(dom), s,
        v -> rp.contains(list(v)) && !dp.contains(cat(slice(v, 0, p), slice(v, p, a))));
    assertPointsBounded(r.subtractRange(ran), s,
        v -> rp.contains(list(v)) && !np.contains(cat(slice(v, 0, p), slice(v, p + a, b))));
    Relation pd = dom.params();
    Set<List<Long>> pp = points(pd);
    assertPointsBounded(r.intersectParams(pd), s, v -> rp.contains(list(v)) && pp.contains(list(slice(v, 0, p))));
  }

  @Property(tries = TRIES)
  void mapToAndSetProduct(@ForAll("twoSets") Tuple2<Relation, Relation> t) {
    Relation x = t.get1();
    Relation y = t.get2();
    Set<List<Long>> xp = points(x);
    Set<List<Long>> yp = points(y);
    int p = x.space().nParam();
    int a = x.space().nOut();
    int b = y.space().nOut();
    java.util.function.Predicate<long[]> both =
        v -> xp.contains(cat(slice(v, 0, p), slice(v, p, a))) && yp.contains(cat(slice(v, 0, p), slice(v, p + a, b)));
    assertPointsBounded(x.mapTo(y), Space.map(x.space().params(), x.space().tuple(), y.space().tuple()), both);
    Space wrapped = Space.set(x.space().params(), Tuple.wrap(null, x.space().tuple(), y.space().tuple()));
    assertPointsBounded(x.product(y), wrapped, both);
    assertPointsBounded(x.cross(y), wrapped, both);
  }

  @Property(tries = TRIES)
  void mapProductPairsTheFactors(@ForAll("twoSmallMaps") Tuple2<Relation, Relation> t) {
    Relation r = t.get1(); // A -> B
    Relation m = t.get2(); // C -> D
    Space rs = r.space();
    Space ms = m.space();
    Set<List<Long>> rp = points(r);
    Set<List<Long>> mp = points(m);
    int p = rs.nParam();
    int a = rs.nIn();
    int b = rs.nOut();
    int c = ms.nIn();
    int d = ms.nOut();
    Space expected = Space.map(rs.params(), Tuple.wrap(null, rs.domainTuple(), ms.domainTuple()),
        Tuple.wrap(null, rs.rangeTuple(), ms.rangeTuple()));
    // layout: params, a, c, b, d
    java.util.function.Predicate<long[]> want = v ->
        rp.contains(cat(slice(v, 0, p), slice(v, p, a), slice(v, p + a + c, b)))
            && mp.contains(cat(slice(v, 0, p), slice(v, p + a, c), slice(v, p + a + c + b, d)));
    assertPointsBounded(r.product(m), expected, want);
    assertPointsBounded(r.cross(m), expected, want);
    // zip of the product: [A -> C] -> [B -> D] becomes [A -> B] -> [C -> D], i.e. r wrapped times m wrapped
    Space zipped = Space.map(rs.params(), Tuple.wrap(null, rs.domainTuple(), rs.rangeTuple()),
        Tuple.wrap(null, ms.domainTuple(), ms.rangeTuple()));
    assertPointsBounded(r.product(m).zip(), zipped,
        v -> rp.contains(cat(slice(v, 0, p + a + b))) && mp.contains(cat(slice(v, 0, p), slice(v, p + a + b, c + d))));
  }

  @Property(tries = TRIES)
  void domainProductSharesTheRange(@ForAll("sameRange") Tuple2<Relation, Relation> t) {
    Relation r = t.get1(); // A -> B
    Relation m = t.get2(); // C -> B
    Space rs = r.space();
    Space ms = m.space();
    Set<List<Long>> rp = points(r);
    Set<List<Long>> mp = points(m);
    int p = rs.nParam();
    int a = rs.nIn();
    int b = rs.nOut();
    int c = ms.nIn();
    assertPointsBounded(r.domainProduct(m),
        Space.map(rs.params(), Tuple.wrap(null, rs.domainTuple(), ms.domainTuple()), rs.rangeTuple()),
        v -> rp.contains(cat(slice(v, 0, p), slice(v, p, a), slice(v, p + a + c, b)))
            && mp.contains(cat(slice(v, 0, p), slice(v, p + a, c), slice(v, p + a + c, b))));
  }

  @Property(tries = TRIES)
  void rangeProductSharesTheDomain(@ForAll("sameDomain") Tuple2<Relation, Relation> t) {
    Relation r = t.get1(); // A -> B
    Relation m = t.get2(); // A -> C
    Space rs = r.space();
    Space ms = m.space();
    Set<List<Long>> rp = points(r);
    Set<List<Long>> mp = points(m);
    int p = rs.nParam();
    int a = rs.nIn();
    int b = rs.nOut();
    int c = ms.nOut();
    Relation res = r.rangeProduct(m);
    assertPointsBounded(res,
        Space.map(rs.params(), rs.domainTuple(), Tuple.wrap(null, rs.rangeTuple(), ms.rangeTuple())),
        v -> rp.contains(cat(slice(v, 0, p + a + b))) && mp.contains(cat(slice(v, 0, p + a), slice(v, p + a + b, c))));
    // uncurry then curry gives back the same relation
    Relation u = res.uncurry();
    assertPointsBounded(u, Space.map(rs.params(), Tuple.wrap(null, rs.domainTuple(), rs.rangeTuple()), ms.rangeTuple()),
        v -> res.contains(v));
    assertPointsBounded(u.curry(), res.space(), v -> res.contains(v));
  }

  // ---------------------------------------------------------------------------------------------
  // Lexicographic orders

  @Property(tries = TRIES)
  void lexOrdersCompareLexicographically(@ForAll("twoSets") Tuple2<Relation, Relation> t) {
    Space a = t.get1().space();
    Space b = Space.set(a.params(), Tuple.of("T", java.util.Collections.nCopies(a.nOut(), "")));
    int p = a.nParam();
    int n = a.nOut();
    Space target = Space.map(a.params(), a.tuple(), b.tuple());
    assertPoints(Relation.lexLt(a, b), target, LO, HI, v -> compare(v, p, n) < 0);
    assertPoints(Relation.lexLe(a, b), target, LO, HI, v -> compare(v, p, n) <= 0);
    assertPoints(Relation.lexGt(a, b), target, LO, HI, v -> compare(v, p, n) > 0);
    assertPoints(Relation.lexGe(a, b), target, LO, HI, v -> compare(v, p, n) >= 0);
  }

  private static int compare(long[] v, int p, int n) {
    for (int i = 0; i < n; i++) {
      int c = Long.compare(v[p + i], v[p + n + i]);
      if (c != 0) return c;
    }
    return 0;
  }

  // ---------------------------------------------------------------------------------------------
  // Laws

  @Property(tries = TRIES)
  void reverseIsAnInvolutionAndSwapsDomainAndRange(@ForAll("maps") Relation r) {
    assertTrue(r.reverse().reverse().isEqual(r));
    assertTrue((r.domain()).isEqual(r.reverse().range()));
    assertTrue((r.range()).isEqual(r.reverse().domain()));
  }

  @Property(tries = TRIES)
  void identityLaws(@ForAll("sets") Relation s) {
    Relation id = s.identity();
    assertTrue((id.domain()).isEqual(s));
    assertTrue((s.apply(id)).isEqual(s));
    Set<List<Long>> sp = points(s);
    int p = s.space().nParam();
    int n = s.space().nOut();
    assertPointsBounded(id.deltas(), s.space(), v -> {
      for (int i = p; i < v.length; i++) if (v[i] != 0) return false;
      return exists(n, x -> sp.contains(cat(slice(v, 0, p), x)));
    });
  }

  @Property(tries = TRIES)
  void applyThroughIdentityAndReverse(@ForAll("maps") Relation r) {
    Relation idDom = r.domain().identity();
    assertTrue((idDom.apply(r)).isEqual(r));
    // (r . r^-1) contains the identity on the domain of r
    Relation back = r.apply(r.reverse());
    int p = r.space().nParam();
    for (List<Long> x : points(r.domain())) {
      long[] pt = new long[p + 2 * (x.size() - p)];
      for (int i = 0; i < x.size(); i++) pt[i] = x.get(i);
      for (int i = p; i < x.size(); i++) pt[x.size() + i - p] = x.get(i);
      assertTrue(back.contains(pt), () -> "r . r^-1 misses " + x);
    }
  }
}
