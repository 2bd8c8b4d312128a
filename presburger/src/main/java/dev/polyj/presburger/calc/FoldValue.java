package dev.polyj.presburger.calc;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.polyj.presburger.count.Bounds;

/** A union of piecewise quasi-polynomial folds (what {@code ub} and {@code lb} return); printed in isl notation. */
public record FoldValue(Bounds.UnionResult value) implements Value {
  public FoldValue {
    checkNotNull(value, "value");
  }

  @Override
  public String typeName() {
    return "piecewise quasipolynomial fold";
  }

  @Override
  public String print() {
    return value.toString();
  }
}
