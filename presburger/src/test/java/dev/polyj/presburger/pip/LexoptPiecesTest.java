package dev.polyj.presburger.pip;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.aff.PwMultiAff;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The last writer of an array element before a read in polybench-like loop nests (sink iteration
 * as the input tuple, source iterations as outputs, execution order as a union of lexicographic
 * disjuncts): the lexmax equals enumeration for small parameter values, has no more pieces than
 * the answer needs (one per distinct source expression, each region being convex), and no piece
 * domain keeps an inequality implied by its other constraints.
 */
class LexoptPiecesTest {
  static final String LEX3 = "(t2 < t or (t2 = t and i2 < i) or (t2 = t and i2 = i and j2 < j))";

  /** gemm, read of C[i][j] by S(i, j, k): one piece, S(i, j, k - 1). */
  @Test
  void gemm() {
    check("[NI, NJ, NK] -> { S[t, i, j] -> S[t2, i2, j2] : 0 <= t < NI and 0 <= i < NJ and 0 <= j < NK"
        + " and 0 <= t2 < NI and 0 <= i2 < NJ and 0 <= j2 < NK and t2 = t and i2 = i and " + LEX3 + " }",
        new long[][] {{0, 2}, {1, 2}, {0, 1, 3}}, -1, 3, 1);
  }

  /** lu, read of A[i][k] by S(k, i, j): one piece, S(k - 1, i, k). */
  @Test
  void lu() {
    check("[N] -> { S[t, i, j] -> S[t2, i2, j2] : 0 <= t < N and t < i < N and t < j < N"
        + " and 0 <= t2 < N and t2 < i2 < N and t2 < j2 < N and i2 = i and j2 = t and " + LEX3 + " }",
        new long[][] {{0, 1, 2, 3, 4}}, -1, 4, 1);
  }

  /** seidel-2d, read of A[i - 1][j]: the same or an earlier time step, one expression S(t, i - 1, j). */
  @Test
  void seidelReadAbove() {
    check("[T, N] -> { S[t, i, j] -> S[t2, i2, j2] : 0 <= t < T and 1 <= i <= N - 2 and 1 <= j <= N - 2"
        + " and 0 <= t2 < T and 1 <= i2 <= N - 2 and 1 <= j2 <= N - 2 and i2 = i - 1 and j2 = j and " + LEX3 + " }",
        new long[][] {{0, 1, 2}, {3, 4, 5}}, -1, 4, 1);
  }

  /** seidel-2d, read of A[i + 1][j - 1]: only an earlier time step, S(t - 1, i + 1, j - 1). */
  @Test
  void seidelReadBelow() {
    check("[T, N] -> { S[t, i, j] -> S[t2, i2, j2] : 0 <= t < T and 1 <= i <= N - 2 and 1 <= j <= N - 2"
        + " and 0 <= t2 < T and 1 <= i2 <= N - 2 and 1 <= j2 <= N - 2 and i2 = i + 1 and j2 = j - 1 and " + LEX3 + " }",
        new long[][] {{0, 1, 3}, {3, 5}}, -1, 4, 1);
  }

  /**
   * doitgen, read of sum[p] by S(r, q, p, s): S(r, q, p, s - 1), the end of the previous q, or the
   * end of the previous r: three pieces.
   */
  @Test
  void doitgen() {
    check("[NR, NQ, NP] -> { S[r, q, p, s] -> S[r2, q2, p2, s2] : 0 <= r < NR and 0 <= q < NQ and 0 <= p < NP"
        + " and 0 <= s < NP and 0 <= r2 < NR and 0 <= q2 < NQ and 0 <= p2 < NP and 0 <= s2 < NP and p2 = p"
        + " and (r2 < r or (r2 = r and q2 < q) or (r2 = r and q2 = q and p2 < p)"
        + " or (r2 = r and q2 = q and p2 = p and s2 < s)) }",
        new long[][] {{1, 2}, {1, 2}, {1, 2}}, 0, 1, 3);
  }

  /** A strided writer A[2i][j] read as A[a][b]: one piece with a division. */
  @Test
  void stridedWriter() {
    check("[N, M] -> { R[a, b] -> W[i, j] : 0 <= a < 2N and 0 <= b < M and 0 <= i < N and 0 <= j < M"
        + " and a = 2i and b = j }", new long[][] {{0, 1, 2}, {1, 2}}, -1, 4, 1);
  }

  /** Two writers of a scalar in a loop, S1 at even and S2 at odd iterations before the read. */
  @Test
  void twoWritersAlternating() {
    check("[N] -> { R[i] -> W[t] : 0 <= i < N and 0 <= t < i and (exists (e : t = 2e) or t = i - 1) }",
        new long[][] {{0, 1, 2, 4}}, -1, 4, 1);
  }

  /**
   * Found by the randomized properties: a piece where an equality fixes a division, whose defining
   * inequalities the normal form restates through that equality as plain inequalities on other
   * columns ({@code i0 - l1 >= 0}); they belong to the division and are not redundant constraints.
   */
  @Test
  void divisionDefinitionRestatedThroughAnEquality() {
    Relation r = Relation.parse("[N] -> { [i0] -> [o0, o1] : -3 <= o0 <= 3 and -3 <= o1 <= 2o0"
        + " and 2o1 >= -N + o0 and o1 <= 3 and (i0 + 2o0 + o1) mod 3 = 0 }");
    PwMultiAff f = Lexopt.lexmin(r);
    for (PwMultiAff.Piece p : f.pieces()) assertNoRedundantInequality(p.domain(), f);
    BruteForce.forEachPoint(2, -6, 8, dom -> {
      long[] expected = LexoptProperties.bruteOptimum(r, dom, false);
      Optional<long[]> got = f.evaluate(dom);
      assertEquals(expected != null, got.isPresent(), () -> Arrays.toString(dom));
      if (expected != null) assertArrayEquals(expected, got.get(), () -> Arrays.toString(dom));
    });
  }

  // ---------------------------------------------------------------------------------------------

  /**
   * Compares the lexmax of {@code text} with enumeration (parameters over the given values, every
   * dimension in {@code [lo, hi]}, which must hold every point of the relation for these
   * parameters), and checks the shape of the result.
   */
  static void check(String text, long[][] paramValues, long lo, long hi, int maxPieces) {
    Relation r = Relation.parse(text);
    PwMultiAff f = Lexopt.lexmax(r);
    int np = r.space().nParam();
    int nIn = r.space().nIn();
    int nOut = r.space().nOut();
    Map<List<Long>, long[]> best = new HashMap<>();
    List<long[]> domainPoints = new ArrayList<>();
    forEachParams(paramValues, params -> BruteForce.forEachPoint(nIn, lo, hi, in -> {
      long[] dom = concat(params, in);
      domainPoints.add(dom);
      BruteForce.forEachPoint(nOut, lo, hi, out -> {
        if (!r.contains(concat(dom, out))) return;
        long[] cur = best.get(key(dom));
        if (cur == null || Arrays.compare(out, cur) > 0) best.put(key(dom), out);
      });
    }));
    for (long[] dom : domainPoints) {
      long[] expected = best.get(key(dom));
      Optional<long[]> got = f.evaluate(dom);
      String where = Arrays.toString(dom) + " in " + f;
      assertEquals(expected != null, got.isPresent(), () -> "defined at " + where);
      if (expected != null) assertArrayEquals(expected, got.get(), () -> "value at " + where);
      int holders = 0;
      for (PwMultiAff.Piece p : f.pieces()) if (p.domain().contains(dom)) holders++;
      assertTrue(holders <= 1, () -> "overlapping pieces at " + where);
    }
    assertFalse(best.isEmpty(), "the sample parameters give no source at all");
    assertTrue(f.nPiece() <= maxPieces, () -> f.nPiece() + " pieces, " + maxPieces + " suffice: " + f);
    for (PwMultiAff.Piece p : f.pieces()) assertNoRedundantInequality(p.domain(), f);
  }

  /**
   * Dropping any inequality of {@code b} adds points, except a division's definition, in its own
   * form or restated by the normal form through the equalities (implied by the equalities and the
   * divisions alone).
   */
  static void assertNoRedundantInequality(BasicRelation b, PwMultiAff f) {
    List<long[]> ineqs = b.inequalities();
    // a known division's defining inequalities belong to every system built from b's divisions
    List<long[]> pins = PieceSimplifier.pinning(b);
    Relation definitions = Relation.of(BasicRelation.of(b.space(), b.nLocal(), PieceSimplifier.divs(b), b.equalities(), pins));
    for (int k = 0; k < ineqs.size(); k++) {
      if (definesDivision(b, ineqs.get(k))) continue;
      List<long[]> one = new ArrayList<>(pins);
      one.add(ineqs.get(k));
      BasicRelation only = BasicRelation.of(b.space(), b.nLocal(), PieceSimplifier.divs(b), b.equalities(), one);
      if (definitions.isSubset(Relation.of(only))) continue;
      List<long[]> rest = new ArrayList<>(ineqs);
      rest.remove(k);
      rest.addAll(pins);
      BasicRelation without = BasicRelation.of(b.space(), b.nLocal(), PieceSimplifier.divs(b), b.equalities(), rest);
      int kk = k;
      assertFalse(Relation.of(without).isSubset(Relation.of(b)),
          () -> "inequality " + Arrays.toString(ineqs.get(kk)) + " is redundant in " + b + " of " + f);
    }
  }

  static boolean definesDivision(BasicRelation b, long[] row) {
    for (int l = 0; l < b.nLocal(); l++) {
      if (b.div(l) == null) continue;
      long c = row[b.localCol(l)];
      if (Math.abs(c) == b.div(l).denominator()) return true;
    }
    return false;
  }

  interface ParamAction {
    void accept(long[] params);
  }

  static void forEachParams(long[][] values, ParamAction action) {
    forEachParams(values, new long[values.length], 0, action);
  }

  private static void forEachParams(long[][] values, long[] cur, int k, ParamAction action) {
    if (k == values.length) {
      action.accept(cur.clone());
      return;
    }
    for (long v : values[k]) {
      cur[k] = v;
      forEachParams(values, cur, k + 1, action);
    }
  }

  static long[] concat(long[] a, long[] b) {
    long[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  static List<Long> key(long[] p) {
    List<Long> k = new ArrayList<>();
    for (long v : p) k.add(v);
    return k;
  }
}
