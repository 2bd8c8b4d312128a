package dev.polyj.presburger.pip;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Integer emptiness of a rationally non-empty polyhedron {@code P = { x : A x + b >= 0 }} that may
 * be unbounded, by splitting off the directions in which it is bounded (the idea behind isl's
 * sampling of unbounded sets).
 *
 * <ol>
 *   <li>The implicit equalities {@code F} of the recession cone {@code C = { x : A x >= 0 }} are
 *       the rows whose slack is zero at the optimum of {@code max sum s_i, A x >= s, 0 <= s <= 1}
 *       (one linear program). Every {@code f . x} with f in F is bounded on P.
 *   <li>A unimodular U with {@code F U = [H 0]} (column Hermite form) gives coordinates
 *       {@code x = U y}, {@code y = (y_b, y_u)}, where y_b (r = rank F coordinates) is bounded on P
 *       and the recession cone is full-dimensional in the y_u directions.
 *   <li>A non-empty polyhedron with a full-dimensional recession cone holds integer points, so P
 *       has an integer point iff some integer y_b has a rationally non-empty fiber: y_u is
 *       eliminated exactly over the rationals (Fourier-Motzkin) and the bounded pure integer
 *       problem in y_b is solved with Gomory cuts, which terminate on bounded problems.
 * </ol>
 */
final class BoundedDirections {
  private BoundedDirections() {}

  private static final int BOUNDED_BUDGET = 20_000;
  private static final int MAX_ROWS = 2_000;

  /**
   * True when {@code ineqs >= 0} (rows of width {@code 1 + n}, at most, zero-padded; equalities
   * given as pairs) has no integer point; null when the computation could not finish (overflow,
   * size limits).
   */
  static Boolean isEmpty(int n, List<long[]> ineqs) {
    try {
      return decide(n, ineqs);
    } catch (CoefficientOverflowException e) {
      return null;
    }
  }

  private static Boolean decide(int n, List<long[]> rows) {
    int m = rows.size();
    boolean[] implicit = coneEqualities(n, rows);
    if (implicit == null) return true; // rationally infeasible (cannot happen for a non-empty P)
    List<long[]> f = new ArrayList<>();
    for (int i = 0; i < m; i++) if (implicit[i]) f.add(homogeneous(rows.get(i), n));
    if (f.isEmpty()) return false; // full-dimensional recession cone: integer points exist
    long[][] u = identity(n);
    int r = columnHermite(f, n, u);
    // y coordinates: constraint row a (over x) becomes a U (over y)
    List<long[]> ys = new ArrayList<>();
    for (long[] a : rows) ys.add(transform(a, n, u));
    // eliminate the continuous coordinates y_r .. y_(n-1), last first
    for (int k = n - 1; k >= r; k--) {
      ys = eliminate(ys, 1 + k);
      if (ys == null) return null;
    }
    List<long[]> bounded = new ArrayList<>();
    for (long[] y : ys) {
      long[] t = java.util.Arrays.copyOf(y, 1 + r);
      if (Ints.isZero(t, 1, t.length)) {
        if (t[0] < 0) return true;
        continue;
      }
      bounded.add(t);
    }
    long[] p = IntegerSampler.sampleWithCuts(r, List.of(), bounded, BOUNDED_BUDGET);
    if (p == IntegerSampler.UNKNOWN) return null;
    return p == null;
  }

  /**
   * For each row, whether it is an implicit equality of the recession cone {@code C = { x : A x
   * >= 0 }}; null when a linear program is infeasible (impossible: x = 0 is in C). A row is not
   * one exactly when some x of C has {@code a_i x > 0}: maximizing the sum of the rows not yet
   * known to be strict over C within the box {@code -1 <= x <= 1} either finds such an x (and
   * every row positive there is strict) or shows that all of them are implicit equalities. Each
   * round is a small linear program over x alone.
   */
  private static boolean[] coneEqualities(int n, List<long[]> rows) {
    int m = rows.size();
    boolean[] implicit = new boolean[m];
    java.util.Arrays.fill(implicit, true);
    // unknowns: t, x_0..x_(n-1); lexmin t with t = -sum of the candidate rows' linear parts
    List<long[]> ineqs = new ArrayList<>();
    for (long[] a : rows) {
      long[] c = new long[2 + n];
      for (int v = 0; v < n && 1 + v < a.length; v++) c[2 + v] = a[1 + v];
      ineqs.add(c);
    }
    for (int v = 0; v < n; v++) {
      long[] lo = new long[2 + n];
      lo[0] = 1;
      lo[2 + v] = 1;
      long[] hi = new long[2 + n];
      hi[0] = 1;
      hi[2 + v] = -1;
      ineqs.add(lo);
      ineqs.add(hi);
    }
    while (true) {
      long[] sum = new long[2 + n];
      sum[1] = 1;
      boolean any = false;
      for (int i = 0; i < m; i++) {
        if (!implicit[i]) continue;
        long[] c = ineqs.get(i);
        for (int v = 0; v < n; v++) {
          if (c[2 + v] == 0) continue;
          sum[2 + v] = Ints.add(sum[2 + v], c[2 + v]);
          any = true;
        }
      }
      if (!any) return implicit;
      long[][] values = IntegerSampler.rationalLexmin(1 + n, List.of(sum), ineqs, 1 + n);
      if (values == null) return null;
      if (values[0] == null) throw new CoefficientOverflowException(); // cannot happen in the box
      if (values[0][0] >= 0) return implicit; // the candidates are zero on all of C
      long den = 1;
      for (int v = 0; v < n; v++) {
        if (values[1 + v] == null) throw new CoefficientOverflowException();
        den = Ints.lcm(den, values[1 + v][1]);
      }
      long[] x = new long[n]; // den * x*, integral
      for (int v = 0; v < n; v++) x[v] = Ints.mul(values[1 + v][0], den / values[1 + v][1]);
      boolean progress = false;
      for (int i = 0; i < m; i++) {
        if (!implicit[i]) continue;
        long[] c = ineqs.get(i);
        long ax = 0;
        for (int v = 0; v < n; v++) if (c[2 + v] != 0) ax = Ints.add(ax, Ints.mul(c[2 + v], x[v]));
        if (ax > 0) {
          implicit[i] = false;
          progress = true;
        }
      }
      if (!progress) throw new IllegalStateException("no strict row at a point of the cone with a positive sum");
    }
  }

  private static long[] homogeneous(long[] a, int n) {
    long[] h = new long[n];
    for (int v = 0; v < n && 1 + v < a.length; v++) h[v] = a[1 + v];
    return h;
  }

  private static long[][] identity(int n) {
    long[][] u = new long[n][n];
    for (int i = 0; i < n; i++) u[i][i] = 1;
    return u;
  }

  /**
   * Column operations on the rows {@code f} (each of length n) bringing them to lower echelon form
   * {@code [H 0]}, applied to {@code u} as well (u := u * op, unimodular). Returns the rank.
   */
  private static int columnHermite(List<long[]> f, int n, long[][] u) {
    int pivot = 0;
    for (long[] row : f) {
      if (pivot == n) break;
      // gather the gcd of row[pivot..] into column pivot
      for (int j = pivot + 1; j < n; j++) {
        if (row[j] == 0) continue;
        long a = row[pivot];
        long b = row[j];
        long[] g = extendedGcd(a, b); // g[0] = gcd = g[1]*a + g[2]*b
        long p = g[1];
        long q = g[2];
        long ra = a / g[0];
        long rb = b / g[0];
        // new col pivot = p*col_pivot + q*col_j ; new col j = -rb*col_pivot + ra*col_j (det = 1)
        combineColumns(f, u, pivot, j, p, q, -rb, ra);
      }
      if (row[pivot] != 0) {
        if (row[pivot] < 0) negateColumn(f, u, pivot);
        pivot++;
      }
    }
    return pivot;
  }

  private static void combineColumns(List<long[]> f, long[][] u, int c1, int c2, long p, long q, long s, long t) {
    for (long[] row : f) {
      long x = row[c1];
      long y = row[c2];
      row[c1] = Ints.add(Ints.mul(p, x), Ints.mul(q, y));
      row[c2] = Ints.add(Ints.mul(s, x), Ints.mul(t, y));
    }
    for (long[] row : u) {
      long x = row[c1];
      long y = row[c2];
      row[c1] = Ints.add(Ints.mul(p, x), Ints.mul(q, y));
      row[c2] = Ints.add(Ints.mul(s, x), Ints.mul(t, y));
    }
  }

  private static void negateColumn(List<long[]> f, long[][] u, int c) {
    for (long[] row : f) row[c] = Ints.neg(row[c]);
    for (long[] row : u) row[c] = Ints.neg(row[c]);
  }

  /** {g, x, y} with g = gcd(a, b) > 0 and g = x a + y b. */
  private static long[] extendedGcd(long a, long b) {
    long oldR = a;
    long r = b;
    long oldS = 1;
    long s = 0;
    long oldT = 0;
    long t = 1;
    while (r != 0) {
      long qt = oldR / r;
      long tmp = r;
      r = Ints.sub(oldR, Ints.mul(qt, r));
      oldR = tmp;
      tmp = s;
      s = Ints.sub(oldS, Ints.mul(qt, s));
      oldS = tmp;
      tmp = t;
      t = Ints.sub(oldT, Ints.mul(qt, t));
      oldT = tmp;
    }
    if (oldR < 0) return new long[] {Ints.neg(oldR), Ints.neg(oldS), Ints.neg(oldT)};
    return new long[] {oldR, oldS, oldT};
  }

  /** The row {@code a} (over x) as a row over y with {@code x = U y}. */
  private static long[] transform(long[] a, int n, long[][] u) {
    long[] y = new long[1 + n];
    y[0] = a[0];
    for (int j = 0; j < n; j++) {
      long s = 0;
      for (int v = 0; v < n && 1 + v < a.length; v++) if (a[1 + v] != 0) s = Ints.add(s, Ints.mul(a[1 + v], u[v][j]));
      y[1 + j] = s;
    }
    return y;
  }

  /** Exact rational Fourier-Motzkin elimination of column {@code col}; null when too large. */
  private static List<long[]> eliminate(List<long[]> rows, int col) {
    List<long[]> lower = new ArrayList<>();
    List<long[]> upper = new ArrayList<>();
    List<long[]> out = new ArrayList<>();
    Set<Key> seen = new HashSet<>();
    for (long[] r : rows) {
      if (r[col] > 0) lower.add(r);
      else if (r[col] < 0) upper.add(r);
      else add(out, seen, r);
    }
    for (long[] l : lower) {
      for (long[] h : upper) {
        long[] c = Ints.combine(Ints.neg(h[col]), l, l[col], h);
        c[col] = 0;
        add(out, seen, c);
        if (out.size() > MAX_ROWS) return null;
      }
    }
    return out;
  }

  private static void add(List<long[]> out, Set<Key> seen, long[] r) {
    long g = Ints.gcd(r, 0, r.length);
    long[] n = r.clone();
    if (g > 1) for (int k = 0; k < n.length; k++) n[k] /= g;
    if (seen.add(new Key(n))) out.add(n);
  }

  private record Key(List<Long> r) {
    Key(long[] row) {
      this(java.util.Arrays.stream(row).boxed().toList());
    }
  }
}
