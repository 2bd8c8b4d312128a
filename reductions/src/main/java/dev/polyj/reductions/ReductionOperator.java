package dev.polyj.reductions;

import java.util.Optional;

/**
 * An associative and commutative operator a reduction may combine its values with, and how
 * OpenMP names it in a {@code reduction(op: ...)} clause.
 */
public enum ReductionOperator {
  SUM("+"),
  PRODUCT("*"),
  MIN("min"),
  MAX("max");

  private final String clauseName;

  ReductionOperator(String clauseName) {
    this.clauseName = clauseName;
  }

  /** The operator's name in an OpenMP reduction clause. */
  public String clauseName() {
    return clauseName;
  }

  /** The operator of a binary C operator ({@code +}, {@code *}); empty for every other one. */
  public static Optional<ReductionOperator> ofBinary(String op) {
    return switch (op) {
      case "+" -> Optional.of(SUM);
      case "*" -> Optional.of(PRODUCT);
      default -> Optional.empty();
    };
  }

  /** The operator of a compound assignment ({@code +=}, {@code *=}); empty for every other one. */
  public static Optional<ReductionOperator> ofCompound(String op) {
    return switch (op) {
      case "+=" -> Optional.of(SUM);
      case "*=" -> Optional.of(PRODUCT);
      default -> Optional.empty();
    };
  }

  /** The operator computed by a call to {@code name} with two arguments ({@code fmin}, {@code max}...). */
  public static Optional<ReductionOperator> ofCall(String name) {
    if (name == null) return Optional.empty();
    return switch (name) {
      case "fmin", "fminf", "fminl", "min" -> Optional.of(MIN);
      case "fmax", "fmaxf", "fmaxl", "max" -> Optional.of(MAX);
      default -> Optional.empty();
    };
  }
}
