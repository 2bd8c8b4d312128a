package dev.polyj.presburger.calc;

import dev.polyj.presburger.set.UnionRelation;

/** Reads an isl literal ({@code { ... }} or {@code [N] -> { ... }}) that starts at an offset of a script. */
@FunctionalInterface
interface LiteralReader {
  /**
   * The union a literal denotes, whether it was written as maps (which tells the type of an empty
   * union), and the offset just past the literal.
   */
  record Literal(UnionRelation value, boolean maps, int end) {}

  Literal read(String text, int offset);
}
