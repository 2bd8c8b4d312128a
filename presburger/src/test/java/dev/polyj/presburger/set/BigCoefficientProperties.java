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

  /**
   * A small system S and scale factors (1 or one large K near 2^40..2^57 per variable, the last
   * variable unscaled): the scaled relation is {x : S(scale * x)}, whose rows carry K itself, so its
   * normal form keeps large coefficients. Oracle: the small system at the scaled point.
   */
  record Scaled(int nVar, int nLocal, List<long[]> eqs, List<long[]> ineqs, long[] scale) {
    BasicRelation small() {
      return BasicRelation.of(Space.set(List.of(), nVar), nLocal, null, eqs, ineqs);
    }

    BasicRelation big() {
      List<long[]> be = new ArrayList<>();
      List<long[]> bi = new ArrayList<>();
      for (long[] r : eqs) be.add(scaled(r));
      for (long[] r : ineqs) bi.add(scaled(r));
      return BasicRelation.of(Space.set(List.of(), nVar), nLocal, null, be, bi);
    }

    private long[] scaled(long[] r) {
      long[] o = r.clone();
      for (int v = 0; v < nVar; v++) o[1 + v] = Math.multiplyExact(r[1 + v], scale[v]);
      return o;
    }

    long[] point(long[] x) {
      long[] o = new long[x.length];
      for (int v = 0; v < x.length; v++) o[v] = x[v] * scale[v];
      return o;
    }

    @Override
    public String toString() {
      return "eqs " + show(eqs) + " ineqs " + show(ineqs) + " locals " + nLocal + " scale " + Arrays.toString(scale);
    }
  }

  static Arbitrary<Scaled> scaled(int nVar, int maxLocal, Arbitrary<Long> factor) {
    return Arbitraries.integers().between(0, maxLocal).flatMap(nLocal -> {
      Arbitrary<long[]> row = Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(1 + nVar + nLocal);
      return Combinators.combine(row.list().ofMaxSize(2), row.list().ofMinSize(1).ofMaxSize(4),
              Arbitraries.of(true, false).list().ofSize(nVar - 1), factor)
          .as((eqs, ineqs, which, k) -> {
            long[] scale = new long[nVar];
            for (int v = 0; v < nVar; v++) scale[v] = v < nVar - 1 && which.get(v) ? k : 1;
            return new Scaled(nVar, nLocal, eqs, ineqs, scale);
          });
    });
  }

  static Arbitrary<Long> factors() {
    return Combinators.combine(Arbitraries.integers().between(40, 57), Arbitraries.longs().greaterOrEqual(0))
        .as((b, low) -> (1L << b) + (low & ((1L << b) - 1)));
  }

  @Provide
  Arbitrary<Scaled> scaledSets() {
    return Arbitraries.integers().between(2, 3).flatMap(n -> scaled(n, 2, factors()));
  }

  @Provide
  Arbitrary<List<Scaled>> twoScaledSets() {
    // the same factor and the same scaled variables for both
    return Combinators.combine(Arbitraries.integers().between(2, 3), factors(), Arbitraries.integers().between(0, 3))
        .flatAs((n, k, mask) -> scaled(n, 1, Arbitraries.just(k)).list().ofSize(2).map(l -> {
          long[] scale = new long[n];
          for (int v = 0; v < n; v++) scale[v] = v < n - 1 && ((mask >> v) & 1) == 1 ? k : 1;
          List<Scaled> out = new ArrayList<>();
          for (Scaled c : l) out.add(new Scaled(c.nVar, c.nLocal, c.eqs, c.ineqs, scale));
          return out;
        }));
  }

  @Property(tries = 200, edgeCases = EdgeCasesMode.NONE)
  void scaledNormalFormAndDivisionsKeepPoints(@ForAll("scaledSets") Scaled c) {
    BasicRelation small = c.small();
    BasicRelation big = c.big();
    Relation pieces = big.computeDivs();
    for (BasicRelation piece : pieces.basics()) assertTrue(!piece.hasUnknownLocals());
    BruteForce.forEachPoint(c.nVar, LO, HI, x -> {
      boolean expected = small.contains(c.point(x));
      assertEquals(expected, big.contains(x), () -> big + " at " + Arrays.toString(x));
      assertEquals(expected, pieces.contains(x), () -> pieces + " at " + Arrays.toString(x));
    });
  }

  @Property(tries = 100, edgeCases = EdgeCasesMode.NONE)
  void scaledProjectionKeepsPoints(@ForAll("scaledSets") Scaled c) {
    Relation small = Relation.of(c.small()).projectOut(DimKind.OUT, c.nVar - 1, 1);
    Relation big = Relation.of(c.big()).projectOut(DimKind.OUT, c.nVar - 1, 1);
    BruteForce.forEachPoint(c.nVar - 1, LO, HI, x -> {
      long[] sx = Arrays.copyOf(c.point(Arrays.copyOf(x, c.nVar)), c.nVar - 1);
      assertEquals(small.contains(sx), big.contains(x), () -> big + " at " + Arrays.toString(x));
    });
  }

  @Property(tries = 100, edgeCases = EdgeCasesMode.NONE)
  void scaledIntersectionAndSubtractionKeepPoints(@ForAll("twoScaledSets") List<Scaled> cs) {
    Scaled a = cs.get(0);
    Scaled b = cs.get(1);
    BasicRelation sa = a.small();
    BasicRelation sb = b.small();
    Relation ba = Relation.of(a.big());
    Relation bb = Relation.of(b.big());
    Relation inter = ba.intersect(bb);
    Relation diff = ba.subtract(bb);
    BruteForce.forEachPoint(a.nVar, LO, HI, x -> {
      boolean ia = sa.contains(a.point(x));
      boolean ib = sb.contains(a.point(x));
      assertEquals(ia && ib, inter.contains(x), () -> "intersection " + inter + " at " + Arrays.toString(x));
      assertEquals(ia && !ib, diff.contains(x), () -> "difference " + diff + " at " + Arrays.toString(x));
    });
    assertEquals(ba.isEmpty() || bb.isEmpty(), ba.isEmpty() || bb.isEmpty()); // both decided without error
  }

  @Property(tries = 60, edgeCases = EdgeCasesMode.NONE)
  void scaledSimplificationsKeepPoints(@ForAll("twoScaledSets") List<Scaled> cs) {
    Scaled a = cs.get(0);
    Relation ra = Relation.of(a.big());
    Relation rb = Relation.of(cs.get(1).big());
    Relation union = ra.union(rb);
    Relation coalesced = union.coalesce();
    Relation reduced = union.removeRedundancies();
    Relation gist = ra.gist(rb);
    BruteForce.forEachPoint(a.nVar, LO, HI, x -> {
      boolean inA = ra.contains(x);
      boolean inB = rb.contains(x);
      assertEquals(inA || inB, coalesced.contains(x), () -> "coalesced " + coalesced + " at " + Arrays.toString(x));
      assertEquals(inA || inB, reduced.contains(x), () -> "reduced " + reduced + " at " + Arrays.toString(x));
      if (inB) assertEquals(inA, gist.contains(x), () -> "gist " + gist + " at " + Arrays.toString(x));
    });
  }

  /**
   * Hulls of unions with large coefficients contain the union. The affine hull tests candidate
   * equalities through the hull of sample points, whose normals can need more than 64 bits even when
   * the final hull does not; that case must be a clear error, never a wrong hull.
   */
  @Property(tries = 60, edgeCases = EdgeCasesMode.NONE)
  void scaledHullsContainTheUnion(@ForAll("twoScaledSets") List<Scaled> cs) {
    Relation r = Relation.of(cs.get(0).big()).union(Relation.of(cs.get(1).big()));
    BasicRelation affine;
    BasicRelation simple;
    try {
      affine = r.affineHull();
      simple = r.simpleHull();
    } catch (CoefficientOverflowException e) {
      assertTrue(e.getMessage().contains("does not fit in 64 bits"), e.getMessage());
      return;
    } catch (ArithmeticException e) {
      // the exact projection behind sampling refuses (clearly) to enumerate astronomically many splinters
      assertTrue(e.getMessage().contains("splinters are too many"), e.getMessage());
      return;
    }
    assertEquals(r.isEmpty(), affine.isEmpty());
    assertEquals(r.isEmpty(), simple.isEmpty());
    BasicRelation a = affine;
    BasicRelation h = simple;
    assertTrue(r.isSubset(Relation.of(a)), () -> "affine hull " + a + " misses points of " + r);
    assertTrue(r.isSubset(Relation.of(h)), () -> "simple hull " + h + " misses points of " + r);
  }

  /** Integer kernels of rows with entries near 2^62: every basis vector is orthogonal to the rows. */
  @Property(tries = 200, edgeCases = EdgeCasesMode.NONE)
  void kernelOfLargeRows(@ForAll("largeRows") List<long[]> rows) {
    int n = rows.get(0).length;
    List<long[]> k;
    try {
      k = Hulls.kernel(rows, n);
    } catch (CoefficientOverflowException e) {
      assertTrue(e.getMessage().contains("does not fit in 64 bits"), e.getMessage());
      return;
    }
    int rank = rows.size() == 1 ? 1 : independent(rows.get(0), rows.get(1)) ? 2 : 1;
    assertEquals(n - rank, k.size(), "dimension of the kernel");
    for (long[] v : k) {
      for (long[] r : rows) {
        BigInteger dot = BigInteger.ZERO;
        for (int j = 0; j < n; j++) dot = dot.add(BigInteger.valueOf(v[j]).multiply(BigInteger.valueOf(r[j])));
        assertEquals(BigInteger.ZERO, dot, () -> Arrays.toString(v) + " against " + Arrays.toString(r));
      }
    }
  }

  @Provide
  Arbitrary<List<long[]>> largeRows() {
    Arbitrary<Long> entry = Combinators.combine(Arbitraries.longs().between(-3, 3), factors(), Arbitraries.longs().between(-3, 3))
        .as((a, k, b) -> a * k + b);
    return entry.array(long[].class).ofSize(3).filter(r -> r[0] != 0 || r[1] != 0 || r[2] != 0).list().ofMinSize(1).ofMaxSize(2);
  }

  private static boolean independent(long[] a, long[] b) {
    for (int i = 0; i < a.length; i++) {
      for (int j = i + 1; j < a.length; j++) {
        BigInteger m = BigInteger.valueOf(a[i]).multiply(BigInteger.valueOf(b[j]))
            .subtract(BigInteger.valueOf(a[j]).multiply(BigInteger.valueOf(b[i])));
        if (m.signum() != 0) return true;
      }
    }
    return false;
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
