package dev.polyj.presburger.calc;

import dev.polyj.presburger.set.UnionRelation;

/**
 * The scheduler behind the calculator's {@code schedule D respecting V minimizing P}, and the
 * reader of schedule-tree literals ({@code { domain: "...", child: ... }}). It lives in a higher
 * module; a calculator without one reports these as not supported.
 */
public interface Scheduling {
  /**
   * A schedule of the instances in {@code domain} (a union of sets with named tuples) under
   * which every pair of {@code validity} (source instance -> sink instance) goes forward, keeping
   * the pairs of {@code proximity} close.
   */
  ScheduleValue schedule(UnionRelation domain, UnionRelation validity, UnionRelation proximity);

  /** A schedule tree written in isl's YAML notation (flow or block form). */
  ScheduleValue read(String yaml);

  /** iscc's {@code dom} of a schedule: the instances it schedules. */
  default UnionRelation domain(ScheduleValue schedule) {
    throw new UnsupportedOperationException("the domain of a schedule");
  }

  /** iscc's {@code map} of a schedule: the schedule as a map from instances to times. */
  default UnionRelation map(ScheduleValue schedule) {
    throw new UnsupportedOperationException("the map of a schedule");
  }
}
