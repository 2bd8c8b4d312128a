package dev.polyj.polyhedral.flow;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.polyj.presburger.set.UnionRelation;
import java.util.List;

/**
 * The input of array dataflow analysis, as isl's union access info: sink accesses (statement
 * instance -> array element, typically reads), definite (must) and possible (may) source accesses
 * (writes), kills (writes that end a value's life without producing dependences), and the
 * execution order as a schedule map (instance -> time vector, compared lexicographically).
 */
public record AccessInfo(UnionRelation sink, UnionRelation mustSource, UnionRelation maySource,
    UnionRelation kill, UnionRelation scheduleMap) {
  public AccessInfo {
    checkNotNull(sink, "sink");
    checkNotNull(scheduleMap, "schedule");
    if (mustSource == null) mustSource = UnionRelation.empty(List.of());
    if (maySource == null) maySource = UnionRelation.empty(List.of());
    if (kill == null) kill = UnionRelation.empty(List.of());
  }
}
