package dev.polyj.presburger.aff;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.notation.TopLevel;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads piecewise quasi-affine functions in isl notation, the form {@link AffPrinter} writes:
 * {@code [N] -> { S[i, j] -> A[(N - i), (floor((j)/2))] : i >= 0; ... }}, or {@code [N] -> {
 * [(N), (0)] : N >= 0 }} for functions of the parameters only.
 *
 * <p>Each piece is {@code [domain-tuple ->] range-tuple [: condition]}. The range tuple (named,
 * possibly nested) holds one quasi-affine expression per output: integers, declared names,
 * {@code +}, {@code -}, products by integers ({@code 2i}, {@code 2*x}), parentheses, division of a
 * parenthesised expression by an integer ({@code (i + 1)/2}, a rational value) and {@code
 * floor(e)}, {@code ceil(e)}, {@code floor((e)/d)}. The condition is any isl formula and is read by
 * {@link Relation#parse} over the domain tuple; a condition with disjunctions gives one piece per
 * disjunct, each with the same value. A piece with condition {@code false} contributes no piece
 * (so the printed empty function reads back as empty).
 */
final class AffParser {
  private AffParser() {}

  /** A parsed function: its space (a map space, or a set space over the parameters) and pieces. */
  record Parsed(Space space, List<PwMultiAff.Piece> pieces) {}

  static Parsed parse(String text) {
    String t = text.strip();
    List<String> params = List.of();
    String prefix = "";
    int open = t.indexOf('{');
    checkArgument(open >= 0 && t.endsWith("}"), "expected { ... } in %s", text);
    String head = t.substring(0, open).strip();
    if (!head.isEmpty()) {
      checkArgument(head.startsWith("[") && head.endsWith("->"), "expected a parameter list [..] -> before { in %s", text);
      String inner = head.substring(1, head.length() - 2).strip();
      checkArgument(inner.endsWith("]"), "expected a parameter list [..] -> before { in %s", text);
      inner = inner.substring(0, inner.length() - 1).strip();
      params = inner.isEmpty() ? List.of() : TopLevel.split(inner, ',');
      params = params.stream().map(String::strip).toList();
      prefix = head + " ";
    }
    String body = t.substring(open + 1, t.length() - 1).strip();
    checkArgument(!body.isEmpty(), "a function needs at least one piece: %s", text);
    Space space = null;
    List<PwMultiAff.Piece> pieces = new ArrayList<>();
    for (String piece : TopLevel.split(body, ';')) {
      piece = piece.strip();
      if (piece.isEmpty()) continue;
      int colon = indexTopLevel(piece, ":");
      String tuples = colon < 0 ? piece : piece.substring(0, colon).strip();
      String condition = colon < 0 ? "" : piece.substring(colon + 1).strip();
      int arrow = lastIndexTopLevel(tuples, "->");
      String domText = arrow < 0 ? "" : tuples.substring(0, arrow).strip();
      String ranText = arrow < 0 ? tuples : tuples.substring(arrow + 2).strip();
      Relation dom = Relation.parse(prefix + "{ " + domText + " : " + (condition.isEmpty() ? "true" : condition) + " }");
      Space ds = dom.space();
      checkArgument(ds.params().equals(params), "piece %s: parameters %s, expected %s", piece, ds.params(), params);
      Map<String, Integer> names = variableNames(ds, domText);
      Shape shape = readShape(ranText.strip());
      Space fs = ds.isParams() ? Space.set(ds.params(), shape.tuple()) : Space.map(ds.params(), ds.tuple(), shape.tuple());
      if (space == null) {
        space = fs;
      } else {
        checkArgument(space.equals(fs), "piece %s in space %s, expected %s", piece, fs, space);
      }
      if (dom.isEmpty()) continue; // e.g. the empty function's "false" piece
      List<Aff> affs = new ArrayList<>();
      for (String e : shape.entries()) affs.add(new Expression(e, names, ds).parse());
      MultiAff value = MultiAff.of(fs, affs);
      for (BasicRelation b : dom.basics()) pieces.add(new PwMultiAff.Piece(b, value));
    }
    checkArgument(space != null, "a function needs at least one piece: %s", text);
    return new Parsed(space, pieces);
  }

  /** Parameter names and the names of the domain tuple's dimensions (in order) to variable indices. */
  private static Map<String, Integer> variableNames(Space ds, String domText) {
    Map<String, Integer> names = new HashMap<>();
    for (int p = 0; p < ds.nParam(); p++) names.put(ds.params().get(p), p);
    List<String> dims = new ArrayList<>();
    int i = 0;
    while (i < domText.length()) {
      char c = domText.charAt(i);
      if (Character.isLetter(c) || c == '_') {
        int j = i;
        while (j < domText.length() && isNameChar(domText.charAt(j))) j++;
        String n = domText.substring(i, j);
        int k = j;
        while (k < domText.length() && domText.charAt(k) == ' ') k++;
        if (k >= domText.length() || domText.charAt(k) != '[') dims.add(n); // not a tuple name
        i = j;
      } else {
        i++;
      }
    }
    checkArgument(dims.size() == ds.nDim(), "domain tuple %s: expected plain dimension names", domText);
    for (int d = 0; d < dims.size(); d++) names.put(dims.get(d), ds.nParam() + d);
    return names;
  }

  /** The single piece of a function written without condition, e.g. {@code { [i] -> [(i + 1)] }}. */
  static MultiAff parseMultiAff(String text) {
    Parsed p = parse(text);
    checkArgument(p.pieces().size() == 1, "expected one unconditional expression tuple, got %s pieces in %s", p.pieces().size(), text);
    BasicRelation d = p.pieces().get(0).domain();
    checkArgument(d.equalities().isEmpty() && d.inequalities().isEmpty() && d.nLocal() == 0,
        "a multi-affine function has no condition: %s", text);
    return p.pieces().get(0).value();
  }

  static boolean isNameChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '\'' || c == '$';
  }

  /** A range tuple: its structure and, in order, the text of every expression. */
  private record Shape(Tuple tuple, List<String> entries) {}

  private static Shape readShape(String s) {
    int lb = s.indexOf('[');
    checkArgument(lb >= 0 && s.endsWith("]"), "expected a tuple [...], got %s", s);
    String name = s.substring(0, lb).strip();
    String inner = s.substring(lb + 1, s.length() - 1).strip();
    int arrow = indexTopLevel(inner, "->");
    if (arrow >= 0) {
      Shape d = readShape(inner.substring(0, arrow).strip());
      Shape r = readShape(inner.substring(arrow + 2).strip());
      List<String> all = new ArrayList<>(d.entries());
      all.addAll(r.entries());
      return new Shape(Tuple.wrap(name.isEmpty() ? null : name, d.tuple(), r.tuple()), all);
    }
    List<String> entries = inner.isEmpty() ? List.of() : TopLevel.split(inner, ',');
    return new Shape(Tuple.anonymous(name.isEmpty() ? null : name, entries.size()), entries);
  }

  private static int indexTopLevel(String s, String what) {
    int depth = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '(' || c == '[' || c == '{') depth++;
      else if (c == ')' || c == ']' || c == '}') depth--;
      else if (depth == 0 && s.startsWith(what, i)) return i;
    }
    return -1;
  }

  private static int lastIndexTopLevel(String s, String what) {
    int depth = 0;
    int found = -1;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '(' || c == '[' || c == '{') depth++;
      else if (c == ')' || c == ']' || c == '}') depth--;
      else if (depth == 0 && s.startsWith(what, i)) found = i;
    }
    return found;
  }

  /** Recursive descent over one quasi-affine expression. */
  private static final class Expression {
    private final String s;
    private final Map<String, Integer> names;
    private final Space space;
    private int pos;

    Expression(String text, Map<String, Integer> names, Space space) {
      this.s = text;
      this.names = names;
      this.space = space;
    }

    Aff parse() {
      Aff a = sum();
      skip();
      checkArgument(pos == s.length(), "unexpected '%s' in expression %s", s.substring(pos), s);
      return a;
    }

    private void skip() {
      while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) pos++;
    }

    private boolean eat(char c) {
      skip();
      if (pos < s.length() && s.charAt(pos) == c) {
        pos++;
        return true;
      }
      return false;
    }

    private void expect(char c) {
      checkArgument(eat(c), "expected '%s' at position %s of expression %s", c, pos, s);
    }

    /** {@code [-] term { (+|-) term }}. */
    private Aff sum() {
      boolean neg = eat('-');
      Aff acc = term();
      if (neg) acc = acc.neg();
      while (true) {
        if (eat('+')) acc = acc.add(term());
        else if (eat('-')) acc = acc.sub(term());
        else return acc;
      }
    }

    /** {@code integer [*] factor | integer | factor}, each optionally followed by {@code /integer}. */
    private Aff term() {
      skip();
      Aff t;
      if (pos < s.length() && Character.isDigit(s.charAt(pos))) {
        long c = integer();
        skip();
        boolean star = eat('*');
        skip();
        if (star || (pos < s.length() && (Character.isLetter(s.charAt(pos)) || s.charAt(pos) == '(' || s.charAt(pos) == '_'))) {
          t = factor().scale(c);
        } else {
          t = Aff.constant(space, c);
        }
      } else {
        t = factor();
      }
      while (eat('/')) t = t.scaleDown(integer());
      return t;
    }

    private Aff factor() {
      skip();
      if (eat('(')) {
        Aff a = sum();
        expect(')');
        return a;
      }
      String n = name();
      if ((n.equals("floor") || n.equals("ceil")) && peekIs('(')) {
        expect('(');
        Aff a = sum();
        while (eat('/')) a = a.scaleDown(integer());
        expect(')');
        return n.equals("floor") ? a.floor() : a.ceil();
      }
      Integer v = names.get(n);
      checkArgument(v != null, "unknown name %s in expression %s", n, s);
      return Aff.var(space, v);
    }

    private boolean peekIs(char c) {
      skip();
      return pos < s.length() && s.charAt(pos) == c;
    }

    private String name() {
      skip();
      int start = pos;
      while (pos < s.length() && isNameChar(s.charAt(pos)) && (pos > start || !Character.isDigit(s.charAt(pos)))) pos++;
      checkArgument(pos > start, "expected a name at position %s of expression %s", start, s);
      return s.substring(start, pos);
    }

    private long integer() {
      skip();
      int start = pos;
      while (pos < s.length() && Character.isDigit(s.charAt(pos))) pos++;
      checkArgument(pos > start, "expected an integer at position %s of expression %s", start, s);
      return Long.parseLong(s.substring(start, pos));
    }
  }
}
