package dev.polyj.presburger.calc;

import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The binary operators of the calculator. As in iscc they all have the same precedence and are
 * applied from left to right: {@code A + B * C} is {@code (A + B) * C}; use parentheses otherwise.
 */
enum BinaryOp {
  PLUS("+"),
  MINUS("-"),
  TIMES("*"),
  JOIN("."),
  GIST("%"),
  MAP_TO("->"),
  RANGE_INTERSECT("->*"),
  RANGE_SUBTRACT("->-"),
  EQUAL("="),
  PLAIN_EQUAL("=="),
  SUBSET("<="),
  STRICT_SUBSET("<"),
  SUPERSET(">="),
  STRICT_SUPERSET(">"),
  LEX_LT("<<"),
  LEX_LE("<<="),
  LEX_GT(">>"),
  LEX_GE(">>="),
  AT("@"),
  CROSS("cross"),
  CROSS_RANGE("cross_range"),
  BEFORE("before"),
  AFTER("after");

  private static final Map<String, BinaryOp> BY_SYMBOL =
      Stream.of(values()).collect(Collectors.toMap(op -> op.symbol, Function.identity()));

  final String symbol;

  BinaryOp(String symbol) {
    this.symbol = symbol;
  }

  /** The operator a token stands for, or null. */
  static BinaryOp of(Token t) {
    if (t.kind() != Token.Kind.SYMBOL && t.kind() != Token.Kind.IDENT) return null;
    return BY_SYMBOL.get(t.text());
  }
}
