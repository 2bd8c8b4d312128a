package dev.polyj.polyhedral.scheduling;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.omega.OmegaTest;
import dev.polyj.presburger.omega.RationalRedundancy;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
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

  /** Eliminates columns {@code cols} (1-based). */
  static void eliminate(System s, int[] cols) {
    eliminate(s, cols, MAX_PAIRS);
  }

  /**
   * {@link #eliminate(System, int[])} with redundant rows removed before steps of more than {@code
   * maxPairs} pairs. The order: a column some equality mentions first (Gaussian elimination, in
   * the order of {@code cols}); otherwise the column whose Fourier-Motzkin step makes the fewest
   * rows (lower times upper bounds, minus both). Each inequality carries the set of rows it
   * combines since the last pruning or equality step (its history); after t Fourier-Motzkin steps
   * a row whose history has more than t + 1 rows is implied by the others (Chernikov's rule: its
   * multipliers are not an extreme ray of the cone of combinations eliminating the t columns),
   * and is dropped as soon as it is made.
   */
  static void eliminate(System s, int[] cols, long maxPairs) {
    List<Integer> left = new ArrayList<>();
    for (int c : cols) left.add(c);
    Histories h = new Histories(s.ineqs);
    while (!left.isEmpty() && !s.infeasible) {
      int col = -1;
      for (int c : left) {
        for (long[] e : s.eqs) if (e[c] != 0) col = c;
        if (col >= 0) break;
      }
      if (col >= 0) {
        left.remove((Integer) col);
        eliminateByEquality(s, col);
        h = new Histories(s.ineqs);
        continue;
      }
      long best = Long.MAX_VALUE;
      for (int c : left) {
        long growth = growth(s.ineqs, c);
        if (growth < best) {
          best = growth;
          col = c;
        }
      }
      left.remove((Integer) col);
      if (pairs(s.ineqs, col) > maxPairs) {
        removeRedundant(s);
        if (s.infeasible) return;
        h = new Histories(s.ineqs);
      }
      h = fourierMotzkin(s, col, h);
    }
  }

  /** Eliminates column col by an equality that mentions it (there is one). */
  private static void eliminateByEquality(System s, int col) {
    long[] pivot = null;
    for (long[] e : s.eqs) {
      if (e[col] != 0) {
        pivot = e;
        break;
      }
    }
    s.eqs.remove(pivot);
    long[] p = pivot[col] < 0 ? Ints.negate(pivot) : pivot;
    s.eqs.replaceAll(r -> substitute(r, p, col));
    s.ineqs.replaceAll(r -> substitute(r, p, col));
    tidy(s);
  }

  /**
   * The sets of rows (of the system at the last reset) each inequality combines, and the number of
   * Fourier-Motzkin steps since that reset. Rows are identified by their arrays.
   */
  private static final class Histories {
    final Map<long[], BitSet> of = new IdentityHashMap<>();
    final int steps;

    Histories(List<long[]> base) {
      steps = 0;
      for (int k = 0; k < base.size(); k++) {
        BitSet b = new BitSet();
        b.set(k);
        of.put(base.get(k), b);
      }
    }

    Histories(int steps) {
      this.steps = steps;
    }
  }

  /** One Fourier-Motzkin step on column col; returns the histories of the new rows. */
  private static Histories fourierMotzkin(System s, int col, Histories h) {
    Histories next = new Histories(h.steps + 1);
    List<long[]> lower = new ArrayList<>();
    List<long[]> upper = new ArrayList<>();
    List<long[]> rest = new ArrayList<>();
    for (long[] r : s.ineqs) {
      if (r[col] > 0) lower.add(r);
      else if (r[col] < 0) upper.add(r);
      else {
        rest.add(r);
        next.of.put(r, h.of.get(r));
      }
    }
    for (long[] l : lower) {
      BitSet hl = h.of.get(l);
      for (long[] u : upper) {
        BitSet hc = (BitSet) hl.clone();
        hc.or(h.of.get(u));
        if (hc.cardinality() > next.steps + 1) continue; // Chernikov: implied by rows of smaller history
        long a = l[col];
        long b = -u[col];
        long g = Ints.gcd(a, b);
        long[] c = Ints.combine(b / g, l, a / g, u);
        c[col] = 0;
        rest.add(c);
        next.of.put(c, hc);
      }
    }
    s.ineqs.clear();
    s.ineqs.addAll(rest);
    tidy(s, next.of);
    return next;
  }

  /** The number of rows a Fourier-Motzkin step on column col adds (negative: removes). */
  private static long growth(List<long[]> ineqs, int col) {
    long[] b = bounds(ineqs, col);
    return b[0] * b[1] - b[0] - b[1];
  }

  /** The number of (lower, upper) pairs of bounds on column col. */
  private static long pairs(List<long[]> ineqs, int col) {
    long[] b = bounds(ineqs, col);
    return b[0] * b[1];
  }

  /** The numbers of lower and of upper bounds on column col. */
  private static long[] bounds(List<long[]> ineqs, int col) {
    long[] b = new long[2];
    for (long[] r : ineqs) {
      if (r[col] > 0) b[0]++;
      else if (r[col] < 0) b[1]++;
    }
    return b;
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
    tidy(s, null);
  }

  /** {@link #tidy(System)}, carrying each kept inequality's history (when given) to its divided row. */
  private static void tidy(System s, Map<long[], BitSet> histories) {
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
      if (histories != null && n != r) histories.put(n, histories.get(r));
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
