package dev.polyj.codegen.transform;

import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.BasicRelation;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A run-time estimate of a region's work, to run its parallel loops in one thread when the work
 * is too small to pay for starting and synchronizing threads (a 2-d matrix-vector product or a
 * 1-d stencil takes a few milliseconds, where every parallel loop costs a fork and a join, and
 * far more on a loaded machine). The estimate is a C expression over the region's parameters: for
 * every statement, the product over its loop dimensions of the largest parameter bounding that
 * dimension (directly, or through the dimensions it is bounded by), summed over the statements.
 * It over-estimates triangular domains by a constant factor, which is all a threshold needs.
 */
public final class ParallelWork {
  private ParallelWork() {}

  /** Name of the region's flag that enables its parallel loops. */
  public static final String FLAG = "polyj_parallel";

  /** Macro with the threshold (statement instances) from which the parallel loops run in parallel. */
  public static final String THRESHOLD_MACRO = "POLYJ_PARALLEL_WORK";

  /** The default threshold: about ten milliseconds of vectorized work in one thread. */
  public static final long DEFAULT_THRESHOLD = 20_000_000L;

  /** The estimate of the SCoP's statement instances, as a C expression of type double. */
  public static String estimate(Scop scop) {
    List<String> terms = new ArrayList<>();
    for (Statement st : scop.statements()) {
      List<String> factors = new ArrayList<>();
      if (st.domain().nBasic() == 0) continue;
      BasicRelation b = st.domain().basics().get(0);
      List<String> params = b.space().params();
      int n = b.nOut();
      List<long[]> rows = new ArrayList<>(b.equalities());
      rows.addAll(b.inequalities());
      for (int k = 0; k < n; k++) {
        // the tile coordinates of a tiled statement add no instances
        if (k < st.iterators().size() && st.iterators().get(k).startsWith("polyj_tile")) continue;
        TreeSet<String> bound = paramsOf(b, rows, k, params, new boolean[n]);
        if (bound.isEmpty()) continue;
        factors.add(largest(new ArrayList<>(bound)));
      }
      if (factors.isEmpty()) {
        terms.add("1.0");
      } else {
        terms.add("(double)" + String.join(" * (double)", factors));
      }
    }
    return terms.isEmpty() ? "0.0" : String.join(" + ", terms);
  }

  /** The parameters of the constraints on dimension {@code k}, following dimensions bounding it without one. */
  private static TreeSet<String> paramsOf(BasicRelation b, List<long[]> rows, int k, List<String> params,
      boolean[] seen) {
    TreeSet<String> out = new TreeSet<>();
    seen[k] = true;
    List<Integer> linked = new ArrayList<>();
    for (long[] r : rows) {
      if (r[b.outCol(k)] == 0) continue;
      boolean local = false;
      for (int l = 0; l < b.nLocal(); l++) local |= r[b.localCol(l)] != 0;
      if (local) continue;
      for (int p = 0; p < params.size(); p++) if (r[b.paramCol(p)] != 0) out.add(params.get(p));
      for (int j = 0; j < b.nOut(); j++) if (j != k && r[b.outCol(j)] != 0 && !seen[j]) linked.add(j);
    }
    if (out.isEmpty()) for (int j : linked) if (!seen[j]) out.addAll(paramsOf(b, rows, j, params, seen));
    return out;
  }

  /** {@code p} or the largest of several parameters, as a C expression. */
  private static String largest(List<String> ps) {
    String e = ps.get(0);
    for (int i = 1; i < ps.size(); i++) e = "(" + e + " > " + ps.get(i) + " ? " + e + " : " + ps.get(i) + ")";
    return e;
  }

  /**
   * The lines that define the threshold macro (its default {@code threshold}, changed with {@code
   * -DPOLYJ_PARALLEL_WORK=...}) before the region.
   */
  public static String prelude(long threshold) {
    return "#ifndef " + THRESHOLD_MACRO + "\n#define " + THRESHOLD_MACRO + " " + threshold + "\n#endif\n";
  }

  /** The declaration of the region's flag. */
  public static String declaration(Scop scop) {
    return "const int " + FLAG + " = " + estimate(scop) + " >= (double)" + THRESHOLD_MACRO + ";";
  }
}
