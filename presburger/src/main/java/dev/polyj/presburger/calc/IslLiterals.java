package dev.polyj.presburger.calc;

import dev.polyj.presburger.notation.IslParser;
import dev.polyj.presburger.notation.ParseException;
import dev.polyj.presburger.notation.ParseResult;
import dev.polyj.presburger.qpoly.UnionPwQPolynomial;

/**
 * The calculator's isl literals: sets and maps, read by the project's isl notation parser, and
 * piecewise quasi-polynomials ({@code [N] -> { (N^2) : N > 0 }}, {@code { S[i] -> i + 1 : i >= 0 }})
 * when the text is not a set or a map, and folds ({@code [N] -> { max(N, 2) : N > 0 }}) when it is
 * neither.
 */
final class IslLiterals {
  private IslLiterals() {}

  static LiteralReader.Literal read(String text, int offset) {
    try {
      ParseResult r = IslParser.parseUnionAt(text, offset);
      boolean maps = !r.relations().isEmpty() && r.relations().stream().allMatch(m -> m.space().isMap());
      return new LiteralReader.Literal(new UnionValue(r.union(), maps), r.end());
    } catch (ParseException e) {
      LiteralReader.Literal q = quasiPolynomial(text, offset);
      if (q != null) return q;
      LiteralReader.Literal f = FoldLiterals.read(text, offset);
      if (f != null) return f;
      // the parser's offset is relative to the text it was given, like the calculator's own
      throw CalcException.input(e.offset(), e.detail(), e);
    }
  }

  /** The literal read as piecewise quasi-polynomials, or null when it is not one. */
  private static LiteralReader.Literal quasiPolynomial(String text, int offset) {
    int end = end(text, offset);
    if (end < 0) return null;
    try {
      return new LiteralReader.Literal(new QPolyValue(UnionPwQPolynomial.parse(text.substring(offset, end))), end);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The offset just past the brace that closes the first {@code '{'} at or after offset, or -1. */
  static int end(String text, int offset) {
    int open = text.indexOf('{', offset);
    if (open < 0) return -1;
    int depth = 0;
    for (int i = open; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}') {
        depth--;
        if (depth == 0) return i + 1;
      }
    }
    return -1;
  }
}
