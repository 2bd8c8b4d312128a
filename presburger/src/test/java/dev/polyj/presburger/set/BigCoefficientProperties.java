package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Exactness with coefficients near the 64-bit limit. Each case is a small system together with a
 * blown-up equivalent: a multiple M (2^40..2^62) of one equality is added to every other row, so
 * the constraints hold the same points but the Gaussian and Fourier-Motzkin combinations of the
 * blown-up rows overflow {@code long} before their gcd reduction, while the final normal form is
 * small. Oracles: the same operation on the small equivalent, and for systems without locals the
 * blown-up rows evaluated with {@code BigInteger} at every point of a box.
 */
class BigCoefficientProperties {
  static final long LO = -3;
  static final long HI = 3;

  /** A small system and its blown-up equivalent (same variables and locals). */
  record Pair(int nVar, int nLocal, List<long[]> eqs, List<long[]> ineqs, List<long[]> bigEqs, List<long[]> bigIneqs) {
    BasicRelation small() {
      return BasicRelation.of(Space.set(List.of(), nVar), nLocal, null, eqs, ineqs);
    }

    BasicRelation big() {
      return BasicRelation.of(Space.set(List.of(), nVar), nLocal, null, bigEqs, bigIneqs);
    }

    @Override
    public String toString() {
      return "eqs " + show(bigEqs) + " ineqs " + show(bigIneqs) + " locals " + nLocal;
    }
  }

  static String show(List<long[]> rows) {
    StringBuilder sb = new StringBuilder("[");
    for (long[] r : rows) sb.append(Arrays.toString(r));
    return sb.append("]").toString();
  }

  static Arbitrary<Pair> pairs(int nVar, int maxLocal) {
    return Arbitraries.integers().between(0, maxLocal).flatMap(nLocal -> {
      int w = 1 + nVar + nLocal;
      Arbitrary<long[]> row = Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(w);
      Arbitrary<long[]> pivot = row.filter(r -> !dev.polyj.presburger.arith.Ints.isZero(r, 1, r.length));
      // 2^b plus a random remainder, b in 40..61; capped so that the blown-up rows still fit
      Arbitrary<Long> mult = Combinators.combine(Arbitraries.integers().between(40, 61), Arbitraries.longs().greaterOrEqual(0))
          .as((b, low) -> (1L << b) + (low & ((1L << b) - 1)));
      return Combinators.combine(pivot, row.list().ofMaxSize(1), row.list().ofMinSize(1).ofMaxSize(4),
              mult.list().ofSize(5))
          .as((e0, eqs, ineqs, ms) -> {
            List<long[]> se = new ArrayList<>();
            se.add(e0);
            se.addAll(eqs);
            List<long[]> be = new ArrayList<>();
            be.add(e0);
            List<long[]> bi = new ArrayList<>();
            int k = 0;
            for (long[] r : eqs) be.add(blowUp(r, ms.get(k++ % ms.size()), e0));
            for (long[] r : ineqs) bi.add(blowUp(r, ms.get(k++ % ms.size()) * (k % 2 == 0 ? 1 : -1), e0));
            return new Pair(nVar, nLocal, se, ineqs, be, bi);
          });
    });
  }

  static long[] blowUp(long[] r, long m, long[] e) {
    long maxE = 0;
    for (long v : e) maxE = Math.max(maxE, Math.abs(v));
    long cap = (Long.MAX_VALUE - 3) / maxE;
    long mm = Math.max(-cap, Math.min(cap, m));
    long[] o = new long[r.length];
    for (int i = 0; i < r.length; i++) o[i] = Math.addExact(r[i], Math.multiplyExact(mm, e[i]));
    return o;
  }

  @Provide
  Arbitrary<Pair> sets() {
    return Arbitraries.integers().between(2, 3).flatMap(n -> pairs(n, 1));
  }

  @Provide
  Arbitrary<List<Pair>> twoSets() {
    return Arbitraries.integers().between(2, 3).flatMap(n -> pairs(n, 1).list().ofSize(2));
  }

  static boolean bigContains(Pair p, long[] x) {
    for (long[] r : p.bigEqs) if (value(r, x).signum() != 0) return false;
    for (long[] r : p.bigIneqs) if (value(r, x).signum() < 0) return false;
    return true;
  }

  static BigInteger value(long[] r, long[] x) {
    BigInteger s = BigInteger.valueOf(r[0]);
    for (int i = 0; i < x.length; i++) s = s.add(BigInteger.valueOf(r[1 + i]).multiply(BigInteger.valueOf(x[i])));
    return s;
  }

  @Property(tries = 250, edgeCases = EdgeCasesMode.NONE)
  void normalFormKeepsPoints(@ForAll("sets") Pair p) {
    BasicRelation small = p.small();
    BasicRelation big = p.big();
    BruteForce.forEachPoint(p.nVar, LO, HI, x -> {
      boolean expected = small.contains(x);
      if (p.nLocal == 0) assertEquals(bigContains(p, x), expected, "small system disagrees with big rows");
      assertEquals(expected, big.contains(x), () -> big + " at " + Arrays.toString(x));
    });
    assertEquals(small.isEmpty(), big.isEmpty(), "emptiness");
  }

  @Property(tries = 150, edgeCases = EdgeCasesMode.NONE)
  void intersectionKeepsPoints(@ForAll("twoSets") List<Pair> ps) {
    BasicRelation small = ps.get(0).small().intersect(ps.get(1).small());
    BasicRelation big = ps.get(0).big().intersect(ps.get(1).big());
    BruteForce.forEachPoint(ps.get(0).nVar, LO, HI, x -> assertEquals(small.contains(x), big.contains(x)));
    assertEquals(small.isEmpty(), big.isEmpty(), "emptiness of the intersection");
  }

  @Property(tries = 150, edgeCases = EdgeCasesMode.NONE)
  void projectionKeepsPoints(@ForAll("sets") Pair p) {
    Relation small = Relation.of(p.small()).projectOut(DimKind.OUT, p.nVar - 1, 1);
    Relation big = Relation.of(p.big()).projectOut(DimKind.OUT, p.nVar - 1, 1);
    BruteForce.forEachPoint(p.nVar - 1, LO, HI, x -> assertEquals(small.contains(x), big.contains(x)));
  }

  @Property(tries = 100, edgeCases = EdgeCasesMode.NONE)
  void subtractionKeepsPoints(@ForAll("twoSets") List<Pair> ps) {
    Relation small = Relation.of(ps.get(0).small()).subtract(Relation.of(ps.get(1).small()));
    Relation big = Relation.of(ps.get(0).big()).subtract(Relation.of(ps.get(1).big()));
    BruteForce.forEachPoint(ps.get(0).nVar, LO, HI, x -> assertEquals(small.contains(x), big.contains(x)));
  }

  @Property(tries = 100, edgeCases = EdgeCasesMode.NONE)
  void divisionComputationKeepsPoints(@ForAll("sets") Pair p) {
    Relation small = p.small().computeDivs();
    Relation big = p.big().computeDivs();
    for (BasicRelation piece : big.basics()) assertTrue(!piece.hasUnknownLocals());
    BruteForce.forEachPoint(p.nVar, LO, HI, x -> assertEquals(small.contains(x), big.contains(x)));
  }

  /** x0 = 2^40 x1 and x1 = 2^40 x2 has the normal form x0 = 2^80 x2, which no long row can hold. */
  @Example
  void resultBeyondSixtyFourBitsIsAClearError() {
    Space s = Space.set(List.of(), 3);
    long t = 1L << 40;
    BasicRelation a = BasicRelation.of(s, List.of(new long[] {0, 1, -t, 0}), List.of());
    BasicRelation b = BasicRelation.of(s, List.of(new long[] {0, 0, 1, -t}), List.of());
    CoefficientOverflowException e = assertThrows(CoefficientOverflowException.class, () -> a.intersect(b));
    String twoTo80 = BigInteger.ONE.shiftLeft(80).toString();
    assertTrue(e.getMessage().contains(twoTo80), e.getMessage());
    assertTrue(e.getMessage().contains("does not fit in 64 bits"), e.getMessage());
  }
}
