package dev.polyj.codegen.ast;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.List;

/**
 * The real shadow of a basic set along one variable (Fourier–Motzkin elimination over the
 * rationals): a superset of the integer projection, used for the bounds of outer loops when the
 * exact integer projection would need new divisions or splinters (tiles of skewed loops: the
 * rows combine coefficients other than one on both sides).
 *
 * <p>Scanning stays exact: an outer loop bounded by a superset of the projection only visits
 * extra values for which the inner loops, bounded by the exact set at the innermost level, are
 * empty; every decision the generator takes on a superset (a guard implied, pieces disjoint, a
 * piece entirely before another) also holds on the exact set.
 */
final class RealShadow {
  private RealShadow() {}

  /**
   * The real shadow of {@code b} along column {@code col} (the column's coefficients zero in the
   * result, same space), or null when {@code b} has locals or when the integer projection is
   * exact anyway (every lower or every upper bound has coefficient one) and should be taken.
   */
  static BasicRelation project(BasicRelation b, int col) {
    if (b.nLocal() > 0) return null;
    for (long[] e : b.equalities()) if (e[col] != 0) return null; // substitution: exact path
    List<long[]> lowers = new ArrayList<>();
    List<long[]> uppers = new ArrayList<>();
    List<long[]> others = new ArrayList<>();
    boolean unitLowers = true;
    boolean unitUppers = true;
    for (long[] r : b.inequalities()) {
      if (r[col] > 0) {
        lowers.add(r);
        unitLowers &= r[col] == 1;
      } else if (r[col] < 0) {
        uppers.add(r);
        unitUppers &= r[col] == -1;
      } else {
        others.add(r);
      }
    }
    if (unitLowers || unitUppers) return null;
    List<long[]> ineqs = new ArrayList<>(others);
    for (long[] lo : lowers) {
      for (long[] up : uppers) {
        long a = lo[col];
        long c = -up[col];
        long g = Ints.gcd(a, c);
        long[] row = new long[lo.length];
        for (int k = 0; k < row.length; k++) {
          row[k] = Ints.add(Ints.mul(c / g, lo[k]), Ints.mul(a / g, up[k]));
        }
        row[col] = 0;
        ineqs.add(row);
      }
    }
    BasicRelation.Builder out = BasicRelation.builder(b.space());
    for (long[] e : b.equalities()) out.addEq(e.clone());
    for (long[] r : ineqs) out.addIneq(r);
    BasicRelation shadow = out.build();
    Relation simple = Relation.of(shadow).removeRedundancies();
    return simple.nBasic() == 1 ? simple.basics().get(0) : shadow;
  }

  /** Beyond this many combined rows for one eliminated column, the rows are dropped instead. */
  private static final int MAX_COMBINATIONS = 400;

  /**
   * A superset of the projection of {@code b} along column {@code col} that needs no new
   * divisions: the column and every local whose division depends on it are eliminated over the
   * rationals (Fourier–Motzkin; rows whose combination would overflow or be too many are dropped,
   * which only enlarges the set). The fallback when the exact integer projection would need too
   * many splinters, e.g. divisions by 2^32 in the rows. Same space as {@code b}, the column's
   * coefficients zero.
   */
  /** A superset of {@code b} without its unknown locals (existentials with no division), as {@link #superset}. */
  static BasicRelation withoutUnknownLocals(BasicRelation b) {
    return superset(b, -1);
  }

  static BasicRelation superset(BasicRelation b, int col) {
    int nCol = b.nCol();
    int firstLocal = nCol - b.nLocal();
    boolean[] gone = new boolean[nCol];
    if (col >= 0) gone[col] = true;
    for (boolean changed = true; changed; ) {
      changed = false;
      for (int l = 0; l < b.nLocal(); l++) {
        int c = firstLocal + l;
        if (gone[c]) continue;
        if (b.div(l) == null) {
          gone[c] = true;
          changed = true;
          continue;
        }
        long[] num = b.div(l).numerator();
        for (int k = 1; k < num.length && k < nCol; k++) {
          if (num[k] != 0 && gone[k]) {
            gone[c] = true;
            changed = true;
            break;
          }
        }
      }
    }
    List<long[]> rows = new ArrayList<>();
    for (long[] e : b.equalities()) {
      rows.add(e.clone());
      long[] neg = new long[e.length];
      for (int k = 0; k < e.length; k++) neg[k] = -e[k];
      rows.add(neg);
    }
    for (long[] r : b.inequalities()) rows.add(r.clone());
    for (int c = nCol - 1; c >= 1; c--) {
      if (!gone[c]) continue;
      List<long[]> lowers = new ArrayList<>();
      List<long[]> uppers = new ArrayList<>();
      List<long[]> next = new ArrayList<>();
      for (long[] r : rows) (r[c] > 0 ? lowers : r[c] < 0 ? uppers : next).add(r);
      if ((long) lowers.size() * uppers.size() <= MAX_COMBINATIONS) {
        for (long[] lo : lowers) {
          for (long[] up : uppers) {
            try {
              long a = lo[c];
              long u = -up[c];
              long g = Ints.gcd(a, u);
              long[] row = new long[nCol];
              for (int k = 0; k < nCol; k++) row[k] = Ints.add(Ints.mul(u / g, lo[k]), Ints.mul(a / g, up[k]));
              row[c] = 0;
              next.add(row);
            } catch (ArithmeticException overflow) {
              // dropping the combination keeps a superset
            }
          }
        }
      }
      rows = next;
    }
    // the remaining locals, renumbered
    int[] newCol = new int[nCol];
    int kept = 0;
    for (int c = 0; c < nCol; c++) {
      if (c >= firstLocal && gone[c]) {
        newCol[c] = -1;
      } else {
        newCol[c] = c < firstLocal ? c : firstLocal + kept++;
      }
    }
    int width = firstLocal + kept;
    Div[] divs = new Div[kept];
    for (int l = 0; l < b.nLocal(); l++) {
      int c = firstLocal + l;
      if (gone[c]) continue;
      divs[newCol[c] - firstLocal] = new Div(move(b.div(l).numerator(), newCol, width), b.div(l).denominator());
    }
    List<long[]> ineqs = new ArrayList<>();
    for (long[] r : rows) ineqs.add(move(r, newCol, width));
    return BasicRelation.of(b.space(), kept, divs, List.of(), ineqs);
  }

  private static long[] move(long[] row, int[] newCol, int width) {
    long[] out = new long[width];
    for (int k = 0; k < row.length && k < newCol.length; k++) {
      if (row[k] != 0 && newCol[k] >= 0) out[newCol[k]] = row[k];
    }
    return out;
  }
}
