package dev.polyj.presburger.count;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.qpoly.DisjointPieces;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The inverse of a ranking Ehrhart polynomial (Fassi, Clauss, Kuhn, Slama, "Multifor for
 * Multicore", IMPACT 2013, section 5): from a rank back to the point of a parametric set that has
 * that rank in lexicographic order.
 *
 * <p>As in the paper, the point is found one dimension at a time, outermost first. For dimension
 * {@code k} with the prefix {@code x_0 .. x_(k-1)} already known, the prefix rank
 * {@code R_k(x_0, ..., x_(k-1), v)} counts the points of the set whose first {@code k + 1}
 * coordinates are lexicographically smaller than {@code (x_0, ..., x_(k-1), v)}; it is a piecewise
 * quasi-polynomial (the paper's {@code Q(v) = P(x_0, ..., x_(k-1), v, 0, ..., 0)} without its
 * assumption that every lower bound is 0), non-decreasing in {@code v}, and
 * {@code x_k = max { v : R_k(..., v) <= rank }}. The paper solves {@code Q(v) = rank} for its real
 * roots; here a real root only serves as a starting point: the root of the quadratic through three
 * samples of {@code R_k} (exact where {@code R_k} is a polynomial of degree at most 2 in {@code v}
 * on a piece, the paper's triangular case), computed in floating point, is then corrected by exact
 * comparisons of {@code R_k(v)} (rational arithmetic on BigInteger) with the rank, galloping and
 * then bisecting until {@code R_k(v) <= rank < R_k(v + 1)}. A wrong estimate costs steps, never
 * exactness.
 */
public final class Unranking {
  private final Relation set;
  private final int np;
  private final int d;
  private final PwQPolynomial card;
  private final PwQPolynomial rank;
  private final PwQPolynomial[] prefixRanks;
  private long evaluations;

  private Unranking(Relation set) {
    checkArgument(set.isSet(), "unrank: expected a set, got %s", set.space());
    this.set = set;
    this.np = set.space().nParam();
    this.d = set.space().nOut();
    this.card = Counting.card(set);
    this.rank = Ranking.rank(set);
    this.prefixRanks = new PwQPolynomial[d];
    for (int k = 0; k < d; k++) prefixRanks[k] = buildPrefixRank(set, k);
  }

  /** The ranking and unranking functions of a bounded set (for each parameter value). */
  public static Unranking of(Relation set) {
    return new Unranking(set);
  }

  public Relation set() {
    return set;
  }

  /** The number of points, per parameter value. */
  public PwQPolynomial card() {
    return card;
  }

  /** The ranking polynomial ({@link Ranking#rank}): the rank of a point of the set. */
  public PwQPolynomial rank() {
    return rank;
  }

  /** {@code R_k} over the parameters and {@code k + 1} coordinates. */
  public PwQPolynomial prefixRank(int k) {
    return prefixRanks[k];
  }

  /** Evaluations of prefix ranks so far (to measure the cost of unranking). */
  public long evaluations() {
    return evaluations;
  }

  /** The rank of a point (parameter values, then coordinates) of the set. */
  public long rankOf(long[] point) {
    checkArgument(point.length == np + d, "rank: expected %s values", np + d);
    checkArgument(set.contains(point), "rank: %s is not in the set", Arrays.toString(point));
    return rank.evaluate(point).numerator().longValueExact();
  }

  /** The number of points for the parameter values {@code params}. */
  public long cardinality(long[] params) {
    return card.evaluate(params).numerator().longValueExact();
  }

  /**
   * The point of rank {@code r} (0-based) for the parameter values {@code params}: its
   * coordinates. Throws IllegalArgumentException unless {@code 0 <= r < card}.
   */
  public long[] unrank(long[] params, long r) {
    checkArgument(params.length == np, "unrank: expected %s parameter values", np);
    long n = cardinality(params);
    checkArgument(r >= 0 && r < n, "unrank: rank %s outside [0, %s)", r, n);
    Rational target = Rational.of(r);
    long[] x = Arrays.copyOf(params, np + d);
    for (int k = 0; k < d; k++) {
      long[] at = Arrays.copyOf(x, np + k + 1);
      x[np + k] = largestAtMost(prefixRanks[k], at, np + k, target);
    }
    return Arrays.copyOfRange(x, np, np + d);
  }

  /**
   * The largest {@code v} with {@code f(at with at[pos] = v) <= target}, for {@code f}
   * non-decreasing in that position, at most {@code target} far below and above it.
   */
  private long largestAtMost(PwQPolynomial f, long[] at, int pos, Rational target) {
    long v = estimate(f, at, pos, target);
    long lo;
    long hi;
    if (le(f, at, pos, v, target)) {
      lo = v;
      long step = 1;
      hi = Math.addExact(v, step);
      while (le(f, at, pos, hi, target)) {
        lo = hi;
        step = Math.multiplyExact(step, 2);
        hi = Math.addExact(v, step);
      }
    } else {
      hi = v;
      long step = 1;
      lo = Math.subtractExact(v, step);
      while (!le(f, at, pos, lo, target)) {
        hi = lo;
        step = Math.multiplyExact(step, 2);
        lo = Math.subtractExact(v, step);
      }
    }
    // f(lo) <= target < f(hi)
    while (hi - lo > 1) {
      long mid = lo + (hi - lo) / 2;
      if (le(f, at, pos, mid, target)) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  private boolean le(PwQPolynomial f, long[] at, int pos, long v, Rational target) {
    at[pos] = v;
    evaluations++;
    return f.evaluate(at).compareTo(target) <= 0;
  }

  /**
   * A floating-point estimate of the solution of {@code f(v) = target + 1/2}: the real root, on
   * the increasing branch, of the quadratic through three consecutive samples of {@code f}; fitted
   * first at 0, then again next to that first root (the piece the answer lies on).
   */
  private long estimate(PwQPolynomial f, long[] at, int pos, Rational target) {
    long v = fitRoot(f, at, pos, target, 0);
    return fitRoot(f, at, pos, target, v == Long.MIN_VALUE ? 0 : v - 1);
  }

  /** The root near the samples at {@code s, s + 1, s + 2}, or {@code s} without a usable one. */
  private long fitRoot(PwQPolynomial f, long[] at, int pos, Rational target, long s) {
    if (s > Long.MAX_VALUE / 2 || s < Long.MIN_VALUE / 2) return s;
    Rational f0 = value(f, at, pos, s);
    Rational f1 = value(f, at, pos, s + 1);
    Rational f2 = value(f, at, pos, s + 2);
    // f(s + u) = a u^2 + b u + c0 on the samples; the differences are exact, the root is not
    Rational half = Rational.of(1, 2);
    Rational aq = f2.subtract(f1.multiply(Rational.of(2))).add(f0).multiply(half);
    Rational bq = f1.subtract(f0).subtract(aq);
    Rational cq = f0.subtract(target).subtract(half);
    double a = toDouble(aq);
    double b = toDouble(bq);
    double c = toDouble(cq);
    double u;
    if (a == 0) {
      if (b <= 0) return s;
      u = -c / b;
    } else {
      double disc = b * b - 4 * a * c;
      if (disc < 0) return s;
      double q = -(b + Math.copySign(Math.sqrt(disc), b)) / 2;
      if (q == 0) return s;
      double u1 = q / a;
      double u2 = c / q;
      u = a > 0 ? Math.max(u1, u2) : Math.min(u1, u2);
    }
    if (!Double.isFinite(u) || Math.abs(u) > 1e15) return s;
    return s + (long) Math.floor(u);
  }

  private Rational value(PwQPolynomial f, long[] at, int pos, long v) {
    at[pos] = v;
    evaluations++;
    return f.evaluate(at);
  }

  /**
   * {@code R_k}: for each {@code z = (z_0, ..., z_k)}, the number of points {@code y} of the set
   * with {@code (y_0, ..., y_k) <<lex z}, the card of
   * {@code { z -> y : y in S and (y_0, ..., y_(j-1)) = (z_0, ..., z_(j-1)), y_j < z_j for some j <= k }}
   * summed over disjoint pieces of S and the disjoint order cases j.
   */
  static PwQPolynomial buildPrefixRank(Relation set, int k) {
    Space sp = set.space();
    int np = sp.nParam();
    int d = sp.nOut();
    int nz = k + 1;
    Space mapSpace = Space.map(sp.params(), nz, d);
    List<BasicRelation> known = new ArrayList<>();
    for (BasicRelation b : set.basics()) {
      if (!b.hasUnknownLocals()) known.add(b);
      else known.addAll(b.computeDivs().basics());
    }
    List<BasicRelation> pieces = DisjointPieces.disjoint(known);
    int[] toOut = new int[np + d];
    for (int v = 0; v < np; v++) toOut[v] = v;
    for (int i = 0; i < d; i++) toOut[np + i] = np + nz + i;
    List<BasicRelation> order = new ArrayList<>();
    for (BasicRelation by : pieces) {
      BasicRelation y = by.mapVariables(mapSpace, toOut);
      for (int j = 0; j < nz; j++) {
        BasicRelation.Builder bld = y.toBuilder();
        for (int i = 0; i <= j; i++) {
          long[] row = new long[1 + np + nz + d];
          row[1 + np + i] = 1; // z_i
          row[1 + np + nz + i] = -1; // - y_i
          if (i < j) {
            bld.addEq(row);
          } else {
            row[0] = -1; // z_j - y_j - 1 >= 0
            bld.addIneq(row);
          }
        }
        BasicRelation piece = bld.build();
        if (!DisjointPieces.surelyEmpty(piece)) order.add(piece);
      }
    }
    return Counting.sumDisjoint(order, QuasiPolynomial.constant(mapSpace, Rational.ONE), mapSpace.domain());
  }

  private static double toDouble(Rational q) {
    return new BigDecimal(q.numerator()).divide(new BigDecimal(q.denominator()), MathContext.DECIMAL64).doubleValue();
  }
}
