package dev.polyj.presburger.pip;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import java.util.ArrayList;
import java.util.List;

/**
 * Few and simple pieces for the results of lexicographic optimization: pieces with the same value
 * are merged where their union is a single basic set, and inequalities implied by the other
 * constraints of a piece are dropped.
 *
 * <p>Merging two pieces A and B (same known divisions, same value) follows the idea of isl's
 * coalescing: the candidate is the conjunction of the constraints of A that hold on all of B and
 * those of B that hold on all of A; it contains both and replaces them when it has no point
 * outside them. Every test is an exact integer emptiness question, answered by the
 * {@link IntegerSampler} (Gomory cuts on the tableau, exact fallbacks) on the lifted system where
 * divisions are variables pinned by their defining inequalities. Pieces with unknown existentials
 * are left as they are.
 */
final class PieceSimplifier {
  private PieceSimplifier() {}

  /** Merges pieces of each group (pieces with equal values), then drops redundant inequalities. */
  static List<BasicRelation> simplify(List<BasicRelation> group) {
    List<BasicRelation> ps = new ArrayList<>();
    for (BasicRelation b : group) ps.add(withoutRedundant(b));
    boolean changed = true;
    while (changed) {
      changed = false;
      search:
      for (int i = 0; i < ps.size(); i++) {
        for (int j = i + 1; j < ps.size(); j++) {
          BasicRelation m = merge(ps.get(i), ps.get(j));
          if (m == null) continue;
          ps.remove(j);
          ps.set(i, withoutRedundant(m));
          changed = true;
          break search;
        }
      }
    }
    return ps;
  }

  private static boolean simple(BasicRelation b) {
    for (int l = 0; l < b.nLocal(); l++) if (b.div(l) == null) return false;
    return !b.isMarkedEmpty();
  }

  /**
   * True for an inequality implied by the definition of a known division alone ({@code n - d q >=
   * c} with {@code c <= 0}, or {@code -n + d q + d - 1 >= c} with {@code c <= 0}): it holds on the
   * whole lifted space.
   */
  static boolean isPinning(BasicRelation b, long[] r) {
    for (int l = 0; l < b.nLocal(); l++) {
      Div d = b.div(l);
      if (d == null) continue;
      int col = b.localCol(l);
      long[] n = d.numerator();
      long den = d.denominator();
      if (r[col] != -den && r[col] != den) continue;
      long s = r[col] == -den ? 1 : -1;
      boolean same = true;
      for (int c = 1; c < r.length && same; c++) if (c != col && r[c] != s * n[c]) same = false;
      if (!same) continue;
      long tight = s == 1 ? n[0] : Ints.add(Ints.neg(n[0]), den - 1);
      if (r[0] >= tight) return true;
    }
    return false;
  }

  /** {@code b} without the inequalities implied by its other constraints. */
  static BasicRelation withoutRedundant(BasicRelation b) {
    if (!simple(b)) return b;
    int n = b.nCol() - 1;
    List<long[]> eqs = b.equalities();
    List<long[]> kept = new ArrayList<>(b.inequalities());
    boolean dropped = false;
    for (int k = kept.size() - 1; k >= 0; k--) {
      long[] c = kept.get(k);
      if (isPinning(b, c)) continue;
      List<long[]> rest = new ArrayList<>(kept);
      rest.remove(k);
      rest.add(complement(c));
      if (IntegerSampler.sample(n, eqs, rest) == null) {
        kept.remove(k);
        dropped = true;
      }
    }
    return dropped ? BasicRelation.of(b.space(), b.nLocal(), divs(b), eqs, kept) : b;
  }

  /** The union of a and b when it is one basic set with a's divisions, else null. */
  private static BasicRelation merge(BasicRelation a, BasicRelation b) {
    if (!simple(a) || !simple(b) || a.nLocal() != b.nLocal()) return null;
    for (int l = 0; l < a.nLocal(); l++) if (!a.div(l).equals(b.div(l))) return null;
    int n = a.nCol() - 1;
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    keepValid(a, b, n, eqs, ineqs);
    keepValid(b, a, n, eqs, ineqs);
    // the candidate holds a and b; it is their union when (candidate \ a) lies in b
    List<long[]> aRows = asInequalities(a);
    List<long[]> bRows = asInequalities(b);
    for (int i = 0; i < aRows.size(); i++) {
      List<long[]> piece = new ArrayList<>(ineqs);
      piece.addAll(aRows.subList(0, i));
      piece.add(complement(aRows.get(i)));
      if (IntegerSampler.sample(n, eqs, piece) == null) continue;
      for (long[] r : bRows) {
        List<long[]> outside = new ArrayList<>(piece);
        outside.add(complement(r));
        if (IntegerSampler.sample(n, eqs, outside) != null) return null;
      }
    }
    return BasicRelation.of(a.space(), a.nLocal(), divs(a), eqs, ineqs);
  }

  /**
   * Appends the constraints of {@code x} that hold on all of {@code y} (pinning rows always; the
   * half of an equality that does).
   */
  private static void keepValid(BasicRelation x, BasicRelation y, int n, List<long[]> eqs, List<long[]> ineqs) {
    for (long[] e : x.equalities()) {
      boolean up = holdsOn(y, e, n);
      boolean down = holdsOn(y, Ints.negate(e), n);
      if (up && down) eqs.add(e);
      else if (up) ineqs.add(e); // a facet next to the other piece
      else if (down) ineqs.add(Ints.negate(e));
    }
    for (long[] c : x.inequalities()) {
      if (isPinning(x, c) || holdsOn(y, c, n)) ineqs.add(c);
    }
  }

  /** True when {@code c >= 0} on every point of {@code y}. */
  private static boolean holdsOn(BasicRelation y, long[] c, int n) {
    List<long[]> in = new ArrayList<>(y.inequalities());
    in.add(complement(c));
    return IntegerSampler.sample(n, y.equalities(), in) == null;
  }

  /** The constraints of x as inequalities, without the pinning rows (which hold everywhere in the lifted space). */
  private static List<long[]> asInequalities(BasicRelation x) {
    List<long[]> out = new ArrayList<>();
    for (long[] e : x.equalities()) {
      out.add(e);
      out.add(Ints.negate(e));
    }
    for (long[] c : x.inequalities()) if (!isPinning(x, c)) out.add(c);
    return out;
  }

  /** {@code -c - 1 >= 0}: the integer negation of {@code c >= 0}. */
  private static long[] complement(long[] c) {
    long[] n = Ints.negate(c);
    n[0] = Ints.sub(n[0], 1);
    return n;
  }

  private static Div[] divs(BasicRelation b) {
    Div[] d = new Div[b.nLocal()];
    for (int l = 0; l < d.length; l++) d[l] = b.div(l);
    return d;
  }
}
