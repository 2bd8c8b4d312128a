package dev.polyj.polyhedral.multifor;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.polyj.polyhedral.frontend.CSourceException;
import dev.polyj.polyhedral.scop.SourcePos;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the multifor statements of a C file (the syntax of Fassi et al., IMPACT 2013, section 2):
 *
 * <pre>
 * multifor (i1 = e, i2 = e; i1 &lt; e, i2 &lt; e; i1++, i2 += 2; grain1, grain2; offset1, offset2) {
 *   0 : statement          // run by nest 0 (the loops i1, ...)
 *   [0, 1] : statement     // run by nests 0 and 1; [a, b] inside picks a for nest 0, b for nest 1
 *   multifor (...) ...     // the next level of every nest
 * }
 * </pre>
 *
 * Everything outside multifor statements is left to the C compiler. A body is a block of items or
 * a single item (typically a nested multifor). Conditions are {@code index < e}, {@code <=},
 * {@code >}, {@code >=} (either side), steps {@code ++ -- += -=} by integer constants, grains and
 * offsets integer expressions (a constant grain at least 1, a constant offset at least 0; others
 * read parameters and the own nest's enclosing indices and are checked when the level runs). A level's loops may only read
 * enclosing indices of their own nest, and a statement only the indices of the nests it runs in.
 */
public final class MultiforParser {
  /** A multifor statement found in a file: its extent in the text and its meaning. */
  public record Occurrence(int start, int end, MultiforLoop loop) {}

  private final List<MfToken> toks;
  private final String src;
  private int p;

  private final String file;
  /** The {@code #pragma polyj multifor} lines, by the index of the token that follows them. */
  private final Map<Integer, Pragma> pragmas = new java.util.HashMap<>();

  private MultiforParser(String src, String file) {
    this.src = src;
    this.file = file;
    this.toks = MfLexer.tokenize(src, file);
  }

  /** The outermost multifor statements of {@code src}, in order. */
  public static List<Occurrence> parse(String src, String file) {
    MultiforParser ps = new MultiforParser(src, file);
    ps.readPragmas();
    List<Occurrence> out = ps.all();
    for (Pragma pr : ps.pragmas.values()) {
      if (!pr.used) throw new CSourceException(pr.pos, "'#pragma polyj multifor' must be followed by a multifor");
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // #pragma polyj multifor [threads] [parallel(k, ...)] before a multifor level

  private static final java.util.regex.Pattern PRAGMA =
      java.util.regex.Pattern.compile("(?m)^[ \\t]*(#)[ \\t]*pragma[ \\t]+polyj[ \\t]+multifor\\b([^\\n]*)");
  private static final java.util.regex.Pattern CLAUSE =
      java.util.regex.Pattern.compile("\\G[ \\t]*(?:(threads)|parallel[ \\t]*\\(([ \\t0-9,]*)\\)|(\\S+))");

  private static final class Pragma {
    final int start;
    final SourcePos pos;
    boolean threads;
    final List<Integer> parallel = new ArrayList<>();
    final List<SourcePos> parallelPos = new ArrayList<>();
    boolean used;

    Pragma(int start, SourcePos pos) {
      this.start = start;
      this.pos = pos;
    }
  }

  private SourcePos posAt(int offset) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < offset; i++) {
      if (src.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return new SourcePos(file, line, offset - lineStart + 1);
  }

  private void readPragmas() {
    var m = PRAGMA.matcher(src);
    while (m.find()) {
      Pragma pr = new Pragma(m.start(1), posAt(m.start(1)));
      var c = CLAUSE.matcher(src).region(m.start(2), m.end(2));
      while (c.find()) {
        if (c.group(1) != null) {
          pr.threads = true;
        } else if (c.group(2) != null) {
          for (String k : c.group(2).split(",")) {
            if (k.isBlank()) throw new CSourceException(posAt(c.start(2)), "expected nest numbers in parallel(...)");
            try {
              pr.parallel.add(Integer.parseInt(k.trim()));
            } catch (NumberFormatException e) {
              throw new CSourceException(posAt(c.start(2)), "no nest " + k.trim() + " in this multifor");
            }
            pr.parallelPos.add(posAt(c.start(2)));
          }
        } else {
          if (c.group(3).startsWith("//") || c.group(3).startsWith("/*")) break;
          throw new CSourceException(posAt(c.start(3)), "unknown clause '" + c.group(3) + "' (expected 'threads' or 'parallel(k, ...)')");
        }
        if (c.end() == m.end(2)) break;
      }
      int at = 0;
      while (at < toks.size() - 1 && toks.get(at).start() < m.end()) at++;
      if (!toks.get(at).is("multifor")) throw new CSourceException(pr.pos, "'#pragma polyj multifor' must be followed by a multifor");
      pragmas.put(at, pr);
    }
  }

  /** The parallel form asked for the level at token {@code kw} (with {@code n} nests). */
  private MultiforLoop.Parallelism parallelism(int kw, int n, boolean enclosingThreads) {
    Pragma pr = pragmas.get(kw);
    if (pr == null) return MultiforLoop.Parallelism.NONE;
    pr.used = true;
    for (int i = 0; i < pr.parallel.size(); i++) {
      int k = pr.parallel.get(i);
      if (k < 0 || k >= n) throw new CSourceException(pr.parallelPos.get(i), "no nest " + k + " in this multifor (nests 0 to " + (n - 1) + ")");
    }
    boolean threads = pr.threads || n == 1;
    if (!pr.parallel.isEmpty() && !threads && !enclosingThreads) {
      throw new CSourceException(pr.parallelPos.get(0), "parallel(...) needs 'threads' on this multifor or an enclosing one"
          + " (otherwise the loop's iterations are interleaved with the other nests' in referential order)");
    }
    return new MultiforLoop.Parallelism(threads, com.google.common.collect.ImmutableSet.copyOf(pr.parallel));
  }

  /** Where the outermost multifor at token {@code kw} starts in the text: at its pragma line if any. */
  private int startOf(int kw) {
    Pragma pr = pragmas.get(kw);
    return pr == null ? toks.get(kw).start() : pr.start;
  }

  /** True when the text contains the word {@code multifor} outside comments and literals. */
  public static boolean mentionsMultifor(String src, String file) {
    return MfLexer.tokenize(src, file).stream().anyMatch(t -> t.is("multifor"));
  }

  private List<Occurrence> all() {
    List<Occurrence> out = new ArrayList<>();
    while (peek().kind() != MfToken.Kind.EOF) {
      if (peek().is("multifor")) {
        int start = startOf(p);
        MultiforLoop loop = level(List.of());
        out.add(new Occurrence(start, toks.get(p - 1).end(), loop));
      } else {
        p++;
      }
    }
    return out;
  }

  private MfToken peek() {
    return toks.get(p);
  }

  private MfToken next() {
    MfToken t = toks.get(p);
    if (t.kind() != MfToken.Kind.EOF) p++;
    return t;
  }

  private boolean accept(String s) {
    if (peek().is(s)) {
      p++;
      return true;
    }
    return false;
  }

  private MfToken expect(String s) {
    if (!peek().is(s)) throw error(peek(), "expected '" + s + "' before " + peek());
    return next();
  }

  private static CSourceException error(MfToken t, String msg) {
    return new CSourceException(t.pos(), msg);
  }

  // ---------------------------------------------------------------------------------------------
  // Header

  /** A multifor level; {@code outer} holds the enclosing levels' loops, outermost first. */
  private MultiforLoop level(List<MultiforLoop> outer) {
    int kwIndex = p;
    MfToken kw = expect("multifor");
    expect("(");
    List<MfToken> names = new ArrayList<>();
    List<HeaderExpr> inits = new ArrayList<>();
    do {
      MfToken name = next();
      if (name.kind() != MfToken.Kind.IDENT) throw error(name, "expected a loop index before " + name);
      names.add(name);
      expect("=");
      inits.add(expr());
    } while (accept(","));
    int n = names.size();
    Set<String> seen = new HashSet<>();
    for (MfToken t : names) if (!seen.add(t.text())) throw error(t, "index '" + t.text() + "' defined twice");
    for (MultiforLoop o : outer) {
      if (o.nests() != n) {
        throw error(kw, "a nested multifor must have as many loops as the enclosing one (" + o.nests() + "), not " + n);
      }
      for (MultiforLoop.Loop l : o.loops()) {
        if (seen.contains(l.index())) throw error(kw, "index '" + l.index() + "' is already an enclosing index");
      }
    }
    expect(";");
    String[] cmps = new String[n];
    HeaderExpr[] bounds = new HeaderExpr[n];
    for (int k = 0; k < n; k++) {
      if (k > 0) expect(",");
      condition(names, cmps, bounds);
    }
    expect(";");
    long[] steps = new long[n];
    boolean[] stepSeen = new boolean[n];
    for (int k = 0; k < n; k++) {
      if (k > 0) expect(",");
      step(names, steps, stepSeen);
    }
    expect(";");
    int[] mappedOnto = new int[n];
    HeaderExpr[] grains = grains(n, mappedOnto);
    expect(";");
    HeaderExpr[] offsets = expressions(n, "offset");
    expect(")");
    List<MultiforLoop.Loop> loops = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      MfToken t = names.get(k);
      if (cmps[k] == null) throw error(t, "no condition for index '" + t.text() + "'");
      Long g = grains[k].constant();
      Long o = offsets[k].constant();
      if (g != null && g < 1) throw new CSourceException(grains[k].pos(), "the grain of '" + t.text() + "' must be at least 1");
      if (o != null && o < 0) throw new CSourceException(offsets[k].pos(), "the offset of '" + t.text() + "' must be at least 0");
      boolean up = cmps[k].startsWith("<");
      if (steps[k] == 0 || (steps[k] > 0) != up) {
        throw error(t, "the step of '" + t.text() + "' must go toward its bound (" + t.text() + " " + cmps[k] + " ...)");
      }
      if (mappedOnto[k] >= 0 && (o == null || o != 0)) {
        throw new CSourceException(offsets[k].pos(), "a nest mapped by rank takes offset 0 (its points are those of the nest it is mapped onto)");
      }
      MultiforLoop.Loop loop = new MultiforLoop.Loop(t.text(), inits.get(k), cmps[k], bounds[k], steps[k], grains[k], offsets[k], t.pos(), mappedOnto[k]);
      checkOwnNest(loop, k, names, outer);
      loops.add(loop);
    }
    checkRankMapping(loops, grains, outer);
    boolean enclosingThreads = outer.stream().anyMatch(o -> o.parallelism().threads() || o.nests() == 1);
    MultiforLoop.Parallelism par = parallelism(kwIndex, n, enclosingThreads);
    if (par.threads() && !outer.isEmpty() && !enclosingThreads && loops.stream().anyMatch(MultiforLoop.Loop::mapped)) {
      throw error(kw, "a nested 'threads' multifor cannot hold a nest mapped by rank (put 'threads' on the outermost level)");
    }
    List<MultiforLoop> inner = new ArrayList<>(outer);
    MultiforLoop self = new MultiforLoop(kw.pos(), loops, List.of(), par);
    inner.add(self);
    List<MultiforLoop.Item> items = new ArrayList<>();
    if (accept("{")) {
      while (!peek().is("}")) {
        if (peek().kind() == MfToken.Kind.EOF) throw error(peek(), "unterminated multifor body");
        item(inner, items);
      }
      next();
    } else {
      item(inner, items);
    }
    MultiforLoop result = new MultiforLoop(kw.pos(), loops, items, par);
    checkMappedStatements(result, grains);
    return result;
  }

  /**
   * A bound, initial value, grain or offset may read parameters and the enclosing indices of its
   * own nest only.
   */
  private static void checkOwnNest(MultiforLoop.Loop loop, int nest, List<MfToken> names, List<MultiforLoop> outer) {
    Set<String> vars = new HashSet<>();
    loop.init().variables(vars);
    loop.bound().variables(vars);
    checkOwnNest(vars, loop.pos(), "the bounds of '" + loop.index() + "'", nest, names, outer);
    checkOwnNest(variables(loop.grain()), loop.grain().pos(), "the grain of '" + loop.index() + "'", nest, names, outer);
    checkOwnNest(variables(loop.offset()), loop.offset().pos(), "the offset of '" + loop.index() + "'", nest, names, outer);
  }

  private static Set<String> variables(HeaderExpr e) {
    Set<String> vars = new HashSet<>();
    e.variables(vars);
    return vars;
  }

  private static void checkOwnNest(Set<String> vars, SourcePos pos, String what, int nest, List<MfToken> names, List<MultiforLoop> outer) {
    for (int k = 0; k < names.size(); k++) {
      if (vars.contains(names.get(k).text())) {
        throw new CSourceException(pos, what + " read '" + names.get(k).text() + "', an index of the same level");
      }
    }
    for (MultiforLoop o : outer) {
      for (int k = 0; k < o.nests(); k++) {
        String idx = o.loops().get(k).index();
        if (k != nest && vars.contains(idx)) {
          throw new CSourceException(pos, what + " read '" + idx + "', an index of another nest");
        }
      }
    }
  }

  private int indexOf(List<MfToken> names, MfToken t) {
    for (int k = 0; k < names.size(); k++) if (names.get(k).text().equals(t.text())) return k;
    throw error(t, "expected one of the multifor's indices, not " + t);
  }

  private void condition(List<MfToken> names, String[] cmps, HeaderExpr[] bounds) {
    MfToken first = peek();
    String cmp;
    HeaderExpr bound;
    int k;
    if (first.kind() == MfToken.Kind.IDENT && isIndex(names, first) && isComparison(toks.get(p + 1))) {
      k = indexOf(names, next());
      cmp = next().text();
      bound = expr();
    } else {
      bound = expr();
      MfToken op = next();
      if (!isComparison(op)) throw error(op, "expected a comparison with a loop index before " + op);
      MfToken idx = next();
      k = indexOf(names, idx);
      cmp = switch (op.text()) {
        case "<" -> ">";
        case "<=" -> ">=";
        case ">" -> "<";
        default -> "<=";
      };
    }
    if (cmps[k] != null) throw error(first, "a second condition for '" + names.get(k).text() + "'");
    cmps[k] = cmp;
    bounds[k] = bound;
  }

  private static boolean isIndex(List<MfToken> names, MfToken t) {
    return names.stream().anyMatch(n -> n.text().equals(t.text()));
  }

  private static boolean isComparison(MfToken t) {
    return t.is("<") || t.is("<=") || t.is(">") || t.is(">=");
  }

  private void step(List<MfToken> names, long[] steps, boolean[] seen) {
    MfToken first = peek();
    int k;
    long s;
    if (first.is("++") || first.is("--")) {
      next();
      k = indexOf(names, next());
      s = first.is("++") ? 1 : -1;
    } else {
      k = indexOf(names, next());
      MfToken op = next();
      if (op.is("++")) {
        s = 1;
      } else if (op.is("--")) {
        s = -1;
      } else if (op.is("+=") || op.is("-=")) {
        s = constant("step");
        if (op.is("-=")) s = -s;
      } else if (op.is("=")) {
        MfToken again = next();
        if (!again.text().equals(names.get(k).text())) throw error(again, "expected '" + names.get(k).text() + "'");
        MfToken sign = next();
        if (!sign.is("+") && !sign.is("-")) throw error(sign, "expected '+' or '-' before " + sign);
        s = constant("step");
        if (sign.is("-")) s = -s;
      } else {
        throw error(op, "expected '++', '--', '+=' or '-=' before " + op);
      }
    }
    if (seen[k]) throw error(first, "a second step for '" + names.get(k).text() + "'");
    seen[k] = true;
    steps[k] = s;
  }

  /**
   * The grains of a header: expressions, or {@code rank(k)} (the nest is mapped by rank onto nest
   * k; {@code mappedOnto} receives k, or -1 for an ordinary grain).
   */
  private HeaderExpr[] grains(int n, int[] mappedOnto) {
    HeaderExpr[] v = new HeaderExpr[n];
    for (int k = 0; k < n; k++) {
      if (k > 0) expect(",");
      mappedOnto[k] = -1;
      if (peek().is("rank") && toks.get(p + 1).is("(")) {
        MfToken kw = next();
        next();
        MfToken num = next();
        long target;
        try {
          target = num.kind() == MfToken.Kind.NUMBER ? Long.parseLong(num.text()) : -1;
        } catch (NumberFormatException e) {
          target = -1;
        }
        if (target < 0 || target >= n) throw error(num, "expected a nest number between 0 and " + (n - 1) + ", not " + num);
        if (target == k) throw error(num, "a nest cannot be mapped by rank onto itself");
        expect(")");
        mappedOnto[k] = (int) target;
        v[k] = new HeaderExpr.Num(1, "rank(" + target + ")", kw.pos());
      } else {
        HeaderExpr[] one = expressions(1, "grain");
        v[k] = one[0];
      }
    }
    for (int k = 0; k < n; k++) {
      if (mappedOnto[k] >= 0 && mappedOnto[mappedOnto[k]] >= 0) {
        throw new CSourceException(v[k].pos(), "nest " + mappedOnto[k] + " is itself mapped by rank: map onto a nest with a grain");
      }
    }
    return v;
  }

  /** A nest mapped by rank is mapped at every level, onto the same nest. */
  private static void checkRankMapping(List<MultiforLoop.Loop> loops, HeaderExpr[] grains, List<MultiforLoop> outer) {
    if (outer.isEmpty()) return;
    MultiforLoop parent = outer.get(outer.size() - 1);
    for (int k = 0; k < loops.size(); k++) {
      int here = loops.get(k).mappedOnto();
      int there = parent.loops().get(k).mappedOnto();
      if (here != there) {
        throw new CSourceException(grains[k].pos(), there >= 0 ? "nest " + k + " is mapped by rank(" + there + ") at the enclosing level: write the same grain here"
            : "nest " + k + " is not mapped by rank at the enclosing level: a nest is mapped as a whole");
      }
    }
  }

  /**
   * Where a nest is mapped by rank, the levels form a chain (one nested multifor per body) and the
   * mapped nest's statements are in the innermost one: its iterations are those of its innermost
   * loop, each the counterpart of one innermost iteration of the nest it is mapped onto.
   */
  private static void checkMappedStatements(MultiforLoop m, HeaderExpr[] grains) {
    int k0 = -1;
    for (int k = 0; k < m.nests(); k++) if (m.loops().get(k).mapped()) k0 = k;
    if (k0 < 0) return;
    long nested = m.items().stream().filter(it -> it instanceof MultiforLoop.Nested).count();
    if (nested > 1) throw new CSourceException(grains[k0].pos(), "with a nest mapped by rank a multifor body may hold one nested multifor only");
    if (nested == 0) return;
    for (MultiforLoop.Item it : m.items()) {
      if (it instanceof MultiforLoop.Statement s) {
        for (int k : s.texts().keySet()) {
          if (m.loops().get(k).mapped()) {
            throw new CSourceException(s.pos(), "the statements of nest " + k + ", mapped by rank, must be in the innermost multifor");
          }
        }
      }
    }
  }

  /**
   * The grains or offsets of a header: integer expressions (constants, or expressions of
   * parameters and enclosing indices evaluated when the level is entered).
   */
  private HeaderExpr[] expressions(int n, String what) {
    HeaderExpr[] v = new HeaderExpr[n];
    for (int k = 0; k < n; k++) {
      if (k > 0) expect(",");
      MfToken t = peek();
      HeaderExpr e = expr();
      if (variables(e).isEmpty()) {
        try {
          e.eval(Map.of());
        } catch (ArithmeticException ex) {
          throw error(t, "the " + what + " '" + e.text() + "' overflows");
        }
      }
      v[k] = e;
    }
    return v;
  }

  private long constant(String what) {
    MfToken t = peek();
    HeaderExpr e = expr();
    Set<String> vars = new HashSet<>();
    e.variables(vars);
    if (!vars.isEmpty()) throw error(t, "the " + what + " must be an integer constant, not '" + e.text() + "'");
    try {
      return e.eval(Map.of());
    } catch (ArithmeticException ex) {
      throw error(t, "the " + what + " '" + e.text() + "' overflows");
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Expressions: + - * / % unary minus, parentheses, integer constants, names

  private HeaderExpr expr() {
    return leftAssociative(this::term, "+", "-");
  }

  private HeaderExpr term() {
    return leftAssociative(this::unary, "*", "/", "%");
  }

  /** Operands read by {@code operand}, joined left to right by any of the operators {@code ops}. */
  private HeaderExpr leftAssociative(java.util.function.Supplier<HeaderExpr> operand, String... ops) {
    int start = p;
    HeaderExpr l = operand.get();
    while (java.util.Arrays.stream(ops).anyMatch(peek()::is)) {
      char op = next().text().charAt(0);
      HeaderExpr r = operand.get();
      l = new HeaderExpr.Bin(op, l, r, text(start), toks.get(start).pos());
    }
    return l;
  }

  private HeaderExpr unary() {
    int start = p;
    MfToken t = next();
    if (t.is("-")) return new HeaderExpr.Neg(unary(), text(start), t.pos());
    if (t.is("+")) return unary();
    if (t.is("(")) {
      HeaderExpr e = expr();
      expect(")");
      return reText(e, text(start));
    }
    if (t.kind() == MfToken.Kind.IDENT) return new HeaderExpr.Var(t.text(), t.pos());
    if (t.kind() == MfToken.Kind.NUMBER) {
      String s = t.text().replaceAll("[uUlL]+$", "");
      try {
        long v = s.startsWith("0x") || s.startsWith("0X") ? Long.parseLong(s.substring(2), 16)
            : s.length() > 1 && s.startsWith("0") ? Long.parseLong(s.substring(1), 8) : Long.parseLong(s);
        return new HeaderExpr.Num(v, t.text(), t.pos());
      } catch (NumberFormatException e) {
        throw error(t, "expected an integer, not " + t);
      }
    }
    throw error(t, "expected an integer expression before " + t);
  }

  private static HeaderExpr reText(HeaderExpr e, String text) {
    if (e instanceof HeaderExpr.Num n) return new HeaderExpr.Num(n.value(), text, n.pos());
    if (e instanceof HeaderExpr.Neg n) return new HeaderExpr.Neg(n.operand(), text, n.pos());
    if (e instanceof HeaderExpr.Bin b) return new HeaderExpr.Bin(b.op(), b.left(), b.right(), text, b.pos());
    return e;
  }

  private String text(int fromToken) {
    StringBuilder sb = new StringBuilder();
    for (int i = fromToken; i < p; i++) {
      if (i > fromToken && toks.get(i - 1).end() < toks.get(i).start()) sb.append(' ');
      sb.append(toks.get(i).text());
    }
    return sb.toString();
  }

  // ---------------------------------------------------------------------------------------------
  // Body

  private void item(List<MultiforLoop> levels, List<MultiforLoop.Item> items) {
    MfToken t = peek();
    if (t.is(";")) {
      next();
      return;
    }
    if (t.is("multifor")) {
      items.add(new MultiforLoop.Nested(level(levels)));
      return;
    }
    int n = levels.get(levels.size() - 1).nests();
    List<Integer> nests = new ArrayList<>();
    if (t.kind() == MfToken.Kind.NUMBER) {
      nests.add(nestNumber(n));
    } else if (t.is("[")) {
      next();
      do {
        nests.add(nestNumber(n));
      } while (accept(","));
      expect("]");
    } else {
      throw error(t, "expected a nest prefix ('0 :', '[0, 1] :') or a nested multifor before " + t);
    }
    if (new HashSet<>(nests).size() != nests.size()) throw error(t, "a nest is named twice in the prefix");
    expect(":");
    MfToken first = peek();
    int from = p;
    statementExtent();
    int to = p;
    Map<Integer, String> texts = new LinkedHashMap<>();
    for (int j = 0; j < nests.size(); j++) {
      texts.put(nests.get(j), instantiate(from, to, j, nests.size()));
      checkIndices(from, to, nests.get(j), j, nests.size(), levels);
    }
    items.add(new MultiforLoop.Statement(ImmutableMap.copyOf(texts), first.pos()));
  }

  private int nestNumber(int n) {
    MfToken t = next();
    long v;
    try {
      v = t.kind() == MfToken.Kind.NUMBER ? Long.parseLong(t.text()) : -1;
    } catch (NumberFormatException e) {
      v = -1;
    }
    if (v < 0 || v >= n) throw error(t, "expected a nest number between 0 and " + (n - 1) + ", not " + t);
    return (int) v;
  }

  /** Moves past one C statement. */
  private void statementExtent() {
    MfToken t = peek();
    if (t.kind() == MfToken.Kind.EOF) throw error(t, "expected a statement before end of file");
    if (t.is("multifor")) throw error(t, "a nested multifor takes no prefix");
    if (t.is("break") || t.is("continue") || t.is("return") || t.is("goto")) {
      throw error(t, "'" + t.text() + "' is not allowed directly in a multifor body");
    }
    if (t.is("{")) {
      next();
      balanced("}");
      return;
    }
    if (t.is("if") || t.is("for") || t.is("while") || t.is("switch")) {
      next();
      expect("(");
      balanced(")");
      if (t.is("for") || t.is("while") || t.is("switch")) loopBody();
      else statementExtent();
      if (t.is("if") && accept("else")) statementExtent();
      return;
    }
    if (t.is("do")) {
      next();
      loopBody();
      expect("while");
      expect("(");
      balanced(")");
      expect(";");
      return;
    }
    while (!peek().is(";")) {
      MfToken u = next();
      if (u.kind() == MfToken.Kind.EOF || u.is("}")) throw error(u, "expected ';' before " + u);
      if (u.is("(")) balanced(")");
      else if (u.is("[")) balanced("]");
      else if (u.is("{")) balanced("}");
      else if (u.is("multifor")) throw error(u, "a multifor inside a statement is not supported");
    }
    next();
  }

  /** The body of a C loop, where break and continue are the loop's own. */
  private void loopBody() {
    MfToken t = peek();
    if (t.is("break") || t.is("continue")) {
      next();
      expect(";");
      return;
    }
    statementExtent();
  }

  /** Moves past the tokens up to the {@code close} that matches an opening already read. */
  private void balanced(String close) {
    int depth = 0;
    while (true) {
      MfToken t = next();
      if (t.kind() == MfToken.Kind.EOF) throw error(t, "expected '" + close + "' before end of file");
      if (t.is("multifor")) throw error(t, "a multifor inside a statement is not supported");
      if (t.is("(") || t.is("[") || t.is("{")) depth++;
      else if (t.is(")") || t.is("]") || t.is("}")) {
        if (depth == 0) {
          if (!t.is(close)) throw error(t, "expected '" + close + "' before " + t);
          return;
        }
        depth--;
      } else if (depth == 0 && close.equals("}") && (t.is("return") || t.is("goto"))) {
        throw error(t, "'" + t.text() + "' is not allowed in a multifor body");
      }
    }
  }

  /** Whether the token at {@code i} opens a selection {@code [a, b, ...]} rather than a subscript. */
  private boolean opensSelection(int i, int from) {
    if (!toks.get(i).is("[")) return false;
    if (i == from) return true;
    MfToken prev = toks.get(i - 1);
    return !(prev.kind() == MfToken.Kind.IDENT || prev.kind() == MfToken.Kind.NUMBER || prev.kind() == MfToken.Kind.LITERAL
        || prev.is(")") || prev.is("]"));
  }

  /**
   * The statement's text for the {@code which}-th nest of its prefix: selections {@code [a, b]}
   * (a bracket where no subscript can start) are replaced by their {@code which}-th element.
   */
  private String instantiate(int from, int to, int which, int count) {
    StringBuilder sb = new StringBuilder();
    int copied = toks.get(from).start();
    for (int i = from; i < to; i++) {
      if (!opensSelection(i, from)) continue;
      List<int[]> elems = new ArrayList<>();
      int depth = 0;
      int elemStart = i + 1;
      int j = i + 1;
      for (; j < to; j++) {
        MfToken t = toks.get(j);
        if (t.is("(") || t.is("[") || t.is("{")) depth++;
        else if (t.is(")") || t.is("}")) depth--;
        else if (t.is("]")) {
          if (depth == 0) break;
          depth--;
        } else if (t.is(",") && depth == 0) {
          elems.add(new int[] {elemStart, j});
          elemStart = j + 1;
        }
      }
      elems.add(new int[] {elemStart, j});
      if (elems.size() != count) {
        throw error(toks.get(i), "a selection must have one element per nest of the prefix (" + count + "), not " + elems.size());
      }
      int[] e = elems.get(which);
      sb.append(src, copied, toks.get(i).start());
      sb.append(src, toks.get(e[0]).start(), toks.get(e[1] - 1).end());
      copied = toks.get(j).end();
      i = j;
    }
    sb.append(src, copied, toks.get(to - 1).end());
    return sb.toString();
  }

  /** A statement run by {@code nest} must not read the indices of other nests. */
  private void checkIndices(int from, int to, int nest, int which, int count, List<MultiforLoop> levels) {
    Map<String, Integer> owner = new LinkedHashMap<>();
    for (MultiforLoop l : levels) {
      for (int k = 0; k < l.nests(); k++) owner.put(l.loops().get(k).index(), k);
    }
    // indices inside selections are checked per element: only the chosen element is run
    int skipUntil = -1;
    for (int i = from; i < to; i++) {
      if (i < skipUntil) continue;
      if (opensSelection(i, from)) {
        int depth = 0;
        int elem = 0;
        int j = i + 1;
        for (; j < to; j++) {
          MfToken t = toks.get(j);
          if (t.is("(") || t.is("[") || t.is("{")) depth++;
          else if (t.is(")") || t.is("}")) depth--;
          else if (t.is("]")) {
            if (depth == 0) break;
            depth--;
          } else if (t.is(",") && depth == 0) {
            elem++;
          } else if (elem == which && t.kind() == MfToken.Kind.IDENT) {
            Integer k = owner.get(t.text());
            if (k != null && k != nest) throw error(t, "statement of nest " + nest + " reads '" + t.text() + "', an index of nest " + k);
          }
        }
        skipUntil = j + 1;
        continue;
      }
      MfToken t = toks.get(i);
      if (t.kind() == MfToken.Kind.IDENT) {
        Integer k = owner.get(t.text());
        if (k != null && k != nest) throw error(t, "statement of nest " + nest + " reads '" + t.text() + "', an index of nest " + k);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Collapsed loop nests: #pragma polyj collapse before a perfect nest of for-loops

  private static final java.util.regex.Pattern COLLAPSE =
      java.util.regex.Pattern.compile("(?m)^[ \\t]*(#)[ \\t]*pragma[ \\t]+polyj[ \\t]+collapse\\b[^\\n]*");

  /**
   * A perfect loop nest to run as one flat loop over the ranks of its iterations.
   *
   * @param start where the pragma line starts
   * @param end where the nest ends
   * @param loops the for-loops, outermost first (grain 1, offset 0)
   * @param body the innermost body's C text
   */
  public record Collapse(int start, int end, ImmutableList<MultiforLoop.Loop> loops, String body, dev.polyj.polyhedral.scop.SourcePos pos) {}

  /** The nests of {@code src} marked {@code #pragma polyj collapse}. */
  public static List<Collapse> parseCollapses(String src, String file) {
    MultiforParser ps = new MultiforParser(src, file);
    List<Collapse> out = new ArrayList<>();
    var m = COLLAPSE.matcher(src);
    while (m.find()) {
      int at = 0;
      while (at < ps.toks.size() - 1 && ps.toks.get(at).start() < m.end()) at++;
      ps.p = at;
      out.add(ps.collapse(m.start(1)));
    }
    return out;
  }

  private Collapse collapse(int start) {
    MfToken first = peek();
    if (!first.is("for")) throw error(first, "expected a for-loop after '#pragma polyj collapse', not " + first);
    List<MultiforLoop.Loop> loops = new ArrayList<>();
    List<String> names = new ArrayList<>();
    int braces = 0;
    while (peek().is("for")) {
      MfToken kw = next();
      expect("(");
      if (peek().is("int") || peek().is("long")) next();
      MfToken idx = next();
      if (idx.kind() != MfToken.Kind.IDENT) throw error(idx, "expected a loop index before " + idx);
      if (names.contains(idx.text())) throw error(idx, "index '" + idx.text() + "' defined twice");
      names.add(idx.text());
      expect("=");
      HeaderExpr init = expr();
      expect(";");
      List<MfToken> one = List.of(idx);
      String[] cmp = new String[1];
      HeaderExpr[] bound = new HeaderExpr[1];
      condition(one, cmp, bound);
      expect(";");
      long[] step = new long[1];
      step(one, step, new boolean[1]);
      expect(")");
      boolean up = cmp[0].startsWith("<");
      if (step[0] == 0 || (step[0] > 0) != up) {
        throw error(idx, "the step of '" + idx.text() + "' must go toward its bound");
      }
      for (HeaderExpr e : List.of(init, bound[0])) checkAffine(e);
      loops.add(new MultiforLoop.Loop(idx.text(), init, cmp[0], bound[0], step[0], new HeaderExpr.Num(1, "1", kw.pos()),
          new HeaderExpr.Num(0, "0", kw.pos()), kw.pos()));
      if (peek().is("{") && toks.get(p + 1).is("for") && closesRightAfterStatement(p + 1)) {
        next();
        braces++;
      }
    }
    MfToken bodyStart = peek();
    int from = p;
    statementExtent();
    String body = src.substring(toks.get(from).start(), toks.get(p - 1).end());
    for (int i = 0; i < braces; i++) expect("}"); // the blocks that held just an inner loop
    int end = toks.get(p - 1).end();
    return new Collapse(start, end, ImmutableList.copyOf(loops), body, bodyStart.pos());
  }

  /** Whether the block opening before token {@code at} holds just the statement starting there. */
  private boolean closesRightAfterStatement(int at) {
    int save = p;
    p = at;
    try {
      statementExtent();
      return peek().is("}");
    } catch (dev.polyj.polyhedral.frontend.CSourceException e) {
      return false;
    } finally {
      p = save;
    }
  }

  /** Collapsed bounds must be affine: sums of integer multiples of names. */
  private static void checkAffine(HeaderExpr e) {
    if (e instanceof HeaderExpr.Bin b) {
      if (b.op() == '/' || b.op() == '%') {
        throw new CSourceException(b.pos(), "'" + b.op() + "' in the bounds of a collapsed loop is not supported");
      }
      if (b.op() == '*') {
        Set<String> l = new HashSet<>();
        Set<String> r = new HashSet<>();
        b.left().variables(l);
        b.right().variables(r);
        if (!l.isEmpty() && !r.isEmpty()) throw new CSourceException(b.pos(), "non-affine bound '" + b.text() + "'");
      }
      checkAffine(b.left());
      checkAffine(b.right());
    } else if (e instanceof HeaderExpr.Neg n) {
      checkAffine(n.operand());
    }
  }
}
