package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.ComputeBudget;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * Coalescing (isl's {@code isl_map_coalesce}, after Verdoolaege's "Integer set coalescing"):
 * replaces pieces of a union by fewer pieces covering exactly the same points.
 *
 * <p>Pieces are first simplified ({@link Redundancy}) and empty ones dropped. Then pairs A, B are
 * merged while possible. For pieces whose locals are all known divisions (aligned between the two;
 * a division of one piece is first replaced by an equal division of the other where that is exact,
 * e.g. {@code floor((i - 1)/4)} by {@code floor(i/4)} where {@code i mod 4} is 1 or 2), the
 * candidate is the conjunction of the constraints of A that hold on all of B and those of B that
 * hold on all of A (integer tests). It contains A and B, and replaces them when it has no point
 * outside A and B (exact subtraction). This covers isl's cases where one piece contains the other
 * (all of A's constraints valid for B), adjacent facets and one piece extending another (the
 * constraints that separate them are dropped). When that candidate has extra points, the
 * constraints of the parameter domain are added (the candidate may fail only for parameter values
 * where neither piece has points), and then the cut constraints are wrapped around the ridges of
 * their piece ({@link #wrappedCandidate}), with the same exact test. A piece with unknown
 * existentials is only dropped when it is contained in another. Failed pairs are remembered, so
 * each pair of pieces is tried once. Most pairs fail; known points of the pieces ({@link
 * CoalescingWitnesses}) refute most of their tests without a search, with the same answers; the
 * tests that do run are answered once per system of rows ({@link CoalescingMemo}).
 *
 * <p>A pair that only the first candidate could merge (no parameter-domain retry, wrapping bound
 * to give up) is refuted before the validity of its constraints is decided when a known point of
 * a third piece lies outside both and in that candidate ({@link Others#inEveryCandidate}): only the
 * constraints the point violates are then decided, first for the points whose answers are known
 * without a search. The pieces are the same as when every constraint is decided first.
 */
final class Coalescing {
  private Coalescing() {}

  /** How many pairs a known point refuted before the validity of their constraints was decided (for tests). */
  static final LongAdder EARLY_REFUTATIONS = new LongAdder();

  static Relation coalesce(Relation r) {
    return coalesce(r, true, Long.MAX_VALUE, true);
  }

  /** {@link #coalesce(Relation)}, with or without known points (the same pieces either way). */
  static Relation coalesce(Relation r, boolean useWitnesses) {
    return coalesce(r, useWitnesses, Long.MAX_VALUE, true);
  }

  /**
   * {@link #coalesce(Relation)} trying at most {@code maxTests} pairs of pieces, and rewriting the
   * divisions of two pieces to match only when {@code harmonize} (the costliest tests): the pieces
   * merged within those limits, the same points.
   */
  static Relation coalesce(Relation r, boolean useWitnesses, long maxTests, boolean harmonize) {
    if (r.nBasic() == 0) return r;
    List<BasicRelation> ps = new ArrayList<>();
    for (BasicRelation b : r.basics()) {
      BasicRelation s = Redundancy.simplify(b);
      if (!s.isMarkedEmpty() && !ps.contains(s)) ps.add(s);
    }
    Set<List<BasicRelation>> failed = new HashSet<>();
    CoalescingWitnesses witnesses = new CoalescingWitnesses(useWitnesses);
    CoalescingMemo memo = new CoalescingMemo();
    boolean changed = true;
    long tests = 0;
    while (changed) {
      changed = false;
      search:
      for (int i = 0; i < ps.size(); i++) {
        for (int j = i + 1; j < ps.size(); j++) {
          BasicRelation a = ps.get(i);
          BasicRelation b = ps.get(j);
          if (failed.contains(List.of(a, b))) continue;
          if (tests++ >= maxTests) break search;
          BasicRelation m = merge(a, b, ps, witnesses, memo, harmonize);
          if (m == null) {
            failed.add(List.of(a, b));
            continue;
          }
          witnesses.merged(m, a, b);
          ps.remove(j);
          ps.set(i, m);
          changed = true;
          break search;
        }
      }
    }
    return Relation.ofBasics(r.space(), ps);
  }

  /**
   * One basic relation with the points of a and b, or null. Both are non-empty and simplified;
   * {@code pieces} are all the pieces being coalesced, whose known points ({@code witnesses}) refute
   * tests cheaply.
   */
  static BasicRelation merge(BasicRelation a, BasicRelation b, List<BasicRelation> pieces,
      CoalescingWitnesses witnesses) {
    return merge(a, b, pieces, witnesses, new CoalescingMemo(), true);
  }

  private static BasicRelation merge(BasicRelation a, BasicRelation b, List<BasicRelation> pieces,
      CoalescingWitnesses witnesses, CoalescingMemo memo, boolean harmonize) {
    try {
      return mergeLong(a, b, pieces, witnesses, memo, harmonize);
    } catch (CoefficientOverflowException e) {
      return null; // a candidate row left 64 bits: the pair stays as two pieces, which is exact
    }
  }

  private static BasicRelation mergeLong(BasicRelation a, BasicRelation b, List<BasicRelation> pieces,
      CoalescingWitnesses witnesses, CoalescingMemo memo, boolean harmonize) {
    ComputeBudget.spend(1);
    if (a.hasUnknownLocals() || b.hasUnknownLocals()) {
      if (a.intersect(b).isEmpty()) return null;
      if (isSubset(a, b)) return b;
      if (isSubset(b, a)) return a;
      return null;
    }
    DivAlignment al = new DivAlignment(a.nVar());
    int[] ma = al.register(a);
    int[] mb = al.register(b);
    int width = al.extraBase();
    List<long[]> pin = al.pinning(width);
    Lifted la = lift(al, a, ma, width, pin);
    Lifted lb = lift(al, b, mb, width, pin);
    boolean rewritten = false;
    List<long[]> pointsA = witnesses.lifted(a, al, width);
    List<long[]> pointsB = witnesses.lifted(b, al, width);
    if (al.nDiv() > 1 && harmonize) {
      // containment shortcuts only on pieces as given; rewritten ones go through the exact candidate test
      Lifted ha = harmonized(la, lb, 1 + al.nVar(), al.nDiv(), width, pin, memo, pointsA);
      Lifted hb = harmonized(lb, ha, 1 + al.nVar(), al.nDiv(), width, pin, memo, pointsB);
      rewritten = ha != la || hb != lb;
      la = ha;
      lb = hb;
    }
    Known ka = new Known(a, witnesses, pointsA, memo);
    Known kb = new Known(b, witnesses, pointsB, memo);
    Others others = new Others(pieces, witnesses, al, width);
    Side sa = new Side(la, lb, kb, width);
    Side sb = new Side(lb, la, ka, width);
    if (!rescuable(a, b, la, lb, ka, kb, width) && others.inEveryCandidate(sa, sb)) {
      EARLY_REFUTATIONS.increment();
      return null;
    }
    List<long[]> validA = sa.valid();
    if (!rewritten && validA.size() == la.constraints.size()) return a; // b inside a
    List<long[]> validB = sb.valid();
    if (!rewritten && validB.size() == lb.constraints.size()) return b; // a inside b
    List<long[]> cand = new ArrayList<>(pin);
    cand.addAll(validA);
    cand.addAll(validB);
    cand.addAll(sa.wrapped(validA));
    cand.addAll(sb.wrapped(validB));
    BasicRelation c = candidate(al, a, b, cand, others);
    if (c == null && parameterRetry(a, b)) {
      // the candidate may only fail for parameter values where neither piece has points (tried on
      // pieces without locals, where the extra subtraction stays cheap)
      List<long[]> params = parameterDomain(a, b, width);
      if (params != null) {
        cand.addAll(params);
        c = candidate(al, a, b, cand, others);
      }
    }
    if (c == null) {
      // pieces flat in different directions rarely fuse: tried in small dimension only
      if (width <= MAX_FLAT_WRAP_WIDTH || !(foreignEquality(la, validA) && foreignEquality(lb, validB))) {
        c = wrappedCandidate(al, a, b, la, lb, validA, validB, pin, width, others);
      }
    }
    return c == null ? null : Redundancy.simplify(c);
  }

  /**
   * True when a pair whose first candidate (the constraints of each piece valid on the other, and
   * those {@link Side#wrapped} around an equality) fails may still be merged: the parameter-domain
   * retry applies, or {@link #wrappedCandidate} may run (few columns, at most {@link #MAX_CUT}
   * constraints of each piece shown by known points to fail on the other, not both pieces flat in
   * different directions). Otherwise a point outside the pair in the first candidate refutes the
   * pair ({@link Others#inEveryCandidate}).
   */
  private static boolean rescuable(BasicRelation a, BasicRelation b, Lifted la, Lifted lb, Known ka, Known kb,
      int width) {
    if (parameterRetry(a, b)) return true;
    if (width > MAX_WRAP_WIDTH || knownCut(la, kb) > MAX_CUT || knownCut(lb, ka) > MAX_CUT) return false;
    return width <= MAX_FLAT_WRAP_WIDTH || !(knownForeign(la, kb) && knownForeign(lb, ka));
  }

  /** True when a failed candidate is tried again with the parameter domain's constraints. */
  private static boolean parameterRetry(BasicRelation a, BasicRelation b) {
    return a.nParam() > 0 && a.nVar() > a.nParam() && a.nLocal() == 0 && b.nLocal() == 0;
  }

  /** How many constraints of p a known point of the other piece violates (they are not valid there). */
  private static int knownCut(Lifted p, Known other) {
    int n = 0;
    for (long[] c : p.constraints) if (CoalescingWitnesses.violated(c, other.lifted)) n++;
    return n;
  }

  /** True when a side of an equality of p is violated by a known point of the other piece. */
  private static boolean knownForeign(Lifted p, Known other) {
    for (int i = 0; i < 2 * p.eqs.size(); i++) {
      if (CoalescingWitnesses.violated(p.constraints.get(i), other.lifted)) return true;
    }
    return false;
  }

  /** True when some equality of p does not hold on the other piece (a side of it is not valid). */
  private static boolean foreignEquality(Lifted p, List<long[]> valid) {
    for (int i = 0; i < 2 * p.eqs.size(); i++) if (!valid.contains(p.constraints.get(i))) return true;
    return false;
  }

  /** Most aligned columns for wrapping two pieces that both have equalities the other lacks. */
  private static final int MAX_FLAT_WRAP_WIDTH = 5;

  /** Most cut constraints of one piece that wrapping tries to replace. */
  private static final int MAX_CUT = 4;

  /**
   * Most aligned columns (constant, variables, divisions) of a pair that wrapping is tried on: the
   * wrapped facets of larger relations (dependences of 3-d stencils, 8 variables and more) made the
   * scheduler's Fourier-Motzkin elimination of Farkas multipliers run out of memory, for no gain on
   * isl's coalescing tests.
   */
  private static final int MAX_WRAP_WIDTH = 8;

  /**
   * The candidate with wrapping (Verdoolaege, "Integer set coalescing", section on wrapping): each
   * constraint x of one piece that fails on the other is replaced by constraints {@code x + t r}
   * where r is another constraint of the same piece and t >= 0 the least value making the
   * combination valid on the other piece. Such a constraint still holds on the first piece (x and r
   * do) and passes through the ridge {@code x = r = 0}: it is x turned around that ridge until it
   * touches the other piece. The candidate is the valid constraints of both pieces and all these
   * wraps; like the plain candidate it replaces the pair only when it has no point outside the
   * union. Tried on small pairs only (few cut constraints, few columns), and given up as soon as
   * a cut inequality cannot be wrapped at all.
   */
  private static BasicRelation wrappedCandidate(DivAlignment al, BasicRelation a, BasicRelation b, Lifted la,
      Lifted lb, List<long[]> validA, List<long[]> validB, List<long[]> pin, int width, Others others) {
    if (width > MAX_WRAP_WIDTH || la.constraints.size() - validA.size() > MAX_CUT
        || lb.constraints.size() - validB.size() > MAX_CUT) {
      return null;
    }
    List<long[]> cand = new ArrayList<>(pin);
    cand.addAll(validA);
    cand.addAll(validB);
    if (!addWraps(la, lb, validA, pin, width, cand) || !addWraps(lb, la, validB, pin, width, cand)) return null;
    if (others.holdPointOutside(cand, a, b)) return null;
    BasicRelation c = al.build(a.space(), 0, List.of(), cand);
    if (c.isMarkedEmpty()) return null;
    c = Redundancy.simplify(c);
    Relation rest = Subtraction.subtract(Relation.of(c), Relation.ofBasics(a.space(), List.of(a, b)));
    return rest.isEmpty() ? c : null;
  }

  /**
   * Adds the wraps of every cut constraint of p around the other constraints of p. False when an
   * inequality of p has none: the pair is then given up (the side of an equality may still be
   * closed by the other piece's wraps, as for {@code n = 0} next to {@code n >= 1}).
   */
  private static boolean addWraps(Lifted p, Lifted q, List<long[]> valid, List<long[]> pin, int width, List<long[]> out) {
    List<long[]> ridges = new ArrayList<>(p.constraints);
    ridges.addAll(pin);
    int fromEqs = 2 * p.eqs.size(); // the constraints start with both sides of each equality
    for (int i = 0; i < p.constraints.size(); i++) {
      long[] x = p.constraints.get(i);
      if (valid.contains(x)) continue;
      boolean any = false;
      for (long[] r : ridges) {
        if (r == x || Rows.sameLinear(r, x, 1)) continue;
        long[] w = wrap(x, r, q, width);
        if (w != null) {
          out.add(w);
          any = true;
        }
      }
      if (!any && i >= fromEqs) return false;
    }
    return true;
  }

  /** Most refinements of t in {@link #wrap}. */
  private static final int MAX_WRAP_STEPS = 6;

  /**
   * {@code den x + num r} for the least {@code t = num / den >= 0} such that it holds on every
   * integer point of q, or null when there is none (or it is not found in a few steps). No t works
   * when q has a point with {@code x < 0} and {@code r <= 0}, or a direction along which x
   * decreases and r stays. Otherwise each step (Dinkelbach's method for the largest ratio
   * {@code -x / r}) takes a point p of q where the current combination is least (any violating
   * point when it is unbounded below); {@code t = -x(p) / r(p)} is a lower bound that strictly
   * increases. Points are sampled in the values {@code (x, r)} only: two new columns tied to x and
   * r by equalities, the others existential.
   */
  private static long[] wrap(long[] x, long[] r, Lifted q, int width) {
    int w2 = width + 2;
    List<long[]> eqs = new ArrayList<>(q.eqs.size() + 2);
    for (long[] e : q.eqs) eqs.add(shift2(e, 0, 0));
    eqs.add(shift2(x, -1, 0));
    eqs.add(shift2(r, 0, -1));
    List<long[]> ineqs = new ArrayList<>(q.ineqs.size() + 2);
    for (long[] i : q.ineqs) ineqs.add(shift2(i, 0, 0));
    ineqs.add(row2(w2, -1, -1, 0)); // x <= -1
    ineqs.add(row2(w2, 0, 0, -1)); // r <= 0
    if (!Rows.isEmpty(w2, eqs, ineqs)) return null;
    ineqs.remove(ineqs.size() - 1);
    ineqs.remove(ineqs.size() - 1);
    if (unboundedRatio(eqs, ineqs, w2)) return null;
    long num = 0;
    long den = 1;
    for (int step = 0; step < MAX_WRAP_STEPS; step++) {
      long[] f = row2(w2, 0, den, num);
      Long m = IntegerOptimum.minimum(w2, eqs, ineqs, f, 0);
      if (m != null && m == 0) return num == 0 ? x : Ints.combine(den, x, num, r);
      long[] point;
      if (m != null) {
        eqs.add(row2(w2, Ints.neg(m), den, num)); // a point where den x + num r is least
        point = Sampling.sampleRows(w2, 2, eqs, ineqs);
        eqs.remove(eqs.size() - 1);
      } else {
        ineqs.add(row2(w2, -1, Ints.neg(den), Ints.neg(num))); // unbounded below: any violating point
        point = Sampling.sampleRows(w2, 2, eqs, ineqs);
        ineqs.remove(ineqs.size() - 1);
      }
      long xp = point[0];
      long rp = point[1];
      if (rp <= 0) return null;
      long g = Ints.gcd(xp, rp);
      num = Ints.neg(xp) / g;
      den = rp / g;
    }
    return null;
  }

  /**
   * True when q has a recession direction along which r stays constant and x decreases: then
   * {@code -x / r} is unbounded on q and no wrap exists (rows with the two value columns).
   */
  private static boolean unboundedRatio(List<long[]> eqs, List<long[]> ineqs, int w2) {
    List<long[]> he = new ArrayList<>(eqs.size() + 1);
    for (long[] e : eqs) he.add(Rows.shifted(e, Ints.neg(e[0])));
    he.add(row2(w2, 0, 0, 1)); // r constant
    List<long[]> hi = new ArrayList<>(ineqs.size() + 1);
    for (long[] i : ineqs) hi.add(Rows.shifted(i, Ints.neg(i[0])));
    hi.add(row2(w2, -1, -1, 0)); // x decreasing
    return !Rows.isEmpty(w2, he, hi);
  }

  /** Row r (over the aligned columns) with two new columns after the constant, holding u and v. */
  private static long[] shift2(long[] r, long u, long v) {
    long[] o = new long[r.length + 2];
    o[0] = r[0];
    o[1] = u;
    o[2] = v;
    System.arraycopy(r, 1, o, 3, r.length - 1);
    return o;
  }

  private static long[] row2(int width, long c, long u, long v) {
    long[] o = new long[width];
    o[0] = c;
    o[1] = u;
    o[2] = v;
    return o;
  }

  /** The basic relation of the candidate rows when it has no point outside a and b, else null. */
  private static BasicRelation candidate(DivAlignment al, BasicRelation a, BasicRelation b, List<long[]> cand,
      Others others) {
    if (others.holdPointOutside(cand, a, b)) return null;
    BasicRelation c = al.build(a.space(), 0, List.of(), cand);
    if (c.isMarkedEmpty()) return null;
    Relation rest = Subtraction.subtract(Relation.of(c), Relation.ofBasics(a.space(), List.of(a, b)));
    if (rest.isEmpty()) return c;
    return null;
  }


  /**
   * True when an extra point p of a failed candidate is {@code (i a + (k - i) b) / k} for points a
   * of the first piece and b of the second and small k, all over the aligned columns (divisions
   * included): p then lies between the two pieces, so every candidate (a polyhedron over these
   * columns containing both) contains p, and wrapping cannot succeed. A cheap test before it.
   */

  /**
   * The constraints (as inequalities over the aligned columns) of the parameter values where a or b
   * has points, when one piece's parameter domain contains the other's and is one conjunction
   * without locals; null otherwise. Added to a
   * candidate, they join pieces like {@code 1 <= i <= n - 1} and {@code 2 <= i <= n} into
   * {@code 1 <= i <= n and n >= 2}.
   */
  private static List<long[]> parameterDomain(BasicRelation a, BasicRelation b, int width) {
    Relation pa = Relation.of(a).params();
    Relation pb = Relation.of(b).params();
    // only a domain of one conjunction without locals is usable: the containment is tested only
    // towards such a domain (a test towards one with existentials, e.g. the projection of tiled
    // loops with their floor divisions, can take the Omega test tens of seconds for nothing)
    Relation p = usable(pb) && pa.isSubset(pb) ? pb : usable(pa) && pb.isSubset(pa) ? pa : null;
    if (p == null) return null;
    BasicRelation d = p.basics().get(0);
    List<long[]> out = new ArrayList<>();
    for (long[] e : d.eqsRaw()) {
      out.add(java.util.Arrays.copyOf(e, width));
      out.add(java.util.Arrays.copyOf(Ints.negate(e), width));
    }
    for (long[] r : d.ineqsRaw()) out.add(java.util.Arrays.copyOf(r, width));
    return out;
  }

  /** One conjunction without locals (a parameter domain whose rows a candidate can take). */
  private static boolean usable(Relation p) {
    return p.nBasic() == 1 && p.basics().get(0).nLocal() == 0;
  }

  /**
   * Constraint c of p (not valid on q) wrapped around the equality {@code e = 0} of p on which q
   * is the constant {@code k}: {@code |k| c - sign(k) m e} for the minimum m of c on q; null when c
   * is unbounded below on q.
   */
  private static long[] wrap(long[] c, ConstantEquality ce, Lifted q, int width, Known known) {
    Long m = known.memo.minimum(width, q.eqs, q.ineqs, c, Ints.neg(c[0]));
    if (m == null) return null; // unbounded below on q
    long mc = Ints.add(c[0], m); // the minimum of c on q, negative
    long k = ce.value();
    return Ints.combine(Math.abs(k), c, Ints.neg(Ints.mul(Long.signum(k), mc)), ce.row());
  }

  /**
   * One piece p of a pair, seen from the other q (whose known points are {@code known}): which of
   * p's constraints hold on q, and what they become in the first candidate. Each answer is asked
   * once, from the tests the full merge asks too.
   */
  private static final class Side {
    /** Answers of {@link #admits}. */
    static final int REFUSED = 0;
    static final int ADMITTED = 1;
    static final int UNDECIDED = 2;

    /** What is known of a constraint of p on q. */
    private static final byte UNASKED = 0;
    private static final byte HOLDS = 1;
    private static final byte FAILS = 2;
    /** Not decided without a search (asked in a cheap scan). */
    private static final byte OPEN = 3;

    final Lifted p;
    final Lifted q;
    final Known known;
    final int width;
    private boolean equalityAsked;
    private ConstantEquality equality;
    private final long[][] rows;
    private final byte[] status;
    /** The wrap of each failing constraint (null: not computed; an empty array: unbounded, none). */
    private final long[][] wraps;
    /** The order the constraints are evaluated in: the last to refuse a point comes first. */
    private final int[] order;

    Side(Lifted p, Lifted q, Known known, int width) {
      this.p = p;
      this.q = q;
      this.known = known;
      this.width = width;
      rows = p.constraints.toArray(new long[0][]);
      status = new byte[rows.length];
      wraps = new long[rows.length][];
      order = new int[rows.length];
      for (int i = 0; i < order.length; i++) order[i] = i;
    }

    /**
     * Whether x (lifted) lies outside p and satisfies what p contributes to the first candidate:
     * its constraints valid on q, and the wraps of the others around an equality of p constant on
     * q (when there is one). {@link #REFUSED} when x lies in p or violates that contribution;
     * with {@code cheap}, only answers known without a search are used, and {@link #UNDECIDED}
     * says that a search would be needed.
     */
    int admits(long[] x, boolean cheap) {
      boolean outside = false;
      boolean undecided = false;
      ConstantEquality eq = equality();
      boolean beyond = eq == null || Long.signum(eq.value()) * Ints.evaluateSign(eq.row(), x) >= 0;
      for (int o = 0; o < order.length; o++) {
        int i = order[o];
        long[] c = rows[i];
        int sc = Ints.evaluateSign(c, x);
        if (sc < 0) outside = true;
        if (sc >= 0 && beyond) continue; // c, and its wrap if any, hold at x
        byte h = status[i];
        if (h == UNASKED || (h == OPEN && !cheap)) {
          h = Rows.impliedBySingleRow(c, q.eqs, q.ineqs) ? HOLDS
              : CoalescingWitnesses.violated(c, known.lifted) ? FAILS
              : cheap ? OPEN
              : holds(c, q, width, known) ? HOLDS : FAILS;
          status[i] = h;
        }
        if (h == OPEN) {
          undecided = true;
          continue;
        }
        if (h == HOLDS) {
          if (sc < 0) return refused(o);
          continue;
        }
        if (eq == null) continue;
        if (wraps[i] == null) {
          if (cheap) {
            undecided = true;
            continue;
          }
          long[] w = wrap(c, eq, q, width, known);
          wraps[i] = w == null ? new long[0] : w;
        }
        if (wraps[i].length > 0 && Ints.evaluateSign(wraps[i], x) < 0) return refused(o);
      }
      if (!outside) return REFUSED;
      return undecided ? UNDECIDED : ADMITTED;
    }

    /**
     * The constraints of p that hold on every point of q, in p's order (a constraint violated by a
     * known point of q does not; one found violated by the exact test gives q a known point that
     * violates it). Answers found by {@link #admits} are reused.
     */
    List<long[]> valid() {
      List<long[]> out = new ArrayList<>();
      for (int i = 0; i < rows.length; i++) {
        if (status[i] == UNASKED || status[i] == OPEN) status[i] = holds(rows[i], q, width, known) ? HOLDS : FAILS;
        if (status[i] == HOLDS) out.add(rows[i]);
      }
      return out;
    }

    /**
     * Wrapping of the constraints of p that fail on q ({@code valid}, from {@link #valid}, holds the
     * others) around an equality of p: where an equality {@code e = 0} of p is constant, {@code e =
     * k != 0}, on q, and c >= 0 of p has minimum {@code m < 0} on q, the constraint {@code |k| c -
     * sign(k) m e >= 0} is the same as c on p (there e = 0) and holds on q, touching it. This
     * recovers the constraint that joins a layer with its neighbour, e.g. {@code i <= N + 1} from
     * {@code N = 0, i <= 1} and {@code N = 1, i <= 2}.
     */
    List<long[]> wrapped(List<long[]> valid) {
      List<long[]> out = new ArrayList<>();
      if (valid.size() == rows.length) return out;
      ConstantEquality eq = equality();
      if (eq == null) return out;
      for (int i = 0; i < rows.length; i++) {
        if (status[i] == HOLDS) continue;
        if (wraps[i] == null) {
          long[] w = wrap(rows[i], eq, q, width, known);
          wraps[i] = w == null ? new long[0] : w;
        }
        if (wraps[i].length > 0) out.add(wraps[i]);
      }
      return out;
    }

    /** REFUSED, with the refusing constraint (at position o of the order) moved to the front. */
    private int refused(int o) {
      int i = order[o];
      System.arraycopy(order, 0, order, 1, o);
      order[0] = i;
      return REFUSED;
    }

    private ConstantEquality equality() {
      if (!equalityAsked) {
        equality = constantEquality(p, q, width, known);
        equalityAsked = true;
      }
      return equality;
    }
  }

  /** An equality {@code row = 0} of one piece on which the other piece has the constant {@code value != 0}. */
  private record ConstantEquality(long[] row, long value) {}

  /**
   * The first equality of p that is a non-zero constant on q, with that constant, or null. The
   * constant is its value at any point of q, so the answer does not depend on which point is used.
   */
  private static ConstantEquality constantEquality(Lifted p, Lifted q, int width, Known known) {
    if (p.eqs.isEmpty()) return null;
    long[] point = known.lifted.isEmpty() ? Sampling.sampleRows(width, width - 1, q.eqs, q.ineqs)
        : known.lifted.get(0);
    for (long[] eq : p.eqs) {
      long v;
      try {
        v = Ints.evaluate(eq, point);
      } catch (CoefficientOverflowException x) {
        continue; // not a constant that fits in 64 bits
      }
      if (v != 0 && !CoalescingWitnesses.notConstant(eq, v, known.lifted) && isConstant(eq, v, q, width, known.memo)) {
        return new ConstantEquality(eq, v);
      }
    }
    return null;
  }

  /** True when e = k on every point of q. */
  private static boolean isConstant(long[] e, long k, Lifted q, int width, CoalescingMemo memo) {
    List<long[]> in = new ArrayList<>(q.ineqs);
    in.add(Rows.shifted(e, Ints.sub(-k, 1))); // e - k - 1 >= 0
    if (!memo.isEmpty(width, q.eqs, in)) return false;
    in.set(in.size() - 1, Rows.shifted(Ints.negate(e), Ints.sub(k, 1))); // k - 1 - e >= 0
    return memo.isEmpty(width, q.eqs, in);
  }

  private static boolean isSubset(BasicRelation a, BasicRelation b) {
    return Subtraction.subtract(Relation.of(a), Relation.of(b)).isEmpty();
  }

  /** A piece over aligned columns: its rows, and its constraints as inequalities (equalities both ways). */
  private record Lifted(List<long[]> eqs, List<long[]> ineqs, List<long[]> constraints) {}

  private static Lifted lift(DivAlignment al, BasicRelation b, int[] map, int width, List<long[]> pin) {
    List<long[]> eqs = al.liftAll(b, map, b.eqsRaw(), width, width);
    List<long[]> ineqs = al.liftAll(b, map, b.ineqsRaw(), width, width);
    List<long[]> cons = new ArrayList<>();
    for (long[] e : eqs) {
      cons.add(e);
      cons.add(dev.polyj.presburger.arith.Ints.negate(e));
    }
    for (long[] r : ineqs) if (!Rows.impliedBySingleRow(r, List.of(), pin)) cons.add(r);
    ineqs.addAll(pin);
    return new Lifted(eqs, ineqs, cons);
  }

  /**
   * p with each division it uses but q does not replaced by a division that q uses, where the two
   * are equal on every point of p (e.g. {@code floor((i - 1)/4)} and {@code floor(i/4)} where
   * {@code i mod 4} is 1 or 2), and still are on every point of the rewritten rows, which then
   * have exactly the points of p. The two pieces then share their division, which lets them fuse.
   * A known point of p ({@code points}, lifted: the rewritten rows keep p's points) where the two
   * divisions differ answers the question without the exact test.
   */
  private static Lifted harmonized(Lifted p, Lifted q, int firstDiv, int nDiv, int width, List<long[]> pin,
      CoalescingMemo memo, List<long[]> points) {
    boolean[] usedP = used(p, firstDiv, nDiv);
    boolean[] usedQ = used(q, firstDiv, nDiv);
    Lifted cur = p;
    for (int k = 0; k < nDiv; k++) {
      if (!usedP[k] || usedQ[k]) continue;
      for (int j = 0; j < nDiv; j++) {
        if (j == k || !usedQ[j] || usedP[j]) continue;
        if (differAt(points, firstDiv + k, firstDiv + j)) continue;
        if (!equalOn(cur, firstDiv + k, firstDiv + j, width, memo)) continue;
        Lifted next = new Lifted(moved(cur.eqs, firstDiv + k, firstDiv + j, pin),
            moved(cur.ineqs, firstDiv + k, firstDiv + j, pin), moved(cur.constraints, firstDiv + k, firstDiv + j, pin));
        // the rewritten rows may have lost what made the two equal: then they have more points
        if (!equalOn(next, firstDiv + k, firstDiv + j, width, memo)) continue;
        cur = next;
        usedP[j] = true;
        break;
      }
    }
    return cur;
  }

  /** Which divisions the constraints of p use. */
  private static boolean[] used(Lifted p, int firstDiv, int nDiv) {
    boolean[] out = new boolean[nDiv];
    for (long[] c : p.constraints) for (int k = 0; k < nDiv; k++) if (c[firstDiv + k] != 0) out[k] = true;
    return out;
  }

  /** True when columns k and j differ at one of the lifted points (point index = column - 1). */
  private static boolean differAt(List<long[]> points, int k, int j) {
    for (long[] x : points) if (x[k - 1] != x[j - 1]) return true;
    return false;
  }

  /** True when columns k and j are equal on every integer point of p. */
  private static boolean equalOn(Lifted p, int k, int j, int width, CoalescingMemo memo) {
    for (int sign = -1; sign <= 1; sign += 2) {
      long[] d = new long[width];
      d[0] = -1;
      d[k] = sign;
      d[j] = -sign;
      List<long[]> in = new ArrayList<>(p.ineqs);
      in.add(d);
      if (!memo.isEmpty(width, p.eqs, in)) return false;
    }
    return true;
  }

  /** Rows with the coefficient of column from moved to column to, except the shared pinning rows (same objects). */
  private static List<long[]> moved(List<long[]> rows, int from, int to, List<long[]> pin) {
    List<long[]> out = new ArrayList<>(rows.size());
    for (long[] r : rows) {
      if (r[from] == 0 || r[to] != 0 || pin.stream().anyMatch(x -> x == r)) {
        out.add(r);
        continue;
      }
      long[] m = r.clone();
      m[to] = m[from];
      m[from] = 0;
      out.add(m);
    }
    return out;
  }

  /**
   * True when constraint c (of the other piece) holds on every point of q, whose known points are
   * {@code known}. A constraint violated by a known point of q does not; one found violated by the
   * exact test gives q a known point that violates it.
   */
  private static boolean holds(long[] c, Lifted q, int width, Known known) {
    if (Rows.impliedBySingleRow(c, q.eqs, q.ineqs)) return true;
    if (CoalescingWitnesses.violated(c, known.lifted)) return false;
    List<long[]> test = new ArrayList<>(q.ineqs);
    test.add(Rows.negation(c));
    if (known.memo.isEmpty(width, q.eqs, test)) return true;
    if (known.witnesses.hasRoom(known.piece)) {
      long[] x = Sampling.sampleRows(width, width - 1, q.eqs, test);
      known.witnesses.add(known.piece, java.util.Arrays.copyOf(x, known.piece.nVar()));
      known.lifted.add(x);
    }
    return false;
  }

  /** A piece, its known points lifted to the pair's aligned columns, and where to record new ones. */
  private record Known(BasicRelation piece, CoalescingWitnesses witnesses, List<long[]> lifted, CoalescingMemo memo) {}

  /** The known points of the other pieces, lifted to a pair's aligned columns when first needed. */
  private static final class Others {
    private final List<BasicRelation> pieces;
    private final CoalescingWitnesses witnesses;
    private final DivAlignment al;
    private final int width;
    /** The known points of the other pieces, taken at the first test (in the order of the pieces). */
    private List<long[]> points;
    /** The first of them lifted to the alignment's columns: pairs (point over the variables, lifted point). */
    private List<long[][]> lifted;
    private int nextToLift;
    private Div[] divs;
    /** The piece of each point, and of each lifted point. */
    private List<BasicRelation> owners;
    private List<BasicRelation> liftedOwners;
    /** The pieces whose points are scanned, in order (recent refuters first), the next one, those seen. */
    private List<BasicRelation> order;
    private int nextPiece;
    private Set<BasicRelation> seen;

    Others(List<BasicRelation> pieces, CoalescingWitnesses witnesses, DivAlignment al, int width) {
      this.pieces = pieces;
      this.witnesses = witnesses;
      this.al = al;
      this.width = width;
    }

    /**
     * True when the candidate rows (inequalities over the aligned columns) hold at a known point
     * of another piece that lies in neither a nor b: the candidate then has a point outside the
     * two, and the exact test would reject it. The points are lifted as the scan reaches them
     * (a test that finds such a point early lifts no more), each once per pair.
     */
    boolean holdPointOutside(List<long[]> cand, BasicRelation a, BasicRelation b) {
      for (int k = 0; ; k++) {
        long[][] px = point(k, a, b);
        if (px == null) return false;
        if (outside(cand, px, a, b)) return refutedBy(k);
      }
    }

    /**
     * True when a known point of another piece lies in neither piece of the pair and in the first
     * candidate (each side's valid constraints and wraps, {@link Side#admits}): that candidate then
     * has a point outside the pair and fails. Only the constraints such points violate are tested,
     * and only tests the full merge would ask (whose answers are then remembered), instead of the
     * validity of every constraint of both pieces.
     */
    boolean inEveryCandidate(Side sa, Side sb) {
      BasicRelation a = sb.known.piece();
      BasicRelation b = sa.known.piece();
      // the first points with the answers known without a search; then those of them left
      // undecided and all further points, asking the tests
      List<Integer> undecided = new ArrayList<>();
      int k = 0;
      for (; k < CHEAP_POINTS; k++) {
        long[][] px = point(k, a, b);
        if (px == null) break;
        int ra = sa.admits(px[1], true);
        if (ra == Side.REFUSED) continue;
        int rb = sb.admits(px[1], true);
        if (rb == Side.REFUSED) continue;
        if (ra == Side.ADMITTED && rb == Side.ADMITTED) return refutedBy(k);
        undecided.add(k);
      }
      for (int u : undecided) {
        long[] x = point(u, a, b)[1];
        if (sa.admits(x, false) == Side.ADMITTED && sb.admits(x, false) == Side.ADMITTED) return refutedBy(u);
      }
      for (; ; k++) {
        long[][] px = point(k, a, b);
        if (px == null) return false;
        if (sa.admits(px[1], false) == Side.ADMITTED && sb.admits(px[1], false) == Side.ADMITTED) return refutedBy(k);
      }
    }

    /** How many points are first scanned with the answers known without a search. */
    private static final int CHEAP_POINTS = 64;

    /** The k-th known point of the other pieces as {point, lifted point}, lifted when first reached; null past the last. */
    private long[][] point(int k, BasicRelation a, BasicRelation b) {
      if (points == null) {
        points = new ArrayList<>();
        owners = new ArrayList<>();
        order = new ArrayList<>(witnesses.recentRefuters());
        order.addAll(pieces);
        seen = Collections.newSetFromMap(new IdentityHashMap<>());
        lifted = new ArrayList<>();
        liftedOwners = new ArrayList<>();
        divs = al.divs(width);
      }
      while (k >= lifted.size()) {
        // the points of the next pieces, as the scan reaches them (it often stops at the first ones)
        while (nextToLift >= points.size()) {
          if (nextPiece >= order.size()) return null;
          BasicRelation r = order.get(nextPiece++);
          if (r == a || r == b || !seen.add(r)) continue;
          for (long[] p : witnesses.of(r)) {
            points.add(p);
            owners.add(r);
          }
        }
        // lifting and testing a point is work like a step's: spent by the 16
        if (nextToLift % 16 == 15) ComputeBudget.spend(1);
        long[] p = points.get(nextToLift);
        long[] x = CoalescingWitnesses.lift(p, divs, al.nVar(), width);
        if (x != null) {
          lifted.add(new long[][] {p, x});
          liftedOwners.add(owners.get(nextToLift));
        }
        nextToLift++;
      }
      return lifted.get(k);
    }

    /** Records that the k-th point refuted a pair (its piece's points are scanned first next time): true. */
    private boolean refutedBy(int k) {
      witnesses.refuter(liftedOwners.get(k));
      return true;
    }

    private static boolean outside(List<long[]> cand, long[][] px, BasicRelation a, BasicRelation b) {
      return CoalescingWitnesses.satisfiesAll(cand, px[1]) && !a.contains(px[0]) && !b.contains(px[0]);
    }
  }
}
