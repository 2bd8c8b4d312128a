package dev.polyj.polyhedral.scheduling;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.omega.OmegaTest;
import dev.polyj.presburger.omega.RationalRedundancy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Elimination of variables from a system of linear constraints over the rationals: Gaussian
 * elimination for equalities and Fourier-Motzkin for inequalities, as used to project Farkas
 * multipliers out of scheduling constraints. Rows are {@code long[]} over {@code [constant, vars...]}
 * ({@code = 0} or {@code >= 0}); rows are only divided by the gcd of all their entries, so no
 * integer tightening happens (the multipliers are rational).
 *
 * <p>Fourier-Motzkin squares the number of rows at each step, most of the new rows redundant; when
 * a step would combine more than {@link #MAX_PAIRS} pairs of bounds, the inequalities implied by
 * the others are first removed, each by an exact rational test (the simplex on the homogenized
 * system: does a point of the others violate it?). The system keeps exactly its rational
 * solutions, so the projection is the same polyhedron, with fewer rows.
 */
final class RationalElimination {
  private RationalElimination() {}

  /** A system of equalities and inequalities. */
  static final class System {
    final List<long[]> eqs = new ArrayList<>();
    final List<long[]> ineqs = new ArrayList<>();
    boolean infeasible;
  }

  /**
   * Pairs of bounds one Fourier-Motzkin step combines without first removing the redundant
   * inequalities. Unpruned, the Farkas system of a dependence of a 25-statement region went from
   * 102 rows to 635, 37,369 and 319,508 in four steps, and out of memory; pruned before each step
   * of more than 256 pairs, it keeps 10 to 30 rows (of the 635: 21 irredundant).
   */
  static final long MAX_PAIRS = 256;

  /** Eliminates columns {@code cols} (1-based) one after the other. */
  static void eliminate(System s, int[] cols) {
    eliminate(s, cols, MAX_PAIRS);
  }

  /** {@link #eliminate(System, int[])} with redundant rows removed before steps of more than {@code maxPairs} pairs. */
  static void eliminate(System s, int[] cols, long maxPairs) {
    for (int col : cols) {
      if (s.infeasible) return;
      eliminateColumn(s, col, maxPairs);
    }
  }

  private static void eliminateColumn(System s, int col, long maxPairs) {
    long[] pivot = null;
    for (long[] e : s.eqs) {
      if (e[col] != 0) {
        pivot = e;
        break;
      }
    }
    if (pivot != null) {
      s.eqs.remove(pivot);
      long[] p = pivot[col] < 0 ? Ints.negate(pivot) : pivot;
      s.eqs.replaceAll(r -> substitute(r, p, col));
      s.ineqs.replaceAll(r -> substitute(r, p, col));
      tidy(s);
      return;
    }
    if (pairs(s.ineqs, col) > maxPairs) {
      removeRedundant(s);
      if (s.infeasible) return;
    }
    List<long[]> lower = new ArrayList<>();
    List<long[]> upper = new ArrayList<>();
    List<long[]> rest = new ArrayList<>();
    for (long[] r : s.ineqs) {
      if (r[col] > 0) lower.add(r);
      else if (r[col] < 0) upper.add(r);
      else rest.add(r);
    }
    for (long[] l : lower) {
      for (long[] u : upper) {
        long a = l[col];
        long b = -u[col];
        long g = Ints.gcd(a, b);
        long[] c = Ints.combine(b / g, l, a / g, u);
        c[col] = 0;
        rest.add(c);
      }
    }
    s.ineqs.clear();
    s.ineqs.addAll(rest);
    tidy(s);
  }

  /** The number of (lower, upper) pairs of bounds on column col. */
  private static long pairs(List<long[]> ineqs, int col) {
    long lower = 0;
    long upper = 0;
    for (long[] r : ineqs) {
      if (r[col] > 0) lower++;
      else if (r[col] < 0) upper++;
    }
    return lower * upper;
  }

  /**
   * Removes the inequalities implied by the others over the rationals ({@link
   * RationalRedundancy}); marks the system infeasible when it has no rational solution. The
   * system keeps its solutions, so the order of the tests does not matter for the result's points.
   */
  static void removeRedundant(System s) {
    if (s.ineqs.isEmpty()) return;
    if (OmegaTest.isRationallyEmpty(s.ineqs.get(0).length - 1, s.eqs, s.ineqs)) {
      s.infeasible = true;
      return;
    }
    List<long[]> kept = RationalRedundancy.withoutRedundant(s.eqs, s.ineqs);
    s.ineqs.clear();
    s.ineqs.addAll(kept);
  }

  /** r - (r[col] / p[col]) p, scaled to stay integral (p[col] > 0, so inequalities keep direction). */
  private static long[] substitute(long[] r, long[] p, int col) {
    if (r[col] == 0) return r;
    long g = Ints.gcd(p[col], r[col]);
    long[] o = Ints.combine(p[col] / g, r, -r[col] / g, p);
    o[col] = 0;
    return o;
  }

  /** Divides rows by the gcd of all entries, drops trivial and duplicate rows, detects infeasibility. */
  static void tidy(System s) {
    List<long[]> eqs = new ArrayList<>();
    for (long[] r : s.eqs) {
      long g = Ints.gcd(r, 0, r.length);
      if (g == 0) continue;
      if (Ints.isZero(r, 1, r.length)) {
        s.infeasible = true;
        return;
      }
      eqs.add(divide(r, g));
    }
    Map<List<Long>, long[]> best = new HashMap<>(); // parallel rows (same variable part): keep the tightest
    List<long[]> ineqs = new ArrayList<>();
    for (long[] r : s.ineqs) {
      if (Ints.isZero(r, 1, r.length)) {
        if (r[0] < 0) {
          s.infeasible = true;
          return;
        }
        continue;
      }
      long[] n = divide(r, Ints.gcd(r, 0, r.length));
      List<Long> key = new ArrayList<>(n.length - 1);
      for (int i = 1; i < n.length; i++) key.add(n[i]);
      long[] prev = best.get(key);
      if (prev == null) {
        best.put(key, n);
        ineqs.add(n);
      } else if (n[0] < prev[0]) {
        ineqs.set(ineqs.indexOf(prev), n);
        best.put(key, n);
      }
    }
    s.eqs.clear();
    s.eqs.addAll(eqs);
    s.ineqs.clear();
    s.ineqs.addAll(ineqs);
  }

  private static long[] divide(long[] r, long g) {
    if (g == 1) return r;
    long[] o = new long[r.length];
    for (int i = 0; i < r.length; i++) o[i] = r[i] / g;
    return o;
  }
}
