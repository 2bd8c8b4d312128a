package dev.polyj.presburger.qpoly;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits unions of basic relations into pairwise disjoint pieces, as needed to count points once
 * and to keep the pieces of piecewise quasi-polynomials disjoint.
 *
 * <p>{@code a \ b} for a basic relation {@code b} whose locals are known divisions is the disjoint
 * union over its constraints {@code c_1..c_m} of {@code a and c_1 .. c_(k-1) and not c_k}, where the
 * integer negation of {@code e >= 0} is {@code -e - 1 >= 0} and an equality counts as two
 * inequalities; b's divisions are carried over into each piece with their pinning constraints. A
 * {@code b} with unknown existentials is first rewritten by the exact division computation.
 */
public final class DisjointPieces {
  private DisjointPieces() {}

  /** Pairwise disjoint, non-empty basic relations whose union is the union of {@code basics}. */
  public static List<BasicRelation> disjoint(List<BasicRelation> basics) {
    List<BasicRelation> out = new ArrayList<>();
    List<BasicRelation> seen = new ArrayList<>();
    for (BasicRelation b : basics) {
      if (surelyEmpty(b)) continue;
      List<BasicRelation> pieces = subtract(List.of(b), seen);
      out.addAll(pieces);
      seen.add(b);
    }
    return out;
  }

  /** Disjoint non-empty pieces of {@code a} minus the union of {@code bs}. */
  public static List<BasicRelation> subtract(List<BasicRelation> a, List<BasicRelation> bs) {
    List<BasicRelation> cur = new ArrayList<>(a);
    for (BasicRelation b : bs) {
      for (BasicRelation bk : known(b)) {
        List<BasicRelation> next = new ArrayList<>();
        for (BasicRelation x : cur) next.addAll(subtract(x, bk));
        cur = next;
        if (cur.isEmpty()) return cur;
      }
    }
    return cur;
  }

  /**
   * True when b has no rational point (hence no integer point). Pieces that are integer-empty but
   * rationally not are kept: they hold no point, so counts and values are unaffected, and the
   * cheap test avoids exact integer emptiness tests on many pieces.
   */
  public static boolean surelyEmpty(BasicRelation b) {
    if (b.isMarkedEmpty()) return true;
    return dev.polyj.presburger.omega.OmegaTest.isRationallyEmpty(b.nCol() - 1, b.equalities(), b.inequalities());
  }

  /** Pieces (possibly overlapping) of b in which every local is a known division. */
  static List<BasicRelation> known(BasicRelation b) {
    if (!b.hasUnknownLocals()) return List.of(b);
    return b.computeDivs().basics();
  }

  /** {@code a \ b} for b with known divisions only: disjoint non-empty pieces. */
  static List<BasicRelation> subtract(BasicRelation a, BasicRelation b) {
    if (surelyEmpty(a)) return List.of();
    if (surelyEmpty(b)) return List.of(a);
    // columns of b's locals inside a builder started from a
    BasicRelation.Builder probe = a.toBuilder();
    int[] localCol = new int[b.nLocal()];
    List<long[]> pinning = new ArrayList<>();
    for (int i = 0; i < b.nLocal(); i++) {
      Div d = b.div(i);
      long[] num = liftRow(d.numerator(), b, localCol, probe.nCol());
      localCol[i] = probe.addDiv(num, d.denominator());
      long[] n = Arrays.copyOf(num, probe.nCol());
      long[] lo = n.clone();
      lo[localCol[i]] -= d.denominator();
      long[] up = new long[n.length];
      for (int c = 0; c < n.length; c++) up[c] = -n[c];
      up[localCol[i]] += d.denominator();
      up[0] += d.denominator() - 1;
      pinning.add(lo);
      pinning.add(up);
    }
    int width = probe.nCol();
    List<long[]> conds = new ArrayList<>();
    for (int i = 0; i < b.nEq(); i++) {
      long[] r = Arrays.copyOf(liftRow(b.eq(i), b, localCol, width), width);
      conds.add(r);
      long[] neg = new long[width];
      for (int c = 0; c < width; c++) neg[c] = -r[c];
      conds.add(neg);
    }
    for (int i = 0; i < b.nIneq(); i++) {
      long[] r = Arrays.copyOf(liftRow(b.ineq(i), b, localCol, width), width);
      boolean pin = false;
      for (long[] p : pinning) pin |= Arrays.equals(Arrays.copyOf(p, width), r);
      if (!pin) conds.add(r);
    }
    List<BasicRelation> out = new ArrayList<>();
    for (int k = 0; k < conds.size(); k++) {
      BasicRelation.Builder bld = a.toBuilder();
      for (int i = 0; i < b.nLocal(); i++) {
        Div d = b.div(i);
        bld.addDiv(liftRow(d.numerator(), b, localCol, bld.nCol()), d.denominator());
      }
      for (int j = 0; j < k; j++) bld.addIneq(conds.get(j));
      long[] neg = new long[width];
      long[] r = conds.get(k);
      for (int c = 0; c < width; c++) neg[c] = -r[c];
      neg[0] -= 1;
      bld.addIneq(neg);
      BasicRelation piece = bld.build();
      if (!surelyEmpty(piece)) out.add(piece);
    }
    return out;
  }

  /** A row over b's columns moved to the builder's columns (variables in place, locals mapped). */
  private static long[] liftRow(long[] r, BasicRelation b, int[] localCol, int width) {
    int nv = 1 + b.nVar();
    int w = width;
    for (int i = 0; i < b.nLocal(); i++) if (nv + i < r.length && r[nv + i] != 0) w = Math.max(w, localCol[i] + 1);
    long[] o = new long[w];
    System.arraycopy(r, 0, o, 0, Math.min(nv, r.length));
    for (int i = 0; i < b.nLocal(); i++) if (nv + i < r.length && r[nv + i] != 0) o[localCol[i]] += r[nv + i];
    return o;
  }

  /** Disjoint pieces of a relation. */
  public static List<BasicRelation> disjoint(Relation r) {
    return disjoint(r.basics());
  }
}
