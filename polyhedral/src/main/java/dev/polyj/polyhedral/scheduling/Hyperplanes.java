package dev.polyj.polyhedral.scheduling;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Exact linear algebra on the iterator parts of hyperplanes: rank and an integral basis of the
 * orthogonal complement (the directions a new hyperplane must reach to be linearly independent).
 */
final class Hyperplanes {
  private Hyperplanes() {}

  /** Rank of the rows (all of length m). */
  static int rank(List<long[]> rows, int m) {
    return echelon(rows, m, new ArrayList<>()).size();
  }

  /** Rows in reduced echelon form over the rationals, scaled to integers; their pivot columns go to {@code pivots}. */
  private static List<BigInteger[]> echelon(List<long[]> rows, int m, List<Integer> pivots) {
    List<BigInteger[]> ech = new ArrayList<>();
    for (long[] r : rows) {
      BigInteger[] v = new BigInteger[m];
      for (int j = 0; j < m; j++) v[j] = BigInteger.valueOf(r[j]);
      for (int e = 0; e < ech.size(); e++) {
        int p = pivots.get(e);
        if (v[p].signum() == 0) continue;
        BigInteger[] b = ech.get(e);
        BigInteger f = v[p];
        BigInteger g = b[p];
        for (int j = 0; j < m; j++) v[j] = v[j].multiply(g).subtract(b[j].multiply(f));
      }
      int p = -1;
      for (int j = 0; j < m && p < 0; j++) if (v[j].signum() != 0) p = j;
      if (p < 0) continue;
      normalize(v);
      // reduce earlier rows at the new pivot
      for (int e = 0; e < ech.size(); e++) {
        BigInteger[] b = ech.get(e);
        if (b[p].signum() == 0) continue;
        BigInteger f = b[p];
        BigInteger g = v[p];
        for (int j = 0; j < m; j++) b[j] = b[j].multiply(g).subtract(v[j].multiply(f));
        normalize(b);
      }
      ech.add(v);
      pivots.add(p);
    }
    return ech;
  }

  private static void normalize(BigInteger[] v) {
    BigInteger g = BigInteger.ZERO;
    for (BigInteger x : v) g = g.gcd(x);
    if (g.signum() == 0 || g.equals(BigInteger.ONE)) return;
    for (int j = 0; j < v.length; j++) v[j] = v[j].divide(g);
  }

  /** An integral basis of { x : h . x = 0 for every row h } (m-vectors). */
  static List<long[]> orthogonalComplement(List<long[]> rows, int m) {
    List<Integer> pivots = new ArrayList<>();
    List<BigInteger[]> ech = echelon(rows, m, pivots);
    boolean[] isPivot = new boolean[m];
    int[] pivotOf = new int[ech.size()];
    for (int e = 0; e < ech.size(); e++) {
      pivotOf[e] = pivots.get(e);
      isPivot[pivotOf[e]] = true;
    }
    List<long[]> basis = new ArrayList<>();
    for (int free = 0; free < m; free++) {
      if (isPivot[free]) continue;
      // x_free = L (common multiple of pivots), x_pivot(e) = -L * row_e[free] / row_e[pivot]
      BigInteger l = BigInteger.ONE;
      for (int e = 0; e < ech.size(); e++) {
        BigInteger p = ech.get(e)[pivotOf[e]].abs();
        l = l.divide(l.gcd(p)).multiply(p);
      }
      BigInteger[] x = new BigInteger[m];
      for (int j = 0; j < m; j++) x[j] = BigInteger.ZERO;
      x[free] = l;
      for (int e = 0; e < ech.size(); e++) {
        BigInteger[] row = ech.get(e);
        x[pivotOf[e]] = l.multiply(row[free]).negate().divide(row[pivotOf[e]]);
      }
      normalize(x);
      long[] out = new long[m];
      for (int j = 0; j < m; j++) out[j] = x[j].longValueExact();
      basis.add(out);
    }
    return basis;
  }
}
