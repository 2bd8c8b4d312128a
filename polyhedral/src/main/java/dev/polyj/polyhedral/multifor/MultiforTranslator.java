package dev.polyj.polyhedral.multifor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Translates multifor statements into plain C (Fassi et al., IMPACT 2013, section 3).
 *
 * <p>Each level becomes one loop over its referential axis that visits exactly the referential
 * coordinates some nest occupies, in increasing order: each nest's loop {@code k} has a trip count
 * {@code n_k} (computed from its bounds once per entry of the level, as the paper's affine bounds
 * allow), occupies {@code offset_k + grain_k * t} for {@code 0 <= t < n_k}, and the next
 * coordinate is the smallest next occupied one over all nests. Where one nest runs alone this
 * steps by its grain, which is the paper's compression of a referential domain by its grain; where
 * several overlap it steps through the union of their progressions, so no empty referential
 * iteration is ever run. At each coordinate the nests present set their indices
 * ({@code index = init + step * (p - offset) / grain}) and run their statements in body order; a
 * nested multifor starts its own axis for the nests present.
 *
 * <p>With {@code openmp}, the paper's parallelization: all threads walk the referential loops
 * together, and at each point the bodies of the different nests (a maximal run of statements
 * between nested multifors) are {@code omp sections}, whose closing barrier keeps the referential
 * order between points.
 */
public final class MultiforTranslator {
  private final boolean openmp;
  private int levels;
  private boolean usesReverse;

  /** The macro that makes the threads form run its nests and parallel loops in reverse order. */
  static final String REVERSE = "POLYJ_REVERSE";

  private static final String REVERSE_DEFINITION = "#ifndef " + REVERSE + "\n#define " + REVERSE
      + " 0 /* 1: multifor threads run their nests and parallel loops in reverse order (a check of their independence) */\n#endif\n";
  private final String prefix;

  private MultiforTranslator(boolean openmp, String prefix) {
    this.openmp = openmp;
    this.prefix = prefix;
  }

  /**
   * The file with every multifor statement replaced by its translation, and every loop nest
   * marked {@code #pragma polyj collapse} by a flat loop over ranks ({@link CollapseTranslator}).
   */
  public static String translateFile(String src, String file, boolean openmp) {
    List<MultiforParser.Occurrence> occ = MultiforParser.parse(src, file);
    List<MultiforParser.Collapse> collapses = MultiforParser.parseCollapses(src, file);
    String prefix = "polyj_mf";
    while (src.contains(prefix)) prefix = prefix + "_";
    MultiforTranslator tr = new MultiforTranslator(openmp, prefix);
    List<int[]> ranges = new ArrayList<>(); // start, end, kind (0 multifor, 1 collapse), index
    for (int i = 0; i < occ.size(); i++) ranges.add(new int[] {occ.get(i).start(), occ.get(i).end(), 0, i});
    for (int i = 0; i < collapses.size(); i++) ranges.add(new int[] {collapses.get(i).start(), collapses.get(i).end(), 1, i});
    ranges.sort((a, b) -> Integer.compare(a[0], b[0]));
    StringBuilder out = new StringBuilder();
    StringBuilder functions = new StringBuilder();
    int copied = 0;
    for (int[] r : ranges) {
      if (r[0] < copied) {
        var pos = collapses.get(r[2] == 1 ? r[3] : 0).pos();
        throw new dev.polyj.polyhedral.frontend.CSourceException(pos, "a collapsed nest inside a multifor is not supported");
      }
      out.append(src, copied, r[0]);
      int lineStart = src.lastIndexOf('\n', r[0] - 1) + 1;
      String indent = leadingSpace(src.substring(lineStart, r[0]));
      if (r[2] == 0) {
        out.append(tr.translate(occ.get(r[3]).loop(), indent));
      } else {
        var t = CollapseTranslator.translate(collapses.get(r[3]), prefix + "c" + r[3] + "_", indent);
        out.append(t.code());
        functions.append(t.functions());
      }
      copied = r[1];
    }
    out.append(src, copied, src.length());
    String head = tr.usesReverse ? REVERSE_DEFINITION : "";
    if (functions.length() == 0) return head + out;
    return head + FlatRankLoop.helpers() + functions + "\n" + out;
  }

  private static String leadingSpace(String s) {
    int i = 0;
    while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) i++;
    return i == s.length() ? s : s.substring(0, i);
  }

  /** The C of one outermost multifor statement; {@code indent} is its line's indentation. */
  String translate(MultiforLoop root, String indent) {
    StringBuilder sb = new StringBuilder();
    Out o = new Out(sb, indent);
    if (openmp) {
      o.raw("{\n");
      o.line(1, "#pragma omp parallel");
      level(root, null, o, 1);
      o.line(0, "}");
    } else {
      level(root, null, o, 0);
    }
    String s = sb.toString();
    return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
  }

  private record Out(StringBuilder sb, String indent) {
    void line(int depth, String text) {
      sb.append(indent).append("  ".repeat(depth)).append(text).append('\n');
    }

    void raw(String text) {
      sb.append(text);
    }
  }

  /**
   * One level; {@code present[k]} is the C condition telling whether nest {@code k} is at the
   * current point of the enclosing level (null for the outermost level).
   */
  private void level(MultiforLoop m, String[] present, Out o, int d) {
    if (openmp && m.parallelism().threads()) {
      threads(m, present, o, d);
      return;
    }
    String v = prefix + (levels++) + "_";
    int n = m.nests();
    boolean first = o.sb().length() == 0;
    if (first) o.raw("{ /* multifor */\n");
    else o.line(d, "{ /* multifor */");
    StringBuilder decl = new StringBuilder("int ");
    for (int k = 0; k < n; k++) decl.append(k > 0 ? ", " : "").append(m.loops().get(k).index()).append(" = 0");
    o.line(d + 1, decl + ";");
    for (int k = 0; k < n; k++) o.line(d + 1, "long long " + v + "lb" + k + " = 0, " + v + "n" + k + " = 0, " + v + "last" + k + " = 0;");
    // grain and offset of each loop: a C literal when constant, else a variable set on entry
    String[] g = new String[n];
    String[] off = new String[n];
    for (int k = 0; k < n; k++) {
      MultiforLoop.Loop l = m.loops().get(k);
      Long cg = l.constantGrain();
      Long co = l.constantOffset();
      g[k] = cg != null ? cg + "LL" : v + "g" + k;
      off[k] = co != null ? co + "LL" : v + "o" + k;
      if (cg == null || co == null) {
        o.line(d + 1, "long long " + (cg == null ? g[k] + " = 1" : "") + (cg == null && co == null ? ", " : "") + (co == null ? off[k] + " = 0" : "") + ";");
      }
    }
    if (present == null) odometerStates(m, o, d + 1);
    for (int k = 0; k < n; k++) {
      MultiforLoop.Loop l = m.loops().get(k);
      if (l.mapped()) continue; // never occupies points of its own
      boolean symbolic = l.constantGrain() == null || l.constantOffset() == null;
      String guard = present == null ? "" : "if (" + present[k] + ") ";
      o.line(d + 1, guard + "{");
      o.line(d + 2, v + "lb" + k + " = (long long) (" + l.init().text() + ");");
      o.line(d + 2, "long long " + v + "b = (long long) (" + l.bound().text() + ");");
      o.line(d + 2, v + "n" + k + " = " + count(v + "lb" + k, v + "b", l) + ";");
      if (!symbolic) {
        long cg = l.constantGrain();
        long co = l.constantOffset();
        String span = cg == 1 ? v + "n" + k + " - 1" : cg + "LL * (" + v + "n" + k + " - 1)";
        o.line(d + 2, v + "last" + k + " = " + (co == 0 ? span : co + "LL + " + span) + ";");
      } else {
        // run-time grain and offset: checked (grain >= 1, offset >= 0), last point without overflow
        if (l.constantGrain() == null) o.line(d + 2, g[k] + " = (long long) (" + l.grain().text() + ");");
        if (l.constantOffset() == null) o.line(d + 2, off[k] + " = (long long) (" + l.offset().text() + ");");
        o.line(d + 2, "if (" + g[k] + " < 1 || " + off[k] + " < 0) __builtin_trap(); /* multifor: grain >= 1 and offset >= 0 */");
        o.line(d + 2, "if (" + v + "n" + k + " > 0 && (__builtin_mul_overflow(" + g[k] + ", " + v + "n" + k + " - 1, &" + v + "last" + k + ")"
            + " || __builtin_add_overflow(" + v + "last" + k + ", " + off[k] + ", &" + v + "last" + k + "))) __builtin_trap();");
      }
      o.line(d + 1, "}");
    }
    String p = v + "p";
    o.line(d + 1, "long long " + p + " = 0;");
    o.line(d + 1, "int " + v + "more = 0;");
    for (int k = 0; k < n; k++) {
      o.line(d + 1, "if (" + v + "n" + k + " > 0 && (!" + v + "more || " + off[k] + " < " + p + ")) { " + p + " = " + off[k] + "; " + v + "more = 1; }");
    }
    o.line(d + 1, "while (" + v + "more) {");
    String[] here = new String[n];
    for (int k = 0; k < n; k++) {
      MultiforLoop.Loop l = m.loops().get(k);
      here[k] = v + "a" + k;
      if (l.mapped()) {
        o.line(d + 2, "int " + here[k] + " = 0;");
        continue;
      }
      boolean one = "1LL".equals(g[k]);
      String mod = one ? "" : " && (" + p + " - " + off[k] + ") % " + g[k] + " == 0";
      o.line(d + 2, "int " + here[k] + " = " + v + "n" + k + " > 0 && " + p + " >= " + off[k] + " && " + p + " <= " + v + "last" + k + mod + ";");
      String t = one ? "(" + p + " - " + off[k] + ")" : "(" + p + " - " + off[k] + ") / " + g[k];
      o.line(d + 2, "if (" + here[k] + ") " + l.index() + " = (int) (" + v + "lb" + k + " + " + l.step() + "LL * " + t + ");");
    }
    if (m.items().stream().noneMatch(it -> it instanceof MultiforLoop.Nested)) {
      for (int k = 0; k < n; k++) {
        MultiforLoop.Loop l = m.loops().get(k);
        if (!l.mapped()) continue;
        // the next iteration of nest k, in its own order, where nest mappedOnto runs one
        o.line(d + 2, "if (" + here[l.mappedOnto()] + ") {");
        advance(k, here[k], o, d + 3);
        List<MultiforLoop.Loop> chain = odometers.get(k);
        StringBuilder set = new StringBuilder();
        for (int j = 0; j < chain.size(); j++) set.append(chain.get(j).index()).append(" = ").append(odometerVar(k, j)).append("; ");
        o.line(d + 3, "if (" + here[k] + ") { " + set + "}");
        o.line(d + 2, "}");
      }
    }
    List<MultiforLoop.Statement> group = new ArrayList<>();
    for (MultiforLoop.Item it : m.items()) {
      if (it instanceof MultiforLoop.Statement s) {
        group.add(s);
      } else {
        statements(group, here, o, d + 2);
        group.clear();
        level(((MultiforLoop.Nested) it).loop(), here, o, d + 2);
      }
    }
    statements(group, here, o, d + 2);
    o.line(d + 2, "long long " + v + "q = 0;");
    o.line(d + 2, v + "more = 0;");
    for (int k = 0; k < n; k++) {
      MultiforLoop.Loop l = m.loops().get(k);
      if (l.mapped()) continue;
      String next;
      if ("1LL".equals(g[k])) next = p + " + 1";
      else if (l.constantGrain() != null && l.constantOffset() != null) {
        next = l.constantOffset() + "LL + ((" + p + " - " + l.constantOffset() + "LL) / " + l.constantGrain() + "LL + 1) * " + l.constantGrain() + "LL";
      } else {
        // the next point of the progression after p <= last: never past last, so no overflow
        next = p + " + (" + g[k] + " - (" + p + " - " + off[k] + ") % " + g[k] + ")";
      }
      o.line(d + 2, "if (" + v + "n" + k + " > 0 && " + p + " < " + v + "last" + k + ") {");
      o.line(d + 3, "long long " + v + "c = " + p + " < " + off[k] + " ? " + off[k] + " : " + next + ";");
      o.line(d + 3, "if (!" + v + "more || " + v + "c < " + v + "q) { " + v + "q = " + v + "c; " + v + "more = 1; }");
      o.line(d + 2, "}");
    }
    o.line(d + 2, p + " = " + v + "q;");
    o.line(d + 1, "}");
    if (present == null) {
      for (int k : odometers.keySet()) {
        // a nest mapped by rank may not run more iterations than the nest it is mapped onto
        o.line(d + 1, "{");
        o.line(d + 2, "int " + v + "extra = 0;");
        advance(k, v + "extra", o, d + 2);
        o.line(d + 2, "if (" + v + "extra) __builtin_trap(); /* multifor: a nest mapped by rank has more iterations than its reference */");
        o.line(d + 1, "}");
      }
    }
    o.line(d, "}");
  }

  /** Per nest mapped by rank (in the multifor being translated): its loops, outermost first. */
  private final java.util.Map<Integer, List<MultiforLoop.Loop>> odometers = new java.util.TreeMap<>();
  private String odometerPrefix;

  private String odometerVar(int nest, int level) {
    return odometerPrefix + "r" + nest + "_x" + level;
  }

  /**
   * Declares, for each nest of the root level mapped by rank, the state of its walk in its own
   * lexicographic order: its indices, whether it has started, whether it is done.
   */
  private void odometerStates(MultiforLoop root, Out o, int d) {
    odometers.clear();
    odometerPrefix = prefix + (levels++) + "_";
    for (int k = 0; k < root.nests(); k++) {
      if (!root.loops().get(k).mapped()) continue;
      List<MultiforLoop.Loop> chain = new ArrayList<>();
      MultiforLoop m = root;
      while (m != null) {
        chain.add(m.loops().get(k));
        MultiforLoop next = null;
        for (MultiforLoop.Item it : m.items()) if (it instanceof MultiforLoop.Nested nd) next = nd.loop();
        m = next;
      }
      odometers.put(k, chain);
      StringBuilder decl = new StringBuilder("int ");
      for (int j = 0; j < chain.size(); j++) decl.append(odometerVar(k, j)).append(" = 0, ");
      o.line(d, decl + odometerPrefix + "r" + k + "_started = 0, " + odometerPrefix + "r" + k + "_done = 0;");
    }
  }

  /**
   * Moves nest {@code k}'s walk to its next iteration (the next point of its loops in
   * lexicographic order, skipping empty inner loops); sets {@code found} to 1 if there is one.
   * This is the inverse of the rank in the order of execution: the r-th call gives the r-th
   * iteration (section 5 of the paper, without solving the ranking polynomial, since the walk
   * visits the ranks one after the other).
   */
  private void advance(int k, String found, Out o, int d) {
    List<MultiforLoop.Loop> chain = odometers.get(k);
    int depth = chain.size();
    String r = odometerPrefix + "r" + k + "_";
    java.util.Map<String, String> vars = new java.util.HashMap<>();
    for (int j = 0; j < depth; j++) vars.put(chain.get(j).index(), odometerVar(k, j));
    String lvl = r + "lvl";
    o.line(d, "int " + lvl + " = -1;");
    o.line(d, "if (!" + r + "started) { " + r + "started = 1; " + odometerVar(k, 0) + " = (int) ("
        + IndexSubstitution.substitute(chain.get(0).init().text(), vars) + "); " + lvl + " = 0; }");
    o.line(d, "else if (!" + r + "done) { " + odometerVar(k, depth - 1) + " += " + chain.get(depth - 1).step() + "; " + lvl + " = " + (depth - 1) + "; }");
    o.line(d, "while (" + lvl + " >= 0) {");
    StringBuilder cond = new StringBuilder("int " + r + "ok = ");
    for (int j = 0; j < depth; j++) {
      MultiforLoop.Loop l = chain.get(j);
      String c = odometerVar(k, j) + " " + l.cmp() + " (" + IndexSubstitution.substitute(l.bound().text(), vars) + ")";
      cond.append(j < depth - 1 ? lvl + " == " + j + " ? " + c + " : " : c);
    }
    o.line(d + 1, cond + ";");
    o.line(d + 1, "if (" + r + "ok && " + lvl + " == " + (depth - 1) + ") { " + found + " = 1; break; }");
    o.line(d + 1, "if (" + r + "ok) {");
    o.line(d + 2, lvl + "++;");
    for (int j = 1; j < depth; j++) {
      o.line(d + 2, "if (" + lvl + " == " + j + ") " + odometerVar(k, j) + " = (int) (" + IndexSubstitution.substitute(chain.get(j).init().text(), vars) + ");");
    }
    o.line(d + 1, "} else {");
    o.line(d + 2, lvl + "--;");
    for (int j = 0; j < depth - 1; j++) {
      o.line(d + 2, "if (" + lvl + " == " + j + ") " + odometerVar(k, j) + " += " + chain.get(j).step() + ";");
    }
    o.line(d + 1, "}");
    o.line(d, "}");
    o.line(d, "if (!" + found + ") " + r + "done = 1;");
  }

  /**
   * The paper's section 3.2 parallel form of a level marked {@code threads}: each nest present
   * runs, from this level down, as its own loops in an OpenMP task (the referential order between
   * nests is dropped: they are independent), all joined at the end of the level; a loop marked
   * {@code parallel} is an OpenMP taskloop (the hybrid form of section 2.3). Runs inside a parallel
   * region: one thread creates the tasks, the team runs them, the barrier closing {@code single}
   * joins them. With {@code POLYJ_REVERSE} set to 1 the nests are started last first and parallel
   * loops run backwards: an order their independence allows, a check of it.
   */
  private void threads(MultiforLoop m, String[] present, Out o, int d) {
    String v = prefix + (levels++) + "_";
    usesReverse = true;
    int n = m.nests();
    o.line(d, "{ /* multifor: each nest in its own thread, joined at the end */");
    o.line(d + 1, "#pragma omp single");
    o.line(d + 1, "{");
    o.line(d + 2, "for (int " + v + "w = 0; " + v + "w < " + n + "; " + v + "w++) {");
    o.line(d + 3, "#pragma omp task firstprivate(" + v + "w)");
    o.line(d + 3, "switch (" + REVERSE + " ? " + (n - 1) + " - " + v + "w : " + v + "w) {");
    for (int k = 0; k < n; k++) {
      o.line(d + 3, "case " + k + ":" + (present == null ? "" : " if (" + present[k] + ")") + " {");
      nest(m, k, o, d + 4);
      o.line(d + 3, "} break;");
    }
    o.line(d + 3, "}");
    o.line(d + 2, "}");
    o.line(d + 2, "#pragma omp taskwait");
    o.line(d + 1, "}");
    o.line(d, "}");
  }

  /** Nest {@code k} from level {@code m} down as plain loops (inside its task). */
  private void nest(MultiforLoop m, int k, Out o, int d) {
    String v = prefix + (levels++) + "_";
    MultiforLoop.Loop l = m.loops().get(k);
    boolean par = m.parallelism().parallel().contains(k);
    o.line(d, "long long " + v + "lb = (long long) (" + l.init().text() + ");");
    o.line(d, "long long " + v + "b = (long long) (" + l.bound().text() + ");");
    o.line(d, "long long " + v + "n = " + count(v + "lb", v + "b", l) + ";");
    if (par) o.line(d, "#pragma omp taskloop");
    o.line(d, "for (long long " + v + "u = 0; " + v + "u < " + v + "n; " + v + "u++) {");
    String t = par ? "(" + REVERSE + " ? " + v + "n - 1 - " + v + "u : " + v + "u)" : v + "u";
    o.line(d + 1, "int " + l.index() + " = (int) (" + v + "lb + " + l.step() + "LL * " + t + ");");
    for (MultiforLoop.Item it : m.items()) {
      if (it instanceof MultiforLoop.Statement s) {
        String text = s.texts().get(k);
        if (text != null) o.line(d + 1, "{ " + text + " }");
      } else {
        MultiforLoop inner = ((MultiforLoop.Nested) it).loop();
        o.line(d + 1, "{");
        nest(inner, k, o, d + 2);
        o.line(d + 1, "}");
      }
    }
    o.line(d, "}");
  }

  /** The trip count of {@code for (i = lb; i cmp b; i += step)} as a C expression on long long. */
  private static String count(String lb, String b, MultiforLoop.Loop l) {
    long s = Math.abs(l.step());
    if (s == 1) {
      return switch (l.cmp()) {
        case "<" -> b + " > " + lb + " ? " + b + " - " + lb + " : 0";
        case "<=" -> b + " >= " + lb + " ? " + b + " - " + lb + " + 1 : 0";
        case ">" -> lb + " > " + b + " ? " + lb + " - " + b + " : 0";
        default -> lb + " >= " + b + " ? " + lb + " - " + b + " + 1 : 0";
      };
    }
    return switch (l.cmp()) {
      case "<" -> b + " > " + lb + " ? (" + b + " - " + lb + " + " + (s - 1) + "LL) / " + s + "LL : 0";
      case "<=" -> b + " >= " + lb + " ? (" + b + " - " + lb + ") / " + s + "LL + 1 : 0";
      case ">" -> lb + " > " + b + " ? (" + lb + " - " + b + " + " + (s - 1) + "LL) / " + s + "LL : 0";
      default -> lb + " >= " + b + " ? (" + lb + " - " + b + ") / " + s + "LL + 1 : 0";
    };
  }

  /** A run of statements at one referential point: in body order, or as parallel sections. */
  private void statements(List<MultiforLoop.Statement> group, String[] here, Out o, int d) {
    if (group.isEmpty()) return;
    if (!openmp) {
      for (MultiforLoop.Statement s : group) {
        for (Map.Entry<Integer, String> e : s.texts().entrySet()) {
          o.line(d, "if (" + here[e.getKey()] + ") { " + e.getValue() + " }");
        }
      }
      return;
    }
    List<Integer> nests = new ArrayList<>();
    for (MultiforLoop.Statement s : group) for (int k : s.texts().keySet()) if (!nests.contains(k)) nests.add(k);
    nests.sort(null);
    o.line(d, "#pragma omp sections");
    o.line(d, "{");
    for (int k : nests) {
      o.line(d + 1, "#pragma omp section");
      o.line(d + 1, "if (" + here[k] + ") {");
      for (MultiforLoop.Statement s : group) {
        String text = s.texts().get(k);
        if (text != null) o.line(d + 2, "{ " + text + " }");
      }
      o.line(d + 1, "}");
    }
    o.line(d, "}");
  }
}
