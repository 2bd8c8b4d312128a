package dev.polyj.polyhedral.flow;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * When the filter of a sink statement implies the filter of a source statement (section 6.3 of
 * Verdoolaege, Nikolov, Stefanov, "On Demand Parametric Array Dataflow Analysis", IMPACT 2013, in
 * its simplest form): the pairs {@code c -> p} of instances such that {@code p} runs whenever
 * {@code c} runs.
 *
 * <p>Two filter accesses read the same value when they read the same element and the last write of
 * that element before each of them is the same definite write, or when no write of the region
 * comes before either (both read the value on entry): the filter accesses are analysed as sinks of
 * the problem's own sources (without this refinement), and their definite writers kept. (The paper
 * matches only filter accesses with a source, end of section 4; the value on entry is one too.) On
 * the pairs where every variable read by both filters has the same writer, the value tuples agree
 * on those variables, and {@code p} runs whenever {@code c} does if no value tuple allowed by the
 * filter of {@code c} is refused by the filter of {@code p} under these equalities. A statement
 * without a filter always runs.
 */
final class FilterImplication {
  private final Map<Space, Filter> filters = new HashMap<>();
  /** Per filtered statement and filter access: instance -> [writer -> element] of the value read. */
  private final Map<Space, List<List<Relation>>> writers = new HashMap<>();
  private final Map<List<Space>, Relation> cache = new HashMap<>();
  private final Map<List<Space>, Relation> excluded = new HashMap<>();
  private final Map<List<Object>, Relation> conflicts = new HashMap<>();

  FilterImplication(AccessInfo info, List<String> params) {
    for (Filter f : info.filters()) {
      List<Relation> accesses = new ArrayList<>();
      for (Relation a : f.accesses()) accesses.add(a.alignParams(params));
      Filter aligned = new Filter(ImmutableList.copyOf(accesses), f.values().alignParams(params),
          f.possible().alignParams(params));
      filters.put(aligned.statement(), aligned);
      List<List<Relation>> perAccess = new ArrayList<>();
      for (Relation a : accesses) {
        AccessInfo problem = new AccessInfo(UnionRelation.of(a), info.mustSource(), info.maySource(), info.kill(),
            info.scheduleMap(), info.filters());
        FlowResult flow = Dataflow.compute(problem, false);
        List<Relation> byWriter = new ArrayList<>();
        for (Relation dep : flow.mustDependence().alignParams(params).relations()) {
          byWriter.add(dep.reverse().rangeProduct(a)); // S -> [W -> x]
        }
        if (a.isSingleValued()) {
          // no write before the access in the region: it reads the value the element had on
          // entry, the same for every such access of that element
          for (Relation none : flow.mustNoSource().alignParams(params).relations()) {
            if (!none.isEmpty()) byWriter.add(none.rangeProduct(none)); // S -> [x -> x]
          }
        }
        perAccess.add(byWriter);
      }
      writers.put(aligned.statement(), perAccess);
    }
  }

  /** The pairs {@code c -> p} where instance {@code p} of the source runs whenever {@code c} runs, or null. */
  Relation implied(Space sinkStatement, Space sourceStatement) {
    Space c = sinkStatement.withoutDimNames();
    Space p = sourceStatement.withoutDimNames();
    return cache.computeIfAbsent(List.of(c, p), k -> compute(c, p));
  }

  /**
   * The pairs {@code c -> p} where some value {@code p} reads (a writer and element) is not among
   * those {@code c} reads: with multi-valued filter accesses, {@code p}'s filter follows from
   * {@code c}'s only on the values {@code c} constrains (appendix A.2 of the paper).
   */
  private static Relation notCovered(Space pairs, List<Relation> byC, List<Relation> byP) {
    Relation universe = Relation.universe(pairs);
    Relation out = Relation.empty(pairs);
    for (Relation wp : byP) {
      Relation viaP = universe.rangeMap().withSpace(universe.wrap().space().mapTo(wp.space().domain())).apply(wp);
      Relation uncovered = viaP;
      for (Relation wc : byC) {
        if (!wc.space().range().withoutDimNames().equals(wp.space().range().withoutDimNames())) continue;
        Relation viaC = universe.domainMap().withSpace(universe.wrap().space().mapTo(wc.space().domain())).apply(wc);
        uncovered = uncovered.subtract(viaC.withSpace(uncovered.space()));
      }
      out = out.union(uncovered.domain().unwrap().withSpace(pairs));
    }
    return out;
  }

  private static boolean multiValued(Relation access) {
    return !access.isSingleValued();
  }

  private Relation compute(Space c, Space p) {
    Filter fc = filters.get(c);
    Filter fp = filters.get(p);
    if (fc == null || fp == null) return null;
    Space pairs = c.mapTo(p);
    // the pairs where the variables read by both filters hold the same values
    Relation same = Relation.universe(pairs);
    List<int[]> equal = new ArrayList<>();
    for (int a = 0; a < fc.accesses().size(); a++) {
      for (int b = 0; b < fp.accesses().size(); b++) {
        if (!fc.accesses().get(a).space().range().withoutDimNames()
            .equals(fp.accesses().get(b).space().range().withoutDimNames())) {
          continue;
        }
        Relation e = Relation.empty(pairs);
        for (Relation wc : writers.get(c).get(a)) {
          for (Relation wp : writers.get(p).get(b)) {
            if (wc.space().range().withoutDimNames().equals(wp.space().range().withoutDimNames())) {
              e = e.union(wc.apply(wp.reverse()).withSpace(pairs));
            }
          }
        }
        if (!e.isEmpty() && (multiValued(fc.accesses().get(a)) || multiValued(fp.accesses().get(b)))) {
          e = e.subtract(notCovered(pairs, writers.get(c).get(a), writers.get(p).get(b)));
        }
        same = same.intersect(e);
        equal.add(new int[] {a, b});
      }
    }
    if (same.isEmpty()) return null;
    // value tuples of c's filter, refused by p's filter, equal where the variables are the same
    Relation refused = Relation.universe(fp.values().space()).subtract(fp.values());
    Relation both = fc.values().withSpace(fc.values().space().withDomainTuple(c.tuple()))
        .product(refused.withSpace(refused.space().withDomainTuple(p.tuple())));
    Space values = both.space().range();
    BasicRelation.Builder eqs = BasicRelation.builder(values);
    int np = values.nParam();
    int nc = fc.values().space().nOut();
    for (int[] ab : equal) {
      long[] row = new long[1 + values.nVar()];
      row[1 + np + ab[0]] = 1;
      row[1 + np + nc + ab[1]] = -1;
      eqs.addEq(row);
    }
    Relation equalValues = Relation.of(eqs.build());
    Relation failing = both.intersectRange(equalValues).domain().unwrap().withSpace(pairs);
    Relation implied = same.subtract(failing);
    // value tuples accepted by both filters: where there is none, p never runs when c runs
    Relation accepted = fc.values().withSpace(fc.values().space().withDomainTuple(c.tuple()))
        .product(fp.values().withSpace(fp.values().space().withDomainTuple(p.tuple())));
    Relation compatible = accepted.intersectRange(equalValues.withSpace(accepted.space().range())).domain().unwrap()
        .withSpace(pairs);
    Relation contradicting = same.subtract(compatible);
    if (!contradicting.isEmpty()) excluded.put(List.of(c, p), contradicting);
    return implied.isEmpty() ? null : implied;
  }

  /**
   * The pairs {@code p -> q} of instances of two filtered statements that cannot be in the given
   * states together ({@code pRuns}: {@code p} runs, else it does not; likewise {@code q}): the
   * variables both filters read hold the same values (same element, same writer), and no value
   * tuples, accepted by the filter of a statement that runs and possible but refused by that of a
   * statement that does not, agree on them (appendix A.4 of the paper, its sets {@code K'}; for a
   * statement that does not run, only its refused values are known, section 6.3.2). Null when
   * there is nothing to say: a statement without a filter, or a multi-valued filter access (an
   * instance that does not run then refuses some sequence of values, which gives no conflict).
   */
  Relation conflicting(Space first, Space second, boolean pRuns, boolean qRuns) {
    Space a = first.withoutDimNames();
    Space b = second.withoutDimNames();
    List<Object> key = List.of(a, b, pRuns, qRuns);
    if (conflicts.containsKey(key)) return conflicts.get(key);
    Relation out = null;
    Filter fa = filters.get(a);
    Filter fb = filters.get(b);
    if (fa != null && fb != null && singleValued(fa) && singleValued(fb)) {
      Space pairs = a.mapTo(b);
      Relation same = Relation.universe(pairs);
      List<int[]> equal = new ArrayList<>();
      for (int x = 0; x < fa.accesses().size(); x++) {
        for (int y = 0; y < fb.accesses().size(); y++) {
          if (!fa.accesses().get(x).space().range().withoutDimNames()
              .equals(fb.accesses().get(y).space().range().withoutDimNames())) {
            continue;
          }
          Relation e = Relation.empty(pairs);
          for (Relation wa : writers.get(a).get(x)) {
            for (Relation wb : writers.get(b).get(y)) {
              if (wa.space().range().withoutDimNames().equals(wb.space().range().withoutDimNames())) {
                e = e.union(wa.apply(wb.reverse()).withSpace(pairs));
              }
            }
          }
          same = same.intersect(e);
          equal.add(new int[] {x, y});
        }
      }
      if (!same.isEmpty()) {
        Relation va = pRuns ? fa.values() : fa.refused();
        Relation vb = qRuns ? fb.values() : fb.refused();
        Relation both = va.withSpace(va.space().withDomainTuple(a.tuple()))
            .product(vb.withSpace(vb.space().withDomainTuple(b.tuple())));
        Space values = both.space().range();
        BasicRelation.Builder eqs = BasicRelation.builder(values);
        int np = values.nParam();
        int na = fa.values().space().nOut();
        for (int[] xy : equal) {
          long[] row = new long[1 + values.nVar()];
          row[1 + np + xy[0]] = 1;
          row[1 + np + na + xy[1]] = -1;
          eqs.addEq(row);
        }
        Relation compatible = both.intersectRange(Relation.of(eqs.build())).domain().unwrap().withSpace(pairs);
        Relation c = same.subtract(compatible);
        if (!c.isEmpty()) out = c;
      }
    }
    conflicts.put(key, out);
    return out;
  }

  private static boolean singleValued(Filter f) {
    for (Relation r : f.accesses()) if (multiValued(r)) return false;
    return true;
  }

  /**
   * The pairs {@code c -> p} where instance {@code p} of the source never runs when {@code c} runs
   * (the filters contradict each other on the values both read: Algorithm 2, type Empty), or null.
   */
  Relation contradicting(Space sinkStatement, Space sourceStatement) {
    implied(sinkStatement, sourceStatement);
    return excluded.get(List.of(sinkStatement.withoutDimNames(), sourceStatement.withoutDimNames()));
  }
}
