package dev.polyj.polyhedral.storage.delicm;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The conflict check of DeLICM (Kruse and Grosser, CGO 2018, Section 2.2, Listing 6 line 13):
 * whether the knowledge of a scalar mapped onto array elements (the proposal) is compatible with
 * the knowledge of the array (the existing knowledge). The paper's three rules are that lifetimes
 * must not overlap and that no write of one side may fall into a lifetime of the other, except
 * where both hold the same known content. Two overlapping lifetimes {@code (a, b]} and
 * {@code (c, d]} with {@code a < c} always contain the write {@code c} in {@code (a, b]}, so
 * the rules say: no write lands in a lifetime of another value. That is checked here exactly, on
 * the program with both families' accesses on the array: every read (the array's, the mapped
 * scalar's, and the read of each array element's last value at the end of the region) must find
 * the value it found before, and a read that found a value from before the region (the unknown
 * zone) must still find it. In addition, two writes of one statement instance to the same element
 * must store the same value.
 */
final class ConflictCheck {
  /** How exactly the unknown zone is checked; {@link #IGNORE_UNKNOWN} is wrong and exists to show that the tests catch it. */
  enum Mode {
    EXACT,
    IGNORE_UNKNOWN
  }

  private ConflictCheck() {}

  /**
   * Whether mapping is rejected: {@code existing} are the array's accesses, {@code proposal} the
   * scalar's accesses already retargeted to the array's elements, with the tags of
   * {@code scalar} (the scalar's own knowledge, which says what each of its reads must find).
   */
  static String conflict(Timeline time, List<Event> existing, List<Event> proposal, Map<String, UnionRelation> values,
      Knowledge scalar, Mode mode) {
    return conflict(time, existing, Knowledge.compute(time, existing, values, written(existing, time.params())), proposal,
        values, scalar, mode);
  }

  /**
   * {@link #conflict(Timeline, List, List, Map, Knowledge, Mode)} with the knowledge of the
   * existing accesses given ({@code before}, its end-of-region reads on the elements they write,
   * {@link #written}), so that one computation serves every proposal onto the same array.
   */
  static String conflict(Timeline time, List<Event> existing, Knowledge before, List<Event> proposal,
      Map<String, UnionRelation> values, Knowledge scalar, Mode mode) {
    List<String> params = time.params();
    Relation elements = written(existing, params);
    Relation proposed = written(proposal, params);
    if (proposed != null && (elements == null || !proposed.isSubset(elements))) {
      // an element only the proposal writes: its value from before the region, live after it, would be lost
      if (mode == Mode.EXACT) return "a write would fall into the unknown zone before the end of the region";
      elements = union(elements, proposed);
      before = Knowledge.compute(time, existing, values, elements);
    }
    String w = simultaneous(existing, proposal, values, params);
    if (w != null) return w;
    List<Event> both = new ArrayList<>(existing);
    both.addAll(proposal);
    Knowledge after = Knowledge.compute(time, both, values, elements);
    for (String sink : before.sinks()) {
      String why = compare(sink, before, after, mode);
      if (why != null) return why;
    }
    for (String sink : scalar.sinks()) {
      String why = compare(sink, scalar, after, mode);
      if (why != null) return why;
    }
    return null;
  }

  private static String compare(String sink, Knowledge before, Knowledge after, Mode mode) {
    UnionRelation was = before.seen(sink);
    UnionRelation is = after.seen(sink);
    if (mode == Mode.IGNORE_UNKNOWN) {
      // wrong on purpose: reads in the unknown zone are not looked at
      if (!is.intersectDomain(was.domain()).isEqual(was)) return "the read " + sink + " would find another value";
      return null;
    }
    if (!is.isEqual(was)) return "the read " + sink + " would find another value";
    if (!after.unknown(sink).isEqual(before.unknown(sink))) {
      return "a write would fall into the unknown zone before the read " + sink;
    }
    return null;
  }

  /** Two writes of one instance to one element storing different values (the order within an instance decides). */
  private static String simultaneous(List<Event> existing, List<Event> proposal, Map<String, UnionRelation> values,
      List<String> params) {
    Map<String, List<Event>> byStatement = new HashMap<>();
    for (Event e : existing) if (e.write()) byStatement.computeIfAbsent(e.statement(), k -> new ArrayList<>()).add(e);
    for (Event p : proposal) {
      if (!p.write()) continue;
      for (Event e : byStatement.getOrDefault(p.statement(), List.of())) {
        Relation pa = renamed(p.access().alignParams(params), p.statement());
        Relation ea = renamed(e.access().alignParams(params), p.statement());
        Relation same = pa.intersect(ea).domain();
        if (same.isEmpty()) continue;
        UnionRelation pvs = renamed(values.get(p.tag()).alignParams(params), p.statement())
            .intersectDomain(UnionRelation.of(same));
        UnionRelation evs = renamed(values.get(e.tag()).alignParams(params), p.statement())
            .intersectDomain(UnionRelation.of(same));
        if (!pvs.isEqual(evs)) return "two writes of " + p.statement() + " to one element";
      }
    }
    return null;
  }

  static Relation renamed(Relation r, String name) {
    Space s = r.space();
    return r.withSpace(Space.map(s.params(), s.domainTuple().withName(name), s.rangeTuple()));
  }

  static UnionRelation renamed(UnionRelation r, String name) {
    UnionRelation out = UnionRelation.empty(r.paramNames());
    for (Relation x : r.relations()) out = out.union(UnionRelation.of(renamed(x, name)));
    return out;
  }

  /** The elements the write events of {@code events} write, or null when there are none. */
  static Relation written(List<Event> events, List<String> params) {
    Relation elements = null;
    for (Event e : events) if (e.write()) elements = union(elements, e.access().alignParams(params).range());
    return elements;
  }

  private static Relation union(Relation a, Relation b) {
    return a == null ? b : a.union(b);
  }
}
