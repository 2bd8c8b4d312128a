package dev.polyj.presburger.calc;

import dev.polyj.presburger.set.UnionRelation;

/** Reads an isl literal ({@code { ... }} or {@code [N] -> { ... }}) that starts at an offset of a script. */
@FunctionalInterface
interface LiteralReader {
  /** The union a literal denotes and the offset just past the literal. */
  record Literal(UnionRelation value, int end) {}

  Literal read(String text, int offset);
}
