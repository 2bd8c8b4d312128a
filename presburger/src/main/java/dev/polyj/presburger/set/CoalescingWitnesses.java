package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Points known to lie in the pieces of one coalescing ({@link Coalescing}), kept to answer its
 * integer tests cheaply when the answer is negative: a constraint that a known point of a piece
 * violates does not hold on that piece; a row with two values on known points of a piece is not
 * constant there; a candidate that holds a known point of a third piece lying in neither of the
 * two pieces it should replace has an extra point. Each refutation costs the evaluation of a row
 * instead of an emptiness test, and gives the answer the test would give, so coalescing returns
 * the same pieces with or without them. (The same use of counterexamples to skip exact tests is
 * common in SAT and SMT solvers; isl's coalescing relies on cheaper rational tests instead.)
 *
 * <p>Each piece starts with one sample point; a piece built by merging two keeps the points of
 * both; a failed validity test may add the point that refuted it ({@link #refuted}), so that the
 * next test of a similar constraint on the same piece is answered without a search. The pieces
 * whose points refuted pairs last are scanned first ({@link #recentRefuters}). Points are
 * over the piece's variables (parameters then dimensions) and are lifted to the columns of each
 * {@link DivAlignment} by evaluating its divisions.
 */
final class CoalescingWitnesses {
  /** Most points kept per piece. */
  static final int MAX_POINTS = 8;

  /** Most pieces remembered as recent refuters. */
  private static final int MAX_RECENT = 8;

  private final Map<BasicRelation, List<long[]>> points = new IdentityHashMap<>();
  private final List<BasicRelation> recent = new ArrayList<>();
  private final boolean enabled;

  /** Known points, or none at all when not {@code enabled} (every test then runs in full). */
  CoalescingWitnesses(boolean enabled) {
    this.enabled = enabled;
  }

  /** The known points of b (one sample point at first; none when b has unknown existentials). */
  List<long[]> of(BasicRelation b) {
    List<long[]> l = points.get(b);
    if (l == null) {
      l = new ArrayList<>();
      if (enabled && !b.hasUnknownLocals()) {
        long[] p = Sampling.samplePoint(b);
        if (p != null) l.add(p);
      }
      points.put(b, l);
    }
    return l;
  }

  /**
   * The pieces whose points refuted a pair most recently, latest first (pieces still being
   * coalesced): a point that lies between some pieces often lies between others, so the candidates
   * of the next pairs are checked against those points first.
   */
  List<BasicRelation> recentRefuters() {
    return recent;
  }

  /** Records that a point of r refuted a pair. */
  void refuter(BasicRelation r) {
    for (int i = 0; i < recent.size(); i++) {
      if (recent.get(i) == r) {
        recent.remove(i);
        break;
      }
    }
    recent.add(0, r);
    if (recent.size() > MAX_RECENT) recent.remove(recent.size() - 1);
  }

  /** Records that {@code m} has the points of a and b (m is their merge, or one of them). */
  void merged(BasicRelation m, BasicRelation a, BasicRelation b) {
    recent.removeIf(r -> r != m && (r == a || r == b)); // no longer pieces of the coalescing
    if (!enabled) return;
    List<long[]> l = new ArrayList<>(of(a));
    for (long[] p : of(b)) if (l.size() < MAX_POINTS) l.add(p);
    points.put(m, l);
  }

  /** Adds a point of b over its variables (found by a test that failed on it). */
  void add(BasicRelation b, long[] p) {
    List<long[]> l = of(b);
    if (enabled && l.size() < MAX_POINTS) l.add(p);
  }

  /** True when b may still take another point. */
  boolean hasRoom(BasicRelation b) {
    return enabled && of(b).size() < MAX_POINTS;
  }

  /**
   * The known points of b over the columns of the alignment (variables, then shared divisions;
   * {@code width - 1} values, the layout rows of that width are evaluated on); points whose
   * lifted values leave 64 bits are left out.
   */
  List<long[]> lifted(BasicRelation b, DivAlignment al, int width) {
    List<long[]> out = new ArrayList<>();
    Div[] divs = al.divs(width);
    for (long[] p : of(b)) {
      long[] x = lift(p, divs, al.nVar(), width);
      if (x != null) out.add(x);
    }
    return out;
  }

  /**
   * p over the columns of {@code nVar} variables and the divisions {@code divs} (rows of {@code
   * width}), or null when a division's value does not fit in 64 bits.
   */
  static long[] lift(long[] p, Div[] divs, int nVar, int width) {
    long[] x = java.util.Arrays.copyOf(p, width - 1);
    try {
      for (int k = 0; k < divs.length; k++) x[nVar + k] = divs[k].evaluate(x);
    } catch (CoefficientOverflowException e) {
      return null;
    }
    return x;
  }

  /** True when {@code row >= 0} fails at one of the (lifted) points. */
  static boolean violated(long[] row, List<long[]> lifted) {
    for (long[] x : lifted) if (Ints.evaluateSign(row, x) < 0) return true;
    return false;
  }

  /** True when the row takes a value other than k at one of the (lifted) points. */
  static boolean notConstant(long[] row, long k, List<long[]> lifted) {
    for (long[] x : lifted) {
      try {
        if (Ints.evaluate(row, x) != k) return true;
      } catch (CoefficientOverflowException e) {
        return true; // a value beyond 64 bits is not k
      }
    }
    return false;
  }

  /** True when every row {@code >= 0} holds at x. */
  static boolean satisfiesAll(List<long[]> rows, long[] x) {
    for (long[] r : rows) if (Ints.evaluateSign(r, x) < 0) return false;
    return true;
  }
}
