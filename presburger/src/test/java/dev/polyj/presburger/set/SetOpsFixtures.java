package dev.polyj.presburger.set;

import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Shared generators and the box oracle of the set-operation properties: set and map spaces with
 * 0-2 parameters and 1-3 dimensions, random unions with existentials (some confined to small
 * boxes, so that bounded and unbounded pieces both occur), and membership of every point of a box
 * (parameters included) computed point by point.
 */
final class SetOpsFixtures {
  private SetOpsFixtures() {}

  /** Set spaces (1-3 dims) and map spaces (1-3 dims in all), 0-2 parameters, at most 4 variables. */
  static Arbitrary<Space> spaces() {
    Arbitrary<Space> sets = PresburgerArbitraries.setSpaces().filter(s -> s.nVar() <= 4);
    Arbitrary<Space> maps = Combinators.combine(Arbitraries.integers().between(0, 2),
            Arbitraries.integers().between(1, 2), Arbitraries.integers().between(1, 2))
        .as((p, i, o) -> Space.map(List.of("N", "M").subList(0, p), i, o))
        .filter(s -> s.nVar() <= 4);
    return Arbitraries.oneOf(sets, sets, maps);
  }

  /** Random unions in {@code space}: up to {@code maxPieces} pieces, some boxed. */
  static Arbitrary<Relation> relations(Space space, int maxPieces) {
    Arbitrary<BasicRelation> free = PresburgerArbitraries.basicRelations(space, 3, 3, 1).filter(b -> !b.isUniverse());
    Arbitrary<BasicRelation> boxed = Combinators.combine(free, boxes(space)).as(BasicRelation::intersect);
    Arbitrary<BasicRelation> projected = Combinators.combine(projections(space), boxes(space)).as(BasicRelation::intersect);
    Arbitrary<BasicRelation> piece = Arbitraries.frequencyOf(Tuple.of(4, free), Tuple.of(6, boxed), Tuple.of(3, projected));
    return piece.list().ofMinSize(1).ofMaxSize(maxPieces).map(bs -> Relation.ofBasics(space, new ArrayList<>(bs)));
  }

  /**
   * Shadows of random relations with one more dimension, whose coefficients on it are often not
   * units: their locals stay unknown existentials or become divisions.
   */
  static Arbitrary<BasicRelation> projections(Space space) {
    int n = space.nVar();
    Space wide = Space.set(List.of(), n + 1);
    Arbitrary<long[]> row = Arbitraries.longs().between(-2, 2).array(long[].class).ofSize(n + 2).map(r -> {
      r[0] = r[0] * 2;
      return r;
    });
    Arbitrary<Long> coef = Arbitraries.longs().between(2, 3);
    return Combinators.combine(row, row, coef, coef, row.list().ofMaxSize(2)).as((lo, hi, a, b, more) -> {
      lo[n + 1] = a; // a lower and an upper bound on the extra dimension with non-unit coefficients
      hi[n + 1] = -b;
      List<long[]> ineqs = new ArrayList<>(more);
      ineqs.add(lo);
      ineqs.add(hi);
      int[] map = new int[n + 1];
      for (int v = 0; v < n; v++) map[v] = v;
      map[n] = -1;
      return BasicRelation.of(wide, List.of(), ineqs).mapVariables(space, map);
    });
  }

  /** Random boxes {@code l_v <= x_v <= l_v + w_v} on the variables of {@code space}. */
  static Arbitrary<BasicRelation> boxes(Space space) {
    int n = space.nVar();
    return Arbitraries.longs().between(-3, 2).array(long[].class).ofSize(2 * n).map(a -> {
      BasicRelation.Builder b = BasicRelation.builder(space);
      for (int v = 0; v < n; v++) {
        long lo = a[v];
        long hi = lo + Math.abs(a[n + v]) + (v % 2);
        long[] low = new long[1 + n];
        low[0] = -lo;
        low[1 + v] = 1;
        long[] up = new long[1 + n];
        up[0] = hi;
        up[1 + v] = -1;
        b.addIneq(low).addIneq(up);
      }
      return b.build();
    });
  }

  /** A space paired with relations in it. */
  record Case(Space space, List<Relation> relations) {
    Relation get(int i) {
      return relations.get(i);
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(space.toString());
      for (Relation r : relations) sb.append("\n  ").append(r);
      return sb.toString();
    }
  }

  /** {@code count} random relations in one random space. */
  static Arbitrary<Case> cases(int count, int maxPieces) {
    return spaces().flatMap(s -> {
      Arbitrary<Relation> r = relations(s, maxPieces);
      return switch (count) {
        case 1 -> r.map(x -> new Case(s, List.of(x)));
        case 2 -> Combinators.combine(r, r).as((x, y) -> new Case(s, List.of(x, y)));
        default -> Combinators.combine(r, r, r).as((x, y, z) -> new Case(s, List.of(x, y, z)));
      };
    });
  }

  /** Half-width of the box of the oracle for a space with {@code nVar} variables. */
  static long radius(int nVar) {
    return nVar <= 2 ? 4 : nVar == 3 ? 3 : 2;
  }

  /** Every point of the oracle box of the space. */
  static List<long[]> box(Space space) {
    long r = radius(space.nVar());
    List<long[]> out = new ArrayList<>();
    BruteForce.forEachPoint(space.nVar(), -r, r, out::add);
    return out;
  }

  /** Membership of each point of {@code pts} in r. */
  static boolean[] members(Relation r, List<long[]> pts) {
    boolean[] m = new boolean[pts.size()];
    for (int i = 0; i < m.length; i++) m[i] = r.contains(pts.get(i));
    return m;
  }

  static String show(long[] p) {
    return java.util.Arrays.toString(p);
  }
}
