package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.omega.RationalRedundancy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The polyhedral hull of a relation (isl's {@code polyhedral_hull}): the smallest rational
 * polyhedron without existentials that contains every piece. A superset of the relation, equal to
 * it when the relation is a single piece without existentials.
 *
 * <p>Existentials are first projected out over the rationals (a superset of their integer
 * projection). The hull of two polyhedra {@code P1 = {x : A1 x + b1 >= 0}} and {@code P2} is the
 * projection on {@code x} of Balas's lifted system {@code x = y1 + y2, A1 y1 + b1 t >= 0,
 * A2 y2 + b2 (1 - t) >= 0, 0 <= t <= 1} (E. Balas, "Disjunctive programming: properties of the
 * convex hull of feasible points", 1974/1998) — its closure when the pieces are unbounded; pieces
 * are added one at a time. Projection is Fourier-Motzkin elimination over the rationals, with the
 * rows made redundant by each step removed at once (a row is redundant when the homogenized
 * system of the other rows and the row's strict violation has no rational point).
 */
final class PolyhedralHull {
  private PolyhedralHull() {}

  static BasicRelation of(Relation r) {
    List<List<long[]>> pieces = new ArrayList<>();
    int nVar = r.space().nVar();
    for (BasicRelation b : r.basics()) {
      if (b.isEmpty()) continue;
      pieces.add(withoutLocals(b, nVar));
    }
    if (pieces.isEmpty()) return BasicRelation.empty(r.space());
    List<long[]> hull = pieces.get(0);
    for (int i = 1; i < pieces.size(); i++) hull = hullOfTwo(hull, pieces.get(i), nVar);
    BasicRelation.Builder out = BasicRelation.builder(r.space());
    for (long[] row : hull) out.addIneq(row);
    BasicRelation b = out.build();
    Relation simple = Relation.of(b).removeRedundancies();
    return simple.nBasic() == 1 ? simple.basics().get(0) : b;
  }

  /** The piece's rows over {@code [1, vars]} as inequalities, its locals projected out rationally. */
  private static List<long[]> withoutLocals(BasicRelation b, int nVar) {
    List<long[]> rows = new ArrayList<>();
    for (long[] e : b.equalities()) {
      rows.add(e.clone());
      rows.add(Ints.negate(e));
    }
    for (long[] q : b.inequalities()) rows.add(q.clone());
    for (int col = b.nCol() - 1; col > nVar; col--) rows = eliminate(rows, col);
    List<long[]> out = new ArrayList<>();
    for (long[] q : rows) out.add(Arrays.copyOf(q, 1 + nVar));
    return out;
  }

  /** The hull of two polyhedra given by inequalities over {@code [1, x]}. */
  private static List<long[]> hullOfTwo(List<long[]> p1, List<long[]> p2, int n) {
    // lifted columns: [1, x (n), y (n), t]; y1 = x - y lies in t * P1, y2 = y in (1 - t) * P2
    int w = 2 + 2 * n;
    int t = w - 1;
    List<long[]> rows = new ArrayList<>();
    for (long[] q : p1) {
      long[] row = new long[w];
      for (int j = 1; j <= n; j++) {
        row[j] = q[j];
        row[n + j] = Ints.neg(q[j]);
      }
      row[t] = q[0];
      rows.add(row);
    }
    for (long[] q : p2) {
      long[] row = new long[w];
      row[0] = q[0];
      for (int j = 1; j <= n; j++) row[n + j] = q[j];
      row[t] = Ints.neg(q[0]);
      rows.add(row);
    }
    long[] tLow = new long[w];
    tLow[t] = 1;
    long[] tHigh = new long[w];
    tHigh[0] = 1;
    tHigh[t] = -1;
    rows.add(tLow);
    rows.add(tHigh);
    for (int col = t; col > n; col--) rows = eliminate(rows, col);
    List<long[]> out = new ArrayList<>();
    for (long[] q : rows) out.add(Arrays.copyOf(q, 1 + n));
    return out;
  }

  /**
   * Fourier-Motzkin elimination of column {@code col} over the rationals (the column is zero in
   * every row of the result), followed by the removal of redundant rows.
   */
  static List<long[]> eliminate(List<long[]> rows, int col) {
    List<long[]> lowers = new ArrayList<>();
    List<long[]> uppers = new ArrayList<>();
    Map<LongsKey, long[]> out = new LinkedHashMap<>();
    for (long[] q : rows) {
      if (q[col] > 0) lowers.add(q);
      else if (q[col] < 0) uppers.add(q);
      else add(out, q);
    }
    for (long[] lo : lowers) {
      for (long[] up : uppers) {
        long a = lo[col];
        long b = -up[col];
        long g = Ints.gcd(a, b);
        long[] row = Ints.combine(b / g, lo, a / g, up);
        row[col] = 0;
        add(out, row);
      }
    }
    return withoutRedundant(new ArrayList<>(out.values()));
  }

  /** Adds the row scaled by the gcd of all its entries (a rational-safe normalization); 0 >= c dropped when true. */
  private static void add(Map<LongsKey, long[]> out, long[] row) {
    long g = Ints.gcd(row, 0, row.length);
    if (g == 0) return;
    long[] r = row.clone();
    if (g != 1) for (int k = 0; k < r.length; k++) r[k] /= g;
    if (Ints.isZero(r, 1, r.length) && r[0] >= 0) return; // trivially true
    out.put(new LongsKey(r), r);
  }

  /** The rows without those implied by the others over the rationals ({@link RationalRedundancy}). */
  private static List<long[]> withoutRedundant(List<long[]> rows) {
    for (long[] q : rows) {
      if (Ints.isZero(q, 1, q.length) && q[0] < 0) return List.of(q); // infeasible
    }
    return RationalRedundancy.withoutRedundant(List.of(), rows);
  }
}
