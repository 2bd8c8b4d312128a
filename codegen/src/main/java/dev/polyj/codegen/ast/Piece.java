package dev.polyj.codegen.ast;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import dev.polyj.presburger.set.BasicRelation;
import java.util.List;
import java.util.Set;

/**
 * One convex piece of a statement's instances in the scan space: the schedule dimensions first,
 * then the statement's own coordinates (see {@link ScanProblem}). All locals are known divisions.
 *
 * <p>{@code coincident} holds the scan dimensions along which the piece's loop may run in parallel
 * (band members marked coincident in a schedule tree); {@code marks} the names of mark nodes to put
 * around the loop of a scan dimension, outermost first.
 */
public record Piece(int statement, BasicRelation set, ImmutableSet<Integer> coincident,
    ImmutableList<MarkAt> marks) {

  /** A mark named {@code name} placed around the code of scan dimension {@code dim}. */
  public record MarkAt(int dim, String name) {}

  public Piece {
    checkArgument(statement >= 0, "statement index %s", statement);
    checkArgument(!set.hasUnknownLocals(), "piece with unknown existentials: %s", set);
  }

  public Piece(int statement, BasicRelation set) {
    this(statement, set, ImmutableSet.of(), ImmutableList.of());
  }

  public Piece(int statement, BasicRelation set, Set<Integer> coincident, List<MarkAt> marks) {
    this(statement, set, ImmutableSet.copyOf(coincident), ImmutableList.copyOf(marks));
  }

  public Piece withSet(BasicRelation newSet) {
    return new Piece(statement, newSet, coincident, marks);
  }

  // identity semantics: pieces are cached by identity during a build
  @Override
  public boolean equals(Object o) {
    return this == o;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(this);
  }
}
