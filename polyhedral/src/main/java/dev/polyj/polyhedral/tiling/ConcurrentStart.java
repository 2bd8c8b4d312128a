package dev.polyj.polyhedral.tiling;

import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.presburger.aff.Aff;
import dev.polyj.presburger.aff.PwAff;
import dev.polyj.presburger.pip.Lexopt;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * Concurrent-start tile shapes for time-iterated stencils (Bandishti, Pananilath, Bondhugula,
 * "Tiling stencil computations to maximize parallelism", SC 2012; surveyed with pipelined tiling by
 * Wonnacott and Strout, "On the scalability of loop tiling techniques", IMPACT 2013).
 *
 * <p>With pipelined tiling of a time-skewed band {@code (t, h_2, ..., h_k)} the tiles start one
 * wavefront after another: the first wavefront has a single tile. The tiles along the initial time
 * face start at once when the face normal {@code t} is a strictly positive combination of the
 * tiling hyperplanes. As in the paper's partial concurrent start (one space dimension, the default
 * of its implementation), the first tile hyperplane becomes {@code h = c t - h_2}, with statement
 * shifts, for the smallest {@code c} that keeps every dependence of the band non-negative along
 * {@code h}; then {@code t = (h + h_2) / c}, and the tiles along {@code h_2} of the first time band
 * start together.
 *
 * <p>Only the tile shape changes: the tiles are cut by {@code (h, h_2, ..., h_k)}, and the points
 * inside a tile are still scanned by the band's own unimodular members {@code (t, h_2, ..., h_k)}
 * (the diamonds' intra-tile order of the paper), so that the point loops have unit strides and
 * integer bounds. Both orders are legal: every dependence has non-negative distances along all of
 * them, so the tiles' distances are non-negative, and inside a tile the band's own order is the
 * program's.
 */
public final class ConcurrentStart {
  private ConcurrentStart() {}

  /** The largest multiple of the time hyperplane tried. */
  private static final int MAX_FACTOR = 8;

  /**
   * The first tile hyperplane {@code c t - h_2 + shift_S} of a band whose first member is the
   * outermost iterator {@code t} of every statement (up to a shift) and second member {@code h_2},
   * legal for the dependences {@code open} at the band, or null when the band is not such a band or
   * no {@code c} up to {@value #MAX_FACTOR} keeps every dependence non-negative.
   */
  public static UnionRelation tileHyperplane(List<UnionRelation> members, UnionRelation open) {
    if (members.size() < 2 || open.isEmpty()) return null;
    List<Relation> time = members.get(0).relations();
    List<Tuple> stmts = new ArrayList<>();
    List<List<String>> params = new ArrayList<>();
    List<long[]> t = new ArrayList<>();
    List<long[]> h2 = new ArrayList<>();
    for (Relation r0 : time) {
      Tuple st = r0.space().domainTuple();
      Relation r1 = of(members.get(1), st);
      if (r1 == null) return null;
      List<String> ps = Space.mergeParams(r0.space().params(), r1.space().params());
      long[] a = StrideOrder.affineForm(r0.alignParams(ps), 0);
      long[] b = StrideOrder.affineForm(r1.alignParams(ps), 0);
      if (a == null || b == null || !isTime(a, ps.size())) return null;
      stmts.add(st);
      params.add(ps);
      t.add(a);
      h2.add(b);
    }
    for (int c = 2; c <= MAX_FACTOR; c++) {
      List<long[]> rows = new ArrayList<>();
      for (int k = 0; k < stmts.size(); k++) {
        long[] h = new long[t.get(k).length];
        for (int j = 1; j < h.length; j++) {
          h[j] = Math.subtractExact(Math.multiplyExact(c, t.get(k)[j]), h2.get(k)[j]);
        }
        rows.add(h); // the constant is a shift chosen below
      }
      long[] shifts = shifts(open, stmts, params, rows);
      if (shifts == null) continue;
      for (int k = 0; k < stmts.size(); k++) rows.get(k)[0] = shifts[k];
      UnionRelation h = member(stmts, params, rows);
      if (TreeDependences.reversed(open, h).isEmpty()) return h;
    }
    return null;
  }

  /** Whether {@code row} ({@code [const, params, iterators]}) is the first iterator plus a shift. */
  private static boolean isTime(long[] row, int np) {
    if (row.length <= 1 + np || row[1 + np] != 1) return false;
    for (int k = 2 + np; k < row.length; k++) if (row[k] != 0) return false;
    return true;
  }

  private static Relation of(UnionRelation m, Tuple st) {
    for (Relation r : m.relations()) if (r.space().domainTuple().equals(st)) return r;
    return null;
  }

  /** The one-dimensional member {@code S[x] -> [row_S(x)]} of every statement. */
  private static UnionRelation member(List<Tuple> stmts, List<List<String>> params, List<long[]> rows) {
    List<Relation> out = new ArrayList<>();
    for (int k = 0; k < stmts.size(); k++) {
      List<String> ps = params.get(k);
      int m = stmts.get(k).arity();
      Space space = Space.map(ps, stmts.get(k), Tuple.anonymous(null, 1));
      long[] eq = new long[1 + ps.size() + m + 1];
      System.arraycopy(rows.get(k), 0, eq, 0, 1 + ps.size() + m);
      eq[1 + ps.size() + m] = -1;
      out.add(Relation.of(BasicRelation.builder(space).addEq(eq).build()));
    }
    return UnionRelation.of(out);
  }

  /**
   * Constant shifts making the hyperplane {@code rows} legal: for every pair of statements the
   * smallest distance {@code m} of the unshifted hyperplane over their dependences (see
   * {@link #constantMin}) asks {@code shift_T - shift_S >= -m}; the smallest non-negative solution of
   * these difference constraints (longest paths), or null when they conflict.
   */
  private static long[] shifts(UnionRelation open, List<Tuple> stmts, List<List<String>> params, List<long[]> rows) {
    UnionRelation map = member(stmts, params, rows);
    int n = stmts.size();
    long[][] need = new long[n][n]; // need[a][b]: shift_b - shift_a >= need[a][b]
    boolean[][] has = new boolean[n][n];
    for (int a = 0; a < n; a++) {
      for (int b = 0; b < n; b++) {
        List<Relation> between = new ArrayList<>();
        for (Relation d : open.relations()) {
          if (d.space().domainTuple().equals(stmts.get(a)) && d.space().rangeTuple().equals(stmts.get(b))) {
            between.add(d);
          }
        }
        if (between.isEmpty()) continue;
        UnionRelation d = UnionRelation.of(between);
        if (d.isEmpty()) continue;
        Long min = constantMin(d.applyDomain(map).apply(map).deltas());
        if (min == null) return null;
        need[a][b] = -min;
        has[a][b] = true;
      }
    }
    long[] shift = new long[n];
    for (int round = 0; round <= n; round++) {
      boolean changed = false;
      for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++) {
          if (has[a][b] && shift[b] - shift[a] < need[a][b]) {
            if (a == b) return null;
            shift[b] = shift[a] + need[a][b];
            changed = true;
          }
        }
      }
      if (!changed) {
        long lo = Long.MAX_VALUE;
        for (long x : shift) lo = Math.min(lo, x);
        for (int k = 0; k < n; k++) shift[k] -= lo;
        return shift;
      }
    }
    return null; // a cycle of positive weight: no shifts work
  }

  /**
   * The smallest constant minimum of a one-dimensional set over the pieces where it does not depend
   * on the parameters, or null; the shifts derived from it are a guess that the exact legality
   * check of the hyperplane confirms or rejects.
   */
  private static Long constantMin(UnionRelation values) {
    if (values.isEmpty()) return null;
    try {
      PwAff min = Lexopt.dimMin(values.single(), 0);
      Long best = null;
      for (PwAff.Piece p : min.pieces()) {
        Aff a = p.value();
        if (a.nDiv() > 0) continue;
        long[] num = a.numerator();
        boolean constant = true;
        for (int k = 1; k < num.length; k++) constant &= num[k] == 0;
        // pieces depending on the parameters (small corner cases) are left to the exact check
        if (!constant || num[0] % a.denominator() != 0) continue;
        long v = num[0] / a.denominator();
        best = best == null ? v : Math.min(best, v);
      }
      return best;
    } catch (dev.polyj.presburger.arith.ComputeBudget.Exceeded e) {
      throw e;
    } catch (RuntimeException e) {
      return null; // unbounded below: no constant shift helps
    }
  }
}
