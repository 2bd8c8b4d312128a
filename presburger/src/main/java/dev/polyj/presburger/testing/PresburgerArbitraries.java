package dev.polyj.presburger.testing;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik arbitraries of basic relations and unions for property tests: small coefficients, a few
 * constraints, optional existentially quantified locals, and directions left unbounded. Shrinking
 * goes towards fewer constraints and smaller coefficients.
 */
public final class PresburgerArbitraries {
  private PresburgerArbitraries() {}

  /** Random basic relations in {@code space} with coefficients in [-maxCoef, maxCoef]. */
  public static Arbitrary<BasicRelation> basicRelations(Space space, int maxCoef, int maxConstraints, int maxLocals) {
    Arbitrary<Integer> locals = Arbitraries.integers().between(0, maxLocals);
    return locals.flatMap(nLocal -> {
      int width = 1 + space.nVar() + nLocal;
      Arbitrary<long[]> row = Arbitraries.longs().between(-maxCoef, maxCoef).array(long[].class).ofSize(width)
          .map(r -> {
            r[0] = r[0] * 2; // wider constants
            return r;
          });
      Arbitrary<List<long[]>> eqs = row.list().ofMaxSize(Math.max(0, Math.min(1, maxConstraints)));
      Arbitrary<List<long[]>> ineqs = row.list().ofMaxSize(maxConstraints);
      return Combinators.combine(eqs, ineqs).as((e, i) -> BasicRelation.of(space, nLocal, null, e, i));
    });
  }

  /** Random unions of up to {@code maxPieces} basic relations. */
  public static Arbitrary<Relation> relations(Space space, int maxCoef, int maxConstraints, int maxLocals, int maxPieces) {
    return basicRelations(space, maxCoef, maxConstraints, maxLocals).list().ofMinSize(0).ofMaxSize(maxPieces)
        .map(bs -> Relation.ofBasics(space, new ArrayList<>(bs)));
  }

  /** Set spaces with 1-3 dims and 0-2 parameters named N, M. */
  public static Arbitrary<Space> setSpaces() {
    return Combinators.combine(Arbitraries.integers().between(0, 2), Arbitraries.integers().between(1, 3))
        .as((p, d) -> Space.set(List.of("N", "M").subList(0, p), d));
  }
}
