package dev.polyj.polyhedral.scop;

import dev.polyj.polyhedral.flow.AccessInfo;
import dev.polyj.polyhedral.flow.Filter;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.List;

/**
 * The dataflow problem of a SCoP: its reads as sinks, its must and may writes as sources, its
 * original schedule, and the filters of statements under data-dependent control.
 */
public final class FlowProblem {
  private FlowProblem() {}

  public static AccessInfo of(Scop scop) {
    List<Filter> filters = new ArrayList<>();
    for (Statement s : scop.statements()) if (s.filter() != null) filters.add(s.filter());
    UnionRelation mayOnly = UnionRelation.empty(scop.params());
    for (Statement s : scop.statements()) {
      for (Access a : s.writes()) if (!a.isMust()) mayOnly = mayOnly.union(UnionRelation.of(a.relation()));
    }
    return new AccessInfo(scop.reads(), scop.mustWrites(), mayOnly, null, scop.scheduleMap()).withFilters(filters);
  }
}
