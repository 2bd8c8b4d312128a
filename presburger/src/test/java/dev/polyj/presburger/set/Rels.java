package dev.polyj.presburger.set;

import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Test helper: builds relations from a small constraint notation, e.g.
 * {@code Rels.map("N", "S[i]", "S[j]", "j = i + 1 and 0 <= i < N")}. A piece may start with
 * {@code exists a, b :} to introduce existentials. Chains like {@code 0 <= i < N} are allowed; terms
 * are integers, names, or {@code 3i} / {@code 3*i}.
 */
final class Rels {
  private Rels() {}

  static Tuple tuple(String spec) {
    spec = spec.trim();
    int open = spec.indexOf('[');
    String name = open > 0 ? spec.substring(0, open).trim() : null;
    String inner = open >= 0 ? spec.substring(open + 1, spec.lastIndexOf(']')) : spec;
    int depth = 0;
    for (int i = 0; i + 1 < inner.length(); i++) {
      char c = inner.charAt(i);
      if (c == '[') depth++;
      else if (c == ']') depth--;
      else if (c == '-' && inner.charAt(i + 1) == '>' && depth == 0) {
        return Tuple.wrap(name, tuple(inner.substring(0, i)), tuple(inner.substring(i + 2)));
      }
    }
    List<String> dims = new ArrayList<>();
    for (String d : inner.split(",")) if (!d.isBlank()) dims.add(d.trim());
    return Tuple.of(name, dims);
  }

  static List<String> params(String params) {
    List<String> out = new ArrayList<>();
    for (String p : params.split(",")) if (!p.isBlank()) out.add(p.trim());
    return out;
  }

  static Relation map(String params, String in, String out, String... pieces) {
    Space s = Space.map(params(params), tuple(in), tuple(out));
    return relation(s, pieces);
  }

  static Relation set(String params, String tuple, String... pieces) {
    Space s = Space.set(params(params), tuple(tuple));
    return relation(s, pieces);
  }

  static Relation paramSet(String params, String... pieces) {
    return relation(Space.params(params(params)), pieces);
  }

  static Relation relation(Space s, String... pieces) {
    List<String> names = new ArrayList<>(s.params());
    if (s.isMap()) names.addAll(s.domainTuple().dimNames());
    if (!s.isParams()) names.addAll(s.rangeTuple().dimNames());
    List<BasicRelation> bs = new ArrayList<>();
    for (String piece : pieces) bs.add(basic(s, names, piece));
    return Relation.ofBasics(s, bs);
  }

  static BasicRelation basic(Space s, List<String> varNames, String text) {
    List<String> names = new ArrayList<>(varNames);
    text = text.trim();
    int nLocal = 0;
    if (text.startsWith("exists")) {
      int colon = text.indexOf(':');
      for (String e : text.substring("exists".length(), colon).split(",")) {
        names.add(e.trim());
        nLocal++;
      }
      text = text.substring(colon + 1);
    }
    int width = 1 + names.size();
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    if (!text.isBlank()) {
      for (String conj : text.split("\\band\\b")) chain(conj, names, width, eqs, ineqs);
    }
    return BasicRelation.of(s, nLocal, null, eqs, ineqs);
  }

  private static void chain(String text, List<String> names, int width, List<long[]> eqs, List<long[]> ineqs) {
    List<String> parts = new ArrayList<>();
    List<String> ops = new ArrayList<>();
    int i = 0;
    int start = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '<' || c == '>' || c == '=') {
        parts.add(text.substring(start, i));
        String op = (i + 1 < text.length() && text.charAt(i + 1) == '=') ? c + "=" : String.valueOf(c);
        ops.add(op);
        i += op.length();
        start = i;
      } else {
        i++;
      }
    }
    parts.add(text.substring(start));
    for (int k = 0; k < ops.size(); k++) {
      long[] a = expr(parts.get(k), names, width);
      long[] b = expr(parts.get(k + 1), names, width);
      long[] diff = new long[width]; // b - a
      for (int j = 0; j < width; j++) diff[j] = b[j] - a[j];
      switch (ops.get(k)) {
        case "=" -> eqs.add(diff);
        case "<=" -> ineqs.add(diff);
        case "<" -> {
          diff[0] -= 1;
          ineqs.add(diff);
        }
        case ">=" -> ineqs.add(neg(diff));
        case ">" -> {
          long[] n = neg(diff);
          n[0] -= 1;
          ineqs.add(n);
        }
        default -> throw new IllegalArgumentException(ops.get(k));
      }
    }
  }

  private static long[] neg(long[] r) {
    long[] o = new long[r.length];
    for (int i = 0; i < r.length; i++) o[i] = -r[i];
    return o;
  }

  private static long[] expr(String text, List<String> names, int width) {
    long[] row = new long[width];
    String t = text.replace(" ", "").replace("-", "+-");
    for (String term : t.split("\\+")) {
      if (term.isEmpty()) continue;
      long sign = 1;
      if (term.startsWith("-")) {
        sign = -1;
        term = term.substring(1);
      }
      int k = 0;
      while (k < term.length() && Character.isDigit(term.charAt(k))) k++;
      long coef = k == 0 ? 1 : Long.parseLong(term.substring(0, k));
      String var = term.substring(k).replace("*", "");
      if (var.isEmpty()) {
        row[0] += sign * coef;
      } else {
        int idx = names.indexOf(var);
        if (idx < 0) throw new IllegalArgumentException("unknown variable " + var + " in " + text + " " + names);
        row[1 + idx] += sign * coef;
      }
    }
    return row;
  }

  static String show(long[] p) {
    return Arrays.toString(p);
  }
}
