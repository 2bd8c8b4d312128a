package dev.polyj.polyhedral.flow;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The first implementation of {@link Dataflow}, kept as a reference: the last definite write time
 * of every sink access is the lexicographic maximum over one flat time space of all must sources
 * and kills, computed by subtracting the dominated times; may sources not before that time (and
 * before the sink) give may dependences, and so do definite sources of two statements that share it.
 */
final class SubtractionDataflow {
  private SubtractionDataflow() {}

  static FlowResult compute(AccessInfo info) {
    List<String> params = List.of();
    for (UnionRelation u : List.of(info.sink(), info.mustSource(), info.maySource(), info.kill(), info.scheduleMap())) {
      params = Space.mergeParams(params, u.paramNames());
    }
    UnionRelation sink = info.sink().alignParams(params);
    UnionRelation must = info.mustSource().alignParams(params);
    UnionRelation may = info.maySource().alignParams(params).subtract(must); // a must access trumps a may one
    UnionRelation kill = info.kill().alignParams(params);
    Schedule schedule = new Schedule(info.scheduleMap().alignParams(params), params);

    List<Relation> mustDeps = new ArrayList<>();
    List<Relation> mayDeps = new ArrayList<>();
    List<Relation> mustNoSource = new ArrayList<>();
    List<Relation> mayNoSource = new ArrayList<>();
    for (Relation c : sink.relations()) {
      if (!c.space().isMap()) continue;
      Tuple array = c.space().rangeTuple();
      Relation k = c.wrap();
      Relation domainMap = c.domainMap(); // [c -> a] -> c
      Relation rangeMap = c.rangeMap(); // [c -> a] -> a
      Relation sigmaC = schedule.of(c.space().domain());

      List<Candidate> mustCands = new ArrayList<>();
      List<Candidate> mayCands = new ArrayList<>();
      collect(must, array, false, rangeMap, domainMap, sigmaC, schedule, mustCands);
      collect(kill, array, true, rangeMap, domainMap, sigmaC, schedule, mustCands);
      collect(may, array, false, rangeMap, domainMap, sigmaC, schedule, mayCands);

      Space timeSpace = schedule.timeSpace();
      Relation tMust = Relation.empty(k.space().mapTo(timeSpace));
      for (Candidate x : mustCands) tMust = tMust.union(x.times);
      Relation tMay = Relation.empty(k.space().mapTo(timeSpace));
      for (Candidate x : mayCands) tMay = tMay.union(x.times);

      Relation lastMust = lexmax(tMust, timeSpace);
      // may writes not before the last definite one
      Relation mayAfter = tMay.subtract(lastMust.apply(Relation.lexGt(timeSpace, timeSpace)));
      Relation mayAfterDomain = mayAfter.domain();
      // two statements' definite writes at the last time: unordered, neither is definitely last
      for (int i = 0; i < mustCands.size(); i++) {
        Relation at = mustCands.get(i).times.intersect(lastMust).domain();
        for (int j = i + 1; j < mustCands.size(); j++) {
          if (mustCands.get(i).sigma.space().domain().withoutDimNames()
              .equals(mustCands.get(j).sigma.space().domain().withoutDimNames())) continue;
          mayAfterDomain = mayAfterDomain.union(at.intersect(mustCands.get(j).times.intersect(lastMust).domain()));
        }
      }

      for (Candidate x : mustCands) {
        if (x.kill) continue;
        Relation d = x.sources.intersect(lastMust.apply(x.sigma.reverse()));
        Relation definite = d.subtractDomain(mayAfterDomain);
        Relation possible = d.intersectDomain(mayAfterDomain);
        mustDeps.add(definite.reverse().apply(domainMap));
        mayDeps.add(possible.reverse().apply(domainMap));
      }
      for (Candidate x : mayCands) {
        Relation d = x.sources.intersect(mayAfter.apply(x.sigma.reverse()));
        mayDeps.add(d.reverse().apply(domainMap));
      }
      Relation none = k.subtract(tMust.union(tMay).domain());
      Relation noDefinite = k.subtract(tMust.domain());
      mustNoSource.add(none.unwrap());
      mayNoSource.add(noDefinite.unwrap());
    }
    UnionRelation mustDep = union(mustDeps, params);
    UnionRelation mayDep = union(mayDeps, params).union(mustDep);
    UnionRelation mustNo = union(mustNoSource, params);
    UnionRelation mayNo = union(mayNoSource, params).union(mustNo);
    return new FlowResult(mustDep.coalesce(), mayDep.coalesce(), mustNo.coalesce(), mayNo.coalesce());
  }

  /** Potential sources of one source union for sink accesses to {@code array}. */
  private static void collect(UnionRelation sources, Tuple array, boolean kill, Relation rangeMap,
      Relation domainMap, Relation sigmaC, Schedule schedule, List<Candidate> out) {
    Space timeSpace = schedule.timeSpace();
    Relation later = Relation.lexGt(timeSpace, timeSpace); // t' -> t with t' later than t
    for (Relation p : sources.relations()) {
      if (!p.space().isMap() || !p.space().rangeTuple().equals(array)) continue;
      Relation sigmaP = schedule.of(p.space().domain());
      // [c -> a] -> p with p writing a ...
      Relation writes = rangeMap.apply(p.reverse());
      // ... and p executed before c
      Relation before = sigmaC.apply(later).apply(sigmaP.reverse()); // c -> p
      Relation cands = writes.intersect(domainMap.apply(before));
      if (cands.isEmpty()) continue;
      out.add(new Candidate(cands, cands.apply(sigmaP), sigmaP, kill));
    }
  }

  /** The lexicographic maximum image of each domain element (exact, by subtraction of dominated images). */
  static Relation lexmax(Relation r, Space timeSpace) {
    if (r.isEmpty()) return r;
    Relation dominated = r.apply(Relation.lexGt(timeSpace, timeSpace));
    return r.subtract(dominated);
  }

  private static UnionRelation union(List<Relation> rs, List<String> params) {
    List<Relation> nonEmpty = new ArrayList<>();
    for (Relation r : rs) if (!r.isEmpty()) nonEmpty.add(r);
    return nonEmpty.isEmpty() ? UnionRelation.empty(params) : UnionRelation.of(nonEmpty);
  }

  /** Candidate sources of one source relation: sink accesses -> source instances, and -> times. */
  private record Candidate(Relation sources, Relation times, Relation sigma, boolean kill) {}

  /** The schedule with every statement's times padded with zeros to a common anonymous time space. */
  static final class Schedule {
    private final Map<Space, Relation> byDomain = new HashMap<>();
    private final Space timeSpace;

    Schedule(UnionRelation map, List<String> params) {
      int arity = 0;
      for (Relation r : map.relations()) if (r.space().isMap()) arity = Math.max(arity, r.space().nOut());
      timeSpace = Space.set(params, arity);
      for (Relation r : map.relations()) {
        if (!r.space().isMap()) continue;
        Relation padded = r.apply(pad(r.space().range(), timeSpace));
        byDomain.merge(r.space().domain().withoutDimNames(), padded, Relation::union);
      }
    }

    Space timeSpace() {
      return timeSpace;
    }

    Relation of(Space domain) {
      Relation r = byDomain.get(domain.withoutDimNames());
      if (r == null) throw new IllegalArgumentException("no schedule for statement " + domain.tuple());
      return r;
    }

    /** { [t0..tk-1] -> [t0..tk-1, 0, ..., 0] }. */
    private static Relation pad(Space from, Space to) {
      Space s = from.mapTo(to.withParams(from.params()));
      int k = from.nOut();
      int m = to.nOut();
      BasicRelation.Builder b = BasicRelation.builder(s);
      int np = from.nParam();
      for (int i = 0; i < m; i++) {
        long[] row = new long[1 + s.nVar()];
        row[1 + np + k + i] = 1;
        if (i < k) row[1 + np + i] = -1;
        b.addEq(row);
      }
      return Relation.of(b.build());
    }
  }
}
