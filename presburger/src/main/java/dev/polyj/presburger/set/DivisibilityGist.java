package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Weakening of divisibility constraints under a context (the divisibility part of isl's gist): a
 * constraint {@code D | f} of a piece (an equality {@code f - D e = 0} with {@code e = floor(f/D)})
 * is replaced by {@code d | f} for the least proper divisor d of D such that the context and the
 * rest of the piece still imply {@code D | f}. For instance {@code 6 | x} becomes {@code 2 | x}
 * where the context already has {@code 3 | x}. Each replacement is checked exactly: the piece
 * with {@code d | f}, intersected with the context, must lie inside the piece.
 */
final class DivisibilityGist {
  private DivisibilityGist() {}

  /** Largest modulus whose divisors are tried. */
  private static final long MAX_MODULUS = 1L << 20;

  static BasicRelation weaken(BasicRelation b, Relation context) {
    if (b.nLocal() == 0 || b.hasUnknownLocals()) return b;
    BasicRelation cur = b;
    for (int k = 0; k < b.nLocal(); k++) {
      BasicRelation w = weakenLocal(cur, k, context);
      if (w != null) return weaken(w, context); // locals were renumbered: start again
    }
    return cur;
  }

  /** The piece with the divisibility on local k weakened, or null when there is none or no weaker one works. */
  private static BasicRelation weakenLocal(BasicRelation b, int k, Relation context) {
    Div div = b.div(k);
    if (div == null) return null;
    int nv = 1 + b.nVar();
    long den = div.denominator();
    long[] num = div.numeratorRaw();
    if (den <= 2 || den > MAX_MODULUS || !zeroFrom(num, nv)) return null;
    int col = nv + k;
    long[][] eqs = b.eqsRaw();
    int row = -1;
    for (int i = 0; i < eqs.length; i++) {
      if (eqs[i][col] == 0) continue;
      if (row >= 0 || !isDivisibility(eqs[i], num, den, col, nv)) return null;
      row = i;
    }
    if (row < 0) return null;
    for (long d : properDivisors(den)) {
      BasicRelation w = replaced(b, row, num, d, nv);
      try {
        if (Subtraction.subtract(Relation.of(w).intersect(context), Relation.of(b)).isEmpty()) return w;
      } catch (CoefficientOverflowException e) {
        return null;
      }
    }
    return null;
  }

  /** True when row is {@code +-(num - den e)} with e the column col, nothing else. */
  private static boolean isDivisibility(long[] row, long[] num, long den, int col, int nv) {
    int sign = row[col] == -den ? 1 : row[col] == den ? -1 : 0;
    if (sign == 0) return false;
    for (int j = 0; j < row.length; j++) {
      if (j == col) continue;
      long n = j < nv ? num[j] : 0;
      if (row[j] != sign * n) return false;
    }
    return true;
  }

  /** b with equality number row replaced by {@code d | num}. */
  private static BasicRelation replaced(BasicRelation b, int row, long[] num, long d, int nv) {
    ConstraintSystem cs = ConstraintSystem.of(b);
    cs.eqs.remove(row);
    int col = cs.addLocal(new Div(Arrays.copyOf(num, nv), d));
    long[] eq = Arrays.copyOf(num, col + 1);
    Arrays.fill(eq, nv, col + 1, 0);
    eq[col] = -d;
    cs.eqs.add(eq);
    cs.simplify();
    return cs.toBasic(b.space());
  }

  private static boolean zeroFrom(long[] r, int from) {
    for (int j = from; j < r.length; j++) if (r[j] != 0) return false;
    return true;
  }

  /** The divisors of n other than 1 and n, ascending. */
  static List<Long> properDivisors(long n) {
    List<Long> small = new ArrayList<>();
    List<Long> large = new ArrayList<>();
    for (long i = 2; i * i <= n; i++) {
      if (n % i != 0) continue;
      small.add(i);
      if (i != n / i) large.add(0, n / i);
    }
    small.addAll(large);
    return small;
  }
}
