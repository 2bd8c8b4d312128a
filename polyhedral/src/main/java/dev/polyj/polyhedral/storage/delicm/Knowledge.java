package dev.polyj.polyhedral.storage.delicm;

import dev.polyj.polyhedral.flow.AccessInfo;
import dev.polyj.polyhedral.flow.Dataflow;
import dev.polyj.polyhedral.flow.FlowResult;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What DeLICM knows about a family of memory locations (an array, or a scalar; Kruse and Grosser,
 * CGO 2018, Section 2.2): its writes with the values they store, its reads, and from the exact
 * dataflow between them its lifetimes, i.e. for every read the reaching definition whose value it
 * reads (the zone between them is occupied by that value) or the unknown zone when the value
 * comes from before the region. The elements of {@code liveOut} also have a read at the end of the
 * region (their last value is live after it). Outside all lifetimes an element is unused.
 *
 * <p>Values are named: {@code values} maps each write's tag to the value it stores
 * ({@code tag[x] -> V[...]}), so that two writes of the same value (a copy {@code C[i] = c} and the
 * write of {@code c}) have the same content; {@link #seen} is the known content a read finds.
 */
final class Knowledge {
  /** The tag of the reads at the end of the region. */
  static final String END = "END__";

  private final List<Event> events;
  private final Map<String, UnionRelation> values;
  private final List<Lifetime> lifetimes;
  private final List<String> params;

  private Knowledge(List<Event> events, Map<String, UnionRelation> values, List<Lifetime> lifetimes, List<String> params) {
    this.events = events;
    this.values = values;
    this.lifetimes = lifetimes;
    this.params = params;
  }

  /** The knowledge of the accesses {@code events} (one location family), the elements of {@code liveOut} live after the region. */
  static Knowledge compute(Timeline time, List<Event> events, Map<String, UnionRelation> values, Relation liveOut) {
    List<String> params = time.params();
    UnionRelation sinks = UnionRelation.empty(params);
    UnionRelation sources = UnionRelation.empty(params);
    UnionRelation schedule = UnionRelation.empty(params);
    for (Event e : events) {
      Relation a = e.access().alignParams(params);
      if (e.write()) sources = sources.union(UnionRelation.of(a));
      else sinks = sinks.union(UnionRelation.of(a));
      schedule = schedule.union(UnionRelation.of(time.of(e.statement(), e.tag(), e.phase())));
    }
    List<Event> all = new ArrayList<>(events);
    if (liveOut != null && !liveOut.isEmpty()) {
      Relation elements = liveOut.alignParams(params);
      int n = elements.space().nDim();
      Relation end = elements.identity().withSpace(Space.map(params,
          dev.polyj.presburger.space.Tuple.anonymous(END, n), elements.space().tuple()));
      sinks = sinks.union(UnionRelation.of(end));
      schedule = schedule.union(UnionRelation.of(time.end(elements, END)));
      all.add(new Event(END, END, false, 0, end));
    }
    List<Lifetime> lifetimes = new ArrayList<>();
    if (!sinks.isEmpty()) {
      FlowResult flow = Dataflow.compute(new AccessInfo(sinks, sources, null, null, schedule));
      for (Relation d : flow.mayDependence().relations()) {
        if (d.isEmpty()) continue;
        lifetimes.add(new Lifetime(d.space().domainTuple().name(), d.space().rangeTuple().name(), d.reverse()));
      }
      for (Relation r : flow.mayNoSource().relations()) {
        if (r.isEmpty()) continue;
        Relation uses = r.isSet() ? r : r.domain();
        lifetimes.add(new Lifetime(null, uses.space().tuple().name(), uses));
      }
    }
    return new Knowledge(all, values, lifetimes, params);
  }

  List<Event> events() {
    return events;
  }

  List<Lifetime> lifetimes() {
    return lifetimes;
  }

  Map<String, UnionRelation> values() {
    return values;
  }

  /** The tags of the reads (with the end of the region). */
  List<String> sinks() {
    List<String> out = new ArrayList<>();
    for (Event e : events) if (!e.write()) out.add(e.tag());
    return out;
  }

  /** The known content the read {@code sink} finds: its instances mapped to the values of their reaching definitions. */
  UnionRelation seen(String sink) {
    UnionRelation out = UnionRelation.empty(params);
    for (Lifetime l : lifetimes) {
      if (l.unknown() || !l.use().equals(sink)) continue;
      UnionRelation v = values.get(l.def());
      if (v == null) throw new IllegalStateException("no value for " + l.def());
      out = out.union(UnionRelation.of(l.span()).apply(v.alignParams(params)));
    }
    return out;
  }

  /** The instances of the read {@code sink} that find a value from before the region (the unknown zone). */
  UnionRelation unknown(String sink) {
    UnionRelation out = UnionRelation.empty(params);
    for (Lifetime l : lifetimes) if (l.unknown() && l.use().equals(sink)) out = out.union(UnionRelation.of(l.span()));
    return out;
  }

  /** Whether some read of this family finds a value from before the region. */
  boolean hasUnknown() {
    for (Lifetime l : lifetimes) if (l.unknown() && !l.use().equals(END)) return true;
    return false;
  }

  /** The definitions (tags) whose value some read finds, with the reads that find it: the lifetimes by definition. */
  Map<String, List<Lifetime>> byDefinition() {
    Map<String, List<Lifetime>> out = new LinkedHashMap<>();
    for (Lifetime l : lifetimes) if (!l.unknown()) out.computeIfAbsent(l.def(), k -> new ArrayList<>()).add(l);
    return out;
  }
}
