package dev.polyj.polyhedral.frontend;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Macro names kept as names inside {@code #pragma scop} regions, so that preprocessing does not
 * bake their values into the optimized code (polycc keeps {@code N} symbolic too): a region
 * written with {@code #define N 4000} and {@code for (i = 0; i < N; i++)} is read with {@code N} as
 * a parameter, and its new code, compiled with another {@code -DN=200}, still computes what the
 * original computes at 200.
 *
 * <p>The names kept are the object-like macros used in a region whose full expansion is an integer
 * constant expression (literals without unsigned suffix, {@code + - * / %} and parentheses), the
 * size macros. Before preprocessing, their uses inside the regions (outside comments, literals and
 * directive lines) are replaced by a marker name the preprocessor does not know; after it, the
 * markers are turned back into the names, which the parser sees declared as integer constants.
 */
final class SymbolicMacros {
  /** The prefix that hides a name from the preprocessor. */
  static final String MARKER = "__polyj_macro_";

  private static final Pattern DEFINE = Pattern.compile("^#define ([A-Za-z_]\\w*)(\\(.*?\\))?(?: (.*))?$");

  private SymbolicMacros() {}

  /** Object-like macros of {@code gcc -dM -E} output: name to body. */
  static Map<String, String> objectLike(String dumped) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String line : dumped.split("\n")) {
      Matcher m = DEFINE.matcher(line.strip());
      if (!m.matches() || m.group(2) != null) continue;
      out.put(m.group(1), m.group(3) == null ? "" : m.group(3).strip());
    }
    return out;
  }

  /** The names of function-like macros of {@code gcc -dM -E} output. */
  static Set<String> functionLike(String dumped) {
    Set<String> out = new LinkedHashSet<>();
    for (String line : dumped.split("\n")) {
      Matcher m = DEFINE.matcher(line.strip());
      if (m.matches() && m.group(2) != null) out.add(m.group(1));
    }
    return out;
  }

  /** The value of macro {@code name} when its full expansion is an integer constant expression, else null. */
  static Long integerValue(String name, Map<String, String> macros) {
    try {
      BigInteger v = new Evaluator(macros).macro(name, 0);
      return v.bitLength() < 63 ? v.longValue() : null;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** The identifiers used inside the regions of {@code text} (outside comments, literals, directives). */
  static Set<String> regionIdentifiers(String text) {
    Set<String> out = new LinkedHashSet<>();
    scan(text, (name, start, region) -> out.add(name));
    return out;
  }

  /** The identifiers used inside each region of {@code text}, in order. */
  static List<Set<String>> identifiersPerRegion(String text) {
    List<Set<String>> out = new ArrayList<>();
    scan(text, (name, start, region) -> {
      while (out.size() <= region) out.add(new LinkedHashSet<>());
      out.get(region).add(name);
    });
    return out;
  }

  /** {@code text} with every use of a name of {@code names} inside a region hidden behind {@link #MARKER}. */
  static String hide(String text, Set<String> names) {
    StringBuilder sb = new StringBuilder();
    int[] last = {0};
    scan(text, (name, start, region) -> {
      if (!names.contains(name)) return;
      sb.append(text, last[0], start).append(MARKER).append(name);
      last[0] = start + name.length();
    });
    sb.append(text.substring(last[0]));
    return sb.toString();
  }

  /**
   * Preprocessed text with the markers turned back into names and those names declared first as
   * integer constants (before the first line marker, so positions are unchanged).
   */
  static String restore(String preprocessed, Set<String> names) {
    StringBuilder decls = new StringBuilder();
    for (String n : names) decls.append("extern const int ").append(n).append(";\n");
    return decls + preprocessed.replace(MARKER, "");
  }

  private interface Visitor {
    void identifier(String name, int start, int region);
  }

  /** Calls {@code v} for each identifier inside the {@code #pragma scop} regions of {@code text}. */
  private static void scan(String text, Visitor v) {
    int n = text.length();
    int i = 0;
    boolean inRegion = false;
    boolean lineStart = true;
    int region = -1;
    while (i < n) {
      char c = text.charAt(i);
      if (lineStart) {
        int j = i;
        while (j < n && (text.charAt(j) == ' ' || text.charAt(j) == '\t')) j++;
        if (j < n && text.charAt(j) == '#') {
          int end = lineEnd(text, j);
          String directive = text.substring(j + 1, end).strip();
          if (directive.matches("pragma\\s+scop\\b.*")) {
            inRegion = true;
            region++;
          } else if (directive.matches("pragma\\s+endscop\\b.*")) inRegion = false;
          i = end;
          continue;
        }
        lineStart = false;
      }
      if (c == '\n') {
        lineStart = true;
        i++;
      } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
        i = lineEnd(text, i);
      } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
        int end = text.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else if (c == '"' || c == '\'') {
        int j = i + 1;
        while (j < n && text.charAt(j) != c && text.charAt(j) != '\n') j += text.charAt(j) == '\\' ? 2 : 1;
        i = Math.min(n, j + 1);
      } else if (Character.isJavaIdentifierStart(c) && c != '$') {
        int j = i + 1;
        while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '_')) j++;
        if (inRegion) v.identifier(text.substring(i, j), i, region);
        i = j;
      } else if (Character.isDigit(c)) {
        int j = i + 1;
        while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '.')) j++;
        i = j;
      } else {
        i++;
      }
    }
  }

  /** The end of the logical line starting at {@code i} (backslash continuations joined). */
  private static int lineEnd(String text, int i) {
    int n = text.length();
    while (i < n && text.charAt(i) != '\n') {
      if (text.charAt(i) == '\\' && i + 1 < n && text.charAt(i + 1) == '\n') i++;
      i++;
    }
    return i;
  }

  /** Evaluates the expansion of object-like macros as an integer constant expression. */
  private static final class Evaluator {
    private final Map<String, String> macros;
    private List<String> toks;
    private int p;

    Evaluator(Map<String, String> macros) {
      this.macros = macros;
    }

    BigInteger macro(String name, int depth) {
      if (depth > 32 || !macros.containsKey(name)) throw new IllegalArgumentException(name);
      Evaluator e = new Evaluator(macros);
      e.toks = tokens(macros.get(name), depth);
      e.p = 0;
      if (e.toks.isEmpty()) throw new IllegalArgumentException("empty");
      BigInteger v = e.sum();
      if (e.p != e.toks.size()) throw new IllegalArgumentException("trailing tokens");
      return v;
    }

    /** The tokens of a body, other object-like macros expanded in place (as values). */
    private List<String> tokens(String body, int depth) {
      List<String> out = new ArrayList<>();
      int i = 0;
      while (i < body.length()) {
        char c = body.charAt(i);
        if (Character.isWhitespace(c)) {
          i++;
        } else if (Character.isDigit(c)) {
          int j = i;
          while (j < body.length() && Character.isLetterOrDigit(body.charAt(j))) j++;
          out.add(literal(body.substring(i, j)).toString());
          i = j;
        } else if (Character.isLetter(c) || c == '_') {
          int j = i;
          while (j < body.length() && (Character.isLetterOrDigit(body.charAt(j)) || body.charAt(j) == '_')) j++;
          BigInteger v = macro(body.substring(i, j), depth + 1);
          out.add("(");
          out.add(v.toString());
          out.add(")");
          i = j;
        } else if ("+-*/%()".indexOf(c) >= 0) {
          out.add(String.valueOf(c));
          i++;
        } else {
          throw new IllegalArgumentException("operator " + c);
        }
      }
      return out;
    }

    private static BigInteger literal(String t) {
      String s = t.toLowerCase(java.util.Locale.ROOT);
      if (s.contains("u")) throw new IllegalArgumentException("unsigned literal");
      while (s.endsWith("l")) s = s.substring(0, s.length() - 1);
      if (s.startsWith("0x")) return new BigInteger(s.substring(2), 16);
      if (s.length() > 1 && s.startsWith("0")) return new BigInteger(s.substring(1), 8);
      return new BigInteger(s);
    }

    private BigInteger sum() {
      BigInteger v = product();
      while (p < toks.size() && (toks.get(p).equals("+") || toks.get(p).equals("-"))) {
        String op = toks.get(p++);
        BigInteger r = product();
        v = op.equals("+") ? v.add(r) : v.subtract(r);
      }
      return v;
    }

    private BigInteger product() {
      BigInteger v = unary();
      while (p < toks.size() && "*/%".contains(toks.get(p)) && toks.get(p).length() == 1) {
        String op = toks.get(p++);
        BigInteger r = unary();
        if (!op.equals("*") && r.signum() == 0) throw new IllegalArgumentException("division by zero");
        // C truncates towards zero, as BigInteger does
        v = op.equals("*") ? v.multiply(r) : op.equals("/") ? v.divide(r) : v.remainder(r);
      }
      return v;
    }

    private BigInteger unary() {
      if (p >= toks.size()) throw new IllegalArgumentException("end");
      String t = toks.get(p++);
      if (t.equals("-")) return unary().negate();
      if (t.equals("+")) return unary();
      if (t.equals("(")) {
        BigInteger v = sum();
        if (p >= toks.size() || !toks.get(p++).equals(")")) throw new IllegalArgumentException("parenthesis");
        return v;
      }
      try {
        return new BigInteger(t);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(t);
      }
    }
  }

  /** The integer size macros among {@code names}: name to value. */
  static Map<String, Long> sizes(Set<String> names, Map<String, String> macros) {
    Map<String, Long> out = new LinkedHashMap<>();
    Map<String, Long> cache = new HashMap<>();
    for (String n : names) {
      if (!macros.containsKey(n)) continue;
      Long v = cache.computeIfAbsent(n, x -> integerValue(x, macros));
      if (v != null) out.put(n, v);
    }
    return out;
  }
}
