package dev.polyj.polyhedral.multifor;

import dev.polyj.polyhedral.frontend.CSourceException;
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
 * substituted. Its card and prefix ranks are printed as exact C functions and the flat loop
 * around the nest's body ({@link FlatRankLoop}). The ranks {@code 0 .. card - 1} are cut into one balanced chunk per thread
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
    for (int k = 0; k < loops.size(); k++) {
      MultiforLoop.Loop l = loops.get(k);
      String t = "polyj_t" + k;
      dims.add(t);
      String index = "(" + isl(l.init(), subst) + " + " + l.step() + " * " + t + ")";
      cons.add(t + " >= 0");
      cons.add(index + " " + l.cmp() + " " + isl(l.bound(), subst));
      subst.put(l.index(), index);
    }
    String text = "[" + String.join(", ", params) + "] -> { [" + String.join(", ", dims) + "] : " + String.join(" and ", cons) + " }";
    String functions;
    try {
      functions = FlatRankLoop.functions(v, text);
    } catch (IllegalArgumentException e) {
      throw new CSourceException(c.loops().get(0).pos(), e.getMessage());
    }
    List<String> paramValues = new ArrayList<>(params);
    List<FlatRankLoop.Level> levels = new ArrayList<>();
    for (MultiforLoop.Loop l : loops) {
      String step = l.step() == 1 ? l.index() + "++" : l.step() == -1 ? l.index() + "--" : l.index() + " += " + l.step();
      levels.add(new FlatRankLoop.Level(l.index(), l.init().text(), l.index() + " " + l.cmp() + " (" + l.bound().text() + ")",
          step, x -> "(int) ((long long) (" + l.init().text() + ") + " + l.step() + "LL * " + x + ")"));
    }
    String code = FlatRankLoop.code(v, paramValues, levels, "int", "omp parallel for schedule(static, 1)",
        pad -> pad + "{ " + c.body() + " }\n", indent);
    // the block replaces the nest where it starts (after the line's indentation), up to its end
    return new Translation(code.substring(indent.length(), code.length() - 1), functions);
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
