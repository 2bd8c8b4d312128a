package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Transitive closures of random relations confined to a box, against the closure of the enumerated
 * graph: the result always contains the true closure, and equals it when flagged exact.
 */
class TransitiveClosureProperties {
  static final long LO = -2;
  static final long HI = 2;

  @Property(tries = 40)
  void closureOfRandomBoundedMaps(@ForAll("randomMaps") Relation r) {
    TransitiveClosure.Result res = r.transitiveClosure();
    Statistics.label("exact").collect(res.exact());
    ClosureOracle.check(r, res, LO, HI);
  }

  @Property(tries = 40)
  void closureOfUnionsOfTranslations(@ForAll("translations") Relation r) {
    TransitiveClosure.Result res = r.transitiveClosure();
    Statistics.label("exact").collect(res.exact());
    ClosureOracle.check(r, res, LO, HI);
    if (r.nBasic() == 1 && r.basics().get(0).nLocal() == 0) {
      assertTrue(res.exact(), () -> "a single translation on a polyhedron is closed exactly: " + r);
    }
  }

  @Property(tries = 25)
  void closureOfRandomUnionsOverTwoSpaces(@ForAll("unionMaps") UnionRelation u) {
    TransitiveClosure.UnionResult res = u.transitiveClosure();
    Statistics.label("exact").collect(res.exact());
    ClosureOracle.checkUnion(u, res, LO, HI);
  }

  // ---------------------------------------------------------------------------------------------

  static Relation boxed(Relation r) {
    return r.intersect(BruteForce.box(r.space(), LO, HI));
  }

  @Provide
  Arbitrary<Relation> randomMaps() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 2))
        .as((p, n) -> Space.map(List.of("N").subList(0, p), n, n))
        .flatMap(s -> PresburgerArbitraries.relations(s, 1, 3, 1, 2).map(TransitiveClosureProperties::boxed));
  }

  /** Unions of {@code x -> x + c} on random domains, with small constant offsets. */
  @Provide
  Arbitrary<Relation> translations() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 2))
        .as((p, n) -> Space.map(List.of("N").subList(0, p), n, n))
        .flatMap(s -> translation(s).list().ofMinSize(1).ofMaxSize(2)
            .map(ps -> boxed(Relation.ofBasics(s, ps))));
  }

  private static Arbitrary<BasicRelation> translation(Space s) {
    int p = s.nParam();
    int d = s.nIn();
    Space dom = s.domain();
    Arbitrary<long[]> offset = Arbitraries.longs().between(-2, 2).array(long[].class).ofSize(d);
    return Combinators.combine(PresburgerArbitraries.basicRelations(dom, 2, 3, 0), offset).as((db, c) -> {
      int[] map = new int[dom.nVar()];
      for (int i = 0; i < p; i++) map[i] = i;
      for (int j = 0; j < d; j++) map[p + j] = p + j;
      BasicRelation.Builder b = db.mapVariables(s, map).toBuilder();
      for (int j = 0; j < d; j++) { // y_j = x_j + c_j
        long[] row = new long[1 + s.nVar()];
        row[1 + p + d + j] = 1;
        row[1 + p + j] = -1;
        row[0] = -c[j];
        b.addEq(row);
      }
      return b.build();
    });
  }

  /** Random bounded maps among S[i] -> S[j], S[i] -> T[j], T[i] -> S[j], T[i] -> T[j]. */
  @Provide
  Arbitrary<UnionRelation> unionMaps() {
    List<Arbitrary<Relation>> members = new ArrayList<>();
    String[][] pairs = {{"S", "S"}, {"S", "T"}, {"T", "S"}, {"T", "T"}};
    for (String[] pq : pairs) {
      Space s = Space.map(List.of(), Rels.tuple(pq[0] + "[i]"), Rels.tuple(pq[1] + "[j]"));
      members.add(Arbitraries.oneOf(translation(s).map(Relation::of),
          PresburgerArbitraries.relations(s, 2, 3, 0, 1)).map(TransitiveClosureProperties::boxed));
    }
    return Combinators.combine(members).as(UnionRelation::of);
  }
}
