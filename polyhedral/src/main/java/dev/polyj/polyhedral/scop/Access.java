package dev.polyj.polyhedral.scop;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.set.Relation;

/**
 * A memory access of a statement: a read or a write of array {@code array}, given by a relation
 * from the statement's instances to array elements ({@code S0[i, j] -> A[i, j + 1]}). A must access
 * touches its elements at every instance; a may access only possibly (e.g. under a ternary
 * operator). {@code expr} is the access expression in the statement body.
 */
public record Access(Kind kind, boolean may, String array, Relation relation, Expr expr) {
  public enum Kind {
    READ,
    WRITE
  }

  public Access {
    checkArgument(relation.space().isMap(), "access relation must be a map, got %s", relation.space());
  }

  public boolean isRead() {
    return kind == Kind.READ;
  }

  public boolean isWrite() {
    return kind == Kind.WRITE;
  }

  public boolean isMust() {
    return !may;
  }
}
