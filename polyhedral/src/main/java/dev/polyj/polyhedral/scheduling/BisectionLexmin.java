package dev.polyj.polyhedral.scheduling;

import dev.polyj.presburger.omega.OmegaTest;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Exact integer lexicographic minimum by bisection on exact emptiness tests: the first variable's
 * minimum is bracketed by doubling and then bisected (each probe asks whether the system with
 * {@code x_k <= v} still has an integer point), fixed, and the next variable follows. Needs every
 * variable bounded below by the constraints (as the schedulers' programs are: all unknowns are
 * non-negative) and at most {@code bound} in absolute value at the optimum. The probes are decided
 * by the exact emptiness test on the rows with the fixed values substituted into them, without
 * simplifying the relation again for each probe.
 */
public final class BisectionLexmin implements IntegerLexmin {
  private final long bound;

  public BisectionLexmin(long bound) {
    this.bound = bound;
  }

  @Override
  public Optional<long[]> lexmin(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    return lexmin(nVar, eqs, ineqs, false);
  }

  /** The minimum, with {@code simplifying} each probe decided on the relation simplified again (the slower way). */
  Optional<long[]> lexmin(int nVar, List<long[]> eqs, List<long[]> ineqs, boolean simplifying) {
    Space space = Space.set(List.of(), nVar);
    BasicRelation s = BasicRelation.of(space, eqs, withoutDominated(nVar, ineqs));
    // a rational test only: an integer-empty system is also found empty by the first variable's
    // search, and a non-empty one (the usual case) is proved so by its first successful probe
    if (s.isMarkedEmpty() || OmegaTest.isRationallyEmpty(nVar, s.equalities(), s.inequalities())) {
      return Optional.empty();
    }
    if (simplifying) return search(nVar, new SimplifiedProbes(s));
    try {
      return search(nVar, new Probes(s.nCol() - 1, s.equalities(), s.inequalities()));
    } catch (ArithmeticException e) {
      return search(nVar, new SimplifiedProbes(s)); // a fixed value overflowed a row's constant
    }
  }

  /** The variable-by-variable search on the probes of one system. */
  private Optional<long[]> search(int nVar, SystemProbes p) {
    long[] x = new long[nVar];
    for (int k = 0; k < nVar; k++) {
      // the smallest value v with a point x_k <= v: first its sign (the unknowns of the
      // schedulers' programs are non-negative, so the minimum is mostly 0: two tests), then a
      // bracket by doubling, then bisection
      long lo;
      long hi;
      if (!p.emptyAtMost(k, -1)) {
        lo = -bound; // negative minimum: bisect over [-bound, -1]
        hi = -1;
      } else {
        lo = 0;
        hi = 0;
        long step = 1;
        boolean empty;
        while ((empty = p.emptyAtMost(k, hi)) && hi < bound) {
          lo = hi + 1;
          hi = Math.min(bound, hi + step);
          step *= 2;
        }
        if (empty) return Optional.empty(); // beyond the bound
      }
      while (lo < hi) {
        long mid = Math.floorDiv(lo + hi, 2);
        if (p.emptyAtMost(k, mid)) lo = mid + 1;
        else hi = mid;
      }
      x[k] = lo;
      p.fix(k, lo);
    }
    return Optional.of(x);
  }

  /** The questions the search asks of the system, as the variables get fixed one by one. */
  private interface SystemProbes {
    /** True when the system with {@code x_k <= v} has no integer point. */
    boolean emptyAtMost(int k, long v);

    /** Adds {@code x_k = v} to the system. */
    void fix(int k, long v);
  }

  /**
   * The probes on the rows as they are, each fixed value substituted into them (its column
   * becomes zero, rows left constant are dropped or mark the system empty): the exact emptiness
   * test decides each probe on these rows, as it would on the simplified relation, without
   * simplifying the system again for every probe.
   */
  static final class Probes implements SystemProbes {
    private final int nVar;
    private List<long[]> eqs;
    private List<long[]> ineqs;
    private boolean contradiction;

    Probes(int nVar, List<long[]> eqs, List<long[]> ineqs) {
      this.nVar = nVar;
      this.eqs = eqs;
      this.ineqs = ineqs;
    }

    @Override
    public boolean emptyAtMost(int k, long v) {
      if (contradiction) return true;
      long[] row = new long[1 + nVar];
      row[0] = v;
      row[1 + k] = -1;
      List<long[]> probe = new ArrayList<>(ineqs.size() + 1);
      probe.addAll(ineqs);
      probe.add(row);
      return OmegaTest.isIntegerEmpty(nVar, eqs, probe);
    }

    /** @throws ArithmeticException when a constant leaves 64 bits */
    @Override
    public void fix(int k, long v) {
      eqs = substitute(eqs, k, v, true);
      ineqs = substitute(ineqs, k, v, false);
    }

    private List<long[]> substitute(List<long[]> rows, int k, long v, boolean equality) {
      List<long[]> out = new ArrayList<>(rows.size());
      for (long[] r : rows) {
        if (r[1 + k] == 0) {
          out.add(r);
          continue;
        }
        long[] c = r.clone();
        c[0] = Math.addExact(c[0], Math.multiplyExact(c[1 + k], v));
        c[1 + k] = 0;
        if (!constant(c)) out.add(c);
        else if (equality ? c[0] != 0 : c[0] < 0) contradiction = true;
      }
      return out;
    }

    private static boolean constant(long[] r) {
      for (int j = 1; j < r.length; j++) if (r[j] != 0) return false;
      return true;
    }
  }

  /** The probes on the relation, simplified again with each added row (no overflow to fear). */
  static final class SimplifiedProbes implements SystemProbes {
    private BasicRelation s;

    SimplifiedProbes(BasicRelation s) {
      this.s = s;
    }

    @Override
    public boolean emptyAtMost(int k, long v) {
      return atMost(s, k, v).isEmpty();
    }

    @Override
    public void fix(int k, long v) {
      long[] fix = new long[s.nCol()];
      fix[0] = -v;
      fix[1 + k] = 1;
      s = s.toBuilder().addEq(fix).build();
    }
  }

  /**
   * The inequalities without those implied by another one and the sign constraints: with
   * {@code x_j >= 0} among the rows, a row {@code b} with another row {@code a} such that
   * {@code a_0 <= b_0}, {@code a_j <= b_j} for the non-negative {@code x_j} and {@code a_j = b_j} for
   * the others is redundant, since {@code b . (1, x) = a . (1, x) + sum (b_j - a_j) x_j >= 0}. The
   * elimination of the Farkas multipliers leaves many such rows (for a 2-D stencil, three in four),
   * and every emptiness test of the search pays for each one. Sign rows are always kept.
   */
  static List<long[]> withoutDominated(int nVar, List<long[]> ineqs) {
    int n = ineqs.size();
    if (n < 2 || n > MAX_PRUNED_ROWS) return ineqs;
    boolean[] nonNegative = new boolean[1 + nVar];
    boolean[] signRow = new boolean[n];
    for (int i = 0; i < n; i++) {
      long[] r = ineqs.get(i);
      int j = unitColumn(r);
      if (j > 0) {
        nonNegative[j] = true;
        signRow[i] = true;
      }
    }
    boolean[] dropped = new boolean[n];
    int kept = n;
    for (int b = 0; b < n; b++) {
      if (signRow[b]) continue;
      long[] rb = ineqs.get(b);
      for (int a = 0; a < n; a++) {
        if (a == b || dropped[a]) continue;
        long[] ra = ineqs.get(a);
        if (implies(ra, rb, nonNegative) && !(implies(rb, ra, nonNegative) && a > b)) {
          dropped[b] = true; // of two equal rows, the later one goes
          kept--;
          break;
        }
      }
    }
    if (kept == n) return ineqs;
    List<long[]> out = new ArrayList<>(kept);
    for (int i = 0; i < n; i++) if (!dropped[i]) out.add(ineqs.get(i));
    return out;
  }

  /** Rows beyond which the quadratic pruning is skipped. */
  private static final int MAX_PRUNED_ROWS = 8192;

  /** j when the row is exactly {@code x_j >= 0} (constant 0, one coefficient, positive), else -1. */
  private static int unitColumn(long[] r) {
    if (r[0] != 0) return -1;
    int j = -1;
    for (int c = 1; c < r.length; c++) {
      if (r[c] == 0) continue;
      if (j >= 0 || r[c] < 0) return -1;
      j = c;
    }
    return j;
  }

  /** True when row a, with the sign rows, implies row b (componentwise as described above). */
  private static boolean implies(long[] a, long[] b, boolean[] nonNegative) {
    if (a[0] > b[0]) return false;
    for (int j = 1; j < a.length; j++) {
      if (nonNegative[j] ? a[j] > b[j] : a[j] != b[j]) return false;
    }
    return true;
  }

  private static BasicRelation atMost(BasicRelation s, int k, long v) {
    long[] row = new long[s.nCol()];
    row[0] = v;
    row[1 + k] = -1;
    return s.toBuilder().addIneq(row).build();
  }
}
