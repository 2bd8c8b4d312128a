package dev.polyj.presburger.pip;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Test helper: basic relations from constraint chains over named variables, e.g.
 * {@code Rel.map("N", "S", "i", "T", "j", "0 <= i < N", "j = i + 1")}. Names: parameters, input
 * dimensions, output dimensions, then existentials listed with {@link #exists}. Expressions are
 * linear with integer coefficients ({@code 2i}, {@code 2*i}, {@code -(i - j)}).
 */
final class Rel {
  private Rel() {}

  private static List<String> names(String csv) {
    List<String> out = new ArrayList<>();
    for (String s : csv.split(",")) if (!s.isBlank()) out.add(s.trim());
    return out;
  }

  /** A basic set {@code [params] -> { name[dims] : constraints }}. */
  static BasicRelation set(String params, String name, String dims, String... constraints) {
    Space s = Space.set(names(params), Tuple.of(name, names(dims)));
    return build(s, List.of(), constraints);
  }

  /** A basic map {@code [params] -> { in[inDims] -> out[outDims] : constraints }}. */
  static BasicRelation map(String params, String in, String inDims, String out, String outDims, String... constraints) {
    Space s = Space.map(names(params), Tuple.of(in, names(inDims)), Tuple.of(out, names(outDims)));
    return build(s, List.of(), constraints);
  }

  /** A basic set whose constraints use existentially quantified {@code locals}. */
  static BasicRelation setExists(String params, String name, String dims, String locals, String... constraints) {
    Space s = Space.set(names(params), Tuple.of(name, names(dims)));
    return build(s, names(locals), constraints);
  }

  /** A basic map whose constraints use existentially quantified {@code locals}. */
  static BasicRelation mapExists(String params, String in, String inDims, String out, String outDims, String locals, String... constraints) {
    Space s = Space.map(names(params), Tuple.of(in, names(inDims)), Tuple.of(out, names(outDims)));
    return build(s, names(locals), constraints);
  }

  /** A parameter set. */
  static BasicRelation params(String params, String... constraints) {
    return build(Space.params(names(params)), List.of(), constraints);
  }

  static Relation union(BasicRelation... bs) {
    return Relation.ofBasics(bs[0].space(), Arrays.asList(bs));
  }

  private static BasicRelation build(Space s, List<String> locals, String[] constraints) {
    List<String> vars = new ArrayList<>(s.params());
    if (s.isMap()) vars.addAll(s.domainTuple().dimNames());
    if (!s.isParams()) vars.addAll(s.rangeTuple().dimNames());
    vars.addAll(locals);
    BasicRelation.Builder b = BasicRelation.builder(s);
    for (int i = 0; i < locals.size(); i++) b.addExistential();
    for (String c : constraints) new Parser(c, vars).constraints(b);
    return b.build();
  }

  /** Recursive-descent parser of one constraint chain. */
  private static final class Parser {
    private final String text;
    private final List<String> vars;
    private int pos;

    Parser(String text, List<String> vars) {
      this.text = text;
      this.vars = vars;
    }

    void constraints(BasicRelation.Builder b) {
      long[] left = expr();
      while (true) {
        skip();
        if (pos >= text.length()) break;
        String op = op();
        long[] right = expr();
        long[] d = sub(right, left); // right - left
        switch (op) {
          case "<=" -> b.addIneq(d);
          case "<" -> b.addIneq(plus(d, -1));
          case ">=" -> b.addIneq(neg(d));
          case ">" -> b.addIneq(plus(neg(d), -1));
          case "=" -> b.addEq(d);
          default -> throw new IllegalArgumentException("operator " + op);
        }
        left = right;
      }
    }

    private String op() {
      skip();
      for (String o : List.of("<=", ">=", "<", ">", "=")) {
        if (text.startsWith(o, pos)) {
          pos += o.length();
          return o;
        }
      }
      throw new IllegalArgumentException("expected comparison at " + pos + " in " + text);
    }

    private long[] expr() {
      long[] acc = term();
      while (true) {
        skip();
        if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
          char c = text.charAt(pos++);
          long[] t = term();
          acc = c == '+' ? add(acc, t) : sub(acc, t);
        } else {
          return acc;
        }
      }
    }

    private long[] term() {
      skip();
      if (text.charAt(pos) == '-') {
        pos++;
        return neg(term());
      }
      if (text.charAt(pos) == '(') {
        pos++;
        long[] e = expr();
        skip();
        pos++; // ')'
        return e;
      }
      long coef = 1;
      boolean hasNumber = false;
      if (Character.isDigit(text.charAt(pos))) {
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) pos++;
        coef = Long.parseLong(text.substring(start, pos));
        hasNumber = true;
        skip();
        if (pos < text.length() && text.charAt(pos) == '*') {
          pos++;
          skip();
        }
      }
      if (pos < text.length() && (Character.isLetter(text.charAt(pos)) || text.charAt(pos) == '(')) {
        long[] f;
        if (text.charAt(pos) == '(') {
          pos++;
          f = expr();
          skip();
          pos++;
        } else {
          int start = pos;
          while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_' || text.charAt(pos) == '\'')) pos++;
          String name = text.substring(start, pos);
          int v = vars.indexOf(name);
          if (v < 0) throw new IllegalArgumentException("unknown name " + name + " in " + text);
          f = new long[1 + vars.size()];
          f[1 + v] = 1;
        }
        long[] o = new long[f.length];
        for (int k = 0; k < f.length; k++) o[k] = coef * f[k];
        return o;
      }
      if (!hasNumber) throw new IllegalArgumentException("expected a term at " + pos + " in " + text);
      long[] c = new long[1 + vars.size()];
      c[0] = coef;
      return c;
    }

    private void skip() {
      while (pos < text.length() && text.charAt(pos) == ' ') pos++;
    }

    private static long[] add(long[] a, long[] b) {
      long[] o = new long[a.length];
      for (int k = 0; k < a.length; k++) o[k] = a[k] + b[k];
      return o;
    }

    private static long[] sub(long[] a, long[] b) {
      return add(a, neg(b));
    }

    private static long[] neg(long[] a) {
      long[] o = new long[a.length];
      for (int k = 0; k < a.length; k++) o[k] = -a[k];
      return o;
    }

    private static long[] plus(long[] a, long c) {
      long[] o = a.clone();
      o[0] += c;
      return o;
    }
  }
}
