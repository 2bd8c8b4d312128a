package dev.polyj.polyhedral.tiling;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.scheduling.AffineSchedule;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.presburger.aff.Aff;
import dev.polyj.presburger.aff.PwAff;
import dev.polyj.presburger.pip.Lexopt;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Concurrent-start (diamond) tiling hyperplanes for time-iterated stencils (Bandishti, Pananilath,
 * Bondhugula, "Tiling stencil computations to maximize parallelism", SC 2012; surveyed with
 * pipelined tiling by Wonnacott and Strout, "On the scalability of loop tiling techniques").
 *
 * <p>With pipelined tiling of a time-skewed band {@code (t, h_2, ..., h_k)} the tiles start one
 * wavefront after another: the first wavefront has a single tile. All tiles along the initial
 * time face can start at once when the face normal {@code f} (here the time hyperplane
 * {@code h_1 = t}) is a strictly positive combination of the tiling hyperplanes. The band's first
 * hyperplane is replaced by {@code h = c f - (h_2 + ... + h_k)}, with statement shifts chosen
 * anew, for the smallest {@code c} that keeps every dependence of the band non-negative along
 * {@code h}; then
 * {@code f = (h + h_2 + ... + h_k) / c}, with all weights positive, and the band stays permutable
 * and of full rank. Bands whose first level is parallel, or whose first hyperplane is not the
 * outermost iterator of every statement, are left alone.
 */
public final class ConcurrentStart {
  private ConcurrentStart() {}

  /** The largest multiple of the face tried. */
  private static final int MAX_FACTOR = 8;

  /** The schedule with concurrent-start hyperplanes where a band allows them. */
  public static AffineSchedule apply(AffineSchedule schedule, UnionRelation deps) {
    List<AffineSchedule.Level> levels = new ArrayList<>(schedule.levels());
    UnionRelation open = deps;
    int next = 0;
    for (AffineSchedule.Band band : schedule.bands()) {
      for (; next < band.first(); next++) open = TreeDependences.tied(open, schedule.levelMap(next));
      if (band.size() >= 2 && !levels.get(band.first()).coincident() && isTimeLoop(schedule, band.first())) {
        AffineSchedule.Level replaced = diamond(schedule, band, open);
        if (replaced != null) levels.set(band.first(), replaced);
      }
    }
    return new AffineSchedule(schedule.params(), schedule.domains(), ImmutableList.copyOf(levels), schedule.bands());
  }

  private static AffineSchedule.Level diamond(AffineSchedule s, AffineSchedule.Band band, UnionRelation open) {
    List<String> stmts = new ArrayList<>(s.domains().keySet());
    for (int c = 2; c <= MAX_FACTOR; c++) {
      Map<String, long[]> rows = new LinkedHashMap<>();
      for (String st : stmts) {
        long[] h = s.levels().get(band.first()).rows().get(st).clone();
        for (int k = 0; k < h.length; k++) h[k] = Math.multiplyExact(c, h[k]);
        for (int l = band.first() + 1; l < band.first() + band.size(); l++) {
          long[] r = s.levels().get(l).rows().get(st);
          for (int k = 0; k < h.length; k++) h[k] = Math.subtractExact(h[k], r[k]);
        }
        h[0] = 0; // the shifts are chosen below
        rows.put(st, h);
      }
      long[] shifts = shifts(s, band, open, rows, stmts);
      if (shifts == null) continue;
      for (int k = 0; k < stmts.size(); k++) rows.get(stmts.get(k))[0] = shifts[k];
      AffineSchedule.Level candidate = new AffineSchedule.Level(rows, false, false);
      AffineSchedule trial = withLevel(s, band.first(), candidate);
      if (TreeDependences.reversed(open, trial.levelMap(band.first())).isEmpty()) return candidate;
    }
    return null;
  }

  /**
   * Constant shifts making the hyperplane {@code rows} legal: for every pair of statements the
   * smallest distance {@code m} of the unshifted hyperplane over their dependences (see
   * {@link #constantMin}) asks {@code shift_T - shift_S >= -m}; the smallest non-negative solution of
   * these difference constraints (longest paths), or null when they conflict.
   */
  private static long[] shifts(AffineSchedule s, AffineSchedule.Band band, UnionRelation open,
      Map<String, long[]> rows, List<String> stmts) {
    AffineSchedule.Level level = new AffineSchedule.Level(rows, false, false);
    UnionRelation map = withLevel(s, band.first(), level).levelMap(band.first());
    int n = stmts.size();
    long[][] need = new long[n][n]; // need[a][b]: shift_b - shift_a >= need[a][b]
    boolean[][] has = new boolean[n][n];
    for (int a = 0; a < n; a++) {
      UnionRelation fromA = open.intersectDomain(UnionRelation.of(s.domains().get(stmts.get(a))));
      if (fromA.isEmpty()) continue;
      for (int b = 0; b < n; b++) {
        UnionRelation d = fromA.intersectRange(UnionRelation.of(s.domains().get(stmts.get(b))));
        if (d.isEmpty()) continue;
        UnionRelation values = d.applyDomain(map).apply(map).deltas();
        Long min = constantMin(values);
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
    } catch (RuntimeException e) {
      return null; // unbounded below: no constant shift helps
    }
  }

  private static AffineSchedule withLevel(AffineSchedule s, int l, AffineSchedule.Level level) {
    List<AffineSchedule.Level> levels = new ArrayList<>(s.levels());
    levels.set(l, level);
    return new AffineSchedule(s.params(), s.domains(), ImmutableList.copyOf(levels), s.bands());
  }

  /** Whether level {@code l} is the outermost iterator of every statement (up to a shift). */
  private static boolean isTimeLoop(AffineSchedule s, int l) {
    int np = s.params().size();
    for (Map.Entry<String, long[]> e : s.levels().get(l).rows().entrySet()) {
      long[] r = e.getValue();
      if (r.length <= 1 + np || r[1 + np] != 1) return false;
      for (int k = 2 + np; k < r.length; k++) if (r[k] != 0) return false;
    }
    return true;
  }
}
