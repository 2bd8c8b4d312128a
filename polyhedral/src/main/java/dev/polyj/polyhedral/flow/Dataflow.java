package dev.polyj.polyhedral.flow;

import dev.polyj.presburger.pip.Lexopt;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Exact array dataflow analysis (value-based dependences) in Feautrier's formulation, with isl's
 * must/may/kill semantics, computed the way section 3 of Verdoolaege, Nikolov, Stefanov, "On
 * Demand Parametric Array Dataflow Analysis" (IMPACT 2013) describes.
 *
 * <p>Each sink access relation {@code C -> a} is analysed on its own, one basic relation (typically
 * one array reference) at a time, over the set {@code K} of sink accesses {@code (c -> a)}: merging
 * references first would give fewer, but more complex, dependence pieces. Times come from the
 * schedule, padded to one time space. A source
 * instance runs before the sink instance at level {@code l} when their times agree on the first
 * {@code l} dimensions and the source's is smaller at dimension {@code l}; every source at a deeper
 * level runs after every source at a shallower one. So the levels are visited deepest first, and at
 * each level only the sink accesses not yet resolved (without a definite source at a deeper level)
 * take part:
 * <ul>
 *   <li>the definite sources (must sources and kills) of the array are taken closest first; for
 *       each, the partial lexicographic maximum ({@link Lexopt#partialLexmax}) of its times at this
 *       level, over the unresolved sink accesses, constrained to be no earlier than the maximum
 *       already found at this level, gives its last write and updates that maximum;
 *   <li>the possible (may) sources give a may dependence from every write at this level not before
 *       the maximum (all of them where there is none): they do not end the search;
 *   <li>a must source whose last write is the maximum gives a dependence; kills give none;
 *   <li>writes of different statements at the same time are unordered, as in isl: a may source at
 *       the time of the maximum is a possible source, and where two statements' definite writes
 *       both make the maximum, their dependences are only possible;
 *   <li>the sink accesses with a maximum are resolved; the others go on to the next level.
 * </ul>
 * A must dependence becomes a may dependence where a may source writes not before it. The sink accesses
 * never resolved are {@code may_no_source}; those of them without any may source, {@code
 * must_no_source}. Accesses of filtered statements (dynamic conditions) are definite only where
 * they surely run, see {@link AccessInfo}.
 */
public final class Dataflow {
  private Dataflow() {}

  public static FlowResult compute(AccessInfo info) {
    return compute(info, true);
  }

  /**
   * The analysis; with {@code implications}, a filtered source instance is definite for the sink
   * instances whose own filter implies that it runs ({@link FilterImplication}).
   */
  static FlowResult compute(AccessInfo info, boolean implications) {
    return run(info, implications, false).flow;
  }

  /**
   * The analysis with the on-demand parametrization of sections 5 and 6 of the paper ({@link
   * ParametricFlow}): a write of a filtered statement that is not known to run whenever the sink
   * runs is a definite source whose last executed instance is a parameter.
   */
  public static ParametricFlow computeParametric(AccessInfo info) {
    Run r = run(info, true, true);
    return new ParametricFlow(r.flow.mustDependence(), r.flow.mustNoSource(), r.introduced);
  }

  private record Run(FlowResult flow, List<String> introduced) {}

  private static Run run(AccessInfo info, boolean implications, boolean parametric) {
    List<String> params = List.of();
    for (UnionRelation u : List.of(info.sink(), info.mustSource(), info.maySource(), info.kill(), info.scheduleMap())) {
      params = Space.mergeParams(params, u.paramNames());
    }
    for (Filter f : info.filters()) params = Space.mergeParams(params, f.values().space().params());
    List<String> lastParams = new ArrayList<>();
    if (parametric) {
      // the parameters a filtered statement may need: its last executed instance and level
      for (Filter f : info.filters()) {
        String name = f.statement().tuple().name();
        for (int d = 0; d < f.statement().nOut(); d++) lastParams.add(ParametricFlow.lambda(name, d));
        lastParams.add(ParametricFlow.sigma(name));
      }
      params = Space.mergeParams(params, lastParams);
    }
    UnionRelation sink = info.sink().alignParams(params);
    UnionRelation must = info.mustSource().alignParams(params);
    UnionRelation may = info.maySource().alignParams(params);
    UnionRelation kill = info.kill().alignParams(params);
    // accesses of filtered statements are definite where the statement always runs, else possible
    UnionRelation mayRun = UnionRelation.empty(params);
    UnionRelation mayKill = UnionRelation.empty(params);
    for (Filter f : info.filters()) {
      Relation always = f.alwaysRun().alignParams(params);
      mayRun = mayRun.union(restrict(must, always, false, params));
      mayKill = mayKill.union(restrict(kill, always, false, params));
      must = restrict(must, always, true, params);
      kill = restrict(kill, always, true, params);
    }
    if (!parametric) may = may.union(mayRun);
    may = may.subtract(must); // a must access trumps a may one
    TimeSchedule schedule = new TimeSchedule(info.scheduleMap().alignParams(params), params);
    Levels levels = new Levels(schedule.timeSpace());
    FilterImplication implication = implications && !info.filters().isEmpty()
        ? new FilterImplication(info, params) : null;

    Results out = new Results();
    for (Relation c : sink.relations()) {
      if (!c.space().isMap()) continue;
      for (BasicRelation b : c.basics()) {
        analyseSink(Relation.of(b), new Sources(must, kill, may, mayRun, mayKill, implication, parametric), schedule,
            levels, out);
      }
    }
    UnionRelation mustDep = union(out.mustDeps, params);
    UnionRelation mayDep = union(out.mayDeps, params).union(mustDep);
    UnionRelation mustNo = union(out.mustNoSource, params);
    UnionRelation mayNo = union(out.mayNoSource, params).union(mustNo);
    UnionRelation fullMust = union(out.fullMustDeps, params);
    UnionRelation fullMay = union(out.fullMayDeps, params).union(fullMust);
    // the full dependences are only printed (flow): coalesced there, not for every optimization;
    // the may results are often the must ones (no possible source): each relation coalesced once
    Map<Relation, Relation> coalesced = new HashMap<>();
    Function<UnionRelation, UnionRelation> coalesce = u -> u.map(r -> coalesced.computeIfAbsent(r, Relation::coalesce));
    FlowResult flow = new FlowResult(coalesce.apply(mustDep), coalesce.apply(mayDep), coalesce.apply(mustNo),
        coalesce.apply(mayNo), fullMust, fullMay);
    if (!parametric) return new Run(flow, List.of());
    // the parameters no maximization needed are unconstrained: projected out
    List<String> kept = new ArrayList<>();
    for (String p : params) if (!lastParams.contains(p) || out.introduced.contains(p)) kept.add(p);
    List<String> introduced = new ArrayList<>();
    for (String p : lastParams) if (out.introduced.contains(p)) introduced.add(p);
    return new Run(new FlowResult(ParametricFlow.keepParams(flow.mustDependence(), kept),
        ParametricFlow.keepParams(flow.mayDependence(), kept), ParametricFlow.keepParams(flow.mustNoSource(), kept),
        ParametricFlow.keepParams(flow.mayNoSource(), kept)), introduced);
  }

  private static void analyseSink(Relation c, Sources sources, TimeSchedule schedule, Levels levels, Results out) {
    Tuple array = c.space().rangeTuple();
    Relation accesses = c.wrap();
    Relation domainMap = c.domainMap(); // [c -> a] -> c
    Relation rangeMap = c.rangeMap(); // [c -> a] -> a
    Space sinkStatement = c.space().domain();
    Long[] sinkFixed = schedule.fixed(sinkStatement);
    Relation sinkTime = domainMap.apply(schedule.of(sinkStatement)); // [c -> a] -> time of c

    List<Source> definite = new ArrayList<>();
    List<Source> possible = new ArrayList<>();
    collect(sources.must, array, false, rangeMap, schedule, definite, Map.of());
    collect(sources.kill, array, true, rangeMap, schedule, definite, Map.of());
    Map<Space, Relation> promoted = new HashMap<>();
    if (sources.implication != null) {
      // filtered writes and kills that run whenever this sink instance runs are definite for it
      promote(sources.mayRun, false, c, sources.implication, schedule, definite, promoted);
      promote(sources.mayKill, true, c, sources.implication, schedule, definite, new HashMap<>());
    }
    if (sources.implication != null) exclude(sources.mayRun, c, sources.implication, promoted);
    collect(sources.may, array, false, rangeMap, schedule, possible, promoted);
    if (sources.parametric) {
      // the other writes of filtered statements: definite sources whose last instance is a parameter
      List<Source> last = new ArrayList<>();
      collect(sources.mayRun, array, false, rangeMap, schedule, last, promoted);
      for (Source s : last) s.parametrized = true;
      definite.addAll(last);
    }
    Comparator<Source> closestFirst = (x, y) -> TimeSchedule.closestFirst(x.fixed, y.fixed);
    definite.sort(closestFirst);
    possible.sort(closestFirst);

    Space timeMaps = accesses.space().mapTo(schedule.timeSpace());
    Relation unresolved = accesses;
    Relation withMaySource = Relation.empty(accesses.space());
    // per source parametrized so far, at this level or a deeper one: its instances that ran, and
    // those that did not, given its parameters (facts about the run whatever the level)
    List<Relation[]> states = new ArrayList<>();
    List<Source> stateOf = new ArrayList<>();
    if (!definite.isEmpty() || !possible.isEmpty()) {
      for (int level = schedule.arity() - 1; level >= 0; level--) {
        if (unresolved.isEmpty()) break;
        if (!anyPrecedesAt(definite, sinkFixed, level) && !anyPrecedesAt(possible, sinkFixed, level)) continue;
        unresolved = unresolved.coalesce();
        // the times at this level of the instances running before each unresolved sink access
        Relation window = sinkTime.intersectDomain(unresolved).apply(levels.before(level));
        Relation best = Relation.empty(timeMaps); // last definite write found so far at this level
        Relation none = unresolved; // the unresolved sink accesses without one
        // sink accesses with parameter values that contradict a parametrization (section 6.2)
        Relation dropped = Relation.empty(unresolved.space());
        List<Relation> lasts = new ArrayList<>();
        List<Source> lastOf = new ArrayList<>();
        // per entry of lasts: the part of best it gives (best is their union, the parts' domains disjoint)
        List<Relation> parts = new ArrayList<>();
        for (Source s : definite) {
          if (!TimeSchedule.canPrecedeAt(s.fixed, sinkFixed, level)) continue;
          Relation m = s.times.intersect(window);
          if (m.isEmpty()) continue;
          if (s.parametrized) {
            Relation writes = s.writes.intersect(m.apply(s.sigma.reverse()));
            ParametricFlow.Parametrization p = ParametricFlow.parametrize(writes, s.statement(), level,
                unresolved.space().params());
            Relation impossible = unresolved.intersect(writes.domain()).subtract(p.sink());
            unresolved = unresolved.subtract(impossible);
            dropped = dropped.union(impossible);
            none = none.subtract(impossible);
            window = window.subtractDomain(impossible);
            // section 6.4, appendix A.4: parameter values of this source and of those parametrized
            // before it, at this level or a deeper one, whose instances would have to be in contradicting states
            Relation[] st = {p.writes(), notExecuted(writes, p.writes(), s, level, levels)};
            Relation inconsistent = inconsistent(st, s, states, stateOf, sources.implication, unresolved);
            if (!inconsistent.isEmpty()) {
              unresolved = unresolved.subtract(inconsistent);
              dropped = dropped.union(inconsistent);
              none = none.subtract(inconsistent);
              window = window.subtractDomain(inconsistent);
            }
            states.add(st);
            stateOf.add(s);
            m = p.writes().apply(s.sigma);
            out.introduced.addAll(p.introduced());
            if (m.isEmpty()) continue;
          }
          if (!best.isEmpty()) m = m.intersectDomain(none).union(m.intersect(best.apply(levels.after(level, true))));
          if (m.isEmpty()) continue;
          // pieces of the candidates multiply in the maximum (each splits the others' domains): fewer first
          if (m.nBasic() > 1) m = m.coalesce();
          Relation r = Lexopt.partialLexmax(m, unresolved).optimum().toRelation();
          // the sink accesses left without a write are those outside the candidates' domain (this
          // subtraction gives fewer pieces than the solver's case split of the same set)
          none = none.subtract(m.domain());
          // the sink accesses r takes over leave the earlier sources' parts
          if (!parts.isEmpty()) {
            Relation taken = r.domain();
            for (int j = 0; j < parts.size(); j++) {
              if (!parts.get(j).isEmpty()) parts.set(j, parts.get(j).subtractDomain(taken));
            }
          }
          lasts.add(r);
          lastOf.add(s);
          parts.add(r);
          best = unionOfParts(parts, timeMaps);
        }
        for (Source s : possible) {
          if (!TimeSchedule.canPrecedeAt(s.fixed, sinkFixed, level)) continue;
          Relation m = s.times.intersect(window);
          if (m.isEmpty()) continue;
          if (!best.isEmpty()) m = m.intersectDomain(none).union(m.intersect(best.apply(levels.after(level, true))));
          if (m.isEmpty()) continue;
          s.add(m, false);
          withMaySource = withMaySource.union(m.domain());
        }
        List<Relation> atBest = new ArrayList<>();
        for (int i = 0; i < lasts.size(); i++) {
          Relation at = lastAtBest(i, lasts, lastOf, parts);
          if (!dropped.isEmpty()) at = at.subtractDomain(dropped);
          atBest.add(at);
          if (!at.isEmpty() && !lastOf.get(i).kill) lastOf.get(i).add(at, true);
        }
        withMaySource = withMaySource.union(coscheduled(atBest, lastOf, accesses.space()));
        unresolved = none;
      }
    }

    for (Source s : definite) {
      if (s.kill || s.deps == null) continue;
      if (withMaySource.isEmpty()) {
        out.addMust(s.deps.reverse(), domainMap);
      } else {
        out.addMust(s.deps.subtractDomain(withMaySource).reverse(), domainMap);
        out.addMay(s.deps.intersectDomain(withMaySource).reverse(), domainMap);
      }
    }
    for (Source s : possible) {
      if (s.deps != null) out.addMay(s.deps.reverse(), domainMap);
    }
    out.mustNoSource.add(unresolved.subtract(withMaySource).unwrap());
    out.mayNoSource.add(unresolved.unwrap());
  }

  /**
   * The candidate writes {@code writes} ({@code [k -> a] -> p} at one level) that did not run, given
   * the parameters of their statement ({@code executed}: the last one that ran, section 6.2): all
   * of them when none ran at this level or deeper ({@code sigma < level}), else those after the
   * last one (relation (14) of the paper).
   */
  private static Relation notExecuted(Relation writes, Relation executed, Source s, int level, Levels levels) {
    Space sinkSpace = writes.space().domain();
    String sigma = ParametricFlow.sigma(s.statement().tuple().name());
    long[] below = new long[1 + sinkSpace.nVar()];
    below[0] = level - 1;
    below[1 + sinkSpace.params().indexOf(sigma)] = -1;
    Relation noneRan = writes.intersectDomain(Relation.of(BasicRelation.builder(sinkSpace).addIneq(below).build()));
    Relation later = executed.apply(s.sigma).apply(levels.after(0, false));
    return noneRan.union(writes.intersect(later.apply(s.sigma.reverse())));
  }

  /**
   * The sink accesses of {@code unresolved} for which the parameters of source {@code s} (its
   * executed and not executed candidate instances, {@code st}) contradict those of a source
   * parametrized before it, at this level or a deeper one: a pair of instances, one of each,
   * whose filters cannot be in those states together ({@link FilterImplication#conflicting}). Removing them only removes parameter
   * values that never occur (appendix A.4 of the paper; with an instance known to have run, or
   * not, from another source's parameters, this is also the information of its section 6.3.2 and
   * the bound of its section 6.4: the last execution is no earlier than any instance that must have run).
   */
  private static Relation inconsistent(Relation[] st, Source s, List<Relation[]> states, List<Source> stateOf,
      FilterImplication implication, Relation unresolved) {
    Relation out = Relation.empty(unresolved.space());
    if (implication == null) return out;
    for (int j = 0; j < states.size(); j++) {
      Source q = stateOf.get(j);
      for (int a = 0; a < 2; a++) {
        for (int b = 0; b < 2; b++) {
          Relation pairs = implication.conflicting(q.statement(), s.statement(), a == 0, b == 0);
          if (pairs == null) continue;
          Relation xq = states.get(j)[a];
          Relation xs = st[b];
          if (xq.isEmpty() || xs.isEmpty()) continue;
          Relation reach = xq.apply(pairs.withSpace(xq.space().range().mapTo(xs.space().range())));
          out = out.union(reach.intersect(xs).domain());
        }
      }
    }
    return out.intersect(unresolved);
  }

  /**
   * The sink accesses whose last definite write is made at the same time by two statements: the
   * order of their writes is unknown, so neither is definitely the last. Pairs of statements whose
   * times differ at a constant dimension are skipped: the intersection of their domains has no
   * integer point (it would only add empty pieces, which every later use of the result ignores).
   */
  /**
   * {@code lasts[i] ∩ best} where best is the union of {@code parts}: part i (contained in
   * lasts[i]), and where another source may write at the same time as source i, the instances at
   * which its part gives the same time as lasts[i]. Sources whose times differ at a constant time
   * dimension never meet, so their pairs of pieces are not intersected.
   */
  private static Relation lastAtBest(int i, List<Relation> lasts, List<Source> lastOf, List<Relation> parts) {
    Relation at = parts.get(i);
    for (int j = 0; j < parts.size(); j++) {
      if (j == i || parts.get(j).isEmpty()) continue;
      if (TimeSchedule.neverSimultaneous(lastOf.get(i).fixed, lastOf.get(j).fixed)) continue;
      at = at.union(lasts.get(i).intersect(parts.get(j)));
    }
    return at;
  }

  /** The union of {@code parts} (parameters aligned by name), empty in {@code space} when none. */
  private static Relation unionOfParts(List<Relation> parts, Space space) {
    Relation out = Relation.empty(space);
    for (Relation p : parts) out = out.union(p);
    return out;
  }

  private static Relation coscheduled(List<Relation> atBest, List<Source> of, Space accesses) {
    Relation out = Relation.empty(accesses);
    Relation[] domains = new Relation[atBest.size()];
    for (int i = 0; i < atBest.size(); i++) {
      if (atBest.get(i).isEmpty()) continue;
      for (int j = i + 1; j < atBest.size(); j++) {
        if (atBest.get(j).isEmpty() || of.get(i).statement().equals(of.get(j).statement())) continue;
        // statements with different constants at a time dimension never write at the same time
        if (TimeSchedule.neverSimultaneous(of.get(i).fixed, of.get(j).fixed)) continue;
        if (domains[i] == null) domains[i] = atBest.get(i).domain();
        if (domains[j] == null) domains[j] = atBest.get(j).domain();
        out = out.union(domains[i].intersect(domains[j]));
      }
    }
    return out;
  }

  /**
   * The accesses of {@code accesses} with those of the statement of {@code instances} restricted
   * to (when {@code inside}) or outside those instances; the accesses of other statements are kept
   * when {@code inside}, dropped otherwise.
   */
  private static UnionRelation restrict(UnionRelation accesses, Relation instances, boolean inside,
      List<String> params) {
    Space statement = instances.space().withoutDimNames();
    List<Relation> out = new ArrayList<>();
    for (Relation r : accesses.relations()) {
      boolean ofStatement = r.space().isMap() && r.space().domain().withoutDimNames().equals(statement);
      if (!ofStatement) {
        if (inside) out.add(r);
      } else {
        Relation at = instances.withSpace(r.space().domain());
        out.add(inside ? r.intersectDomain(at) : r.subtractDomain(at));
      }
    }
    return union(out, params);
  }

  private static boolean anyPrecedesAt(List<Source> sources, Long[] sinkFixed, int level) {
    for (Source s : sources) if (TimeSchedule.canPrecedeAt(s.fixed, sinkFixed, level)) return true;
    return false;
  }

  /**
   * The sources among {@code sources} writing {@code array} that may be read by the sink, without
   * the pairs of {@code excluded} (per source statement).
   */
  private static void collect(UnionRelation sources, Tuple array, boolean kill, Relation rangeMap,
      TimeSchedule schedule, List<Source> out, Map<Space, Relation> excluded) {
    for (Relation p : sources.relations()) {
      if (!p.space().isMap() || !p.space().rangeTuple().equals(array)) continue;
      Relation writes = rangeMap.apply(p.reverse()); // [c -> a] -> p with p writing a
      Relation ex = excluded.get(p.space().domain().withoutDimNames());
      if (ex != null) writes = writes.subtract(ex);
      if (writes.isEmpty()) continue;
      Relation sigma = schedule.of(p.space().domain());
      out.add(new Source(writes, writes.apply(sigma), sigma, schedule.fixed(p.space().domain()), kill,
          schedule.injective(p.space().domain())));
    }
  }

  /**
   * Adds as definite sources the accesses of filtered statements in {@code sources} that run
   * whenever the sink instance runs; records them per statement in {@code promoted}.
   */
  private static void promote(UnionRelation sources, boolean kill, Relation c, FilterImplication implication,
      TimeSchedule schedule, List<Source> out, Map<Space, Relation> promoted) {
    Relation rangeMap = c.rangeMap();
    Relation domainMap = c.domainMap();
    for (Relation p : sources.relations()) {
      if (!p.space().isMap() || !p.space().rangeTuple().equals(c.space().rangeTuple())) continue;
      Relation implied = implication.implied(c.space().domain(), p.space().domain());
      if (implied == null) continue;
      Relation writes = rangeMap.apply(p.reverse()).intersect(domainMap.apply(implied));
      if (writes.isEmpty()) continue;
      Relation sigma = schedule.of(p.space().domain());
      out.add(new Source(writes, writes.apply(sigma), sigma, schedule.fixed(p.space().domain()), kill,
          schedule.injective(p.space().domain())));
      promoted.put(p.space().domain().withoutDimNames(), writes);
    }
  }

  /**
   * Adds to {@code excluded} (per source statement) the writes of filtered statements that never
   * run when the sink instance runs: they are no source of it.
   */
  private static void exclude(UnionRelation sources, Relation c, FilterImplication implication,
      Map<Space, Relation> excluded) {
    Relation rangeMap = c.rangeMap();
    Relation domainMap = c.domainMap();
    for (Relation p : sources.relations()) {
      if (!p.space().isMap() || !p.space().rangeTuple().equals(c.space().rangeTuple())) continue;
      Relation never = implication.contradicting(c.space().domain(), p.space().domain());
      if (never == null) continue;
      Relation writes = rangeMap.apply(p.reverse()).intersect(domainMap.apply(never));
      if (writes.isEmpty()) continue;
      excluded.merge(p.space().domain().withoutDimNames(), writes, Relation::union);
    }
  }

  /** The union over {@code params}; empty relations leave their spaces (an empty union prints in them). */
  private static UnionRelation union(List<Relation> rs, List<String> params) {
    List<Relation> parts = new ArrayList<>();
    for (Relation r : rs) parts.add(r.isEmpty() ? Relation.empty(r.space()) : r);
    return parts.isEmpty() ? UnionRelation.empty(params) : UnionRelation.of(parts).alignParams(params);
  }

  /** The source accesses of a problem, split by how definite they are. */
  private record Sources(UnionRelation must, UnionRelation kill, UnionRelation may, UnionRelation mayRun,
      UnionRelation mayKill, FilterImplication implication, boolean parametric) {}

  private static final class Results {
    final List<Relation> mustDeps = new ArrayList<>();
    final List<Relation> mayDeps = new ArrayList<>();
    final List<Relation> fullMustDeps = new ArrayList<>();
    final List<Relation> fullMayDeps = new ArrayList<>();
    final List<Relation> mustNoSource = new ArrayList<>();
    final List<Relation> mayNoSource = new ArrayList<>();
    /** The parameters of last executed instances some maximization needed. */
    final java.util.Set<String> introduced = new java.util.HashSet<>();

    /** A definite dependence {@code p -> [c -> a]}; {@code domainMap} projects {@code [c -> a]} to {@code c}. */
    void addMust(Relation full, Relation domainMap) {
      fullMustDeps.add(full);
      mustDeps.add(full.apply(domainMap));
    }

    void addMay(Relation full, Relation domainMap) {
      fullMayDeps.add(full);
      mayDeps.add(full.apply(domainMap));
    }
  }

  /**
   * One potential source relation for one sink: the sink accesses to the source instances writing
   * the same element, and to their times; the dependences found (sink access -> source instance).
   */
  private static final class Source {
    final Relation writes;
    final Relation times;
    final Relation sigma;
    final Long[] fixed;
    final boolean kill;
    final boolean injective;
    /** Whether the source's last executed instance is given by parameters (a filtered write). */
    boolean parametrized;
    Relation deps;

    Source(Relation writes, Relation times, Relation sigma, Long[] fixed, boolean kill, boolean injective) {
      this.writes = writes;
      this.times = times;
      this.sigma = sigma;
      this.fixed = fixed;
      this.kill = kill;
      this.injective = injective;
    }

    /** The statement (iteration space) of the writes. */
    Space statement() {
      return sigma.space().domain().withoutDimNames();
    }

    /**
     * Adds the writes at the given times (sink access -> time) as dependences; with {@code last},
     * where the schedule gives several instances of the statement the same time, only the
     * lexicographically last instance, as isl does for a definite source.
     */
    void add(Relation at, boolean last) {
      Relation d = writes.intersect(at.apply(sigma.reverse()));
      if (last && !injective) d = Lexopt.lexmaxRelation(d);
      deps = deps == null ? d : deps.union(d);
    }
  }

  /** The order relations on the time space used level by level. */
  static final class Levels {
    private final Space time;
    private final Relation[] before;
    private final Relation[] after;
    private final Relation[] notBefore;

    Levels(Space time) {
      this.time = time;
      int n = time.nOut();
      before = new Relation[n];
      after = new Relation[n];
      notBefore = new Relation[n];
    }

    /** {@code { t -> u : u agrees with t on the first l dimensions and u[l] < t[l] }}. */
    Relation before(int l) {
      if (before[l] == null) {
        Space s = time.mapTo(time);
        int n = time.nOut();
        int p = time.nParam();
        BasicRelation.Builder b = BasicRelation.builder(s);
        for (int d = 0; d < l; d++) b.addEq(diff(s, p + d, p + n + d, 0));
        b.addIneq(diff(s, p + l, p + n + l, -1));
        before[l] = Relation.of(b.build());
      }
      return before[l];
    }

    /**
     * {@code { t -> u : u after t (or equal, when orEqual) comparing dimensions l and later }}: the
     * order between times that agree on the first {@code l} dimensions.
     */
    Relation after(int l, boolean orEqual) {
      Relation[] cache = orEqual ? notBefore : after;
      if (cache[l] == null) {
        Space s = time.mapTo(time);
        int n = time.nOut();
        int p = time.nParam();
        List<BasicRelation> pieces = new ArrayList<>();
        for (int k = l; k <= n; k++) {
          if (k == n && !orEqual) break;
          BasicRelation.Builder b = BasicRelation.builder(s);
          for (int d = l; d < k; d++) b.addEq(diff(s, p + d, p + n + d, 0));
          if (k < n) b.addIneq(diff(s, p + n + k, p + k, -1));
          pieces.add(b.build());
        }
        cache[l] = Relation.ofBasics(s, pieces);
      }
      return cache[l];
    }

    /** The row {@code x[a] - x[b] + c} over the variables of {@code s}. */
    private static long[] diff(Space s, int a, int b, long c) {
      long[] row = new long[1 + s.nVar()];
      row[0] = c;
      row[1 + a] += 1;
      row[1 + b] -= 1;
      return row;
    }
  }
}
