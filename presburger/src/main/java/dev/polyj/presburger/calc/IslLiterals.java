package dev.polyj.presburger.calc;

import dev.polyj.presburger.notation.IslParser;
import dev.polyj.presburger.notation.ParseException;
import dev.polyj.presburger.notation.ParseResult;

/** The calculator's isl literals, read by the project's isl notation parser. */
final class IslLiterals {
  private IslLiterals() {}

  static LiteralReader.Literal read(String text, int offset) {
    try {
      ParseResult r = IslParser.parseUnionAt(text, offset);
      boolean maps = !r.relations().isEmpty() && r.relations().stream().allMatch(m -> m.space().isMap());
      return new LiteralReader.Literal(r.union(), maps, r.end());
    } catch (ParseException e) {
      // the parser's offset is relative to the text it was given, like the calculator's own
      throw CalcException.input(e.offset(), e.detail(), e);
    }
  }
}
