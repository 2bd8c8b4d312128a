package dev.polyj.presburger.pip;

import com.google.common.base.Supplier;
import com.google.common.base.Suppliers;
import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Few and simple pieces for the results of lexicographic optimization: pieces with the same value
 * are merged where their union is a single basic set, and inequalities implied by the other
 * constraints of a piece are dropped.
 *
 * <p>Merging two pieces A and B (same known divisions, same value) follows the idea of isl's
 * coalescing: the candidate is the conjunction of the constraints of A that hold on all of B and
 * those of B that hold on all of A; it contains both and replaces them when it has no point
 * outside them. Every test is an integer emptiness question on the lifted system where divisions
 * are variables pinned by their defining inequalities, answered by the {@link IntegerSampler}
 * (rational infeasibility, then a bounded number of Gomory cuts); a merge question left open counts
 * as "not empty", so that pieces are only merged on a proof, and a redundancy question left open is
 * decided exactly ({@link IntegerSampler#decideExactly}). Pieces with unknown existentials are left
 * as they are.
 */
final class PieceSimplifier {
  private PieceSimplifier() {}

  /** Merges pieces of each group (pieces with equal values), then drops redundant inequalities. */
  static List<BasicRelation> simplify(List<BasicRelation> group) {
    return simplify(group, List::of);
  }

  /**
   * {@link #simplify(List)} with known integer points of pieces of the same space (values of the
   * variables, {@link #knownPoints}), asked for at the first merge, which refute merges before their
   * tests ({@link KnownPoints}).
   */
  static List<BasicRelation> simplify(List<BasicRelation> group, Supplier<List<long[]>> points) {
    KnownPoints known = new KnownPoints(points);
    List<BasicRelation> ps = new ArrayList<>();
    for (BasicRelation b : group) ps.add(withoutRedundant(b));
    // a pair that does not merge stays so until one of its pieces is replaced: pieces get ids,
    // and failed pairs of ids are not tried again
    List<Integer> ids = new ArrayList<>();
    for (int i = 0; i < ps.size(); i++) ids.add(i);
    int nextId = ps.size();
    Set<Long> failed = new HashSet<>();
    boolean changed = ps.size() <= MAX_MERGE_GROUP;
    while (changed) {
      changed = false;
      search:
      for (int i = 0; i < ps.size(); i++) {
        for (int j = i + 1; j < ps.size(); j++) {
          long pair = ((long) ids.get(i) << 32) | ids.get(j);
          if (failed.contains(pair)) continue;
          if (known.refute(ps.get(i), ps.get(j))) {
            failed.add(pair);
            continue;
          }
          BasicRelation m = merge(ps.get(i), ps.get(j));
          if (m == null) {
            failed.add(pair);
            continue;
          }
          ps.remove(j);
          ids.remove(j);
          ps.set(i, withoutRedundant(m));
          ids.set(i, nextId++);
          changed = true;
          break search;
        }
      }
    }
    return ps;
  }

  private static boolean simple(BasicRelation b) {
    for (int l = 0; l < b.nLocal(); l++) if (b.div(l) == null) return false;
    return !b.isMarkedEmpty();
  }

  /**
   * True for an inequality implied by the definition of a known division alone ({@code n - d q >=
   * c} with {@code c <= 0}, or {@code -n + d q + d - 1 >= c} with {@code c <= 0}): it holds on the
   * whole lifted space.
   */
  static boolean isPinning(BasicRelation b, long[] r) {
    for (int l = 0; l < b.nLocal(); l++) {
      Div d = b.div(l);
      if (d == null) continue;
      int col = b.localCol(l);
      long[] n = d.numerator();
      long den = d.denominator();
      if (r[col] != -den && r[col] != den) continue;
      long s = r[col] == -den ? 1 : -1;
      boolean same = true;
      for (int c = 1; c < r.length && same; c++) if (c != col && r[c] != s * n[c]) same = false;
      if (!same) continue;
      long tight = s == 1 ? n[0] : Ints.add(Ints.neg(n[0]), den - 1);
      if (r[0] >= tight) return true;
    }
    return false;
  }

  /**
   * {@code b} without the inequalities implied by its other constraints, and without the
   * equalities on divisions that the other constraints imply (so that unneeded divisions go).
   */
  static BasicRelation withoutRedundant(BasicRelation b) {
    if (!simple(b)) return b;
    int n = b.nCol() - 1;
    List<long[]> pins = pinning(b);
    List<long[]> eqs = new ArrayList<>(b.equalities());
    List<long[]> kept = new ArrayList<>(b.inequalities());
    boolean dropped = false;
    RedundancyTests tests = RedundancyTests.of(n, eqs, kept, pins);
    for (int k = kept.size() - 1; k >= 0; k--) {
      long[] c = kept.get(k);
      if (isPinning(b, c)) continue;
      Boolean redundant = tests == null ? null : tests.redundant(k);
      if (redundant == null) {
        List<long[]> rest = new ArrayList<>(kept);
        rest.remove(k);
        rest.addAll(pins);
        rest.add(complement(c));
        redundant = decidedEmpty(n, eqs, rest);
      }
      if (redundant) {
        kept.remove(k);
        dropped = true;
        if (tests != null) tests = tests.drop(k, eqs, kept, pins);
      }
    }
    for (int k = eqs.size() - 1; k >= 0 && b.nLocal() > 0; k--) {
      long[] e = eqs.get(k);
      if (Ints.isZero(e, 1 + b.nVar(), e.length)) continue;
      List<long[]> rest = new ArrayList<>(eqs);
      rest.remove(k);
      List<long[]> in = new ArrayList<>(kept);
      in.addAll(pins);
      if (!impliedBy(rest, in, e, n) || !impliedBy(rest, in, Ints.negate(e), n)) continue;
      eqs.remove(k);
      dropped = true;
    }
    return dropped ? build(b, eqs, kept) : b;
  }

  /**
   * A basic relation with the space and divisions of {@code like}; the divisions' defining
   * inequalities are passed along so that they remain when the normal form eliminates a division
   * through an equality.
   */
  private static BasicRelation build(BasicRelation like, List<long[]> eqs, List<long[]> ineqs) {
    List<long[]> all = new ArrayList<>(ineqs);
    all.addAll(pinning(like));
    return BasicRelation.of(like.space(), like.nLocal(), divs(like), eqs, all);
  }

  /** True when {@code eqs = 0, ineqs >= 0} implies {@code c >= 0}. */
  private static boolean impliedBy(List<long[]> eqs, List<long[]> ineqs, long[] c, int n) {
    List<long[]> in = new ArrayList<>(ineqs);
    in.add(complement(c));
    return provenEmpty(n, eqs, in);
  }

  /** The two inequalities defining each division (numerators of the given width, division l at column 1 + nv + l). */
  private static List<long[]> pinning(Div[] divs, int nv, int width) {
    List<long[]> out = new ArrayList<>();
    for (int l = 0; l < divs.length; l++) {
      int col = 1 + nv + l;
      long[] lo = java.util.Arrays.copyOf(divs[l].numerator(), width);
      lo[col] = Ints.sub(lo[col], divs[l].denominator());
      long[] hi = Ints.negate(java.util.Arrays.copyOf(divs[l].numerator(), width));
      hi[col] = Ints.add(hi[col], divs[l].denominator());
      hi[0] = Ints.add(hi[0], divs[l].denominator() - 1);
      out.add(lo);
      out.add(hi);
    }
    return out;
  }

  /** The two inequalities defining each known division of {@code b}. */
  static List<long[]> pinning(BasicRelation b) {
    List<long[]> out = new ArrayList<>();
    for (int l = 0; l < b.nLocal(); l++) {
      Div d = b.div(l);
      if (d == null) continue;
      int col = b.localCol(l);
      long[] lo = java.util.Arrays.copyOf(d.numerator(), b.nCol());
      lo[col] = Ints.sub(lo[col], d.denominator());
      long[] hi = Ints.negate(java.util.Arrays.copyOf(d.numerator(), b.nCol()));
      hi[col] = Ints.add(hi[col], d.denominator());
      hi[0] = Ints.add(hi[0], d.denominator() - 1);
      out.add(lo);
      out.add(hi);
    }
    return out;
  }

  /**
   * A piece in the layout {@code [constant, variables, divisions of a, divisions of b]} shared by
   * two pieces being merged: its equalities, its other inequalities, and the divisions.
   */
  private record Lifted(List<long[]> eqs, List<long[]> ineqs) {}

  private static Lifted lift(BasicRelation x, int firstLocal, int width) {
    int[] map = new int[x.nCol()];
    for (int c = 0; c <= x.nVar(); c++) map[c] = c;
    for (int l = 0; l < x.nLocal(); l++) map[x.localCol(l)] = firstLocal + l;
    List<long[]> eqs = new ArrayList<>();
    for (long[] e : x.equalities()) eqs.add(remap(e, map, width));
    List<long[]> ineqs = new ArrayList<>();
    for (long[] c : x.inequalities()) if (!isPinning(x, c)) ineqs.add(remap(c, map, width));
    return new Lifted(eqs, ineqs);
  }

  private static Div[] liftDivs(BasicRelation x, int firstLocal, int width) {
    int[] map = new int[x.nCol()];
    for (int c = 0; c <= x.nVar(); c++) map[c] = c;
    for (int l = 0; l < x.nLocal(); l++) map[x.localCol(l)] = firstLocal + l;
    Div[] out = new Div[x.nLocal()];
    for (int l = 0; l < out.length; l++) out[l] = new Div(remap(x.div(l).numerator(), map, width), x.div(l).denominator());
    return out;
  }

  private static long[] remap(long[] r, int[] map, int width) {
    long[] o = new long[width];
    for (int k = 0; k < r.length; k++) if (r[k] != 0) o[map[k]] = Ints.add(o[map[k]], r[k]);
    return o;
  }

  /** The union of a and b when it is one basic set, else null. */
  static BasicRelation merge(BasicRelation a, BasicRelation b) {
    if (!simple(a) || !simple(b)) return null;
    int nv = a.nVar();
    int width = 1 + nv + a.nLocal() + b.nLocal();
    int n = width - 1;
    Lifted la = lift(a, 1 + nv, width);
    Lifted lb = lift(b, 1 + nv + a.nLocal(), width);
    Div[] divs = new Div[a.nLocal() + b.nLocal()];
    System.arraycopy(liftDivs(a, 1 + nv, width), 0, divs, 0, a.nLocal());
    System.arraycopy(liftDivs(b, 1 + nv + a.nLocal(), width), 0, divs, a.nLocal(), b.nLocal());
    List<long[]> pins = pinning(divs, nv, width);
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>(pins);
    keepValid(la, lb, pins, n, eqs, ineqs);
    keepValid(lb, la, pins, n, eqs, ineqs);
    // the candidate holds a and b; it is their union when (candidate \ a) lies in b
    List<long[]> aRows = asInequalities(la);
    List<long[]> bRows = asInequalities(lb);
    for (int i = 0; i < aRows.size(); i++) {
      List<long[]> piece = new ArrayList<>(ineqs);
      piece.addAll(aRows.subList(0, i));
      piece.add(complement(aRows.get(i)));
      Prover outsideA = new Prover(n, eqs, piece);
      if (outsideA.provenEmpty()) continue;
      for (long[] r : bRows) if (!outsideA.implies(r)) return null;
    }
    return BasicRelation.of(a.space(), divs.length, divs, eqs, ineqs);
  }

  /**
   * Appends the constraints of {@code x} that hold on all of {@code y} (the half of an equality
   * that does).
   */
  private static void keepValid(Lifted x, Lifted y, List<long[]> pins, int n, List<long[]> eqs, List<long[]> ineqs) {
    List<long[]> in = new ArrayList<>(y.ineqs());
    in.addAll(pins);
    Prover onY = new Prover(n, y.eqs(), in);
    for (long[] e : x.eqs()) {
      boolean up = onY.implies(e);
      boolean down = onY.implies(Ints.negate(e));
      if (up && down) eqs.add(e);
      else if (up) ineqs.add(e); // a facet next to the other piece
      else if (down) ineqs.add(Ints.negate(e));
    }
    for (long[] c : x.ineqs()) if (onY.implies(c)) ineqs.add(c);
  }

  /**
   * Proofs about one fixed system {@code eqs = 0, ineqs >= 0}: its rational relaxation is solved
   * once, and each question adds one constraint to a copy of it. Proofs are the same as those of
   * {@link #provenEmpty} on the extended system (rational infeasibility, then Gomory cuts within
   * the budget); without 64-bit room the questions are asked from scratch.
   */
  private static final class Prover {
    final int n;
    final List<long[]> eqs;
    final List<long[]> ineqs;
    LongTableau base; // null: rationally empty, or (fromScratch) not built
    boolean fromScratch;

    Prover(int n, List<long[]> eqs, List<long[]> ineqs) {
      this.n = n;
      this.eqs = eqs;
      this.ineqs = ineqs;
      try {
        base = IntegerSampler.relaxation(n, eqs, ineqs);
      } catch (dev.polyj.presburger.arith.CoefficientOverflowException e) {
        fromScratch = true;
      }
    }

    /** True when the system is proven to have no integer point. */
    boolean provenEmpty() {
      if (fromScratch) return PieceSimplifier.provenEmpty(n, eqs, ineqs);
      if (base == null) return true;
      try {
        return IntegerSampler.cutFrom(base.copy(), CUT_BUDGET) == null;
      } catch (dev.polyj.presburger.arith.CoefficientOverflowException e) {
        return PieceSimplifier.provenEmpty(n, eqs, ineqs);
      }
    }

    /** True when the system is proven to imply {@code c >= 0} on its integer points. */
    boolean implies(long[] c) {
      if (!fromScratch) {
        if (base == null) return true;
        try {
          LongTableau t = base.copy();
          if (!IntegerSampler.addConstraint(t, complement(c), false)) return true;
          return IntegerSampler.cutFrom(t, CUT_BUDGET) == null;
        } catch (dev.polyj.presburger.arith.CoefficientOverflowException e) {
          // from scratch below
        }
      }
      List<long[]> in = new ArrayList<>(ineqs);
      in.add(complement(c));
      return PieceSimplifier.provenEmpty(n, eqs, in);
    }
  }

  /**
   * Redundancy tests of the inequalities of one system on one solved rational relaxation
   * (inequality k is the tableau's variable {@code n + k}): inequality k is redundant when the
   * system with it replaced by its integer negation is proven empty, asked on a copy of the
   * relaxation where the variable is negated (rather than on a new tableau per question).
   * Questions are answered as {@link #provenEmpty} answers them (rational infeasibility, then
   * Gomory cuts within the budget); null when a question could not be answered this way.
   */
  private static final class RedundancyTests {
    private static final int PIVOT_LIMIT = 200;
    private final int n;
    private final LongTableau base;

    private RedundancyTests(int n, LongTableau base) {
      this.n = n;
      this.base = base;
    }

    /** The tests for {@code eqs = 0, ineqs >= 0, pins >= 0}; null when they cannot be set up. */
    static RedundancyTests of(int n, List<long[]> eqs, List<long[]> ineqs, List<long[]> pins) {
      List<long[]> all = new ArrayList<>(ineqs);
      all.addAll(pins);
      try {
        LongTableau t = IntegerSampler.relaxation(n, eqs, all);
        return t == null ? null : new RedundancyTests(n, t);
      } catch (dev.polyj.presburger.arith.CoefficientOverflowException e) {
        return null;
      }
    }

    /** True when inequality k is implied by the others, false when not proven, null when undecided here. */
    Boolean redundant(int k) {
      LongTableau t = base.copy();
      t.pivotsLeft = PIVOT_LIMIT;
      try {
        t.negateVariable(n + k);
        long[] p = IntegerSampler.restoreAndCut(t, CUT_BUDGET);
        // undecided within the budget: the caller decides exactly
        return p == IntegerSampler.UNKNOWN ? null : p == null;
      } catch (dev.polyj.presburger.arith.CoefficientOverflowException | Tableau.PivotLimitException e) {
        return null;
      }
    }

    /**
     * The tests without inequality k (already removed from {@code ineqs}); the inequalities before
     * k keep their variables. Null when they cannot be set up.
     */
    RedundancyTests drop(int k, List<long[]> eqs, List<long[]> ineqs, List<long[]> pins) {
      int v = n + k;
      if (base.isBasic(v)) {
        base.removeRow(base.rowOf(v));
        return this;
      }
      return of(n, eqs, ineqs, pins);
    }
  }

  /**
   * A point of each of {@code pieces} (values of the variables; none for a piece where no point is
   * found within the cut budget), computed once, when first asked for.
   */
  static Supplier<List<long[]>> knownPoints(List<BasicRelation> pieces) {
    return Suppliers.memoize(() -> {
      List<long[]> out = new ArrayList<>();
      for (BasicRelation b : pieces) {
        long[] x = knownPoint(b);
        if (x != null) out.add(x);
      }
      return out;
    });
  }

  /** Some integer point of {@code b} (values of its variables), null when none was found within the cut budget. */
  static long[] knownPoint(BasicRelation b) {
    if (b.isMarkedEmpty()) return null;
    List<long[]> ineqs = new ArrayList<>(b.inequalities());
    ineqs.addAll(pinning(b));
    long[] p;
    try {
      p = IntegerSampler.sampleWithCuts(b.nCol() - 1, b.equalities(), ineqs, CUT_BUDGET);
    } catch (CoefficientOverflowException e) {
      return null;
    }
    if (p == null || p == IntegerSampler.UNKNOWN || p.length < b.nVar()) return null;
    return java.util.Arrays.copyOf(p, b.nVar());
  }

  /**
   * Merges refuted by known points, without a test. A point o outside both pieces a and b lies in
   * the candidate {@link #merge} builds when each constraint of a that o violates does not hold on
   * all of b, and each of b's it violates not on all of a: then no proof can put these constraints
   * in the candidate, o satisfies the rest, and the candidate has a point outside a and b, which
   * {@link #merge}'s last check cannot prove absent (it answers null). Here a constraint is shown
   * not to hold on b by a known point of b that violates it (the same side of it as o); a
   * constraint no known point settles leaves the question to {@link #merge}. Points are lifted
   * with each piece's divisions ({@link BasicRelation#withLocals}); one instance serves one group
   * of pieces, each piece's view of the points computed once.
   */
  static final class KnownPoints {
    private final Supplier<List<long[]>> points;
    private final Map<BasicRelation, View> views = new IdentityHashMap<>();

    KnownPoints(Supplier<List<long[]>> points) {
      this.points = points;
    }

    /**
     * A piece's constraint rows, and each known point lifted with its divisions (null where a
     * value leaves 64 bits) and whether it lies in the piece.
     */
    private record View(List<long[]> eqs, List<long[]> ineqs, long[][] lifted, boolean[] inside) {}

    private View view(BasicRelation b) {
      return views.computeIfAbsent(b, x -> {
        List<long[]> pts = points.get();
        List<long[]> eqs = x.equalities();
        List<long[]> ineqs = x.inequalities();
        long[][] lifted = new long[pts.size()][];
        boolean[] inside = new boolean[pts.size()];
        for (int k = 0; k < lifted.length; k++) {
          try {
            lifted[k] = x.withLocals(pts.get(k));
          } catch (CoefficientOverflowException e) {
            continue;
          }
          inside[k] = holds(eqs, ineqs, lifted[k]);
        }
        return new View(eqs, ineqs, lifted, inside);
      });
    }

    private static boolean holds(List<long[]> eqs, List<long[]> ineqs, long[] v) {
      for (long[] e : eqs) if (Ints.evaluateSign(e, v) != 0) return false;
      for (long[] c : ineqs) if (Ints.evaluateSign(c, v) < 0) return false;
      return true;
    }

    /** True when a known point shows that a and b do not merge. */
    boolean refute(BasicRelation a, BasicRelation b) {
      if (!simple(a) || !simple(b) || points.get().isEmpty()) return false;
      View va = view(a);
      View vb = view(b);
      List<long[]> ofB = new ArrayList<>(); // known points of b, in a's columns
      List<long[]> ofA = new ArrayList<>(); // known points of a, in b's columns
      for (int k = 0; k < va.lifted().length; k++) {
        if (va.lifted()[k] == null || vb.lifted()[k] == null) continue;
        if (vb.inside()[k]) ofB.add(va.lifted()[k]);
        if (va.inside()[k]) ofA.add(vb.lifted()[k]);
      }
      if (ofB.isEmpty() || ofA.isEmpty()) return false;
      for (int k = 0; k < va.lifted().length; k++) {
        if (va.lifted()[k] == null || vb.lifted()[k] == null || va.inside()[k] || vb.inside()[k]) continue;
        if (violatedOnlyWhereShown(va, va.lifted()[k], ofB) && violatedOnlyWhereShown(vb, vb.lifted()[k], ofA)) {
          return true;
        }
      }
      return false;
    }

    /**
     * True when every constraint of x that v violates is violated on the same side at one of
     * {@code others} (an equality by its sign, an inequality by being negative).
     */
    private static boolean violatedOnlyWhereShown(View x, long[] v, List<long[]> others) {
      for (long[] e : x.eqs()) {
        int side = Ints.evaluateSign(e, v);
        if (side != 0 && !onSide(e, side, others)) return false;
      }
      for (long[] c : x.ineqs()) {
        if (Ints.evaluateSign(c, v) < 0 && !onSide(c, -1, others)) return false;
      }
      return true;
    }

    /** True when {@code row} has sign {@code side} at one of the points. */
    private static boolean onSide(long[] row, int side, List<long[]> points) {
      for (long[] q : points) if (Ints.evaluateSign(row, q) == side) return true;
      return false;
    }
  }

  /** The constraints of x as inequalities. */
  private static List<long[]> asInequalities(Lifted x) {
    List<long[]> out = new ArrayList<>();
    for (long[] e : x.eqs()) {
      out.add(e);
      out.add(Ints.negate(e));
    }
    out.addAll(x.ineqs());
    return out;
  }

  /** Budget of Gomory cuts for one emptiness question; beyond it the answer counts as "not empty". */
  private static final int CUT_BUDGET = 30;
  /** Groups larger than this are only cleaned of redundant constraints (merging is quadratic). */
  private static final int MAX_MERGE_GROUP = 16;

  /**
   * True when {@code eqs = 0, ineqs >= 0} is proven to have no integer point. Only proofs found
   * within a small budget count: an undecided question leaves a piece as it is, which is always
   * correct.
   */
  private static boolean provenEmpty(int n, List<long[]> eqs, List<long[]> ineqs) {
    return IntegerSampler.sampleWithCuts(n, eqs, ineqs, CUT_BUDGET) == null;
  }

  /**
   * True when {@code eqs = 0, ineqs >= 0} has no integer point, decided exactly when the cut budget
   * leaves it open (redundancy questions: a piece keeps no implied inequality, which rare systems
   * with nested divisions only show past the budget).
   */
  private static boolean decidedEmpty(int n, List<long[]> eqs, List<long[]> ineqs) {
    long[] p = IntegerSampler.sampleWithCuts(n, eqs, ineqs, CUT_BUDGET);
    if (p == IntegerSampler.UNKNOWN) p = IntegerSampler.decideExactly(n, eqs, ineqs);
    return p == null;
  }

  /** {@code -c - 1 >= 0}: the integer negation of {@code c >= 0}. */
  private static long[] complement(long[] c) {
    long[] n = Ints.negate(c);
    n[0] = Ints.sub(n[0], 1);
    return n;
  }

  static Div[] divs(BasicRelation b) {
    Div[] d = new Div[b.nLocal()];
    for (int l = 0; l < d.length; l++) d[l] = b.div(l);
    return d;
  }
}
