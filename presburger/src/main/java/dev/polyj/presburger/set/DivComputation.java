package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Rewrites a basic relation with unknown existentials as an equivalent union of basic relations in
 * which every local is a known integer division of the variables (and earlier divisions).
 *
 * <p>This is Pugh's exact projection from the Omega test applied to the unknown locals: an unknown
 * local in an equality with other unknown locals is reduced by the symmetric-modulo step until it
 * has a unit coefficient (substituted away) or is the only unknown (then it is a division); a local
 * bounded by inequalities only is removed exactly by Fourier-Motzkin when a unit coefficient allows,
 * and otherwise split into the dark shadow and the splinters {@code a z = lower + i}, in each of
 * which it is pinned by an equality. Pieces may overlap; their union is exact.
 */
final class DivComputation {
  private DivComputation() {}

  static Relation computeDivs(BasicRelation b) {
    return computeDivs(b, Long.MAX_VALUE);
  }

  /** As {@link #computeDivs(BasicRelation)}, or null when more than {@code maxSteps} systems would be examined. */
  static Relation computeDivs(BasicRelation b, long maxSteps) {
    if (!b.hasUnknownLocals()) return Relation.of(b);
    try {
      return computeDivsLong(b, maxSteps);
    } catch (CoefficientOverflowException e) {
      // an intermediate row left 64 bits: redo the whole computation on BigInteger rows
      ConstraintSystem start = ConstraintSystem.of(b);
      forgetDivisionsOfUnknowns(start);
      return BigDivComputation.computeDivs(b, start, maxSteps);
    }
  }

  private static Relation computeDivsLong(BasicRelation b, long maxSteps) {
    List<BasicRelation> out = new ArrayList<>();
    Deque<ConstraintSystem> work = new ArrayDeque<>();
    ConstraintSystem start = ConstraintSystem.of(b);
    forgetDivisionsOfUnknowns(start);
    work.push(start);
    long steps = 0;
    while (!work.isEmpty()) {
      if (++steps > maxSteps) return null;
      ConstraintSystem cs = work.pop();
      cs.simplify();
      if (cs.empty) continue;
      int u = unknownLocal(cs);
      if (u < 0) {
        BasicRelation piece = cs.toBasic(b.space());
        if (!piece.isEmpty()) out.add(piece);
        continue;
      }
      long[] eq = equalityWith(cs, u);
      if (eq != null) {
        reduceEquality(cs, eq);
        work.push(cs);
      } else {
        // every system on the work list is popped once (a step each): when the splinters alone
        // would pass the budget, the answer is known now, before copying them all
        if (!split(cs, u, work, maxSteps - steps - work.size())) return null;
      }
    }
    return Relation.ofBasics(b.space(), out);
  }

  /**
   * Known divisions that refer to unknown locals become unknown themselves: eliminating an unknown
   * local must not leave a division without its argument. The constraints still pin every such
   * local, so the set is unchanged; definitions are recognised again where possible.
   */
  private static void forgetDivisionsOfUnknowns(ConstraintSystem cs) {
    for (int i = 0; i < cs.nLocal; i++) {
      Div d = cs.divs.get(i);
      if (d == null) continue;
      for (int j = 0; j < cs.nLocal; j++) {
        if (j != i && cs.divs.get(j) == null && d.numeratorRaw().length > 1 + cs.nVar + j
            && d.numeratorRaw()[1 + cs.nVar + j] != 0) {
          cs.divs.set(i, null);
          i = -1; // restart: later divisions may refer to this one
          break;
        }
      }
    }
  }

  private static boolean isUnknown(ConstraintSystem cs, int col) {
    return col > cs.nVar && cs.divs.get(col - 1 - cs.nVar) == null;
  }

  private static int unknownLocal(ConstraintSystem cs) {
    for (int col = cs.nCol() - 1; col > cs.nVar; col--) if (isUnknown(cs, col)) return col;
    return -1;
  }

  private static long[] equalityWith(ConstraintSystem cs, int u) {
    for (long[] e : cs.eqs) if (e[u] != 0) return e;
    for (long[] e : cs.eqs) {
      for (int c = cs.nVar + 1; c < e.length; c++) if (e[c] != 0 && isUnknown(cs, c)) return e;
    }
    return null;
  }

  /**
   * The equality mentions at least two unknown locals (otherwise simplification would have made
   * the single one a division). Substitute a unit one away, or apply the symmetric-modulo step.
   */
  private static void reduceEquality(ConstraintSystem cs, long[] e) {
    int k = -1;
    long best = Long.MAX_VALUE;
    for (int c = cs.nVar + 1; c < e.length; c++) {
      if (e[c] != 0 && isUnknown(cs, c) && Math.abs(e[c]) < best) {
        best = Math.abs(e[c]);
        k = c;
      }
    }
    if (best == 1) {
      substituteAndDrop(cs, e, k);
      return;
    }
    long m = best + 1;
    int sigma = cs.addLocal(null);
    long[] wide = java.util.Arrays.copyOf(e, cs.nCol());
    long[] n = new long[cs.nCol()];
    for (int c = 0; c < sigma; c++) n[c] = modHat(wide[c], m);
    n[sigma] = -m;
    cs.eqs.add(n);
    substituteAndDrop(cs, n, k);
  }

  private static long modHat(long a, long m) {
    return Ints.sub(a, Ints.mul(m, Math.floorDiv(Ints.add(Ints.mul(2, a), m), Ints.mul(2, m))));
  }

  /** Uses equality e (coefficient +-1 at unknown local k) to eliminate k everywhere, then drops k. */
  private static void substituteAndDrop(ConstraintSystem cs, long[] e, int k) {
    long a = e[k];
    List<long[]> eqs = new ArrayList<>();
    for (long[] r : cs.eqs) {
      if (r == e) continue;
      eqs.add(r[k] == 0 ? r : Ints.combine(1, r, -Ints.mul(r[k], a), e));
    }
    cs.eqs = eqs;
    cs.ineqs.replaceAll(r -> r[k] == 0 ? r : Ints.combine(1, r, -Ints.mul(r[k], a), e));
    cs.removeLocal(k);
  }

  /** Exact Fourier-Motzkin, or dark shadow plus splinters, for unknown local z in inequalities only. */
  private static boolean split(ConstraintSystem cs, int z, Deque<ConstraintSystem> work, long room) {
    List<long[]> lower = new ArrayList<>();
    List<long[]> upper = new ArrayList<>();
    List<long[]> rest = new ArrayList<>();
    for (long[] r : cs.ineqs) {
      if (r[z] > 0) lower.add(r);
      else if (r[z] < 0) upper.add(r);
      else rest.add(r);
    }
    boolean exact = lower.stream().allMatch(r -> r[z] == 1) || upper.stream().allMatch(r -> r[z] == -1);
    if (lower.isEmpty() || upper.isEmpty() || exact) {
      cs.ineqs = combine(rest, lower, upper, z, false);
      cs.removeLocal(z);
      work.push(cs);
      return true;
    }
    long[] pin = pinToSingleBound(cs, z, lower, upper);
    if (pin != null) {
      cs.ineqs.add(pin);
      work.push(cs);
      return true;
    }
    long maxUpper = 0;
    for (long[] r : upper) maxUpper = Math.max(maxUpper, -r[z]);
    long splinters = 1;
    for (long[] l : lower) {
      long a = l[z];
      long limit = Ints.floorDiv(Ints.sub(Ints.sub(Ints.mul(a, maxUpper), a), maxUpper), maxUpper);
      if (limit + 1 > room - splinters) return false;
      splinters += limit + 1;
    }
    ConstraintSystem dark = copy(cs);
    dark.ineqs = combine(rest, lower, upper, z, true);
    dark.removeLocal(z);
    work.push(dark);
    for (long[] l : lower) {
      long a = l[z];
      long limit = Ints.floorDiv(Ints.sub(Ints.sub(Ints.mul(a, maxUpper), a), maxUpper), maxUpper);
      for (long i = 0; i <= limit; i++) {
        ConstraintSystem s = copy(cs);
        long[] e = l.clone();
        e[0] = Ints.sub(e[0], i);
        s.eqs.add(e);
        work.push(s);
      }
    }
    return true;
  }

  /**
   * A local with a single upper bound {@code b*z <= U} exists if and only if {@code floor(U/b)}
   * satisfies the lower bounds (every other constraint on z bounds it from below, so the largest
   * candidate is the best one); likewise {@code ceil(L/a)} for a single lower bound. The row that
   * pins z to that value ({@code U - b + 1 <= b*z}, resp. {@code a*z <= L + a - 1}) makes z a known
   * division in one piece, where splitting would give a splinter per residue (e.g. one piece per
   * value of a parameter modulo 8). Of two single bounds, the one whose other columns stop
   * earliest (parameters before dimensions) is taken. Null when z has several bounds on both
   * sides or the bound uses another unknown local.
   */
  private static long[] pinToSingleBound(ConstraintSystem cs, int z, List<long[]> lower, List<long[]> upper) {
    long[] best = null;
    int bestLast = Integer.MAX_VALUE;
    for (List<long[]> side : List.of(upper, lower)) {
      if (side.size() != 1) continue;
      long[] r = side.get(0);
      int last = -1;
      boolean known = true;
      for (int c = 1; c < r.length; c++) {
        if (c == z || r[c] == 0) continue;
        last = c;
        if (isUnknown(cs, c)) known = false;
      }
      if (known && last < bestLast && !pinned(cs, pinRow(r, z))) {
        bestLast = last;
        best = r;
      }
    }
    return best == null ? null : pinRow(best, z);
  }

  /** For a bound k*z + f >= 0 with |k| = d, the opposite row -(k*z + f) + d - 1 >= 0. */
  private static long[] pinRow(long[] bound, int z) {
    long[] pin = Ints.negate(bound);
    pin[0] = Ints.add(pin[0], Math.abs(bound[z]) - 1);
    return pin;
  }

  /** True when the system has the row already (pinning did not make z a division). */
  private static boolean pinned(ConstraintSystem cs, long[] row) {
    for (long[] r : cs.ineqs) if (java.util.Arrays.equals(r, row)) return true;
    return false;
  }

  private static List<long[]> combine(List<long[]> rest, List<long[]> lower, List<long[]> upper, int z, boolean dark) {
    List<long[]> out = new ArrayList<>(rest);
    for (long[] l : lower) {
      long a = l[z];
      for (long[] u : upper) {
        long b = -u[z];
        long[] c = Ints.combine(b, l, a, u);
        if (dark) c[0] = Ints.sub(c[0], Ints.mul(a - 1, b - 1));
        c[z] = 0;
        out.add(c);
      }
    }
    return out;
  }

  private static ConstraintSystem copy(ConstraintSystem cs) {
    ConstraintSystem c = new ConstraintSystem(cs.nVar, cs.nLocal);
    for (long[] r : cs.eqs) c.eqs.add(r.clone());
    for (long[] r : cs.ineqs) c.ineqs.add(r.clone());
    c.divs = new ArrayList<>(cs.divs);
    return c;
  }
}
