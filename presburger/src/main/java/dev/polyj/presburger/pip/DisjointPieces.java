package dev.polyj.presburger.pip;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Rewrites a union of basic relations as pairwise disjoint basic relations with the same points:
 * each piece minus the earlier ones, where {@code a \ b} for {@code b} with known divisions only is
 * {@code a and not b_1}, {@code a and b_1 and not b_2}, ... (an equality negated into two strict
 * inequalities). Unknown existentials are first made known divisions (exact).
 */
final class DisjointPieces {
  private DisjointPieces() {}

  static List<BasicRelation> of(Relation r) {
    List<BasicRelation> nonEmpty = new ArrayList<>();
    for (BasicRelation b : r.basics()) if (!b.isEmpty()) nonEmpty.add(b);
    if (nonEmpty.size() <= 1) return nonEmpty;
    List<BasicRelation> known = new ArrayList<>();
    for (BasicRelation b : nonEmpty) known.addAll(b.computeDivs().basics());
    List<BasicRelation> out = new ArrayList<>();
    for (int k = 0; k < known.size(); k++) {
      List<BasicRelation> pieces = List.of(known.get(k));
      for (int j = 0; j < k && !pieces.isEmpty(); j++) {
        List<BasicRelation> next = new ArrayList<>();
        for (BasicRelation p : pieces) next.addAll(subtract(p, known.get(j)));
        pieces = next;
      }
      out.addAll(pieces);
    }
    return out;
  }

  /** {@code a \ b} as disjoint non-empty pieces; every local of {@code b} is a known division. */
  static List<BasicRelation> subtract(BasicRelation a, BasicRelation b) {
    List<long[]> cons = new ArrayList<>(); // b's constraints in the builder layout, equalities doubled
    List<Boolean> isEq = new ArrayList<>();
    BasicRelation.Builder base = a.toBuilder();
    int nv = b.nVar();
    int[] colMap = new int[b.nCol()];
    for (int c = 0; c <= nv; c++) colMap[c] = c;
    for (int i = 0; i < b.nLocal(); i++) {
      Div d = b.div(i);
      if (d == null) throw new IllegalArgumentException("subtracting a relation with unknown existentials");
      colMap[b.localCol(i)] = base.addDiv(remap(d.numerator(), colMap, base.nCol()), d.denominator());
    }
    int width = base.nCol();
    for (long[] e : b.equalities()) {
      cons.add(remap(e, colMap, width));
      isEq.add(true);
    }
    for (long[] e : b.inequalities()) {
      cons.add(remap(e, colMap, width));
      isEq.add(false);
    }
    List<BasicRelation> out = new ArrayList<>();
    for (int i = 0; i < cons.size(); i++) {
      long[] c = cons.get(i);
      List<long[]> negations = new ArrayList<>();
      long[] below = negate(c);
      negations.add(below);
      if (isEq.get(i)) {
        long[] above = c.clone();
        above[0] -= 1;
        negations.add(above);
      }
      for (long[] n : negations) {
        BasicRelation.Builder piece = a.toBuilder();
        for (int k = 0; k < b.nLocal(); k++) piece.addDiv(remap(b.div(k).numerator(), colMap, piece.nCol()), b.div(k).denominator());
        for (int j = 0; j < i; j++) {
          piece.addIneq(cons.get(j));
          if (isEq.get(j)) piece.addIneq(negate(cons.get(j), 0));
        }
        piece.addIneq(n);
        BasicRelation p = piece.build();
        if (!p.isMarkedEmpty() && !p.isEmpty()) out.add(p);
      }
    }
    return out;
  }

  private static long[] remap(long[] r, int[] colMap, int width) {
    long[] o = new long[width];
    for (int k = 0; k < r.length; k++) if (r[k] != 0) o[colMap[k]] += r[k];
    return o;
  }

  /** {@code -e - 1}: the integer negation of {@code e >= 0}. */
  private static long[] negate(long[] e) {
    return negate(e, 1);
  }

  private static long[] negate(long[] e, long shift) {
    long[] n = new long[e.length];
    for (int k = 0; k < e.length; k++) n[k] = -e[k];
    n[0] -= shift;
    return Arrays.copyOf(n, n.length);
  }
}
