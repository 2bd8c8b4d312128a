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
    int nv = a.nVar();
    int na = a.nLocal();
    int nb = b.nLocal();
    int width = 1 + nv + na + nb;
    // layout [const, vars, a's locals, b's locals]
    int[] aMap = new int[a.nCol()];
    for (int c = 0; c < aMap.length; c++) aMap[c] = c;
    int[] bMap = new int[b.nCol()];
    for (int c = 0; c <= nv; c++) bMap[c] = c;
    for (int i = 0; i < nb; i++) bMap[b.localCol(i)] = 1 + nv + na + i;
    Div[] divs = new Div[na + nb];
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    for (int i = 0; i < na; i++) {
      if (a.div(i) != null) divs[i] = new Div(remap(a.div(i).numerator(), aMap, width), a.div(i).denominator());
    }
    for (long[] e : a.equalities()) eqs.add(remap(e, aMap, width));
    for (long[] e : a.inequalities()) ineqs.add(remap(e, aMap, width));
    for (int i = 0; i < nb; i++) {
      Div d = b.div(i);
      if (d == null) throw new IllegalArgumentException("subtracting a relation with unknown existentials");
      long[] num = remap(d.numerator(), bMap, width);
      divs[na + i] = new Div(num, d.denominator());
      int col = 1 + nv + na + i;
      long[] lo = num.clone();
      lo[col] = -d.denominator();
      long[] hi = negate(num, 0);
      hi[col] = d.denominator();
      hi[0] += d.denominator() - 1;
      ineqs.add(lo);
      ineqs.add(hi);
    }
    List<long[]> cons = new ArrayList<>(); // b's constraints, then whether each is an equality
    List<Boolean> isEq = new ArrayList<>();
    for (long[] e : b.equalities()) {
      cons.add(remap(e, bMap, width));
      isEq.add(true);
    }
    for (long[] e : b.inequalities()) {
      cons.add(remap(e, bMap, width));
      isEq.add(false);
    }
    List<BasicRelation> out = new ArrayList<>();
    for (int i = 0; i < cons.size(); i++) {
      long[] c = cons.get(i);
      List<long[]> negations = new ArrayList<>();
      negations.add(negate(c));
      if (isEq.get(i)) {
        long[] above = c.clone();
        above[0] -= 1;
        negations.add(above);
      }
      for (long[] n : negations) {
        List<long[]> pe = new ArrayList<>(eqs);
        List<long[]> pi = new ArrayList<>(ineqs);
        for (int j = 0; j < i; j++) (isEq.get(j) ? pe : pi).add(cons.get(j));
        pi.add(n);
        BasicRelation p = BasicRelation.of(a.space(), na + nb, divs, pe, pi);
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
