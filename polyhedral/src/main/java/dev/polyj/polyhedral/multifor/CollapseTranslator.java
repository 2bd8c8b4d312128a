package dev.polyj.polyhedral.multifor;

import dev.polyj.polyhedral.frontend.CSourceException;
import dev.polyj.presburger.count.Unranking;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs a loop nest as one flat parallel loop over the ranks of its iterations, the use of ranking
 * Ehrhart polynomials and their inversion in Fassi et al. (IMPACT 2013, section 5).
 *
 * <p>The nest's iterations are numbered by their iteration counters {@code t_k} (so that the
 * lexicographic order of the counters is the execution order whatever the step signs): the set
 * {@code { [t_0, ..., t_(d-1)] : t_k >= 0 and cond_k(init_k + step_k t_k) }} with the outer indices
 * substituted. Its card and prefix ranks ({@link Unranking}) are printed as exact C functions
 * ({@link RankingC}). The ranks {@code 0 .. card - 1} are cut into one balanced chunk per thread
 * ({@code #pragma omp parallel for}); each chunk unranks its first rank once, then runs the
 * original nest from that point (inner loops restart at their own lower bounds after the first
 * iteration) for exactly its number of iterations. Compiling with {@code -DPOLYJ_CHUNKS=n} fixes the
 * number of chunks (to test or tune the split).
 */
final class CollapseTranslator {
  private CollapseTranslator() {}

  /** The code replacing the nest, and the file-scope functions it calls. */
  record Translation(String code, String functions) {}

  static Translation translate(MultiforParser.Collapse c, String v, String indent) {
    List<MultiforLoop.Loop> loops = c.loops();
    int d = loops.size();
    Set<String> indices = new LinkedHashSet<>();
    for (MultiforLoop.Loop l : loops) indices.add(l.index());
    Set<String> params = new LinkedHashSet<>();
    for (MultiforLoop.Loop l : loops) {
      Set<String> vars = new LinkedHashSet<>();
      l.init().variables(vars);
      l.bound().variables(vars);
      for (String x : vars) if (!indices.contains(x)) params.add(x);
    }
    // the iteration-counter set in isl notation
    Map<String, String> subst = new HashMap<>();
    List<String> cons = new ArrayList<>();
    List<String> dims = new ArrayList<>();
    for (int k = 0; k < d; k++) {
      MultiforLoop.Loop l = loops.get(k);
      String t = "polyj_t" + k;
      dims.add(t);
      String index = "(" + isl(l.init(), subst) + " + " + l.step() + " * " + t + ")";
      cons.add(t + " >= 0");
      cons.add(index + " " + l.cmp() + " " + isl(l.bound(), subst));
      subst.put(l.index(), index);
    }
    String text = "[" + String.join(", ", params) + "] -> { [" + String.join(", ", dims) + "] : " + String.join(" and ", cons) + " }";
    Relation set;
    Unranking u;
    try {
      set = Relation.parse(text);
      u = Unranking.of(set);
    } catch (RuntimeException e) {
      throw new CSourceException(c.loops().get(0).pos(), "cannot count the iterations of this nest: " + e.getMessage());
    }
    StringBuilder fn = new StringBuilder();
    try {
      fn.append("/* iterations of the nest at ").append(c.loops().get(0).pos()).append(": ").append(text.replace("*/", "* /")).append(" */\n");
      fn.append(RankingC.function(v + "card", u.card()));
      for (int k = 0; k < d; k++) fn.append(RankingC.function(v + "R" + k, u.prefixRank(k)));
    } catch (UnsupportedOperationException e) {
      throw new CSourceException(c.loops().get(0).pos(), "cannot collapse this nest: " + e.getMessage());
    }
    fn.append("static void ").append(v).append("unrank(const long long *p, polyj_wide r, long long *x) {\n");
    for (int k = 0; k < d; k++) fn.append("  polyj_largest_at_most(").append(v).append("R").append(k).append(", p, x, ").append(k).append(", r);\n");
    fn.append("}\n");

    StringBuilder sb = new StringBuilder();
    String in = indent;
    sb.append("{ /* collapsed loop nest: one flat loop over the ranks of its iterations */\n");
    StringBuilder pv = new StringBuilder();
    for (String p : params) pv.append(pv.length() > 0 ? ", " : "").append("(long long) (").append(p).append(")");
    sb.append(in).append("  const long long ").append(v).append("p[").append(Math.max(1, params.size())).append("] = {")
        .append(params.isEmpty() ? "0" : pv).append("};\n");
    sb.append(in).append("  long long ").append(v).append("x0[").append(d).append("];\n");
    sb.append(in).append("  long long ").append(v).append("n = (long long) ").append(v).append("card(").append(v).append("p, ").append(v).append("x0);\n");
    sb.append(in).append("  long long ").append(v).append("chunks = 1;\n");
    sb.append("#if defined(POLYJ_CHUNKS)\n");
    sb.append(in).append("  ").append(v).append("chunks = POLYJ_CHUNKS;\n");
    sb.append("#elif defined(_OPENMP)\n");
    sb.append(in).append("  ").append(v).append("chunks = omp_get_max_threads();\n");
    sb.append("#endif\n");
    sb.append(in).append("  if (").append(v).append("chunks > ").append(v).append("n) ").append(v).append("chunks = ").append(v).append("n;\n");
    sb.append(in).append("  #pragma omp parallel for schedule(static, 1)\n");
    sb.append(in).append("  for (long long ").append(v).append("k = 0; ").append(v).append("k < ").append(v).append("chunks; ").append(v).append("k++) {\n");
    String k = v + "k";
    sb.append(in).append("    long long ").append(v).append("r0 = (long long) ((polyj_wide) ").append(v).append("n * ").append(k).append(" / ").append(v).append("chunks);\n");
    sb.append(in).append("    long long ").append(v).append("left = (long long) ((polyj_wide) ").append(v).append("n * (").append(k).append(" + 1) / ").append(v)
        .append("chunks) - ").append(v).append("r0;\n");
    sb.append(in).append("    long long ").append(v).append("x[").append(d).append("];\n");
    sb.append(in).append("    int ").append(v).append("first = 1;\n");
    StringBuilder decl = new StringBuilder();
    for (MultiforLoop.Loop l : loops) decl.append(decl.length() > 0 ? ", " : "").append(l.index());
    sb.append(in).append("    int ").append(decl).append(";\n");
    sb.append(in).append("    if (").append(v).append("left <= 0) continue;\n");
    sb.append(in).append("    ").append(v).append("unrank(").append(v).append("p, ").append(v).append("r0, ").append(v).append("x);\n");
    String pad = in + "    ";
    for (int j = 0; j < d; j++) {
      MultiforLoop.Loop l = loops.get(j);
      String start = "(int) ((long long) (" + l.init().text() + ") + " + l.step() + "LL * " + v + "x[" + j + "])";
      String step = l.step() == 1 ? l.index() + "++" : l.step() == -1 ? l.index() + "--" : l.index() + " += " + l.step();
      sb.append(pad).append("  ".repeat(j)).append("for (").append(l.index()).append(" = ").append(v).append("first ? ").append(start).append(" : (")
          .append(l.init().text()).append("); ").append(l.index()).append(" ").append(l.cmp()).append(" (").append(l.bound().text()).append("); ")
          .append(step).append(") {\n");
    }
    String bodyPad = pad + "  ".repeat(d);
    sb.append(bodyPad).append(v).append("first = 0;\n");
    sb.append(bodyPad).append("{ ").append(c.body()).append(" }\n");
    sb.append(bodyPad).append("if (--").append(v).append("left == 0) goto ").append(v).append("done;\n");
    for (int j = d - 1; j >= 0; j--) sb.append(pad).append("  ".repeat(j)).append("}\n");
    sb.append(pad).append(v).append("done: ;\n");
    sb.append(in).append("  }\n");
    sb.append(in).append("}");
    return new Translation(sb.toString(), fn.toString());
  }

  /** An affine header expression in isl notation, loop indices replaced by their values. */
  private static String isl(HeaderExpr e, Map<String, String> subst) {
    if (e instanceof HeaderExpr.Num n) return Long.toString(n.value());
    if (e instanceof HeaderExpr.Var x) return subst.getOrDefault(x.name(), x.name());
    if (e instanceof HeaderExpr.Neg n) return "-(" + isl(n.operand(), subst) + ")";
    HeaderExpr.Bin b = (HeaderExpr.Bin) e;
    return "(" + isl(b.left(), subst) + " " + b.op() + " " + isl(b.right(), subst) + ")";
  }
}
