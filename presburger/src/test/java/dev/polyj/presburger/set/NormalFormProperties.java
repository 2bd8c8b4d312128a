package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.omega.OmegaTest;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The normal form of basic relations and the division computation keep exactly the points of the
 * raw constraints. Oracle: for each point of a box, the raw system with the point substituted is
 * decided by the Omega test (itself checked against enumeration in OmegaTestProperties).
 */
class NormalFormProperties {
  record Raw(int nVar, int nLocal, List<long[]> eqs, List<long[]> ineqs) {}

  @Provide
  Arbitrary<Raw> raws() {
    return Combinators.combine(Arbitraries.integers().between(1, 3), Arbitraries.integers().between(0, 2))
        .flatAs((nVar, nLocal) -> {
          Arbitrary<long[]> row = Arbitraries.longs().between(-4, 4).array(long[].class).ofSize(1 + nVar + nLocal)
              .map(r -> {
                r[0] *= 2;
                return r;
              });
          return Combinators.combine(row.list().ofMaxSize(2), row.list().ofMaxSize(5))
              .as((e, i) -> new Raw(nVar, nLocal, e, i));
        });
  }

  static boolean rawContains(Raw raw, long[] p) {
    List<long[]> e = new ArrayList<>();
    List<long[]> i = new ArrayList<>();
    for (long[] r : raw.eqs) e.add(fix(r, p, raw.nLocal));
    for (long[] r : raw.ineqs) i.add(fix(r, p, raw.nLocal));
    return !OmegaTest.isIntegerEmpty(raw.nLocal, e, i);
  }

  static long[] fix(long[] r, long[] p, int nLocal) {
    long[] o = new long[1 + nLocal];
    long c = r[0];
    for (int v = 0; v < p.length; v++) c = Ints.add(c, Ints.mul(r[1 + v], p[v]));
    o[0] = c;
    System.arraycopy(r, 1 + p.length, o, 1, nLocal);
    return o;
  }

  @Property(tries = 300)
  void normalFormKeepsPoints(@ForAll("raws") Raw raw) {
    Space space = Space.set(List.of(), raw.nVar);
    BasicRelation b = BasicRelation.of(space, raw.nLocal, null, raw.eqs, raw.ineqs);
    BruteForce.forEachPoint(raw.nVar, -4, 4, p -> assertEquals(rawContains(raw, p), b.contains(p), () -> b + " at " + java.util.Arrays.toString(p)));
  }

  @Property(tries = 300)
  void divisionComputationKeepsPoints(@ForAll("raws") Raw raw) {
    Space space = Space.set(List.of(), raw.nVar);
    BasicRelation b = BasicRelation.of(space, raw.nLocal, null, raw.eqs, raw.ineqs);
    Relation d = b.computeDivs();
    for (BasicRelation piece : d.basics()) assertEquals(false, piece.hasUnknownLocals());
    BruteForce.forEachPoint(raw.nVar, -4, 4, p -> assertEquals(b.contains(p), d.contains(p)));
  }

  @Property(tries = 200)
  void emptinessAgreesWithBoxWhenBounded(@ForAll("raws") Raw raw) {
    Space space = Space.set(List.of(), raw.nVar);
    BasicRelation b = BasicRelation.of(space, raw.nLocal, null, raw.eqs, raw.ineqs);
    BasicRelation boxed = b.intersect(BruteForce.box(space, -4, 4).basics().isEmpty()
        ? BasicRelation.empty(space) : BruteForce.box(space, -4, 4).basics().get(0));
    boolean any = !BruteForce.points(Relation.of(b), -4, 4).isEmpty();
    assertEquals(!any, boxed.isEmpty());
  }

  /**
   * Every row of the normal form has coprime variable coefficients (an equality {@code 3i = 12} is
   * {@code i = 4}): printed results must read back as the same text.
   */
  @Property(tries = 300)
  void normalFormRowsAreGcdNormalised(@ForAll("raws") Raw raw) {
    Space space = Space.set(List.of(), raw.nVar);
    BasicRelation b = BasicRelation.of(space, raw.nLocal, null, raw.eqs, raw.ineqs);
    if (b.isMarkedEmpty()) return;
    for (long[] r : b.equalities()) assertEquals(1, Ints.gcd(r, 1, r.length), () -> b.toString());
    for (long[] r : b.inequalities()) assertEquals(1, Ints.gcd(r, 1, r.length), () -> b.toString());
  }

  /** Eliminating a later pivot scales an earlier equality: {@code 3i - 2N + 2 = 0, N = 7}. */
  @org.junit.jupiter.api.Test
  void eliminationKeepsEqualitiesNormalised() {
    Space space = Space.set(List.of("N"), 1);
    BasicRelation b = BasicRelation.of(space, List.of(new long[] {2, -2, 3}, new long[] {-7, 1, 0}), List.of());
    assertEquals(Relation.parse("[N] -> { [i] : i = 4 and N = 7 }").toString(), Relation.of(b).toString());
    for (long[] r : b.equalities()) assertEquals(1, Ints.gcd(r, 1, r.length), () -> b.toString());
  }
}
