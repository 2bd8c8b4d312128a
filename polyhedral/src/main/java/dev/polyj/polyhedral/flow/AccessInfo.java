package dev.polyj.polyhedral.flow;

import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.UnionRelation;
import java.util.List;

/**
 * The input of array dataflow analysis, as isl's union access info: sink accesses (statement
 * instance -> array element, typically reads), definite (must) and possible (may) source accesses
 * (writes), kills (writes that end a value's life without producing dependences), and the
 * execution order as a schedule map (instance -> time vector, compared lexicographically).
 *
 * <p>{@code filters} are dynamic conditions on statements ({@link Filter}): an access of a
 * filtered statement happens only on the instances whose filter holds. The analysis gives such
 * accesses may semantics: a must source or a kill of a filtered statement stays definite on the
 * instances that run whatever the filter values, and for the sink instances whose own filter
 * implies that the source instance runs ({@link FilterImplication}); elsewhere a must source
 * becomes a may source and a kill is dropped (a read after a kill that ran reads a dead value, so
 * any source will do). Sink accesses are analysed on all their instances (a dependence of an
 * instance that does not run is void).
 */
public record AccessInfo(UnionRelation sink, UnionRelation mustSource, UnionRelation maySource,
    UnionRelation kill, UnionRelation scheduleMap, ImmutableList<Filter> filters) {
  public AccessInfo {
    checkNotNull(sink, "sink");
    checkNotNull(scheduleMap, "schedule");
    if (mustSource == null) mustSource = UnionRelation.empty(List.of());
    if (maySource == null) maySource = UnionRelation.empty(List.of());
    if (kill == null) kill = UnionRelation.empty(List.of());
    if (filters == null) filters = ImmutableList.of();
  }

  /** A problem without dynamic conditions. */
  public AccessInfo(UnionRelation sink, UnionRelation mustSource, UnionRelation maySource, UnionRelation kill,
      UnionRelation scheduleMap) {
    this(sink, mustSource, maySource, kill, scheduleMap, ImmutableList.of());
  }

  /** This problem with the given filters on statements. */
  public AccessInfo withFilters(List<Filter> newFilters) {
    return new AccessInfo(sink, mustSource, maySource, kill, scheduleMap, ImmutableList.copyOf(newFilters));
  }
}
