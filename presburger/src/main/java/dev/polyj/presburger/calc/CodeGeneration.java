package dev.polyj.presburger.calc;

import dev.polyj.presburger.set.UnionRelation;

/**
 * Code generation for the calculator's {@code codegen} statement (isl's AST generator: C loops
 * that visit every instance in schedule order, calling {@code S(e1, ..., en)}). It lives in a
 * higher module; a calculator without one reports {@code codegen} as not supported. Input that
 * cannot be scanned (a schedule dimension without lower bound) is reported by an
 * {@link IllegalArgumentException} whose message the user sees.
 */
public interface CodeGeneration {
  /**
   * C code for a schedule map (instance -> time, lexicographic order), with iscc's build options
   * (a union map over the schedule space such as {@code { [i] -> separate[0] }}; null for none).
   */
  String fromScheduleMap(UnionRelation schedule, UnionRelation options);

  /** C code for a set: its points in lexicographic order of their coordinates. */
  String fromDomain(UnionRelation domain);

  /** C code for a schedule tree made by this module's {@link Scheduling} or read as a literal. */
  String fromSchedule(ScheduleValue schedule);
}
