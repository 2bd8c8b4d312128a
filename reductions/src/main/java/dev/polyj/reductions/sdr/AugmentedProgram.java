package dev.polyj.reductions.sdr;

import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.scheduling.AffineSchedule;
import dev.polyj.polyhedral.scheduling.BisectionLexmin;
import dev.polyj.polyhedral.scheduling.PlutoScheduler;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The augmented program of Section 6.1 (Yang, Atkinson, Carbin, POPL 2021) and its sequential
 * affine schedule. Each reduction {@code S: X[proj(x)] += e(x)} gets a redirect statement
 * {@code S_fin[y]: X[y] = X'[y]} over {@code proj(P)}, the moment the element's value is complete:
 * the accumulations write the fresh {@code X'}, every accumulation into an element precedes its
 * redirect, and every statement that touched the element after an accumulation (a use of the
 * result, a later overwrite) now follows the redirect instead. Statements that touched it before
 * precede both the accumulations and the redirect. The reduction's own accumulations no longer
 * depend on each other (the operator is associative and commutative).
 *
 * <p>The project's Pluto scheduler computes the schedule of the augmented program under these
 * dependences. Its rows for a redirect statement are the schedule {@code Theta_X} of the
 * reduction's left-hand side that the heuristic of Section 6.2 tests reuse directions against.
 * A Pluto schedule has full rank for every statement, so it is sequential (Definition 3.4).
 */
public final class AugmentedProgram {
  private final PolyhedralProgram program;
  private final List<String> params;
  private final Map<String, Relation> domains = new java.util.LinkedHashMap<>();
  private UnionRelation dependences;
  private AffineSchedule schedule;

  private AugmentedProgram(PolyhedralProgram program) {
    this.program = program;
    this.params = program.scop().params();
  }

  /** The augmented program of {@code program}, scheduled. */
  public static AugmentedProgram of(PolyhedralProgram program) {
    AugmentedProgram a = new AugmentedProgram(program);
    a.build();
    return a;
  }

  /** The name of the redirect statement of reduction {@code s}. */
  public static String finName(String s) {
    return s + "_fin";
  }

  public AffineSchedule schedule() {
    return schedule;
  }

  public UnionRelation dependences() {
    return dependences;
  }

  /** The statement domains, the redirect statements' included. */
  public Map<String, Relation> domains() {
    return domains;
  }

  private void build() {
    Scop scop = program.scop();
    for (Statement s : scop.statements()) domains.put(s.name(), s.domain().alignParams(params));
    Map<String, ReductionStatement> byName = new HashMap<>();
    Set<String> lhsArrays = new HashSet<>();
    for (ReductionStatement r : program.reductions()) {
      byName.put(r.name(), r);
      lhsArrays.add(r.array());
      domains.put(finName(r.name()), r.lhsDomain(params).withSpace(
          dev.polyj.presburger.space.Space.set(params, dev.polyj.presburger.space.Tuple.anonymous(finName(r.name()),
              r.projection().length))));
    }
    List<Relation> deps = new ArrayList<>();
    // dependences through arrays no reduction accumulates into: unchanged
    Dependences others = Dependences.compute(without(scop.reads(), lhsArrays), without(scop.mustWrites(), lhsArrays),
        scop.scheduleMap());
    deps.addAll(others.all().alignParams(params).relations());
    for (String x : lhsArrays) {
      for (Relation d : program.dependencesOn(x).all().alignParams(params).relations()) {
        String a = d.space().domainTuple().name();
        String b = d.space().rangeTuple().name();
        ReductionStatement ra = byName.get(a);
        ReductionStatement rb = byName.get(b);
        if (ra != null && !ra.array().equals(x)) ra = null;
        if (rb != null && !rb.array().equals(x)) rb = null;
        if (ra != null && ra == rb) continue; // accumulations of one reduction commute
        Relation src = ra == null ? d : d.applyDomain(ra.projectionMap(params, finName(a)));
        deps.add(src);
        if (rb != null) deps.add(src.apply(rb.projectionMap(params, finName(b))));
      }
    }
    for (ReductionStatement r : program.reductions()) {
      deps.add(r.projectionMap(params, finName(r.name())).intersectDomain(r.domain().alignParams(params)));
    }
    List<Relation> nonEmpty = new ArrayList<>();
    for (Relation d : deps) if (!d.isEmpty()) nonEmpty.add(d);
    dependences = nonEmpty.isEmpty() ? UnionRelation.empty(params) : UnionRelation.of(nonEmpty);
    List<Relation> doms = new ArrayList<>(domains.values());
    try {
      schedule = PlutoScheduler.schedule(doms, dependences, new BisectionLexmin(1 << 12));
    } catch (RuntimeException e) {
      // Pluto's hyperplanes have non-negative coefficients: a loop that runs downwards (and the
      // reductions along it) needs the original order to complete the schedule
      UnionRelation original = originalOrder();
      if (original == null) throw e;
      schedule = PlutoScheduler.schedule(doms, dependences, new BisectionLexmin(1 << 12), original);
    }
  }

  /**
   * The original execution order extended to the redirect statements, or null when it cannot be
   * written as affine maps: every row of the original schedule is doubled, and the redirect of
   * {@code X[y]} sits at the odd value just after the loop (a constant level of the original
   * schedule) that runs the accumulations into {@code X[y]}: after all of them, before whatever
   * follows that loop.
   */
  UnionRelation originalOrder() {
    Scop scop = program.scop();
    List<Relation> maps = new ArrayList<>();
    int np = params.size();
    for (Statement s : scop.statements()) {
      Relation m = null;
      for (Relation r : scop.scheduleMap().alignParams(params).relations()) {
        if (s.name().equals(r.space().domainTuple().name())) m = r;
      }
      if (m == null) return null;
      long[][] rows = AffineMaps.rows(m);
      if (rows == null) return null;
      long[][] twice = new long[rows.length][];
      for (int k = 0; k < rows.length; k++) {
        twice[k] = new long[rows[k].length];
        for (int c = 0; c < rows[k].length; c++) twice[k][c] = dev.polyj.presburger.arith.Ints.mul(2, rows[k][c]);
      }
      maps.add(scheduleMap(s.name(), s.depth(), twice));
      for (ReductionStatement r : program.reductions()) {
        if (!r.name().equals(s.name())) continue;
        long[][] fin = finRows(r, rows, np);
        if (fin == null) return null;
        maps.add(scheduleMap(finName(r.name()), r.projection().length, fin));
      }
    }
    return UnionRelation.of(maps);
  }

  private Relation scheduleMap(String name, int n, long[][] rows) {
    Relation m = AffineMaps.map(params, name, n, "t", rows);
    return m.withSpace(m.space().withRangeTuple(dev.polyj.presburger.space.Tuple.anonymous(null, rows.length)));
  }

  /**
   * The doubled original rows of the redirect of {@code r}: the levels before the first one that
   * varies within an element are rewritten over the element's subscripts; the constant level
   * before that one gets {@code 2c + 1}; the rest are zero. Null when the projection is not a
   * selection of iterators (with offsets) or the levels do not have that form.
   */
  private static long[][] finRows(ReductionStatement r, long[][] rows, int np) {
    long[][] proj = r.projection();
    int depth = r.statement().depth();
    int[] iter = new int[proj.length];
    long[] sign = new long[proj.length];
    for (int m = 0; m < proj.length; m++) {
      iter[m] = -1;
      for (int i = 0; i < depth; i++) {
        long c = proj[m][1 + np + i];
        if (c == 0) continue;
        if (iter[m] >= 0 || Math.abs(c) != 1) return null;
        iter[m] = i;
        sign[m] = c;
      }
      if (iter[m] < 0) return null;
    }
    long[][] out = new long[rows.length][1 + np + proj.length];
    for (int k = 0; k < rows.length; k++) {
      long[] row = rows[k];
      long[] fin = new long[1 + np + proj.length];
      long[] rest = row.clone(); // subtract b . proj to see whether the level is a function of X's subscripts
      for (int m = 0; m < proj.length; m++) {
        long b = row[1 + np + iter[m]] * sign[m];
        fin[1 + np + m] = b;
        for (int c = 0; c < 1 + np + depth; c++) rest[c] -= b * proj[m][c];
      }
      boolean varies = false;
      for (int i = 0; i < depth; i++) if (rest[1 + np + i] != 0) varies = true;
      if (!varies) {
        fin[0] = rest[0];
        for (int p = 0; p < np; p++) fin[1 + p] = rest[1 + p];
        for (int c = 0; c < fin.length; c++) out[k][c] = 2 * fin[c];
        continue;
      }
      if (k == 0) return null;
      long[] before = rows[k - 1];
      for (int c = 1; c < before.length; c++) if (before[c] != 0) return null;
      out[k - 1] = new long[1 + np + proj.length];
      out[k - 1][0] = 2 * before[0] + 1;
      for (int j = k; j < rows.length; j++) out[j] = new long[1 + np + proj.length];
      return out;
    }
    return null; // no level varies within an element: not a reduction
  }

  private static UnionRelation without(UnionRelation accesses, Set<String> arrays) {
    List<Relation> rs = new ArrayList<>();
    for (Relation r : accesses.relations()) if (!arrays.contains(r.space().rangeTuple().name())) rs.add(r);
    return rs.isEmpty() ? UnionRelation.empty(accesses.paramNames()) : UnionRelation.of(rs);
  }

  /**
   * A sequential schedule of the augmented program under its dependences and {@code extra} ones
   * (the reuse dependences {@code X_fin[y] -> X_fin[y + r_X]} of a choice of reuse vectors), or null
   * when none is found. Tried in turn: the Pluto scheduler, Pluto completed by the original order,
   * and Pluto on the mirror image of every statement ({@code x -> -x}, so that its non-negative
   * hyperplanes become non-positive ones: loops running downwards). Finding none is not a proof
   * that no affine schedule exists; every schedule returned is legal (the scheduler checks it).
   */
  public AffineSchedule scheduleWith(List<Relation> extra) {
    if (extra.isEmpty()) return schedule;
    List<Relation> all = new ArrayList<>(dependences.alignParams(params).relations());
    for (Relation e : extra) all.add(e.alignParams(params));
    UnionRelation deps = UnionRelation.of(all);
    List<Relation> doms = new ArrayList<>(domains.values());
    try {
      return PlutoScheduler.schedule(doms, deps, new BisectionLexmin(1 << 12));
    } catch (RuntimeException e) {
      // next
    }
    UnionRelation original = originalOrder();
    if (original != null) {
      try {
        return PlutoScheduler.schedule(doms, deps, new BisectionLexmin(1 << 12), original);
      } catch (RuntimeException e) {
        // next
      }
    }
    try {
      return mirroredSchedule(doms, all);
    } catch (RuntimeException e) {
      return null;
    }
  }

  private AffineSchedule mirroredSchedule(List<Relation> doms, List<Relation> deps) {
    Map<String, Relation> mirror = new HashMap<>();
    List<Relation> mdoms = new ArrayList<>();
    for (Relation d : doms) {
      String name = d.space().tuple().name();
      int n = d.space().nOut();
      long[][] rows = new long[n][1 + params.size() + n];
      for (int k = 0; k < n; k++) rows[k][1 + params.size() + k] = -1;
      Relation m = AffineMaps.map(params, name, n, name, rows);
      mirror.put(name, m);
      mdoms.add(d.apply(m));
    }
    List<Relation> mdeps = new ArrayList<>();
    for (Relation d : deps) {
      Relation a = mirror.get(d.space().domainTuple().name());
      Relation b = mirror.get(d.space().rangeTuple().name());
      if (a == null || b == null) continue;
      mdeps.add(d.applyDomain(a).apply(b));
    }
    AffineSchedule m = PlutoScheduler.schedule(mdoms, UnionRelation.of(mdeps), new BisectionLexmin(1 << 12));
    int np = m.params().size();
    List<AffineSchedule.Level> levels = new ArrayList<>();
    for (AffineSchedule.Level level : m.levels()) {
      Map<String, long[]> rows = new java.util.LinkedHashMap<>();
      level.rows().forEach((st, row) -> {
        long[] r = row.clone();
        for (int c = 1 + np; c < r.length; c++) r[c] = dev.polyj.presburger.arith.Ints.neg(r[c]);
        rows.put(st, r);
      });
      levels.add(new AffineSchedule.Level(rows, level.scalar(), level.coincident()));
    }
    Map<String, Relation> ds = new java.util.LinkedHashMap<>();
    for (Relation d : doms) ds.put(d.space().tuple().name(), d.alignParams(m.params()));
    return new AffineSchedule(m.params(), ds, com.google.common.collect.ImmutableList.copyOf(levels), m.bands());
  }

  /**
   * Whether moving along {@code lhsStep} in the left-hand side of reduction {@code s} moves
   * forward in the schedule: the first non-zero entry of {@code Theta_X . lhsStep} is positive
   * (the test of Figure 8, step 2b). Zero for a zero step.
   */
  public int direction(String s, long[] lhsStep) {
    return direction(schedule, s, lhsStep);
  }

  /** As {@link #direction(String, long[])} under the schedule {@code schedule}. */
  static int direction(AffineSchedule schedule, String s, long[] lhsStep) {
    String fin = finName(s);
    int np = schedule.params().size();
    for (AffineSchedule.Level level : schedule.levels()) {
      long[] row = level.rows().get(fin);
      long dot = 0;
      for (int k = 0; k < lhsStep.length; k++) {
        dot = dev.polyj.presburger.arith.Ints.add(dot, dev.polyj.presburger.arith.Ints.mul(row[1 + np + k], lhsStep[k]));
      }
      if (dot != 0) return Long.signum(dot);
    }
    return 0;
  }
}
