package dev.polyj.presburger.count;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A basic relation whose locals are known divisions, rewritten with the same number of points
 * per value of its first {@code nT} variables as a set without locals and (where possible)
 * without equalities, the input of {@link Barvinok}:
 *
 * <ul>
 *   <li>each division {@code q = floor(e / m)} becomes a dimension with its pinning constraints
 *       {@code 0 <= e - m q <= m - 1} (one value of q per point: a bijection);
 *   <li>each equality with a coefficient +-1 on a variable after the first {@code nT} is solved
 *       for that variable, which is substituted away (a bijection again); an equality whose
 *       coefficients on those variables have gcd 1 is first given such a coefficient by a
 *       unimodular change of those variables.
 * </ul>
 */
final class PolytopeForm {
  private PolytopeForm() {}

  /** The rewritten set, in a set space over b's parameters; null when an equality remains. */
  static BasicRelation of(BasicRelation b, int nT) {
    int nVar = b.nVar();
    int nLocal = b.nLocal();
    int width = 1 + nVar + nLocal;
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    for (long[] r : b.equalities()) eqs.add(Arrays.copyOf(r, width));
    for (long[] r : b.inequalities()) ineqs.add(Arrays.copyOf(r, width));
    for (int i = 0; i < nLocal; i++) {
      Div div = b.div(i);
      if (div == null) return null;
      long[] e = Arrays.copyOf(div.numerator(), width);
      long m = div.denominator();
      long[] lower = e.clone(); // e - m q >= 0
      lower[1 + nVar + i] = Ints.sub(lower[1 + nVar + i], m);
      long[] upper = Ints.negate(lower); // m q - e + m - 1 >= 0
      upper[0] = Ints.add(upper[0], m - 1);
      ineqs.add(lower);
      ineqs.add(upper);
    }
    int nCols = width;
    while (!eqs.isEmpty()) {
      int pick = -1;
      int col = -1;
      for (int k = 0; k < eqs.size() && pick < 0; k++) {
        long[] e = eqs.get(k);
        for (int c = 1 + nT; c < nCols; c++) {
          if (Math.abs(e[c]) == 1) {
            pick = k;
            col = c;
            break;
          }
        }
      }
      if (pick < 0) {
        // an equality whose coefficients on the counted variables have gcd 1 gets a unit
        // coefficient by unimodular column operations (Euclid's algorithm on the columns)
        for (int k = 0; k < eqs.size() && pick < 0; k++) {
          long[] e = eqs.get(k);
          if (Ints.gcd(e, 1 + nT, nCols) == 1) {
            col = reduceColumns(e, nT, nCols, eqs, ineqs);
            pick = k;
          }
        }
        if (pick < 0) return null;
      }
      long[] e = eqs.remove(pick);
      // x_col = -(e - e_col x_col) / e_col; substitute into every row, then drop the column
      List<long[]> ne = new ArrayList<>();
      for (long[] r : eqs) ne.add(drop(substitute(r, e, col), col));
      List<long[]> ni = new ArrayList<>();
      for (long[] r : ineqs) ni.add(drop(substitute(r, e, col), col));
      eqs = ne;
      ineqs = ni;
      nCols--;
      // trivially true or false rows
      List<long[]> keep = new ArrayList<>();
      for (long[] r : eqs) {
        if (Ints.isZero(r, 1, r.length)) {
          if (r[0] != 0) return empty(b, nCols);
        } else {
          keep.add(r);
        }
      }
      eqs = keep;
    }
    Space s = Space.set(b.space().params(), nCols - 1 - b.space().nParam());
    BasicRelation out = BasicRelation.of(s, List.of(), ineqs);
    // the normal form may find equalities (opposite inequalities): eliminate them too
    if (out.nEq() > 0 && !out.isMarkedEmpty()) return of(out, nT);
    return out;
  }

  /**
   * Column operations {@code col_j -= q col_k} on every row (the substitution {@code x = E y} by a
   * unimodular E, a bijection of the integer points) until e has a single non-zero coefficient
   * on the columns after the target, which is then +-1 (their gcd). Returns that column.
   */
  private static int reduceColumns(long[] e, int nT, int nCols, List<long[]> eqs, List<long[]> ineqs) {
    while (true) {
      int k = -1;
      for (int c = 1 + nT; c < nCols; c++) {
        if (e[c] != 0 && (k < 0 || Math.abs(e[c]) < Math.abs(e[k]))) k = c;
      }
      boolean single = true;
      for (int j = 1 + nT; j < nCols; j++) {
        if (j == k || e[j] == 0) continue;
        single = false;
        long q = Ints.floorDiv(e[j], e[k]);
        for (long[] r : eqs) r[j] = Ints.sub(r[j], Ints.mul(q, r[k]));
        for (long[] r : ineqs) r[j] = Ints.sub(r[j], Ints.mul(q, r[k]));
      }
      if (single) return k;
    }
  }

  private static BasicRelation empty(BasicRelation b, int nCols) {
    return BasicRelation.empty(Space.set(b.space().params(), nCols - 1 - b.space().nParam()));
  }

  /** r with x_col eliminated using the equality e (e[col] = +-1). */
  private static long[] substitute(long[] r, long[] e, int col) {
    if (r[col] == 0) return r;
    // r - (r_col / e_col) e, exact since e_col = +-1
    return Ints.combine(1, r, Ints.neg(Ints.mul(r[col], e[col])), e);
  }

  private static long[] drop(long[] r, int col) {
    long[] out = new long[r.length - 1];
    System.arraycopy(r, 0, out, 0, col);
    System.arraycopy(r, col + 1, out, col, r.length - col - 1);
    return out;
  }
}
