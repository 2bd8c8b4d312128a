package dev.polyj.presburger.qpoly;

import dev.polyj.presburger.notation.IslParser;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads piecewise quasi-polynomials in isl notation:
 * {@code [N] -> { (1/2 * N + 1/2 * N^2) : N > 0 }}, {@code [N] -> { S[i] -> (N - i) : 0 <= i < N }},
 * {@code { 0 }}, with pieces separated by {@code ;}. Polynomials use {@code + - *}, division by
 * constants, {@code ^} with constant exponents, parentheses, rational constants and
 * {@code floor(...)} / {@code ceil(...)} of affine expressions (which may contain floors), also
 * written in isl's older bracket form {@code [(i + 1)/2]} for {@code floor((i + 1)/2)}. Each
 * piece's tuple and condition are read by the set parser ({@link IslParser}). Pieces are meant to
 * be disjoint, as printed; overlapping pieces add up.
 */
final class QPolyParser {
  private final String text;
  private int pos;
  private List<String> names; // variables: parameters then dimensions
  private Space space;
  private final List<Div> floors = new ArrayList<>();

  private QPolyParser(String text) {
    this.text = text;
  }

  static PwQPolynomial parse(String text) {
    return new QPolyParser(text).parseAll();
  }

  private IllegalArgumentException error(String msg) {
    return new IllegalArgumentException("quasi-polynomial: " + msg + " at offset " + pos + " in: " + text);
  }

  static UnionPwQPolynomial parseUnion(String text) {
    return new QPolyParser(text).parseAllUnion();
  }

  /** Like {@link #parseAll} with each piece in its own space; pieces on one space add up. */
  private UnionPwQPolynomial parseAllUnion() {
    int open = text.indexOf('{');
    int close = text.lastIndexOf('}');
    if (open < 0 || close < open) throw error("expected { ... }");
    String prefix = text.substring(0, open);
    List<String> params = new ArrayList<>();
    String pre = prefix.trim();
    if (!pre.isEmpty()) {
      if (!pre.startsWith("[") || !pre.endsWith("->")) throw error("expected [params] -> before {");
      String inside = pre.substring(1, pre.lastIndexOf(']')).trim();
      if (!inside.isEmpty()) for (String p : inside.split(",")) params.add(p.trim());
    }
    if (!text.substring(close + 1).trim().isEmpty()) throw error("unexpected text after }");
    UnionPwQPolynomial total = UnionPwQPolynomial.empty(params);
    for (int[] range : splitTopLevel(open + 1, close, ';')) {
      String piece = text.substring(range[0], range[1]);
      if (piece.trim().isEmpty()) continue;
      total = total.add(new QPolyParser(prefix + "{" + piece + "}").parseAll());
    }
    return total;
  }

  private PwQPolynomial parseAll() {
    int open = text.indexOf('{');
    int close = text.lastIndexOf('}');
    if (open < 0 || close < open) throw error("expected { ... }");
    String prefix = text.substring(0, open);
    List<String> params = new ArrayList<>();
    String pre = prefix.trim();
    if (!pre.isEmpty()) {
      if (!pre.startsWith("[") || !pre.endsWith("->")) throw error("expected [params] -> before {");
      String inside = pre.substring(1, pre.lastIndexOf(']')).trim();
      if (!inside.isEmpty()) for (String p : inside.split(",")) params.add(p.trim());
    }
    if (!text.substring(close + 1).trim().isEmpty()) throw error("unexpected text after }");
    String paramPrefix = params.isEmpty() ? "" : "[" + String.join(", ", params) + "] -> ";
    List<int[]> pieces = splitTopLevel(open + 1, close, ';');
    PwQPolynomial total = null;
    for (int[] range : pieces) {
      if (text.substring(range[0], range[1]).trim().isEmpty()) continue;
      PwQPolynomial p = parsePiece(range[0], range[1], params, paramPrefix);
      total = total == null ? p : total.add(p);
    }
    if (total == null) return PwQPolynomial.zero(Space.params(params));
    return total;
  }

  /** Ranges of the text between top-level separators (outside brackets and parentheses). */
  private List<int[]> splitTopLevel(int from, int to, char sep) {
    List<int[]> out = new ArrayList<>();
    int depth = 0;
    int start = from;
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c == '(' || c == '[' || c == '{') depth++;
      else if (c == ')' || c == ']' || c == '}') depth--;
      else if (c == sep && depth == 0) {
        out.add(new int[] {start, i});
        start = i + 1;
      }
    }
    out.add(new int[] {start, to});
    return out;
  }

  private PwQPolynomial parsePiece(int from, int to, List<String> params, String paramPrefix) {
    // optional tuple: text up to a top-level "->"
    String tuple = "";
    int polyStart = from;
    int depth = 0;
    for (int i = from; i + 1 < to; i++) {
      char c = text.charAt(i);
      if (c == '(' || c == '[') depth++;
      else if (c == ')' || c == ']') depth--;
      else if (c == '-' && text.charAt(i + 1) == '>' && depth == 0) {
        tuple = text.substring(from, i).trim();
        polyStart = i + 2;
        break;
      }
    }
    // optional condition after a top-level ':'
    int colon = -1;
    depth = 0;
    for (int i = polyStart; i < to; i++) {
      char c = text.charAt(i);
      if (c == '(' || c == '[') depth++;
      else if (c == ')' || c == ']') depth--;
      else if (c == ':' && depth == 0) {
        colon = i;
        break;
      }
    }
    int polyEnd = colon < 0 ? to : colon;
    String cond = colon < 0 ? "true" : text.substring(colon + 1, to).trim();
    Relation domain;
    try {
      domain = IslParser.parseRelation(paramPrefix + "{ " + tuple + " : " + cond + " }");
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("quasi-polynomial: bad piece domain '" + tuple + " : " + cond + "': "
          + e.getMessage(), e);
    }
    Space s = domain.space();
    if (space == null) space = s;
    else if (!space.tuplesMatch(s)) throw error("pieces in different spaces: " + space + " and " + s);
    domain = domain.withSpace(space);
    names = new ArrayList<>(params);
    if (!s.isParams()) {
      List<String> dims = new ArrayList<>();
      if (s.isMap()) {
        dims.addAll(s.domainTuple().dimNames());
        dims.addAll(s.rangeTuple().dimNames());
      } else {
        dims.addAll(s.tuple().dimNames());
      }
      names.addAll(dims);
    }
    floors.clear();
    if (text.substring(polyStart, polyEnd).strip().equals("infty")) {
      return PwQPolynomial.on(domain, QuasiPolynomial.infinity(space));
    }
    if (text.substring(polyStart, polyEnd).strip().equals("NaN")) {
      return PwQPolynomial.on(domain, QuasiPolynomial.nan(space));
    }
    pos = polyStart;
    Polynomial p = expr(polyEnd);
    skipSpaces(polyEnd);
    if (pos != polyEnd) throw error("unexpected character '" + text.charAt(pos) + "'");
    QuasiPolynomial q = QuasiPolynomial.of(space, floors, p);
    return PwQPolynomial.on(domain, q);
  }

  // ---------------------------------------------------------------------------------------------
  // Polynomial expressions

  private void skipSpaces(int end) {
    while (pos < end && Character.isWhitespace(text.charAt(pos))) pos++;
  }

  private boolean eat(char c, int end) {
    skipSpaces(end);
    if (pos < end && text.charAt(pos) == c) {
      pos++;
      return true;
    }
    return false;
  }

  private Polynomial expr(int end) {
    skipSpaces(end);
    Polynomial r;
    if (eat('-', end)) r = term(end).negate();
    else {
      eat('+', end);
      r = term(end);
    }
    while (true) {
      if (eat('+', end)) r = r.add(term(end));
      else if (eat('-', end)) r = r.subtract(term(end));
      else return r;
    }
  }

  private Polynomial term(int end) {
    Polynomial r = power(end);
    while (true) {
      skipSpaces(end);
      if (eat('*', end)) {
        r = r.multiply(power(end));
      } else if (eat('/', end)) {
        Polynomial d = power(end);
        if (!d.isConstant() || d.isZero()) throw error("division by a non-constant or zero");
        r = r.scale(Rational.ONE.divide(d.constantTerm()));
      } else if (pos < end && (Character.isLetter(text.charAt(pos)) || text.charAt(pos) == '('
          || text.charAt(pos) == '[')) {
        r = r.multiply(power(end)); // implicit product: 2N, 2(N + 1), 2[N/2]
      } else {
        return r;
      }
    }
  }

  private Polynomial power(int end) {
    Polynomial b = primary(end);
    if (eat('^', end)) {
      skipSpaces(end);
      int start = pos;
      while (pos < end && Character.isDigit(text.charAt(pos))) pos++;
      if (start == pos) throw error("expected an exponent");
      b = b.pow(Integer.parseInt(text.substring(start, pos)));
    }
    return b;
  }

  private Polynomial primary(int end) {
    skipSpaces(end);
    if (pos >= end) throw error("unexpected end of the polynomial");
    char c = text.charAt(pos);
    if (c == '(') {
      pos++;
      Polynomial r = expr(end);
      if (!eat(')', end)) throw error("expected ')'");
      return r;
    }
    if (c == '[') { // [e] is floor(e)
      pos++;
      Polynomial arg = expr(end);
      if (!eat(']', end)) throw error("expected ']'");
      return floorOf(arg, false);
    }
    if (c == '-') {
      pos++;
      return primary(end).negate();
    }
    if (Character.isDigit(c)) {
      int start = pos;
      while (pos < end && Character.isDigit(text.charAt(pos))) pos++;
      return Polynomial.constant(Rational.of(new BigInteger(text.substring(start, pos))));
    }
    if (Character.isLetter(c) || c == '_') {
      int start = pos;
      while (pos < end && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_'
          || text.charAt(pos) == '\'')) {
        pos++;
      }
      String id = text.substring(start, pos);
      if (id.equals("floor") || id.equals("ceil")) {
        if (!eat('(', end)) throw error("expected '(' after " + id);
        Polynomial arg = expr(end);
        if (!eat(')', end)) throw error("expected ')'");
        return floorOf(id.equals("floor") ? arg : arg.negate(), id.equals("ceil"));
      }
      int v = names.lastIndexOf(id);
      if (v < 0) throw error("unknown identifier " + id);
      return Polynomial.var(v);
    }
    throw error("unexpected character '" + c + "'");
  }

  /** floor(arg) (or ceil(-arg) = -floor(arg) when negate) for an affine argument. */
  private Polynomial floorOf(Polynomial arg, boolean negate) {
    if (arg.degree() > 1) throw error("floor of a non-affine expression");
    int nv = names.size();
    BigInteger l = BigInteger.ONE;
    for (Rational c : arg.terms().values()) l = lcm(l, c.denominator());
    long[] num = new long[1 + nv + floors.size()];
    for (var t : arg.terms().entrySet()) {
      BigInteger v = t.getValue().multiply(l).numerator();
      int col = t.getKey().isOne() ? 0 : 1 + firstVar(t.getKey());
      num[col] = v.longValueExact();
    }
    floors.add(new Div(num, l.longValueExact()));
    Polynomial f = Polynomial.var(nv + floors.size() - 1);
    return negate ? f.negate() : f;
  }

  private static int firstVar(Monomial m) {
    for (int v = 0; v < m.length(); v++) if (m.exponent(v) != 0) return v;
    return -1;
  }

  private static BigInteger lcm(BigInteger a, BigInteger b) {
    return a.divide(a.gcd(b)).multiply(b);
  }
}
