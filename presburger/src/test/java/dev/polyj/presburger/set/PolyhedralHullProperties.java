package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.omega.OmegaTest;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The polyhedral hull against its definition, point by point: an integer point lies in the hull
 * exactly when it lies in the closed convex hull of the pieces' rational relaxations (existentials
 * as free rational variables), decided for each point by one exact rational feasibility question
 * on Balas's formulation {@code x = sum y_k, y_k in lambda_k P_k, sum lambda_k = 1, lambda >= 0}
 * (the hull itself is computed by Fourier-Motzkin projection instead). Compared as integer sets,
 * since the hull is printed in integer normal form.
 */
class PolyhedralHullProperties {
  private static final Space SPACE = Space.set(List.of(), 2);
  private static final long BOX = 4;

  @Property(tries = 200)
  void integerPointsAreThoseOfTheConvexHull(@ForAll("boxedRelations") Relation r) {
    BasicRelation hull = r.polyhedralHull();
    assertEquals(0, hull.nLocal(), "the hull has no existentials");
    List<BasicRelation> pieces = new ArrayList<>();
    for (BasicRelation b : r.basics()) if (!b.isEmpty()) pieces.add(b);
    BruteForce.forEachPoint(2, -BOX - 2, BOX + 2, p -> assertEquals(inConvexHull(pieces, p), hull.contains(p),
        () -> "point " + Arrays.toString(p) + ", hull " + hull + " of " + r));
  }

  @Test
  void twoSegmentsAndAnEmptyPiece() {
    Relation r = Relation.parse("{ [i, j] : 0 <= i <= 2 and j = 0; [i, j] : 0 <= j <= 2 and i = 0; [i, j] : i > 3 and i < 3 }");
    assertTrue(Relation.parse("{ [i, j] : i >= 0 and j >= 0 and i + j <= 2 }").isEqual(Relation.of(r.polyhedralHull())));
  }

  @Test
  void unboundedPiecesGiveTheClosure() {
    // a point and a ray: the hull of the open strip between them is closed along the ray's direction
    Relation r = Relation.parse("{ [i, j] : i = 0 and j = 3; [i, j] : j = 0 and i >= 0 }");
    assertTrue(Relation.parse("{ [i, j] : i >= 0 and 0 <= j <= 3 }").isEqual(Relation.of(r.polyhedralHull())));
  }

  /** True when x is in the closed convex hull of the pieces' rational relaxations (one exact LP). */
  private static boolean inConvexHull(List<BasicRelation> pieces, long[] x) {
    if (pieces.isEmpty()) return false;
    int n = x.length;
    int nVar = 0;
    int[] first = new int[pieces.size()]; // columns of piece k: lambda, then y (n), then its locals
    for (int k = 0; k < pieces.size(); k++) {
      first[k] = 1 + nVar;
      nVar += 1 + n + pieces.get(k).nLocal();
    }
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    long[] sum = new long[1 + nVar];
    sum[0] = -1;
    for (int k = 0; k < pieces.size(); k++) {
      BasicRelation b = pieces.get(k);
      int lam = first[k];
      sum[lam] = 1;
      long[] nonNegative = new long[1 + nVar];
      nonNegative[lam] = 1;
      ineqs.add(nonNegative);
      for (long[] q : b.equalities()) eqs.add(lifted(q, lam, nVar));
      for (long[] q : b.inequalities()) ineqs.add(lifted(q, lam, nVar));
    }
    eqs.add(sum);
    for (int j = 0; j < n; j++) {
      long[] coordinate = new long[1 + nVar];
      coordinate[0] = -x[j];
      for (int k = 0; k < pieces.size(); k++) coordinate[first[k] + 1 + j] = 1;
      eqs.add(coordinate);
    }
    return !OmegaTest.isRationallyEmpty(nVar, eqs, ineqs);
  }

  /** Row {@code c + a.(x, e) >= 0} of a piece as {@code c lambda + a.(y, z)} in its columns from {@code lam}. */
  private static long[] lifted(long[] q, int lam, int nVar) {
    long[] r = new long[1 + nVar];
    r[lam] = q[0];
    System.arraycopy(q, 1, r, lam + 1, q.length - 1);
    return r;
  }

  @Provide
  Arbitrary<Relation> boxedRelations() {
    return PresburgerArbitraries.relations(SPACE, 3, 3, 1, 3).map(r -> r.intersect(BruteForce.box(SPACE, -BOX, BOX)));
  }
}
