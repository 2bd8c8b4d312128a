package dev.polyj.presburger.calc;

import dev.polyj.presburger.notation.IslParser;
import dev.polyj.presburger.notation.ParseResult;

/** The calculator's isl literals, read by the project's isl notation parser. */
final class IslLiterals {
  private IslLiterals() {}

  static LiteralReader.Literal read(String text, int offset) {
    ParseResult r = IslParser.parseUnionAt(text, offset);
    return new LiteralReader.Literal(r.value(), r.end());
  }
}
