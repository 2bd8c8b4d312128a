package dev.polyj.presburger.count;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * card against enumeration: random parametric sets and relations (any coefficients, unions,
 * existentials), bounded by a box on the dimensions, for every parameter value in a range.
 */
class CountingProperties {
  static final long BOX = 3;
  static final long PARAM_LO = -3;
  static final long PARAM_HI = 5;

  record Case(Relation r) {
    @Override
    public String toString() {
      return r.space() + " " + r.basics();
    }
  }

  /** r intersected with {@code -BOX <= dim <= BOX} on every non-parameter dimension. */
  static Relation boxed(Relation r) {
    Space s = r.space();
    BasicRelation.Builder b = BasicRelation.builder(s);
    for (int v = s.nParam(); v < s.nVar(); v++) {
      long[] lo = new long[1 + s.nVar()];
      lo[0] = BOX;
      lo[1 + v] = 1;
      long[] hi = new long[1 + s.nVar()];
      hi[0] = BOX;
      hi[1 + v] = -1;
      b.addIneq(lo).addIneq(hi);
    }
    return r.intersect(Relation.of(b.build()));
  }

  @Provide
  Arbitrary<Case> parametricSets() {
    return PresburgerArbitraries.setSpaces().flatMap(s ->
        PresburgerArbitraries.relations(s, 2, 3, 1, 2).map(r -> new Case(boxed(r))));
  }

  @Provide
  Arbitrary<Case> bigSets() {
    Arbitrary<Space> spaces = Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(3, 4))
        .as((p, d) -> Space.set(List.of("N", "M").subList(0, p), d));
    return spaces.flatMap(s -> PresburgerArbitraries.relations(s, 2, 3, 0, 1).map(r -> new Case(boxed(r))));
  }

  @Provide
  Arbitrary<Case> relations() {
    Arbitrary<Space> spaces = Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 2),
        Arbitraries.integers().between(1, 2)).as((p, i, o) -> Space.map(List.of("N").subList(0, p), i, o));
    return spaces.flatMap(s -> PresburgerArbitraries.relations(s, 2, 3, 0, 2).map(r -> new Case(boxed(r))));
  }

  /**
   * Number of points of r with the first {@code ctx.length} variables fixed to ctx. Membership
   * with unknown existentials would need an Omega test per point: the oracle uses r with its
   * existentials computed as divisions (exact, tested on its own in NormalFormProperties).
   */
  static long enumerate(Relation r0, long[] ctx) {
    Relation r = r0.computeDivs();
    int n = r.space().nVar() - ctx.length;
    long[] count = {0};
    BruteForce.forEachPoint(n, -BOX, BOX, p -> {
      long[] full = new long[ctx.length + n];
      System.arraycopy(ctx, 0, full, 0, ctx.length);
      System.arraycopy(p, 0, full, ctx.length, n);
      if (r.contains(full)) count[0]++;
    });
    return count[0];
  }

  static void checkCard(Relation r) {
    PwQPolynomial c = Counting.card(r);
    int nCtx = c.space().nVar();
    int nParam = r.space().nParam();
    // parameters over a range, domain dimensions over the box
    List<long[]> ctxs = new ArrayList<>();
    BruteForce.forEachPoint(nParam, PARAM_LO, PARAM_HI, p -> BruteForce.forEachPoint(nCtx - nParam, -BOX, BOX, d -> {
      long[] x = Arrays.copyOf(p, nCtx);
      System.arraycopy(d, 0, x, nParam, d.length);
      ctxs.add(x);
    }));
    Relation known = r.computeDivs();
    for (long[] x : ctxs) {
      assertEquals(Rational.of(enumerate(known, x)), c.evaluate(x), () -> "card at " + Arrays.toString(x) + " of " + r + " = " + c);
    }
  }

  @Property(tries = 150)
  void cardOfParametricSetsMatchesEnumeration(@ForAll("parametricSets") Case c) {
    checkCard(c.r());
  }

  @Property(tries = 40)
  void cardOfThreeAndFourDimensionalSetsMatchesEnumeration(@ForAll("bigSets") Case c) {
    checkCard(c.r());
  }

  @Property(tries = 80)
  void cardOfRelationsPerDomainPointMatchesEnumeration(@ForAll("relations") Case c) {
    checkCard(c.r());
  }

  @Property(tries = 60)
  void cardOfStridedSetsMatchesEnumeration(@ForAll("strided") Case c) {
    checkCard(c.r());
  }

  /** Sets with explicit strides: {@code exists e : a*x_k = m*e + offset(params)} plus random bounds. */
  @Provide
  Arbitrary<Case> strided() {
    return PresburgerArbitraries.setSpaces().flatMap(s -> {
      int nVar = s.nVar();
      Arbitrary<long[]> stride = Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(2 + nVar)
          .map(a -> {
            a[1 + nVar] = 2 + Math.floorMod(a[1 + nVar], 2); // modulus 2..3
            return a;
          });
      return Combinators.combine(PresburgerArbitraries.relations(s, 2, 3, 0, 2), stride).as((r, a) -> {
        // a[0] + sum a[1+v] x_v = m * e
        BasicRelation.Builder b = BasicRelation.builder(s);
        int e = b.addExistential();
        long[] row = new long[e + 1];
        System.arraycopy(a, 0, row, 0, 1 + nVar);
        row[e] = -a[1 + nVar];
        b.addEq(row);
        return new Case(boxed(r.intersect(Relation.of(b.build()))));
      });
    });
  }

  /**
   * Random sets cut by one or two random equalities (non-unit coefficients, equalities on the
   * parameters alone: lower-dimensional parameter domains, strides on the dimensions): card
   * against enumeration, and every piece is counted by Barvinok's algorithm after lattice
   * compression.
   */
  @Provide
  Arbitrary<Case> withEqualities() {
    return PresburgerArbitraries.setSpaces().flatMap(s -> {
      int nVar = s.nVar();
      Arbitrary<long[]> eq = Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(1 + nVar);
      Arbitrary<long[]> point = Arbitraries.longs().between(-2, 2).array(long[].class).ofSize(nVar);
      return Combinators.combine(PresburgerArbitraries.relations(s, 1, 2, 0, 1), eq.list().ofMinSize(1).ofMaxSize(2),
              point, Arbitraries.of(true, false))
          .as((r, eqs, pt, withR) -> {
            // each equality passes through the point, so that the set is often non-empty
            BasicRelation.Builder b = BasicRelation.builder(s);
            for (long[] e : eqs) {
              long[] row = e.clone();
              row[0] = 0;
              for (int v = 0; v < nVar; v++) row[0] -= row[1 + v] * pt[v];
              b.addEq(row);
            }
            Relation base = Relation.of(b.build());
            return new Case(boxed(withR ? r.intersect(base) : base));
          });
    });
  }

  @Property(tries = 200)
  void cardWithEqualitiesMatchesEnumerationAndUsesBarvinok(@ForAll("withEqualities") Case c) {
    checkCard(c.r());
    Space target = c.r().space().paramsSpace();
    for (BasicRelation b : c.r().computeDivs().basics()) {
      PwQPolynomial n = Counting.countByBarvinok(b, target);
      org.junit.jupiter.api.Assertions.assertNotNull(n, () -> "not counted by Barvinok: " + b);
      BruteForce.forEachPoint(target.nVar(), PARAM_LO, PARAM_HI, p -> assertEquals(
          Rational.of(enumerate(Relation.of(b), p)), n.evaluate(p), () -> "at " + Arrays.toString(p) + " of " + b + " = " + n));
    }
  }

  /**
   * Unbounded sets: card is {@code infty} exactly where the set has a point. Oracle: with
   * coefficients in [-2, 2] and |N| <= 5 every vertex lies within 48 of the origin (Cramer's rule),
   * so an infinite set gains points from a box of radius 50 to one of radius 75, and a finite
   * one has all its points in the smaller box.
   */
  @Provide
  Arbitrary<Case> unbounded() {
    Arbitrary<Space> spaces = Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 2))
        .as((p, d) -> Space.set(List.of("N").subList(0, p), d));
    return spaces.flatMap(s -> {
      Arbitrary<long[]> row = Arbitraries.longs().between(-2, 2).array(long[].class).ofSize(1 + s.nVar());
      return row.list().ofMinSize(1).ofMaxSize(3).map(rows -> {
        BasicRelation.Builder b = BasicRelation.builder(s);
        for (long[] r : rows) b.addIneq(r);
        return new Case(Relation.of(b.build()));
      });
    });
  }

  static long countInBox(Relation r, long[] ctx, long box) {
    int n = r.space().nVar() - ctx.length;
    long[] count = {0};
    BruteForce.forEachPoint(n, -box, box, p -> {
      long[] full = Arrays.copyOf(ctx, ctx.length + n);
      System.arraycopy(p, 0, full, ctx.length, n);
      if (r.contains(full)) count[0]++;
    });
    return count[0];
  }

  @Property(tries = 60)
  void cardOfUnboundedSetsIsInfinityWhereNonEmpty(@ForAll("unbounded") Case c) {
    PwQPolynomial card = Counting.card(c.r());
    int np = c.r().space().nParam();
    BruteForce.forEachPoint(np, PARAM_LO, PARAM_HI, p -> {
      long small = countInBox(c.r(), p, 50);
      long big = countInBox(c.r(), p, 75);
      if (card.isInfiniteAt(p)) {
        org.junit.jupiter.api.Assertions.assertTrue(big > small, () -> "infty at " + Arrays.toString(p) + " for " + c + ": " + card);
      } else {
        assertEquals(small, big, () -> "finite at " + Arrays.toString(p) + " for " + c + ": " + card);
        assertEquals(Rational.of(big), card.evaluate(p), () -> "at " + Arrays.toString(p) + " for " + c + ": " + card);
      }
    });
  }
}
