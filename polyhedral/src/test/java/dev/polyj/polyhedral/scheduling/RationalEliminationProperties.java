package dev.polyj.polyhedral.scheduling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The elimination (Chernikov's rule, the column order by growth, and with the redundant rows removed
 * before every step or only before large ones) against plain Fourier-Motzkin written here, column
 * after column, every pair combined: both project the same polyhedron, so they agree on every
 * rational point (checked on the points of a grid of step 1/2 around the origin), and on
 * infeasibility.
 */
class RationalEliminationProperties {
  private static final int N_VAR = 4;

  @Provide
  Arbitrary<List<long[]>> systems() {
    return Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(1 + N_VAR).list().ofMinSize(1).ofMaxSize(9);
  }

  @Property(tries = 300)
  void prunedEliminationProjectsTheSamePolyhedron(@ForAll("systems") List<long[]> rows,
      @ForAll("systems") List<long[]> eqs) {
    RationalElimination.System plain = system(eqs.subList(0, Math.min(1, eqs.size() - 1)), rows);
    RationalElimination.System pruned = system(eqs.subList(0, Math.min(1, eqs.size() - 1)), rows);
    int[] cols = {3, 4};
    plainFourierMotzkin(plain, cols);
    RationalElimination.eliminate(pruned, cols, 0);
    assertTrue(pruned.infeasible || pruned.ineqs.size() <= plain.ineqs.size());
    assertEquals(plain.infeasible || empty(plain), pruned.infeasible || empty(pruned));
    if (plain.infeasible || pruned.infeasible) return;
    for (int x = -8; x <= 8; x++) {
      for (int y = -8; y <= 8; y++) {
        long[] p = {2, x, y, 0, 0}; // the point (x/2, y/2), times 2
        assertEquals(holds(plain, p), holds(pruned, p), () -> "at (" + p[1] + "/2, " + p[2] + "/2)");
      }
    }
  }

  @Property(tries = 300)
  void chernikovsRuleProjectsTheSamePolyhedron(@ForAll("systems") List<long[]> rows) {
    RationalElimination.System plain = system(List.of(), rows);
    RationalElimination.System fast = system(List.of(), rows);
    int[] cols = {2, 3, 4};
    plainFourierMotzkin(plain, cols);
    RationalElimination.eliminate(fast, cols, Long.MAX_VALUE);
    assertEquals(plain.infeasible || empty(plain), fast.infeasible || empty(fast));
    if (plain.infeasible || fast.infeasible) return;
    for (int x = -10; x <= 10; x++) {
      long[] p = {2, x, 0, 0, 0}; // the point x/2, times 2
      assertEquals(holds(plain, p), holds(fast, p), () -> "at " + p[1] + "/2");
    }
  }

  /** Fourier-Motzkin as in the textbook: equalities substituted, then every lower-upper pair combined. */
  private static void plainFourierMotzkin(RationalElimination.System s, int[] cols) {
    for (int col : cols) {
      long[] pivot = null;
      for (long[] e : s.eqs) if (e[col] != 0) pivot = e;
      List<long[]> out = new ArrayList<>();
      if (pivot != null) {
        s.eqs.remove(pivot);
        long[] p = pivot[col] < 0 ? negate(pivot) : pivot;
        List<long[]> eqs = new ArrayList<>();
        for (long[] e : s.eqs) eqs.add(eliminate(e, p, col));
        s.eqs.clear();
        s.eqs.addAll(eqs);
        for (long[] r : s.ineqs) out.add(eliminate(r, p, col));
      } else {
        for (long[] r : s.ineqs) if (r[col] == 0) out.add(r);
        for (long[] l : s.ineqs) {
          for (long[] u : s.ineqs) {
            if (l[col] <= 0 || u[col] >= 0) continue;
            long[] c = new long[l.length];
            for (int j = 0; j < c.length; j++) c[j] = -u[col] * l[j] + l[col] * u[j];
            out.add(c);
          }
        }
      }
      // exact duplicates (after division by the gcd) once
      java.util.Map<List<Long>, long[]> distinct = new java.util.LinkedHashMap<>();
      for (long[] r : out) {
        long g = 0;
        for (long v : r) g = java.math.BigInteger.valueOf(g).gcd(java.math.BigInteger.valueOf(v)).longValue();
        List<Long> key = new ArrayList<>();
        for (long v : r) key.add(g == 0 ? 0 : v / g);
        distinct.putIfAbsent(key, r);
      }
      s.ineqs.clear();
      s.ineqs.addAll(distinct.values());
      for (long[] r : s.ineqs) {
        boolean constant = true;
        for (int j = 1; j < r.length; j++) constant &= r[j] == 0;
        if (constant && r[0] < 0) s.infeasible = true;
      }
    }
  }

  /** r with column col removed by p (p[col] > 0): p[col] r - r[col] p. */
  private static long[] eliminate(long[] r, long[] p, int col) {
    long[] o = new long[r.length];
    for (int j = 0; j < r.length; j++) o[j] = p[col] * r[j] - r[col] * p[j];
    return o;
  }

  private static long[] negate(long[] r) {
    long[] o = new long[r.length];
    for (int j = 0; j < r.length; j++) o[j] = -r[j];
    return o;
  }

  private static RationalElimination.System system(List<long[]> eqs, List<long[]> ineqs) {
    RationalElimination.System s = new RationalElimination.System();
    for (long[] e : eqs) s.eqs.add(e.clone());
    for (long[] r : ineqs) s.ineqs.add(r.clone());
    // bounded: |x_j| <= 4
    for (int j = 1; j <= N_VAR; j++) {
      long[] up = new long[1 + N_VAR];
      up[0] = 4;
      up[j] = -1;
      long[] down = up.clone();
      down[j] = 1;
      s.ineqs.add(up);
      s.ineqs.add(down);
    }
    RationalElimination.tidy(s);
    return s;
  }

  /** True when the remaining rows have no rational point (a plain system may keep such rows). */
  private static boolean empty(RationalElimination.System s) {
    RationalElimination.System c = new RationalElimination.System();
    c.eqs.addAll(s.eqs);
    c.ineqs.addAll(s.ineqs);
    RationalElimination.eliminate(c, new int[] {1, 2, 3, 4}, Long.MAX_VALUE);
    return c.infeasible;
  }

  private static boolean holds(RationalElimination.System s, long[] p) {
    for (long[] e : s.eqs) if (dot(e, p) != 0) return false;
    for (long[] r : s.ineqs) if (dot(r, p) < 0) return false;
    return true;
  }

  private static long dot(long[] r, long[] p) {
    long v = 0;
    for (int j = 0; j < r.length; j++) v += r[j] * p[j];
    return v;
  }

  /** A box keeps its facets; a row the box implies goes. */
  @Property(tries = 1)
  void tightBoxKeepsItsFacets() {
    RationalElimination.System s = system(List.of(), new ArrayList<>());
    RationalElimination.removeRedundant(s);
    assertEquals(2 * N_VAR, s.ineqs.size());
    s.ineqs.add(new long[] {10, 1, 1, 0, 0}); // x1 + x2 >= -10: implied by the box
    RationalElimination.removeRedundant(s);
    assertEquals(2 * N_VAR, s.ineqs.size());
  }
}
