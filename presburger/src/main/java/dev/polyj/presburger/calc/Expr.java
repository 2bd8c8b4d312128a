package dev.polyj.presburger.calc;

import com.google.common.collect.ImmutableList;
import java.math.BigInteger;

/** Expressions of the calculator language; {@code pos} is the offset where each is reported. */
sealed interface Expr {
  int pos();

  /** A constant: an isl literal, an integer, a string or a boolean. */
  record Constant(Value value, int pos) implements Expr {}

  /** A variable's value. */
  record Var(String name, int pos) implements Expr {}

  /** {@code left op right}; {@code pos} is the operator's. */
  record Binary(BinaryOp op, Expr left, Expr right, int pos) implements Expr {}

  /** A prefix function such as {@code dom}, or {@code -} (negation); {@code pos} is the function name's. */
  record Unary(String function, Expr arg, int pos) implements Expr {}

  /** {@code base^+} (exponent null: transitive closure) or {@code base^k} (k = -1: inverse). */
  record Power(Expr base, BigInteger exponent, int pos) implements Expr {}

  /** {@code function(arg)}: a map applied to a set or composed with a map. */
  record Apply(Expr function, Expr arg, int pos) implements Expr {}

  /** {@code list[index]}. */
  record Index(Expr list, int index, int pos) implements Expr {}

  /** {@code (a, b, ...)} or {@code ()}. */
  record ListOf(ImmutableList<Expr> items, int pos) implements Expr {}

  /** {@code read "file"}: the isl object written in the file. */
  record Read(String path, int pos) implements Expr {}

  /** {@code typeof expr}. */
  record TypeOf(Expr arg, int pos) implements Expr {}

  /**
   * Dataflow: {@code last W before R under S} (mustSource only), {@code any W before R under S}
   * (maySource only), or both ({@code last W any V before ...}); null for an absent part.
   */
  record Flow(Expr mustSource, Expr maySource, Expr sink, Expr schedule, int pos) implements Expr {}

  /** {@code schedule D respecting V minimizing P} (each list may be empty). */
  record Schedule(Expr domain, ImmutableList<Expr> respecting, ImmutableList<Expr> minimizing, int pos)
      implements Expr {}
}
