package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.testing.BruteForce;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Transitive closures of classic relations, each checked against the closure of the enumerated
 * graph in a box (a superset always, equal when flagged exact); the exactness flags the method must
 * reach are asserted too.
 */
class TransitiveClosureTest {
  static TransitiveClosure.Result closeAndCheck(Relation r, long lo, long hi) {
    TransitiveClosure.Result res = r.transitiveClosure();
    ClosureOracle.check(r, res, lo, hi);
    return res;
  }

  @Test
  void successorOnAParametricRange() {
    Relation r = Rels.map("N", "S[i]", "S[j]", "j = i + 1 and 0 <= i < N");
    TransitiveClosure.Result res = closeAndCheck(r, -1, 7);
    assertTrue(res.exact());
    assertTrue((Rels.map("N", "S[i]", "S[j]", "0 <= i < j <= N")).isEqual(res.closure()));
  }

  @Test
  void stridedTranslation() {
    Relation r = Rels.map("", "[i]", "[j]", "j = i + 3 and 0 <= i <= 9");
    TransitiveClosure.Result res = closeAndCheck(r, -1, 13);
    assertTrue(res.exact());
    assertFalse(res.closure().contains(new long[] {0, 4}));
    assertTrue(res.closure().contains(new long[] {0, 12}));
  }

  @Test
  void twoUnitStepsInABox() {
    Relation r = Rels.map("N", "[i, j]", "[k, l]",
        "k = i + 1 and l = j and 0 <= i < N and 0 <= j <= N",
        "k = i and l = j + 1 and 0 <= i <= N and 0 <= j < N");
    assertTrue(closeAndCheck(r, 0, 3).exact());
  }

  @Test
  void omegaClosure4Shape() {
    // up steps on a square, right steps on a wider band: paths reorder to "all up, then all right"
    Relation r = Rels.map("", "[x, y]", "[a, b]",
        "a = x and b = y + 1 and 1 <= x <= 4 and 1 <= y <= 4",
        "a = x + 1 and b = y and 1 <= x <= 6 and 2 <= y <= 5");
    assertTrue(closeAndCheck(r, 0, 7).exact());
  }

  @Test
  void alternatingStepsAreSplitIntoAGraph() {
    // Beletska et al.'s example: up steps from the "black" points, right steps from the "white" ones
    Relation r = Rels.map("", "[x, y]", "[a, b]",
        "3y = 2x and a = x and 3b = 3 + 2x and 0 <= x <= 3",
        "a = 1 + x and b = y and 0 <= x and 3y >= 2 + 2x and x <= 2 and 3y <= 3 + 2x");
    assertTrue(closeAndCheck(r, 0, 4).exact());
  }

  @Test
  void offsetsWithExistentials() {
    // isl's notes: n -> { x -> y : exists a, b : 7a = n - 2 and 5b = y - x - 1 and y >= x + 6 }; paths
    // only go up, so the enumerated graph in the box has all paths between its points
    Relation r = Rels.map("n", "[x]", "[y]", "exists a, b : 7a = n - 2 and 5b = y - x - 1 and y >= x + 6");
    TransitiveClosure.Result res = closeAndCheck(r, -1, 16);
    assertTrue(res.exact());
    assertTrue((res.closure()).isEqual(Rels.map("n", "[x]", "[y]",
        "exists a, k : 7a = n - 2 and k >= 1 and 5k + 1 <= y - x and y - x <= 6k")));
    // cut to a box, the offsets' existentials are tied to the box: still a sound closure
    closeAndCheck(r.intersect(BruteForce.box(r.space(), -1, 16)), -1, 16);
  }

  @Test
  void threeTranslationsWithReorderableDiagonal() {
    // Beletska et al.'s second example: diagonal steps can be moved to the front of any path, and
    // the other two are closed together; paths only go up, so the box [0, n] holds them
    Relation r = Rels.map("n", "[i, j]", "[a, b]",
        "a = i + 3 and b = j and i <= 2j - 4 and i <= n - 3 and j <= 2i - 1 and j <= n",
        "a = i and b = j + 3 and i <= 2j - 1 and i <= n and j <= 2i - 4 and j <= n - 3",
        "a = i + 1 and b = j + 1 and i <= 2j - 1 and i <= n - 1 and j <= 2i - 1 and j <= n - 1");
    assertTrue(closeAndCheck(r, 0, 6).exact());
  }

  @Test
  void nonUniformDoublingIsFlaggedInexact() {
    Relation r = Rels.map("", "[i]", "[j]", "j = 2i and 1 <= i <= 6");
    assertFalse(closeAndCheck(r, -1, 13).exact());
  }

  @Test
  void parametricOffsetIsAnOverApproximation() {
    Relation r = Rels.map("N", "[i]", "[j]", "j = i + N and 0 <= i <= 4");
    assertFalse(closeAndCheck(r, -2, 6).exact());
  }

  @Test
  void cyclesAreClosedSoundly() {
    Relation r = Rels.map("", "[i]", "[j]", "j = i + 1 and 0 <= i <= 2", "i = 3 and j = 0");
    closeAndCheck(r, -1, 4);
  }

  @Test
  void nonComposingAndClosedRelationsAreTheirOwnClosure() {
    Relation apart = Rels.map("", "[i]", "[j]", "j = i + 10 and 0 <= i <= 5");
    TransitiveClosure.Result a = closeAndCheck(apart, 0, 15);
    assertTrue(a.exact());
    assertEquals(apart, a.closure());
    Relation order = Rels.map("N", "[i]", "[j]", "0 <= i < j < N");
    TransitiveClosure.Result o = closeAndCheck(order, -1, 5);
    assertTrue(o.exact());
    assertTrue((order).isEqual(o.closure()));
    assertTrue(closeAndCheck(Relation.empty(order.space()), 0, 1).exact());
  }

  @Test
  void mapsBetweenDifferentSpacesAreTheirOwnClosure() {
    Relation r = Rels.map("", "S[i]", "T[j]", "j = i + 1 and 0 <= i <= 3");
    TransitiveClosure.Result res = r.transitiveClosure();
    assertTrue(res.exact());
    assertEquals(r, res.closure());
    assertThrows(IllegalArgumentException.class, () -> Rels.set("", "S[i]", "i >= 0").transitiveClosure());
  }

  @Test
  void unionClosureChainsThroughSpaces() {
    UnionRelation u = UnionRelation.of(List.of(
        Rels.map("N", "S[i]", "T[j]", "j = i and 0 <= i <= N"),
        Rels.map("N", "T[i]", "S[j]", "j = i + 1 and 0 <= i < N")));
    TransitiveClosure.UnionResult res = u.transitiveClosure();
    ClosureOracle.checkUnion(u, res, -1, 5);
    assertTrue(res.exact());
    assertEquals(4, res.closure().size());
  }

  @Test
  void unionClosureWithSelfLoopsAndSets() {
    UnionRelation u = UnionRelation.of(List.of(
        Rels.map("", "A[i]", "A[j]", "j = i + 2 and 0 <= i <= 4"),
        Rels.map("", "A[i]", "B[j, k]", "j = i and k = 0 and 0 <= i <= 6"),
        Rels.map("", "B[j, k]", "B[a, b]", "a = j and b = k + 1 and 0 <= k <= 1 and 0 <= j <= 6"),
        Rels.set("", "C[i]", "i = 0")));
    TransitiveClosure.UnionResult res = u.transitiveClosure();
    ClosureOracle.checkUnion(u, res, 0, 6);
    assertTrue(res.exact());
    assertTrue(res.closure().isMapUnion());
  }

  @Test
  void emptyUnion() {
    TransitiveClosure.UnionResult res = UnionRelation.empty(List.of("N")).transitiveClosure();
    assertTrue(res.exact());
    assertTrue(res.closure().isEmpty());
  }
}
