package dev.polyj.polyhedral.flow;

import dev.polyj.presburger.set.UnionRelation;

/**
 * The dependences a transformation must respect, computed with {@link Dataflow} the way
 * polyhedral optimizers do: value-based flow (read-after-write) dependences from the last writer,
 * write-after-write dependences from the previous writer, and write-after-read dependences from
 * every read since that previous write. Together they order every pair of conflicting accesses
 * transitively, so a schedule that respects them preserves the program's meaning.
 */
public record Dependences(UnionRelation flow, UnionRelation anti, UnionRelation output) {
  /**
   * @param reads statement instance -> array element read
   * @param writes statement instance -> array element written (definite writes)
   * @param scheduleMap the original execution order
   */
  public static Dependences compute(UnionRelation reads, UnionRelation writes, UnionRelation scheduleMap) {
    return ArrayDependences.compute(reads, writes, scheduleMap).all();
  }

  /** All dependences together. */
  public UnionRelation all() {
    return flow.union(anti).union(output);
  }
}
