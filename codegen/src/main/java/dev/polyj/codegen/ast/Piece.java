package dev.polyj.codegen.ast;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.polyj.codegen.ast.BuildOptions.LoopKind;
import dev.polyj.presburger.set.BasicRelation;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One convex piece of a statement's instances in the scan space: the schedule dimensions first,
 * then the statement's own coordinates (see {@link ScanProblem}). All locals are known divisions.
 *
 * <p>Annotations from a schedule tree: {@code coincident} holds the scan dimensions along which
 * the piece's loop may run in parallel (band members marked coincident); {@code marks} the names
 * of mark nodes to put around the code of a scan dimension, outermost first; {@code loopKinds} the
 * per-dimension AST build option of the band member (separate, atomic, unroll).
 */
public record Piece(int statement, BasicRelation set, ImmutableSet<Integer> coincident,
    ImmutableList<MarkAt> marks, ImmutableMap<Integer, LoopKind> loopKinds) {

  /** A mark named {@code name} placed around the code of scan dimension {@code dim}. */
  public record MarkAt(int dim, String name) {}

  public Piece {
    checkArgument(statement >= 0, "statement index %s", statement);
    checkArgument(!set.hasUnknownLocals(), "piece with unknown existentials: %s", set);
  }

  public Piece(int statement, BasicRelation set) {
    this(statement, set, ImmutableSet.of(), ImmutableList.of(), ImmutableMap.of());
  }

  public Piece(int statement, BasicRelation set, Set<Integer> coincident, List<MarkAt> marks) {
    this(statement, set, ImmutableSet.copyOf(coincident), ImmutableList.copyOf(marks), ImmutableMap.of());
  }

  public Piece(int statement, BasicRelation set, Set<Integer> coincident, List<MarkAt> marks,
      Map<Integer, LoopKind> loopKinds) {
    this(statement, set, ImmutableSet.copyOf(coincident), ImmutableList.copyOf(marks),
        ImmutableMap.copyOf(loopKinds));
  }

  public Piece withSet(BasicRelation newSet) {
    return new Piece(statement, newSet, coincident, marks, loopKinds);
  }

  public Piece withLoopKinds(Map<Integer, LoopKind> kinds) {
    return new Piece(statement, set, coincident, marks, ImmutableMap.copyOf(kinds));
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
