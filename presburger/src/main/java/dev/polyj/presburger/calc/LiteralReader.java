package dev.polyj.presburger.calc;

/**
 * Reads an isl literal ({@code { ... }} or {@code [N] -> { ... }}) that starts at an offset of a
 * script: a union of sets or maps, or a union of piecewise quasi-polynomials.
 */
@FunctionalInterface
interface LiteralReader {
  /** The value a literal denotes and the offset just past the literal. */
  record Literal(Value value, int end) {}

  Literal read(String text, int offset);
}
