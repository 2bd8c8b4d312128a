package dev.polyj.presburger.omega;

import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Integer emptiness of a conjunction of affine constraints by the Omega test (W. Pugh, "The Omega
 * test: a fast and practical integer programming algorithm for dependence analysis", 1992).
 *
 * <p>Equalities are solved exactly: a unit coefficient is substituted away; otherwise Pugh's
 * symmetric-modulo ("mod-hat") step introduces a new variable that shrinks the coefficients until a
 * unit one appears. Inequalities are eliminated one variable at a time by Fourier-Motzkin when that
 * is exact over the integers (a unit coefficient on one side of every bound pair); otherwise the real
 * shadow (empty: infeasible), the dark shadow (non-empty: feasible) and, between the two, the
 * splinters (the equality {@code a z = lower + i} for the few {@code i} where an integer point can
 * hide) decide exactly. Bounded and unbounded systems alike.
 */
public final class OmegaTest {
  private OmegaTest() {}

  /**
   * True when no integer vector satisfies all rows: {@code eq . (1, x) = 0} and
   * {@code ineq . (1, x) >= 0}. Rows have width {@code 1 + nVar}; inputs are not modified.
   */
  public static boolean isIntegerEmpty(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    Problem p = new Problem(1 + nVar);
    for (long[] r : eqs) p.eqs.add(r.clone());
    for (long[] r : ineqs) p.ineqs.add(r.clone());
    return isEmpty(p, 0);
  }

  /** Mutable constraint system over columns [const, vars...]. */
  static final class Problem {
    int width;
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();

    Problem(int width) {
      this.width = width;
    }

    Problem copy() {
      Problem q = new Problem(width);
      for (long[] r : eqs) q.eqs.add(r.clone());
      for (long[] r : ineqs) q.ineqs.add(r.clone());
      return q;
    }

    void addColumn() {
      width++;
      eqs.replaceAll(r -> Arrays.copyOf(r, width));
      ineqs.replaceAll(r -> Arrays.copyOf(r, width));
    }
  }

  private static boolean isEmpty(Problem p, int depth) {
    while (true) {
      if (!normalize(p)) return true;
      if (!p.eqs.isEmpty()) {
        if (!solveOneEquality(p)) return true;
        continue;
      }
      if (p.ineqs.isEmpty()) return false;
      // pick a variable to eliminate
      int w = p.width;
      int[] lowers = new int[w];
      int[] uppers = new int[w];
      boolean[] unitLower = new boolean[w];
      boolean[] unitUpper = new boolean[w];
      Arrays.fill(unitLower, true);
      Arrays.fill(unitUpper, true);
      for (long[] r : p.ineqs) {
        for (int j = 1; j < w; j++) {
          long c = r[j];
          if (c > 0) {
            lowers[j]++;
            if (c != 1) unitLower[j] = false;
          } else if (c < 0) {
            uppers[j]++;
            if (c != -1) unitUpper[j] = false;
          }
        }
      }
      int unbounded = -1;
      for (int j = 1; j < w && unbounded < 0; j++) {
        if ((lowers[j] == 0) != (uppers[j] == 0)) unbounded = j;
      }
      if (unbounded >= 0) {
        // a variable bounded on one side only: its constraints can always be satisfied
        final int j = unbounded;
        p.ineqs.removeIf(r -> r[j] != 0);
        continue;
      }
      int best = -1;
      boolean bestExact = false;
      long bestCost = Long.MAX_VALUE;
      for (int j = 1; j < w; j++) {
        if (lowers[j] == 0) continue;
        boolean exact = unitLower[j] || unitUpper[j];
        long cost = (long) lowers[j] * uppers[j] - lowers[j] - uppers[j];
        if ((exact && !bestExact) || (exact == bestExact && cost < bestCost)) {
          best = j;
          bestExact = exact;
          bestCost = cost;
        }
      }
      if (best < 0) return false; // no variable left: all rows trivially satisfied
      if (bestExact) {
        eliminate(p, best, false);
        continue;
      }
      return inexactElimination(p, best, depth);
    }
  }

  /** Real shadow, dark shadow, splinters for variable z (no exact elimination available). */
  private static boolean inexactElimination(Problem p, int z, int depth) {
    Problem real = p.copy();
    eliminate(real, z, false);
    if (isEmpty(real, depth + 1)) return true;
    Problem dark = p.copy();
    eliminate(dark, z, true);
    if (!isEmpty(dark, depth + 1)) return false;
    long maxUpper = 0;
    for (long[] r : p.ineqs) if (r[z] < 0) maxUpper = Math.max(maxUpper, -r[z]);
    for (long[] lower : p.ineqs) {
      long a = lower[z];
      if (a <= 0) continue;
      long limit = Ints.floorDiv(Ints.sub(Ints.sub(Ints.mul(a, maxUpper), a), maxUpper), maxUpper);
      for (long i = 0; i <= limit; i++) {
        Problem s = p.copy();
        long[] e = lower.clone();
        e[0] = Ints.sub(e[0], i); // a z + rest = i  (lower bound hit with slack i)
        s.eqs.add(e);
        if (!isEmpty(s, depth + 1)) return false;
      }
    }
    return true;
  }

  /**
   * Fourier-Motzkin elimination of column z from the inequalities (no equalities present). With
   * {@code dark}, each combined row is tightened by (a-1)(b-1): Pugh's dark shadow.
   */
  private static void eliminate(Problem p, int z, boolean dark) {
    List<long[]> lower = new ArrayList<>();
    List<long[]> upper = new ArrayList<>();
    List<long[]> rest = new ArrayList<>();
    for (long[] r : p.ineqs) {
      if (r[z] > 0) lower.add(r);
      else if (r[z] < 0) upper.add(r);
      else rest.add(r);
    }
    for (long[] l : lower) {
      long a = l[z];
      for (long[] u : upper) {
        long b = -u[z];
        long[] c;
        if (dark) {
          // a z >= -l', b z <= u': the dark shadow demands b*l + a*u >= (a-1)(b-1)
          c = Ints.combine(b, l, a, u);
          c[0] = Ints.sub(c[0], Ints.mul(a - 1, b - 1));
        } else {
          long g = Ints.gcd(a, b);
          c = Ints.combine(b / g, l, a / g, u);
        }
        c[z] = 0;
        rest.add(c);
      }
    }
    p.ineqs = rest;
  }

  /**
   * Normalises rows by their gcd, drops trivial rows, detects constant contradictions and merges
   * opposite and parallel inequalities. Returns false on a contradiction.
   */
  private static boolean normalize(Problem p) {
    List<long[]> eqs = new ArrayList<>(p.eqs.size());
    for (long[] r : p.eqs) {
      long g = Ints.gcd(r, 1, r.length);
      if (g == 0) {
        if (r[0] != 0) return false;
        continue;
      }
      if (r[0] % g != 0) return false;
      if (g != 1) for (int i = 0; i < r.length; i++) r[i] /= g;
      eqs.add(r);
    }
    p.eqs = eqs;
    Map<Key, long[]> tightest = new HashMap<>();
    List<long[]> order = new ArrayList<>();
    for (long[] r : p.ineqs) {
      long g = Ints.gcd(r, 1, r.length);
      if (g == 0) {
        if (r[0] < 0) return false;
        continue;
      }
      if (g != 1) {
        r[0] = Math.floorDiv(r[0], g);
        for (int i = 1; i < r.length; i++) r[i] /= g;
      }
      Key k = new Key(r);
      long[] prev = tightest.get(k);
      if (prev == null) {
        tightest.put(k, r);
        order.add(r);
      } else if (r[0] < prev[0]) {
        prev[0] = r[0];
      }
    }
    List<long[]> ineqs = new ArrayList<>(order.size());
    for (long[] r : order) {
      long[] opp = tightest.get(new Key(Ints.negate(r)));
      if (opp != null) {
        long s = Ints.add(r[0], opp[0]);
        if (s < 0) return false;
        if (s == 0 && opp != r) {
          // r and its opposite pin the value: an equality (keep one copy)
          if (compareIdentity(r, opp) < 0) p.eqs.add(r.clone());
          continue;
        }
      }
      ineqs.add(r);
    }
    p.ineqs = ineqs;
    return true;
  }

  private static int compareIdentity(long[] a, long[] b) {
    for (int i = 1; i < a.length; i++) if (a[i] != b[i]) return Long.compare(a[i], b[i]);
    return 0;
  }

  /** Solves or reduces one equality; returns false on a contradiction. */
  private static boolean solveOneEquality(Problem p) {
    // prefer an equality with a unit coefficient
    int bestRow = -1;
    int bestCol = -1;
    long bestAbs = Long.MAX_VALUE;
    for (int i = 0; i < p.eqs.size(); i++) {
      long[] r = p.eqs.get(i);
      for (int j = 1; j < p.width; j++) {
        long a = Math.abs(r[j]);
        if (a != 0 && a < bestAbs) {
          bestAbs = a;
          bestRow = i;
          bestCol = j;
        }
      }
    }
    long[] e = p.eqs.get(bestRow);
    if (bestAbs == 1) {
      p.eqs.remove(bestRow);
      substitute(p, e, bestCol);
      return true;
    }
    // mod-hat step: m = |a_k| + 1; m*sigma = sum (a_i mod^ m) x_i + (a_0 mod^ m)
    long m = bestAbs + 1;
    p.addColumn();
    e = p.eqs.get(bestRow);
    int sigma = p.width - 1;
    long[] n = new long[p.width];
    for (int j = 0; j < sigma; j++) n[j] = modHat(e[j], m);
    n[sigma] = -m;
    // n[bestCol] is -sign(a_k): a unit coefficient; substitute x_k everywhere using n
    substitute(p, n, bestCol);
    return true;
  }

  /** a mod^ m = a - m * floor(a/m + 1/2), in (-m/2, m/2]. */
  static long modHat(long a, long m) {
    return Ints.sub(a, Ints.mul(m, Math.floorDiv(Ints.add(Ints.mul(2, a), m), Ints.mul(2, m))));
  }

  /** Eliminates column k, whose coefficient in equality e is +-1, from every row of p. */
  private static void substitute(Problem p, long[] e, int k) {
    long a = e[k]; // +-1
    for (List<long[]> rows : List.of(p.eqs, p.ineqs)) {
      for (int i = 0; i < rows.size(); i++) {
        long[] r = rows.get(i);
        long c = r[k];
        if (c == 0) continue;
        // r - (c / a) e: with a = +-1, c/a = c*a
        long[] nr = Ints.combine(1, r, -Ints.mul(c, a), e);
        rows.set(i, nr);
      }
    }
  }

  private static final class Key {
    final long[] r;
    final int hash;

    Key(long[] r) {
      this.r = r;
      int h = 1;
      for (int i = 1; i < r.length; i++) h = 31 * h + Long.hashCode(r[i]);
      hash = h;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Key k) || k.r.length != r.length) return false;
      for (int i = 1; i < r.length; i++) if (k.r[i] != r[i]) return false;
      return true;
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
