package dev.polyj.polyhedral.storage.quov;

import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The storage mapping an occupancy vector defines (Strout et al., "Schedule-independent storage
 * mapping for loops", ASPLOS 1998; Yuki and Rajopadhye, IMPACT 2013, Section 2.4): the points
 * {@code z} and {@code z + k u} share a memory cell. With {@code u = g p}, {@code p} primitive,
 * a unimodular matrix {@code Q} with {@code Q p = e_1} gives coordinates {@code y = Q z}: the
 * first runs along {@code p}, the others are the projection along {@code u}. The cell of
 * {@code z} is {@code (y_1 mod g, y_2, ..., y_n)}, the first coordinate left out when {@code g = 1}
 * (one projection); so two points share a cell exactly when they differ by a multiple of {@code u}.
 */
public record ProjectiveMapping(long[] vector, long modulo, long[][] rows) {
  /** The mapping of the non-zero vector {@code u}. */
  public static ProjectiveMapping along(long[] u) {
    int n = u.length;
    long g = 0;
    for (long x : u) g = Ints.gcd(g, Math.abs(x));
    if (g == 0) throw new IllegalArgumentException("the occupancy vector is zero");
    long[] p = new long[n];
    for (int k = 0; k < n; k++) p[k] = u[k] / g;
    long[][] q = new long[n][n];
    for (int k = 0; k < n; k++) q[k][k] = 1;
    // row operations reduce p to a single entry +-1 (Euclid's algorithm on its entries)
    while (true) {
      int small = -1;
      int nonZero = 0;
      for (int k = 0; k < n; k++) {
        if (p[k] == 0) continue;
        nonZero++;
        if (small < 0 || Math.abs(p[k]) < Math.abs(p[small])) small = k;
      }
      if (nonZero == 1) {
        if (p[small] < 0) {
          p[small] = -p[small];
          for (int j = 0; j < n; j++) q[small][j] = -q[small][j];
        }
        // the row along p first, the projection rows after it in their order
        List<long[]> ordered = new ArrayList<>();
        ordered.add(q[small]);
        for (int k = 0; k < n; k++) if (k != small) ordered.add(q[k]);
        return new ProjectiveMapping(u.clone(), g, ordered.toArray(long[][]::new));
      }
      for (int k = 0; k < n; k++) {
        if (k == small || p[k] == 0) continue;
        long f = p[k] / p[small];
        p[k] = Math.subtractExact(p[k], Math.multiplyExact(f, p[small]));
        for (int j = 0; j < n; j++) q[k][j] = Math.subtractExact(q[k][j], Math.multiplyExact(f, q[small][j]));
      }
    }
  }

  /** The number of coordinates of a cell: the projection's, and the modulo one when {@code g > 1}. */
  public int cellRank() {
    return rows.length - (modulo == 1 ? 1 : 0);
  }

  /** The cell of point {@code z} (the modulo coordinate first, in {@code [0, g)}). */
  public long[] cell(long[] z) {
    long[] out = new long[cellRank()];
    int o = 0;
    for (int k = 0; k < rows.length; k++) {
      long y = 0;
      for (int j = 0; j < z.length; j++) y = Math.addExact(y, Math.multiplyExact(rows[k][j], z[j]));
      if (k == 0) {
        if (modulo == 1) continue;
        y = Math.floorMod(y, modulo);
      }
      out[o++] = y;
    }
    return out;
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("u=" + Arrays.toString(vector) + " mod " + modulo + " rows");
    for (long[] r : rows) b.append(' ').append(Arrays.toString(r));
    return b.toString();
  }
}
