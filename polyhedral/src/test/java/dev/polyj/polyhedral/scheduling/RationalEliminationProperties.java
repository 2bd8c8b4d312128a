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
 * Fourier-Motzkin with the redundant rows removed before every step against plain Fourier-Motzkin:
 * both project the same polyhedron, so they agree on every rational point (checked on the points of
 * a grid of step 1/2 around the origin), and on infeasibility.
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
    RationalElimination.eliminate(plain, cols, Long.MAX_VALUE);
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
