package dev.polyj.presburger.calc;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.count.Bounds;
import dev.polyj.presburger.notation.TopLevel;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads piecewise quasi-polynomial folds in isl notation, e.g. {@code [N] -> { [i] -> max(N, i + 1)
 * : i >= 0; min(0) : N < 0 }} (what {@code ub} and {@code lb} print). Each piece is read through
 * the quasi-polynomial reader: once with a stand-in value for its domain, once per listed value.
 */
final class FoldLiterals {
  private FoldLiterals() {}

  /** The fold literal at {@code offset}, or null when the text there is not one. */
  static LiteralReader.Literal read(String text, int offset) {
    int end = IslLiterals.end(text, offset);
    if (end < 0) return null;
    int open = text.indexOf('{', offset);
    String prefix = text.substring(offset, open);
    String body = text.substring(open + 1, end - 1);
    try {
      Map<Space, List<Bounds.FoldPiece>> pieces = new LinkedHashMap<>();
      Boolean max = null;
      List<String> params = null;
      for (String piece : TopLevel.split(body, ';')) {
        if (piece.isBlank()) continue;
        int at = fold(piece);
        if (at < 0) return null;
        boolean isMax = piece.startsWith("max", at);
        if (max != null && max != isMax) return null;
        max = isMax;
        int close = closing(piece, at + 3);
        if (close < 0) return null;
        String before = piece.substring(0, at);
        String after = piece.substring(close + 1);
        PwQPolynomial domain = PwQPolynomial.parse(prefix + "{ " + before + "(1)" + after + " }");
        Space space = domain.space();
        params = space.params();
        List<QuasiPolynomial> values = new ArrayList<>();
        for (String v : TopLevel.split(piece.substring(at + 4, close), ',')) {
          PwQPolynomial g = PwQPolynomial.parse(prefix + "{ " + before + "(" + v + ")" + after + " }");
          if (!g.space().equals(space)) return null;
          values.add(g.pieces().isEmpty() ? QuasiPolynomial.zero(space) : g.pieces().get(0).qp());
        }
        if (values.isEmpty()) return null;
        for (PwQPolynomial.Piece d : domain.pieces()) {
          pieces.computeIfAbsent(space, k -> new ArrayList<>()).add(new Bounds.FoldPiece(d.domain(), ImmutableList.copyOf(values)));
        }
        pieces.putIfAbsent(space, new ArrayList<>());
      }
      if (max == null) return null;
      List<Bounds.Fold> folds = new ArrayList<>();
      boolean m = max;
      pieces.forEach((sp, ps) -> folds.add(new Bounds.Fold(sp, ImmutableList.copyOf(ps), m, true)));
      return new LiteralReader.Literal(new FoldValue(new Bounds.UnionResult(ImmutableList.copyOf(folds), params, true)), end);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Offset of the {@code max(} or {@code min(} of a piece (after an optional tuple and arrow), or -1. */
  private static int fold(String piece) {
    int depth = 0;
    for (int i = 0; i + 4 <= piece.length(); i++) {
      char c = piece.charAt(i);
      if (c == '(' || c == '[') depth++;
      if (c == ')' || c == ']') depth--;
      if (depth == 0 && (piece.startsWith("max(", i) || piece.startsWith("min(", i))
          && (i == 0 || !Character.isLetterOrDigit(piece.charAt(i - 1)))) {
        return i;
      }
      if (depth == 0 && c == ':') return -1;
    }
    return -1;
  }

  /** Offset of the parenthesis closing the one at {@code open}, or -1. */
  private static int closing(String s, int open) {
    int depth = 0;
    for (int i = open; i < s.length(); i++) {
      if (s.charAt(i) == '(') depth++;
      if (s.charAt(i) == ')' && --depth == 0) return i;
    }
    return -1;
  }
}
