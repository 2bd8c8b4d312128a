package dev.polyj.codegen.transform;

import dev.polyj.codegen.ast.Expr;
import dev.polyj.codegen.ast.ExprFormat;
import dev.polyj.codegen.ast.Exprs;
import dev.polyj.codegen.ast.Node;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.DimKind;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A run-time estimate of a region's work, to run its parallel loops in one thread when the work
 * is too small to pay for starting and synchronizing threads (a 2-d matrix-vector product or a
 * 1-d stencil takes a few milliseconds, where every parallel loop costs a fork and a join, and
 * far more on a loaded machine). The estimate is a C expression over the region's parameters: for
 * every statement, the product over its loop dimensions of the largest parameter bounding that
 * dimension (directly, or through the dimensions it is bounded by), summed over the statements;
 * a dimension an equality fixes from the outer ones adds no factor (the diagonal faces that
 * simplified reductions leave would otherwise count as squares).
 * It over-estimates triangular domains by a constant factor, which is all a threshold needs.
 *
 * <p>The work must also pay for every start of a parallel loop, not only in total: a parallel
 * loop inside sequential loops (gramschmidt's column loop, adi's sweeps, doitgen's products
 * inside two loops) forks and joins the threads once per iteration of the loops around it, and
 * where another process holds a core, each join waits for a descheduled thread (gramschmidt at
 * MEDIUM ran 20x slower on two threads than on one on a loaded machine). The number of starts is
 * estimated from the code: per parallel loop, the product of the trip counts of the loops around
 * it whose bounds are known on entry to the region (a loop whose bounds use an enclosing
 * iterator counts once, so triangular nests under-count the starts, as without the test).
 */
public final class ParallelWork {
  private ParallelWork() {}

  /** Name of the region's flag that enables its parallel loops. */
  public static final String FLAG = "polyj_parallel";

  /** Macro with the threshold (statement instances) from which the parallel loops run in parallel. */
  public static final String THRESHOLD_MACRO = "POLYJ_PARALLEL_WORK";

  /** The default threshold: about ten milliseconds of vectorized work in one thread. */
  public static final long DEFAULT_THRESHOLD = 20_000_000L;

  /** Macro with the work (statement instances) per start of a parallel loop from which the loops run in parallel. */
  public static final String FORK_MACRO = "POLYJ_PARALLEL_FORK_WORK";

  /** The default work per start: about a tenth of a millisecond, 30 times a fork and join of warm threads. */
  public static final long DEFAULT_FORK_THRESHOLD = 200_000L;

  /**
   * The estimated number of starts of the parallel loops of {@code ast} (a C expression of type
   * double), or null when it has none.
   */
  public static String forks(Node ast) {
    List<String> terms = new ArrayList<>();
    forks(ast, new ArrayList<>(), new TreeSet<>(), terms);
    return terms.isEmpty() ? null : String.join(" + ", terms);
  }

  private static void forks(Node n, List<String> trips, TreeSet<String> iterators, List<String> terms) {
    if (n instanceof Node.For f) {
      if (f.pragmas().stream().anyMatch(p -> p.startsWith("omp parallel"))) {
        terms.add(trips.isEmpty() ? "1.0" : String.join(" * ", trips));
        return;
      }
      List<String> inner = new ArrayList<>(trips);
      String trip = trip(f, iterators);
      if (trip != null) inner.add(trip);
      TreeSet<String> its = new TreeSet<>(iterators);
      its.add(f.iterator());
      forks(f.body(), inner, its, terms);
    } else if (n instanceof Node.If i) {
      forks(i.then(), trips, iterators, terms);
      if (i.otherwise() != null) forks(i.otherwise(), trips, iterators, terms);
    } else if (n instanceof Node.Block b) {
      for (Node c : b.children()) forks(c, trips, iterators, terms);
    } else if (n instanceof Node.Mark m) {
      forks(m.body(), trips, iterators, terms);
    }
  }

  /** The trip count of {@code f} as a C expression of type double, or null when its bounds use an enclosing iterator. */
  private static String trip(Node.For f, TreeSet<String> iterators) {
    if (f.sizeParam() != null || f.upper().equals(Node.For.NO_UPPER_BOUND)) return null;
    TreeSet<String> used = new TreeSet<>();
    Exprs.names(f.init(), used);
    Exprs.names(f.upper(), used);
    used.retainAll(iterators);
    if (!used.isEmpty()) return null;
    String lo = ExprFormat.format(f.init());
    String hi = ExprFormat.format(f.upper());
    String span = "(double)(" + hi + ") - (double)(" + lo + ")";
    String count = f.step() == 1 ? span + " + 1.0" : "(" + span + ") / " + f.step() + ".0 + 1.0";
    return "((" + hi + ") >= (" + lo + ") ? " + count + " : 0.0)";
  }

  /** The estimate of the SCoP's statement instances, as a C expression of type double. */
  public static String estimate(Scop scop) {
    return estimate(scop, java.util.Map.of());
  }

  /**
   * The estimate of the SCoP's work, as a C expression of type double: its statement instances,
   * those of a statement in {@code weights} counted that many times.
   */
  public static String estimate(Scop scop, java.util.Map<String, Integer> weights) {
    return estimate(scop, weights, null);
  }

  /** {@link #estimate(Scop, java.util.Map)} over the statements named in {@code only} (all when null). */
  private static String estimate(Scop scop, java.util.Map<String, Integer> weights, java.util.Set<String> only) {
    List<String> terms = new ArrayList<>();
    for (Statement st : scop.statements()) {
      if (only != null && !only.contains(st.name())) continue;
      List<String> factors = new ArrayList<>();
      if (st.domain().nBasic() == 0) continue;
      BasicRelation b = st.domain().basics().get(0);
      List<String> params = b.space().params();
      int n = b.nOut();
      List<long[]> rows = new ArrayList<>(b.equalities());
      rows.addAll(b.inequalities());
      boolean[] determined = determined(b);
      for (int k = 0; k < n; k++) {
        // the tile coordinates of a tiled statement add no instances
        if (k < st.iterators().size() && st.iterators().get(k).startsWith("polyj_tile")) continue;
        // nor does a dimension an equality fixes from the outer ones (a diagonal j = i + 1)
        if (determined[k]) continue;
        TreeSet<String> bound = paramsOf(b, rows, k, params, new boolean[n]);
        if (bound.isEmpty()) continue;
        factors.add(largest(new ArrayList<>(bound)));
      }
      int w = weights.getOrDefault(st.name(), 1);
      String weight = w == 1 ? "" : w + ".0 * ";
      if (factors.isEmpty()) {
        terms.add(w + ".0");
      } else {
        terms.add(weight + "(double)" + String.join(" * (double)", factors));
      }
    }
    return terms.isEmpty() ? "0.0" : String.join(" + ", terms);
  }

  /**
   * The weights of the statements whose innermost loop, in the program's order, carries a
   * dependence of {@code deps} from the statement to itself: a recurrence (seidel-2d's {@code
   * A[i][j - 1]}, written by the previous {@code j}) runs its instances one after the other with
   * their operations on the critical path, where a vectorized loop runs several per operation; such
   * an instance counts as many times as the statement reads (the operations it chains, about), so
   * that a region of long sequential chains runs its parallel code at fewer instances. Statements
   * without a recurrence, and those of {@code vectorized} (sums vectorized with reduction clauses),
   * are absent (weight 1).
   */
  public static java.util.Map<String, Integer> recurrenceWeights(Scop scop, UnionRelation deps,
      java.util.Set<String> vectorized) {
    java.util.Map<String, Integer> out = new java.util.TreeMap<>();
    for (Statement st : scop.statements()) {
      if (vectorized.contains(st.name())) continue;
      int d = st.domain().space().nOut();
      int reads = 0;
      for (Access a : st.accesses()) if (a.kind() == Access.Kind.READ) reads++;
      if (d == 0 || reads <= 1) continue;
      for (Relation r : deps.relations()) {
        if (!r.space().domainTuple().name().equals(st.name()) || !r.space().rangeTuple().name().equals(st.name())
            || r.space().nIn() != d || r.space().nOut() != d) {
          continue;
        }
        Relation inner = r;
        for (int k = 0; k < d - 1; k++) inner = inner.equate(DimKind.IN, k, DimKind.OUT, k);
        if (!inner.isEmpty()) {
          out.put(st.name(), reads);
          break;
        }
      }
    }
    return out;
  }

  /**
   * The dimensions fixed by an equality (without divisions) as a function of the dimensions before
   * them and the parameters: of each equality, its innermost dimension. Two equalities with the
   * same innermost dimension mark it once, which only over-estimates.
   */
  private static boolean[] determined(BasicRelation b) {
    boolean[] out = new boolean[b.nOut()];
    for (long[] r : b.equalities()) {
      boolean local = false;
      for (int l = 0; l < b.nLocal(); l++) local |= r[b.localCol(l)] != 0;
      if (local) continue;
      for (int j = b.nOut() - 1; j >= 0; j--) {
        if (r[b.outCol(j)] != 0) {
          out[j] = true;
          break;
        }
      }
    }
    return out;
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

  /** {@link #prelude(long)} and the macro of the work per start of a parallel loop ({@code -DPOLYJ_PARALLEL_FORK_WORK=...}). */
  public static String prelude(long threshold, long forkThreshold) {
    return prelude(threshold) + "#ifndef " + FORK_MACRO + "\n#define " + FORK_MACRO + " " + forkThreshold + "\n#endif\n";
  }

  /**
   * The declaration of the region's flag: its work ({@link #estimate(Scop, java.util.Map)}) is at
   * least the threshold.
   */
  public static String declaration(Scop scop, java.util.Map<String, Integer> weights) {
    return "const int " + FLAG + " = " + estimate(scop, weights) + " >= (double)" + THRESHOLD_MACRO + ";";
  }

  /**
   * The declaration of the region's flag: its work is at least the threshold in total, and the
   * work of the statements that run inside the parallel loops of {@code ast} at least the work per
   * start times the starts of those loops. Work outside them is not shared by the threads: a
   * schedule whose parallel loops hold little (durbin's, an initialization of O(n) beside O(n^2)
   * sequential sums) would otherwise replace the program's order, whose sums are vectorized, once
   * the sequential work is large. Where the parallel loops hold lines a pass wrote in place of
   * statements, whose statements are not known here, all the work counts.
   */
  public static String declaration(Scop scop, Node ast, java.util.Map<String, Integer> weights) {
    String forks = forks(ast);
    if (forks == null) return declaration(scop, weights);
    java.util.Set<String> shared = new java.util.HashSet<>();
    Node.anyMatch(ast, n -> {
      if (n instanceof Node.For f && f.pragmas().stream().anyMatch(p -> p.startsWith("omp parallel"))) {
        shared.addAll(Node.statementNames(f.body()));
      }
      return false;
    });
    String work = estimate(scop, weights);
    // lines a pass wrote in place of statements (promoted scalars) stand for statements unknown here: all count
    java.util.Set<String> names = new java.util.HashSet<>();
    for (Statement st : scop.statements()) names.add(st.name());
    String parallel = names.containsAll(shared) ? estimate(scop, weights, shared) : work;
    return "const int " + FLAG + " = " + work + " >= (double)" + THRESHOLD_MACRO + " && " + parallel + " >= (double)"
        + FORK_MACRO + " * (" + forks + ");";
  }
}
