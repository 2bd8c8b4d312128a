package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Affine hulls of sets whose existentials are not written as divisions but still define a
 * lattice. Each set below is itself an integer lattice (a residue class or a lattice of a plane),
 * so its affine hull is the set itself: the hull's points in a box must be exactly the set's points,
 * both enumerated by brute force.
 */
class AffineHullLatticeTest {

  private static List<String> points(Relation r, long lo, long hi) {
    List<String> out = new ArrayList<>();
    for (long[] p : BruteForce.points(r, lo, hi)) out.add(java.util.Arrays.toString(p));
    return out;
  }

  private static void hullIsTheSet(String text, long lo, long hi) {
    Relation set = Relation.parse(text);
    Relation hull = Relation.of(set.affineHull());
    assertEquals(points(set, lo, hi), points(hull, lo, hi), "affine hull of " + text + " is " + hull);
  }

  @Test
  void chainedExistentialsForcingAResidueClass() {
    // m e2 = (m - 1)(1 + e0) forces e0 = -1 mod m, then m e1 = (m - 1)(1 + a + e0) forces a = 0 mod m
    for (int m = 2; m <= 9; m++) {
      int k = m - 1;
      hullIsTheSet("{ [a] : exists e0, e1, e2 : " + m + "e1 = " + k + " + " + k + "a + " + k + "e0 and "
          + m + "e2 = " + k + " + " + k + "e0 }", -3L * m, 3L * m);
    }
  }

  @Test
  void existentialsDefiningALatticeOfThePlane() {
    // a = 3u + v, b = u - 2v: the lattice spanned by (3, 1) and (1, -2), of index 7
    hullIsTheSet("{ [a, b] : exists u, v : a = 3u + v and b = u - 2v }", -8, 8);
    // the same lattice shifted and with a redundant third generator
    hullIsTheSet("{ [a, b] : exists u, v, w : a = 3u + v + 4w + 1 and b = u - 2v - w }", -8, 8);
  }
}
