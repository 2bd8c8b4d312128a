package dev.polyj.polyhedral.scheduling;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Pluto scheduling algorithm (Bondhugula, Hartono, Ramanujam, Sadayappan, "A practical
 * automatic polyhedral parallelizer and locality optimizer", PLDI 2008).
 *
 * <p>Hyperplanes are found one at a time. For every dependence {@code s -> t} not yet satisfied,
 * the new hyperplane must keep it weakly satisfied, {@code phi_T(t) - phi_S(s) >= 0}, and its
 * distance is bounded by {@code u . p + w}; both conditions are linearized with Farkas' lemma.
 * The integer program minimizes {@code (u, w)} lexicographically, then the statement coefficients
 * (all non-negative; the last iterator's coefficient first, so outer loops stay outer when
 * possible); linear independence from the statement's earlier hyperplanes is demanded through its
 * orthogonal complement. Consecutive hyperplanes found this way form a permutable band. When none
 * exists, the band ends and the dependences it strongly satisfies are dropped; when that does not
 * help, the statements are split along the strongly connected components of the dependence graph
 * with a scalar dimension (topological order). A band of fused components that ends before its
 * statements reach full rank is replaced by a cut between the components it links when, apart,
 * they get a longer permutable band (2mm: two 3-d matrix-product bands instead of one shared
 * (i, j) band with the reduction loops left outside). Coincidence (parallelism) of a loop level is
 * checked exactly, and so is the legality of the final schedule against every dependence.
 */
public final class PlutoScheduler {
  private final List<String> params;
  private final Map<String, Relation> domains = new LinkedHashMap<>();
  private final Map<String, Integer> dims = new HashMap<>();
  private final Map<String, Integer> base = new HashMap<>(); // first unknown of a statement block
  private final List<Dep> deps = new ArrayList<>();
  private final IntegerLexmin ilp;
  private final int nUnknown;
  /**
   * The Farkas rows of each dependence polyhedron, per form (index 0 the legality form, 1 the
   * bounding form): they depend on the polyhedron only, not on the hyperplanes found so far, and
   * every hyperplane search of a band asks for them again.
   */
  private final List<Map<Dep, RationalElimination.System>> farkas =
      List.of(new IdentityHashMap<>(), new IdentityHashMap<>());

  /** One convex piece of a dependence relation between two statements. */
  private record Dep(String src, String dst, BasicRelation poly) {}

  /** A scheduler of some of another's statements under some of its dependences (same parameters). */
  private PlutoScheduler(List<String> params, List<Relation> stmtDomains, List<Dep> dependences, IntegerLexmin ilp) {
    this.params = params;
    this.ilp = ilp;
    int next = 1 + params.size() + 1;
    for (Relation d : stmtDomains) {
      String name = d.space().tuple().name();
      domains.put(name, d);
      dims.put(name, d.space().nOut());
      base.put(name, next);
      next += d.space().nOut() + 1;
    }
    this.nUnknown = next - 1;
    deps.addAll(dependences);
  }

  private PlutoScheduler(List<Relation> stmtDomains, UnionRelation dependences, IntegerLexmin ilp) {
    List<String> p = dependences.paramNames();
    for (Relation d : stmtDomains) p = Space.mergeParams(p, d.space().params());
    this.params = p;
    this.ilp = ilp;
    int next = 1 + params.size() + 1; // u (params), w
    for (Relation d : stmtDomains) {
      String name = d.space().tuple().name();
      domains.put(name, d.alignParams(params));
      dims.put(name, d.space().nOut());
      base.put(name, next);
      next += d.space().nOut() + 1;
    }
    this.nUnknown = next - 1;
    for (Relation r : dependences.alignParams(params).relations()) {
      if (!r.space().isMap()) continue;
      String s = r.space().domainTuple().name();
      String t = r.space().rangeTuple().name();
      if (!domains.containsKey(s) || !domains.containsKey(t)) continue;
      for (BasicRelation b : r.basics()) if (!b.isEmpty()) deps.add(new Dep(s, t, b));
    }
  }

  /**
   * Schedules the statements (set domains with named tuples) under the dependences (maps between
   * statement instances, source to sink).
   */
  public static AffineSchedule schedule(List<Relation> stmtDomains, UnionRelation dependences, IntegerLexmin ilp) {
    return new PlutoScheduler(stmtDomains, dependences, ilp).run(null);
  }

  /**
   * As {@link #schedule(List, UnionRelation, IntegerLexmin)}, with the original schedule (a union
   * of affine maps, one per statement) as the last resort for instances the new levels leave tied:
   * its dimensions are appended, and they order every such pair as the program did.
   */
  public static AffineSchedule schedule(List<Relation> stmtDomains, UnionRelation dependences, IntegerLexmin ilp,
      UnionRelation originalSchedule) {
    return new PlutoScheduler(stmtDomains, dependences, ilp).run(originalSchedule);
  }

  private AffineSchedule run(UnionRelation original) {
    return run(original, Map.of());
  }

  /**
   * The schedule, {@code given} the hyperplanes that outer levels (of a scheduler this one
   * completes) already gave some statements: new ones must be linearly independent of them.
   */
  private AffineSchedule run(UnionRelation original, Map<String, List<long[]>> given) {
    List<Map<String, long[]>> levelRows = new ArrayList<>();
    List<Boolean> scalar = new ArrayList<>();
    List<AffineSchedule.Band> bands = new ArrayList<>();
    Map<String, List<long[]>> hyperplanes = new HashMap<>();
    for (String s : domains.keySet()) hyperplanes.put(s, new ArrayList<>(given.getOrDefault(s, List.of())));
    List<Dep> active = new ArrayList<>(deps);
    int bandStart = 0;
    if (dimensionCut(active, levelRows, scalar)) active = ties(active, levelRows, 0, 1);
    bandStart = levelRows.size();
    int guard = 0;
    boolean stuck = false;
    while (!allFullRank(hyperplanes) && guard++ < 100) {
      Optional<long[]> sol = findHyperplane(active, hyperplanes);
      if (sol.isPresent()) {
        Map<String, long[]> rows = rowsOf(sol.get());
        levelRows.add(rows);
        scalar.add(false);
        rows.forEach((s, r) -> hyperplanes.get(s).add(Arrays.copyOfRange(r, 1 + params.size(), r.length)));
        continue;
      }
      if (levelRows.size() > bandStart && fissionDeepensBand(active, hyperplanes, levelRows, scalar, bandStart)) {
        active = ties(active, levelRows, bandStart, bandStart + 1);
        bandStart++;
        continue;
      }
      if (levelRows.size() > bandStart) {
        closeBand(bands, bandStart, levelRows.size());
        List<Dep> rest = ties(active, levelRows, bandStart, levelRows.size());
        boolean progress = shrank(active, rest);
        active = rest;
        bandStart = levelRows.size();
        if (progress) continue;
      }
      List<Dep> narrowed = cutWithProgress(active, levelRows, scalar, hyperplanes);
      if (narrowed == null) {
        if (original == null) throw new IllegalStateException("no legal hyperplane and no cut for " + domains.keySet());
        if (scheduleApart(active, levelRows, scalar, bands, hyperplanes, original)) return finish(levelRows, scalar, bands);
        stuck = true;
        break; // the original order completes the schedule below
      }
      active = narrowed;
      bandStart = levelRows.size();
    }
    if (levelRows.size() > bandStart) closeBand(bands, bandStart, levelRows.size());
    active = ties(active, levelRows, bandStart, levelRows.size());
    if (!active.isEmpty() && !stuck) {
      // instances tied on every loop: order them by a scalar dimension when the statements allow
      // (when no hyperplane and no cut could make progress, the original order below keeps the
      // program's own loops together instead: a cut would distribute every component)
      List<Dep> narrowed = cutWithProgress(active, levelRows, scalar, null);
      if (narrowed != null) active = narrowed;
    }
    if (!active.isEmpty()) {
      if (original == null) throw new IllegalStateException("dependences left tied at full rank");
      // the original order breaks the remaining ties
      for (Map<String, long[]> rows : originalLevels(original)) {
        levelRows.add(rows);
        scalar.add(false);
        bands.add(new AffineSchedule.Band(levelRows.size() - 1, 1));
      }
    }
    return finish(levelRows, scalar, bands);
  }

  private AffineSchedule finish(List<Map<String, long[]>> levelRows, List<Boolean> scalar,
      List<AffineSchedule.Band> bands) {
    List<AffineSchedule.Level> levels = new ArrayList<>();
    for (int l = 0; l < levelRows.size(); l++) {
      boolean par = !scalar.get(l) && coincident(levelRows, l);
      levels.add(new AffineSchedule.Level(levelRows.get(l), scalar.get(l), par));
    }
    AffineSchedule result = new AffineSchedule(params, domains, ImmutableList.copyOf(levels), ImmutableList.copyOf(bands));
    checkLegal(result);
    return result;
  }

  /**
   * The last resort before the original order, for statements whose open dependences fall into
   * several strongly connected components with none between them (the outer levels satisfy every
   * dependence across components): the components are scheduled apart, each by its own run of
   * the algorithm (with the original order as its own last resort), and their levels are stacked
   * one component after the other, a component's rows zero at the others' levels. A component
   * whose hyperplanes need a negative coefficient (ludcmp's back substitution, a loop running
   * downwards) then no longer takes the permutable bands of the others (its LU factorization)
   * down with it. Legal because each component's own schedule orders its open dependences and
   * the others' rows leave them tied (checked exactly at the end, as every schedule is). Returns
   * false, changing nothing, when fewer than two components have open dependences, a component
   * cannot be scheduled, or no component of full-dimensional statements gets a permutable band of
   * three or more members (the original order is kept, as before: stacking many levels is then
   * not worth the cost of the code generation that follows).
   */
  private boolean scheduleApart(List<Dep> active, List<Map<String, long[]>> levelRows, List<Boolean> scalar,
      List<AffineSchedule.Band> bands, Map<String, List<long[]>> hyperplanes, UnionRelation original) {
    List<String> names = new ArrayList<>(domains.keySet());
    int[] comp = components(active);
    int nComp = Arrays.stream(comp).max().orElse(-1) + 1;
    boolean[] withDeps = new boolean[Math.max(nComp, 0)];
    for (Dep d : active) {
      int c = comp[names.indexOf(d.src())];
      if (c != comp[names.indexOf(d.dst())]) return false; // a cut would have ordered them
      withDeps[c] = true;
    }
    int nWithDeps = 0;
    for (boolean b : withDeps) nWithDeps += b ? 1 : 0;
    if (nWithDeps < 2) return false;
    List<Map<String, long[]>> stackedRows = new ArrayList<>();
    List<Boolean> stackedScalar = new ArrayList<>();
    List<AffineSchedule.Band> stackedBands = new ArrayList<>();
    int offset = levelRows.size();
    int np = params.size();
    boolean deeper = false;
    for (int c = 0; c < nComp; c++) {
      List<Relation> doms = new ArrayList<>();
      boolean fullRank = true;
      for (int i = 0; i < names.size(); i++) {
        if (comp[i] != c) continue;
        String st = names.get(i);
        doms.add(domains.get(st));
        fullRank &= Hyperplanes.rank(hyperplanes.get(st), dims.get(st)) >= dims.get(st);
      }
      if (doms.isEmpty() || (fullRank && !withDeps[c])) continue;
      List<Dep> own = new ArrayList<>();
      for (Dep d : active) if (comp[names.indexOf(d.src())] == c) own.add(d);
      AffineSchedule part;
      try {
        part = new PlutoScheduler(params, doms, own, ilp).run(original, hyperplanes);
      } catch (RuntimeException e) {
        return false;
      }
      int start = offset + stackedRows.size();
      for (AffineSchedule.Level level : part.levels()) {
        Map<String, long[]> rows = new LinkedHashMap<>();
        for (String st : names) {
          long[] r = level.rows().get(st);
          rows.put(st, r != null ? r : new long[1 + np + dims.get(st)]);
        }
        stackedRows.add(rows);
        stackedScalar.add(level.scalar());
      }
      // a band counts when it is as deep as a loop nest of three, on statements whose domains are
      // full-dimensional (a member equal to another on the domain, i2 = i1, adds no loop)
      boolean fullDimensional = true;
      for (Relation d : doms) for (BasicRelation b : d.basics()) fullDimensional &= b.equalities().isEmpty();
      for (AffineSchedule.Band b : part.bands()) {
        stackedBands.add(new AffineSchedule.Band(start + b.first(), b.size()));
        deeper |= fullDimensional && b.size() >= 3;
      }
    }
    if (!deeper) return false; // no component gets a band to tile: the original order, as before
    levelRows.addAll(stackedRows);
    scalar.addAll(stackedScalar);
    bands.addAll(stackedBands);
    return true;
  }

  /**
   * Smart fusion, second half: the band [bandStart, end) of fused strongly connected components
   * has ended before every statement reached full rank. When the components linked by active
   * dependences, each scheduled on its own after a scalar cut at {@code bandStart}, get a longer
   * permutable band (as the two products of 2mm do: fused they share only (i, j), apart each gets
   * (i, j, k)), the fused band is replaced by the cut and the longer band, and true is returned;
   * otherwise nothing changes. The cut level is at {@code bandStart} and the new band follows it.
   */
  private boolean fissionDeepensBand(List<Dep> active, Map<String, List<long[]>> hyperplanes,
      List<Map<String, long[]>> levelRows, List<Boolean> scalar, int bandStart) {
    int[] value = linkedComponents(active);
    if (value == null) return false;
    int fused = levelRows.size() - bandStart;
    List<Map<String, long[]>> trialRows = new ArrayList<>(levelRows.subList(0, bandStart));
    List<Boolean> trialScalar = new ArrayList<>(scalar.subList(0, bandStart));
    Map<String, List<long[]>> trialPlanes = new HashMap<>();
    hyperplanes.forEach((st, h) -> trialPlanes.put(st, new ArrayList<>(h.subList(0, h.size() - fused))));
    addScalarLevel(value, trialRows, trialScalar);
    List<Dep> apart = ties(active, trialRows, bandStart, bandStart + 1);
    int found = 0;
    while (found <= fused && !allFullRank(trialPlanes)) {
      Optional<long[]> sol = findHyperplane(apart, trialPlanes);
      if (sol.isEmpty()) break;
      Map<String, long[]> rows = rowsOf(sol.get());
      trialRows.add(rows);
      trialScalar.add(false);
      rows.forEach((st, r) -> trialPlanes.get(st).add(Arrays.copyOfRange(r, 1 + params.size(), r.length)));
      found++;
    }
    if (found <= fused) return false;
    levelRows.clear();
    levelRows.addAll(trialRows);
    scalar.clear();
    scalar.addAll(trialScalar);
    hyperplanes.clear();
    hyperplanes.putAll(trialPlanes);
    return true;
  }

  /**
   * A scalar level value per statement (domain order) separating the strongly connected components
   * that active dependences link to one another, numbered topologically; statements of components
   * no active dependence links to another one get 0. Null when no dependence links two components.
   */
  private int[] linkedComponents(List<Dep> active) {
    List<String> names = new ArrayList<>(domains.keySet());
    int[] comp = components(active);
    boolean[] linked = new boolean[comp.length];
    boolean any = false;
    for (Dep d : active) {
      int s = names.indexOf(d.src());
      int t = names.indexOf(d.dst());
      if (comp[s] == comp[t]) continue;
      linked[comp[s]] = linked[comp[t]] = true;
      any = true;
    }
    if (!any) return null;
    int[] value = new int[comp.length];
    for (int i = 0; i < comp.length; i++) value[i] = linked[comp[i]] ? comp[i] : 0;
    return value;
  }

  private void closeBand(List<AffineSchedule.Band> bands, int first, int end) {
    bands.add(new AffineSchedule.Band(first, end - first));
  }

  private boolean allFullRank(Map<String, List<long[]>> hyperplanes) {
    for (String s : domains.keySet()) {
      if (Hyperplanes.rank(hyperplanes.get(s), dims.get(s)) < dims.get(s)) return false;
    }
    return true;
  }

  // ---------------------------------------------------------------------------------------------
  // The integer program of one hyperplane

  private Optional<long[]> findHyperplane(List<Dep> active, Map<String, List<long[]>> hyperplanes) {
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    for (Dep d : active) {
      // phi_T(t) - phi_S(s) >= 0 on the dependence polyhedron
      addFarkas(d, false, eqs, ineqs);
      // u . p + w - (phi_T(t) - phi_S(s)) >= 0
      addFarkas(d, true, eqs, ineqs);
    }
    for (int v = 1; v <= nUnknown; v++) ineqs.add(unit(v));
    for (String s : domains.keySet()) {
      int m = dims.get(s);
      List<long[]> h = hyperplanes.get(s);
      if (Hyperplanes.rank(h, m) >= m) continue;
      List<long[]> orth = Hyperplanes.orthogonalComplement(h, m);
      long[] sum = new long[1 + nUnknown];
      sum[0] = -1;
      for (long[] b : orth) {
        long[] row = new long[1 + nUnknown];
        for (int j = 0; j < m; j++) {
          row[base.get(s) + j] = b[j];
          sum[base.get(s) + j] += b[j];
        }
        ineqs.add(row);
      }
      ineqs.add(sum);
    }
    // objective order: u, w, then per statement its coefficients from the last iterator to the first, then the shift
    int[] order = objectiveOrder();
    Optional<long[]> sol = ilp.lexmin(nUnknown, permute(eqs, order), permute(ineqs, order));
    return sol.map(x -> unpermute(x, order));
  }

  private int[] objectiveOrder() {
    // order[k] = unknown placed at position k (1-based columns)
    int[] order = new int[1 + nUnknown];
    int k = 1;
    for (int v = 1; v <= params.size() + 1; v++) order[k++] = v;
    for (String s : domains.keySet()) {
      int b = base.get(s);
      int m = dims.get(s);
      for (int j = m - 1; j >= 0; j--) order[k++] = b + j;
      order[k++] = b + m;
    }
    return order;
  }

  private static List<long[]> permute(List<long[]> rows, int[] order) {
    List<long[]> out = new ArrayList<>(rows.size());
    for (long[] r : rows) {
      long[] o = new long[r.length];
      o[0] = r[0];
      for (int k = 1; k < r.length; k++) o[k] = r[order[k]];
      out.add(o);
    }
    return out;
  }

  private static long[] unpermute(long[] x, int[] order) {
    long[] out = new long[x.length];
    for (int k = 1; k <= x.length; k++) out[order[k] - 1] = x[k - 1];
    return out;
  }

  private long[] unit(int v) {
    long[] r = new long[1 + nUnknown];
    r[v] = 1;
    return r;
  }

  /**
   * The coefficients, per column of the dependence polyhedron, of {@code phi_T(t) - phi_S(s)} (or
   * of {@code u . p + w - (phi_T(t) - phi_S(s))} when {@code bound}) as affine forms over the unknowns.
   */
  private long[][] distanceForm(Dep d, boolean bound) {
    BasicRelation p = d.poly();
    int np = params.size();
    int ms = dims.get(d.src());
    int mt = dims.get(d.dst());
    long[][] form = new long[p.nCol()][];
    for (int c = 0; c < form.length; c++) form[c] = new long[1 + nUnknown];
    long sign = bound ? -1 : 1;
    int bs = base.get(d.src());
    int bt = base.get(d.dst());
    for (int j = 0; j < ms; j++) form[p.inCol(j)][bs + j] -= sign;
    for (int j = 0; j < mt; j++) form[p.outCol(j)][bt + j] += sign;
    form[0][bt + mt] += sign;
    form[0][bs + ms] -= sign;
    if (bound) {
      for (int k = 0; k < np; k++) form[p.paramCol(k)][1 + k] += 1;
      form[0][1 + np] += 1;
    }
    return form;
  }

  private void addFarkas(Dep d, boolean bound, List<long[]> eqs, List<long[]> ineqs) {
    RationalElimination.System s =
        farkas.get(bound ? 1 : 0).computeIfAbsent(d, x -> Farkas.nonNegative(x.poly(), distanceForm(x, bound), nUnknown));
    if (s.infeasible) {
      long[] contradiction = new long[1 + nUnknown];
      contradiction[0] = -1;
      ineqs.add(contradiction);
      return;
    }
    eqs.addAll(s.eqs);
    ineqs.addAll(s.ineqs);
  }

  /** Per statement, the hyperplane row [const, params (0), iterators] from an ILP solution. */
  private Map<String, long[]> rowsOf(long[] x) {
    Map<String, long[]> rows = new LinkedHashMap<>();
    int np = params.size();
    for (String s : domains.keySet()) {
      int m = dims.get(s);
      int b = base.get(s);
      long[] row = new long[1 + np + m];
      for (int j = 0; j < m; j++) row[1 + np + j] = x[b + j - 1];
      row[0] = x[b + m - 1];
      rows.put(s, row);
    }
    return rows;
  }

  /** The rows of an affine schedule map, level by level (statements padded with zeros). */
  private List<Map<String, long[]>> originalLevels(UnionRelation original) {
    UnionRelation aligned = original.alignParams(params);
    int n = 0;
    for (Relation r : aligned.relations()) n = Math.max(n, r.space().nOut());
    List<Map<String, long[]>> levels = new ArrayList<>();
    for (int l = 0; l < n; l++) levels.add(new LinkedHashMap<>());
    int np = params.size();
    for (String st : domains.keySet()) {
      Relation r = null;
      for (Relation x : aligned.relations()) if (x.space().isMap() && st.equals(x.space().domainTuple().name())) r = x;
      if (r == null || r.nBasic() != 1) throw new IllegalStateException("original schedule of " + st + " is not affine");
      BasicRelation b = r.basics().get(0);
      int m = dims.get(st);
      for (int l = 0; l < n; l++) {
        long[] row = new long[1 + np + m];
        if (l < b.nOut()) {
          long[] eq = null;
          for (long[] e : b.equalities()) {
            boolean only = Math.abs(e[b.outCol(l)]) == 1;
            for (int o = 0; o < b.nOut() && only; o++) if (o != l && e[b.outCol(o)] != 0) only = false;
            for (int c = b.localCol(0); c < b.nCol() && only; c++) if (e[c] != 0) only = false;
            if (only) eq = e;
          }
          if (eq == null) throw new IllegalStateException("original schedule of " + st + " is not affine");
          long sign = -eq[b.outCol(l)]; // t_l = sign * (rest)
          row[0] = sign * eq[0];
          for (int k = 0; k < np; k++) row[1 + k] = sign * eq[b.paramCol(k)];
          for (int j = 0; j < m; j++) row[1 + np + j] = sign * eq[b.inCol(j)];
        }
        levels.get(l).put(st, row);
      }
    }
    return levels;
  }

  // ---------------------------------------------------------------------------------------------
  // Satisfaction, cuts, coincidence, legality

  /** The row {@code phi_T(t) - phi_S(s) + shift} over the columns of the dependence polyhedron. */
  private long[] difference(Dep d, Map<String, long[]> level, long shift) {
    BasicRelation p = d.poly();
    int np = params.size();
    long[] rs = level.get(d.src());
    long[] rt = level.get(d.dst());
    // no local columns: the relations it is added to may have fewer locals than d.poly() once
    // their normal form eliminates some (rows are padded with zeros)
    long[] row = new long[1 + p.nVar()];
    row[0] = rt[0] - rs[0] + shift;
    for (int k = 0; k < np; k++) row[p.paramCol(k)] = rt[1 + k] - rs[1 + k];
    for (int j = 0; j < dims.get(d.src()); j++) row[p.inCol(j)] -= rs[1 + np + j];
    for (int j = 0; j < dims.get(d.dst()); j++) row[p.outCol(j)] += rt[1 + np + j];
    return row;
  }

  private static long[] negate(long[] r) {
    long[] o = new long[r.length];
    for (int i = 0; i < r.length; i++) o[i] = -r[i];
    return o;
  }

  /**
   * The parts of the dependences not yet ordered by the levels [from, to): the points where every
   * one of these levels gives source and sink the same value (the levels keep every dependence
   * weakly satisfied, so the other points are ordered by the first level that separates them).
   */
  private List<Dep> ties(List<Dep> active, List<Map<String, long[]>> levels, int from, int to) {
    List<Dep> out = new ArrayList<>();
    for (Dep d : active) {
      BasicRelation.Builder b = d.poly().toBuilder();
      for (int l = from; l < to; l++) b.addEq(difference(d, levels.get(l), 0));
      BasicRelation rest = b.build();
      if (!rest.isEmpty()) out.add(new Dep(d.src(), d.dst(), rest));
    }
    return out;
  }

  /** True when some dependence lost points between {@code before} and {@code after} (= ties(before)). */
  private static boolean shrank(List<Dep> before, List<Dep> after) {
    if (after.size() < before.size()) return true;
    for (int i = 0; i < before.size(); i++) {
      if (!before.get(i).poly().isSubset(after.get(i).poly())) return true;
    }
    return false;
  }

  /** A loop level is parallel when it carries no dependence left unsatisfied by the outer levels. */
  private boolean coincident(List<Map<String, long[]>> levels, int l) {
    List<Dep> open = ties(deps, levels, 0, l);
    for (Dep d : open) {
      long[] row = difference(d, levels.get(l), -1); // phi_T - phi_S >= 1 somewhere?
      if (!d.poly().toBuilder().addIneq(row).build().isEmpty()) return false;
    }
    return true;
  }

  /**
   * Adds a scalar level between strongly connected components and returns the dependences it
   * leaves tied, or null (and no level) when it would order nothing. With {@code hyperplanes}
   * (the statements' hyperplanes so far), consecutive components that a common next hyperplane
   * can run together without losing parallelism stay fused ({@link #fusingCut}).
   */
  private List<Dep> cutWithProgress(List<Dep> active, List<Map<String, long[]>> levels, List<Boolean> scalar,
      Map<String, List<long[]>> hyperplanes) {
    if (!cut(active, levels, scalar, hyperplanes)) return null;
    List<Dep> narrowed = ties(active, levels, levels.size() - 1, levels.size());
    if (!shrank(active, narrowed)) {
      levels.remove(levels.size() - 1);
      scalar.remove(scalar.size() - 1);
      return null;
    }
    return narrowed;
  }

  /**
   * Adds a scalar level ordering the strongly connected components of the dependence graph of the
   * active dependences topologically (grouped by {@link #fusingCut} when {@code hyperplanes} is
   * given). Returns false when there is a single component.
   */
  private boolean cut(List<Dep> active, List<Map<String, long[]>> levels, List<Boolean> scalar,
      Map<String, List<long[]>> hyperplanes) {
    int[] comp = components(active);
    int nComp = Arrays.stream(comp).max().orElse(-1) + 1;
    if (nComp <= 1) return false;
    // fused only inside an outer loop, where each separate nest would sweep its arrays once per
    // iteration of it; at the outermost level every nest stays free to be permuted, tiled and
    // vectorized on its own (deriche's column sweeps run interchanged, vectorized across columns)
    boolean inLoop = scalar.contains(false);
    addScalarLevel(hyperplanes == null || !inLoop ? comp : fusingCut(comp, nComp, active, hyperplanes), levels, scalar);
    return true;
  }

  /**
   * The cut as few as needed (typed fusion, Kennedy and McKinley): the components are grouped while
   * they are taken in a topological order of the dependences between them. The next component is
   * one that is ready (its predecessors taken) and can join the current group, the first such in
   * the program's text; when none can, the current group closes and the ready component needing
   * the fewest further loops (then the first in the text) starts the next one. A component can
   * join a group when it needs as many further loops as the group (so that a statement never
   * runs under guards inside loops it does not have, like an initialization inside a reduction's
   * band), both or neither have a next hyperplane of distance zero (a parallel loop is never fused
   * with a sequential one), and the group's statements and its own still have a common next
   * hyperplane whose distance bound (u, w) is no larger than the larger of the two parts' own:
   * fusing makes no loop carry what it did not carry apart, and consumers run beside their
   * producers. adi's sweeps are cut this way into their boundary statements and their three
   * row recurrences, which then run fused along each row, in parallel over the rows, instead of
   * one loop nest per statement. Returns the group of every statement (domain order), or {@code
   * comp} itself when no two components fuse.
   */
  private int[] fusingCut(int[] comp, int nComp, List<Dep> active, Map<String, List<long[]>> hyperplanes) {
    List<String> names = new ArrayList<>(domains.keySet());
    int[] remaining = new int[nComp]; // loops a component's statements still need (the most)
    int[] first = new int[nComp]; // its first statement in the program
    Arrays.fill(first, Integer.MAX_VALUE);
    for (int i = 0; i < names.size(); i++) {
      String st = names.get(i);
      remaining[comp[i]] = Math.max(remaining[comp[i]], dims.get(st) - Hyperplanes.rank(hyperplanes.get(st), dims.get(st)));
      first[comp[i]] = Math.min(first[comp[i]], i);
    }
    boolean[][] edge = new boolean[nComp][nComp];
    int[] indegree = new int[nComp];
    for (Dep d : active) {
      int x = comp[names.indexOf(d.src())];
      int y = comp[names.indexOf(d.dst())];
      if (x != y && !edge[x][y]) {
        edge[x][y] = true;
        indegree[y]++;
      }
    }
    List<Integer> ready = new ArrayList<>();
    for (int c = 0; c < nComp; c++) if (indegree[c] == 0) ready.add(c);
    long[][] own = new long[nComp][];
    boolean[] ownKnown = new boolean[nComp];
    int[] groupOfComp = new int[nComp];
    int nGroups = 0;
    boolean fused = false;
    List<Integer> current = new ArrayList<>();
    long[] currentBound = null;
    while (!ready.isEmpty()) {
      ready.sort(java.util.Comparator.comparingInt(x -> first[x]));
      int next = -1;
      long[] nextBound = null;
      for (int c : current.isEmpty() || currentBound == null ? List.<Integer>of() : ready) {
        if (remaining[c] != remaining[current.get(0)]) continue;
        if (!ownKnown[c]) {
          own[c] = distanceBound(List.of(c), comp, active, hyperplanes, names);
          ownKnown[c] = true;
        }
        if (own[c] == null) continue;
        List<Integer> trial = new ArrayList<>(current);
        trial.add(c);
        long[] together = linked(current, c, comp, active, names)
            ? distanceBound(trial, comp, active, hyperplanes, names)
            : maxEach(currentBound, own[c]); // independent parts: each keeps its own hyperplane
        if (together != null && isZero(currentBound) == isZero(own[c])
            && compareLex(together, maxLex(currentBound, own[c])) <= 0) {
          next = c;
          nextBound = together;
          break;
        }
      }
      if (next >= 0) {
        fused = true;
        current.add(next);
        currentBound = nextBound;
        groupOfComp[next] = nGroups - 1;
      } else {
        next = java.util.Collections.min(ready,
            java.util.Comparator.<Integer>comparingInt(x -> remaining[x]).thenComparingInt(x -> first[x]));
        if (!ownKnown[next]) {
          own[next] = distanceBound(List.of(next), comp, active, hyperplanes, names);
          ownKnown[next] = true;
        }
        current = new ArrayList<>(List.of(next));
        currentBound = own[next];
        groupOfComp[next] = nGroups++;
      }
      ready.remove(Integer.valueOf(next));
      for (int t = 0; t < nComp; t++) if (edge[next][t] && --indegree[t] == 0) ready.add(t);
    }
    if (!fused) return comp;
    int[] value = new int[comp.length];
    for (int i = 0; i < comp.length; i++) value[i] = groupOfComp[comp[i]];
    return value;
  }

  /**
   * The (u, w) of the next hyperplane of the statements of components {@code cs} under the
   * dependences among them (the first 1 + |params| unknowns of its solution), or null when there
   * is none.
   */
  private long[] distanceBound(List<Integer> cs, int[] comp, List<Dep> active, Map<String, List<long[]>> hyperplanes,
      List<String> names) {
    List<Dep> among = new ArrayList<>();
    for (Dep d : active) {
      if (cs.contains(comp[names.indexOf(d.src())]) && cs.contains(comp[names.indexOf(d.dst())])) among.add(d);
    }
    if (among.isEmpty()) return new long[params.size() + 1]; // any new independent row will do
    // the integer program of these statements alone (the others' unknowns are unconstrained)
    List<Relation> doms = new ArrayList<>();
    Map<String, List<long[]>> planes = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      if (!cs.contains(comp[i])) continue;
      doms.add(domains.get(names.get(i)));
      planes.put(names.get(i), hyperplanes.get(names.get(i)));
    }
    PlutoScheduler part = new PlutoScheduler(params, doms, among, ilp);
    Optional<long[]> sol = part.findHyperplane(among, planes);
    return sol.map(x -> Arrays.copyOf(x, params.size() + 1)).orElse(null);
  }

  /** Whether an active dependence runs between a statement of components {@code cs} and one of {@code c}. */
  private static boolean linked(List<Integer> cs, int c, int[] comp, List<Dep> active, List<String> names) {
    for (Dep d : active) {
      int a = comp[names.indexOf(d.src())];
      int b = comp[names.indexOf(d.dst())];
      if ((a == c && cs.contains(b)) || (b == c && cs.contains(a))) return true;
    }
    return false;
  }

  private static boolean isZero(long[] a) {
    for (long x : a) if (x != 0) return false;
    return true;
  }

  private static long[] maxEach(long[] a, long[] b) {
    long[] m = new long[a.length];
    for (int i = 0; i < a.length; i++) m[i] = Math.max(a[i], b[i]);
    return m;
  }

  private static int compareLex(long[] a, long[] b) {
    for (int i = 0; i < a.length; i++) if (a[i] != b[i]) return Long.compare(a[i], b[i]);
    return 0;
  }

  private static long[] maxLex(long[] a, long[] b) {
    return compareLex(a, b) >= 0 ? a : b;
  }

  /**
   * Pluto's smart fusion: before any hyperplane, separates strongly connected components of
   * different dimensionality (the components in topological order, a new group wherever the
   * dimension changes), so that a statement never runs inside a deeper nest it does not belong
   * to. Returns false (and adds nothing) when all components have one dimension.
   */
  private boolean dimensionCut(List<Dep> active, List<Map<String, long[]>> levels, List<Boolean> scalar) {
    List<String> names = new ArrayList<>(domains.keySet());
    int[] comp = components(active);
    int nComp = Arrays.stream(comp).max().orElse(-1) + 1;
    int[] compDim = new int[nComp];
    for (int i = 0; i < comp.length; i++) compDim[comp[i]] = Math.max(compDim[comp[i]], dims.get(names.get(i)));
    int[] group = new int[nComp];
    for (int c = 1; c < nComp; c++) group[c] = group[c - 1] + (compDim[c] != compDim[c - 1] ? 1 : 0);
    if (nComp == 0 || group[nComp - 1] == 0) return false;
    int[] statementGroup = new int[comp.length];
    for (int i = 0; i < comp.length; i++) statementGroup[i] = group[comp[i]];
    addScalarLevel(statementGroup, levels, scalar);
    return true;
  }

  /** The component of every statement (in domain order), numbered in a topological order. */
  private int[] components(List<Dep> active) {
    List<String> names = new ArrayList<>(domains.keySet());
    boolean[][] edge = new boolean[names.size()][names.size()];
    for (Dep d : active) edge[names.indexOf(d.src())][names.indexOf(d.dst())] = true;
    return sccTopological(edge);
  }

  /** A scalar level giving statement i (in domain order) the constant {@code value[i]}. */
  private void addScalarLevel(int[] value, List<Map<String, long[]>> levels, List<Boolean> scalar) {
    Map<String, long[]> rows = new LinkedHashMap<>();
    int np = params.size();
    int i = 0;
    for (String st : domains.keySet()) {
      long[] row = new long[1 + np + dims.get(st)];
      row[0] = value[i++];
      rows.put(st, row);
    }
    levels.add(rows);
    scalar.add(true);
  }

  /** Strongly connected components numbered in a topological order of the condensation (Tarjan). */
  static int[] sccTopological(boolean[][] edge) {
    int n = edge.length;
    int[] index = new int[n];
    int[] low = new int[n];
    int[] comp = new int[n];
    boolean[] onStack = new boolean[n];
    Arrays.fill(index, -1);
    Deque<Integer> stack = new ArrayDeque<>();
    int[] counter = {0, 0};
    for (int v = 0; v < n; v++) if (index[v] < 0) strongConnect(v, edge, index, low, comp, onStack, stack, counter);
    // Tarjan numbers components in reverse topological order; statements keep textual order within ties
    int nComp = counter[1];
    for (int v = 0; v < n; v++) comp[v] = nComp - 1 - comp[v];
    return comp;
  }

  private static void strongConnect(int v, boolean[][] edge, int[] index, int[] low, int[] comp, boolean[] onStack,
      Deque<Integer> stack, int[] counter) {
    index[v] = low[v] = counter[0]++;
    stack.push(v);
    onStack[v] = true;
    for (int w = 0; w < edge.length; w++) {
      if (!edge[v][w]) continue;
      if (index[w] < 0) {
        strongConnect(w, edge, index, low, comp, onStack, stack, counter);
        low[v] = Math.min(low[v], low[w]);
      } else if (onStack[w]) {
        low[v] = Math.min(low[v], index[w]);
      }
    }
    if (low[v] == index[v]) {
      int w;
      do {
        w = stack.pop();
        onStack[w] = false;
        comp[w] = counter[1];
      } while (w != v);
      counter[1]++;
    }
  }

  /** Every dependence must go strictly forward in the lexicographic order of the schedule. */
  private void checkLegal(AffineSchedule s) {
    for (Dep d : deps) {
      // violated iff some point has equal prefixes up to l and phi_T - phi_S < 0 at l (or all equal)
      List<BasicRelation> open = List.of(d.poly());
      for (AffineSchedule.Level level : s.levels()) {
        List<BasicRelation> next = new ArrayList<>();
        for (BasicRelation p : open) {
          long[] diff = difference(d, level.rows(), 0);
          if (!p.toBuilder().addIneq(negate(shift(diff, 1))).build().isEmpty()) { // diff <= -1
            throw new IllegalStateException("schedule violates dependence " + d.src() + " -> " + d.dst());
          }
          BasicRelation eq = p.toBuilder().addEq(diff).build();
          if (!eq.isEmpty()) next.add(eq);
        }
        open = next;
      }
      if (!open.isEmpty()) {
        throw new IllegalStateException("schedule does not order dependence " + d.src() + " -> " + d.dst());
      }
    }
  }

  private static long[] shift(long[] r, long c) {
    long[] o = r.clone();
    o[0] += c;
    return o;
  }
}
