package dev.polyj.reductions.sdr;

import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.List;

/**
 * The share space of a reduction (Gautam and Rajopadhye, POPL 2006, Section 5.2, as used in
 * Section 4.3 of Yang, Atkinson, Carbin, POPL 2021): the vectors {@code r} along which the
 * reduction body has the same value, {@code e(x + r) = e(x)}. For a body that reads arrays through
 * affine accesses {@code A[F x + f]} and uses iterators as values, these are the vectors in the
 * kernel of every access's linear part {@code F} and with a zero component for each iterator used
 * as a value; restricted to a face, {@code r} must also keep the face's equalities.
 *
 * <p>The kernel is computed exactly by fraction-free Gaussian elimination; the basis vectors are
 * integer and primitive (gcd 1), one per free column.
 */
final class ShareSpace {
  private ShareSpace() {}

  /** An integer basis of {@code {r : M r = 0}} for the rows {@code m} over {@code n} columns. */
  static List<long[]> kernel(List<long[]> m, int n) {
    List<long[]> rows = new ArrayList<>();
    for (long[] r : m) rows.add(r.clone());
    int[] pivotCol = new int[rows.size()];
    boolean[] isPivot = new boolean[n];
    int rank = 0;
    for (int c = 0; c < n && rank < rows.size(); c++) {
      int p = -1;
      for (int r = rank; r < rows.size(); r++) if (rows.get(r)[c] != 0) p = r;
      if (p < 0) continue;
      long[] pr = rows.get(p);
      rows.set(p, rows.get(rank));
      rows.set(rank, pr);
      for (int r = 0; r < rows.size(); r++) {
        if (r == rank || rows.get(r)[c] == 0) continue;
        long[] x = rows.get(r);
        long a = pr[c];
        long b = x[c];
        for (int k = 0; k < n; k++) x[k] = Ints.sub(Ints.mul(a, x[k]), Ints.mul(b, pr[k]));
        normalize(x);
      }
      pivotCol[rank] = c;
      isPivot[c] = true;
      rank++;
    }
    List<long[]> basis = new ArrayList<>();
    for (int free = 0; free < n; free++) {
      if (isPivot[free]) continue;
      // v[free] = L, v[pivot_r] = -L * row_r[free] / row_r[pivot_r], L the lcm of the pivots
      long l = 1;
      for (int r = 0; r < rank; r++) {
        long piv = Math.abs(rows.get(r)[pivotCol[r]]);
        l = Ints.mul(l / gcd(l, piv), piv);
      }
      long[] v = new long[n];
      v[free] = l;
      for (int r = 0; r < rank; r++) {
        long[] row = rows.get(r);
        v[pivotCol[r]] = Ints.neg(Ints.mul(l / row[pivotCol[r]], row[free]));
      }
      normalize(v);
      basis.add(v);
    }
    return basis;
  }

  private static void normalize(long[] v) {
    long g = 0;
    for (long x : v) g = gcd(g, Math.abs(x));
    if (g > 1) for (int k = 0; k < v.length; k++) v[k] /= g;
  }

  private static long gcd(long a, long b) {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return Math.abs(a);
  }
}
