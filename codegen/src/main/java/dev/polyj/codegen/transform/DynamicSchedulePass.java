package dev.polyj.codegen.transform;

import dev.polyj.codegen.ast.Expr;
import dev.polyj.codegen.ast.Exprs;
import dev.polyj.codegen.ast.Node;
import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.presburger.qpoly.Rational;
import java.util.ArrayList;
import java.util.List;

/**
 * Lets the threads take the tiles of a wavefront one at a time as they become free ({@code
 * schedule(dynamic, 1)}) instead of in contiguous blocks fixed in advance. The tiles of one
 * wavefront of a time-skewed band belong to different time tiles, and those at the edges of the
 * skewed domain are cut: with blocks, the thread holding the full tiles finishes last at every
 * wavefront (jacobi-2d at LARGE: the busiest of two threads runs 1.08 times the average, counted by
 * {@code ParallelBalance}). The tiles are large (thousands of instances each), so taking them one
 * at a time costs nothing measurable; cross-start locality is not lost, since a wavefront's loop
 * starts from a different tile at every start anyway.
 *
 * <p>A wavefront's parallel loop {@code f} is recognised by its shape: it runs inside a sequential
 * loop {@code s} (the wavefront number) whose iterator its bounds use, and a loop inside it is
 * bounded by the difference of the two ({@code c3 = 32 (c0 - c1) .. 32 (c0 - c1) + 31}: the time
 * tile {@code s - f} of the tile {@code f} in wavefront {@code s}), and its iterations hold at
 * least {@link #MIN_DEPTH} levels of loops. Row loops inside a sequential
 * loop ({@code for (k ...) parallel for (i = k + 1 ...)}, lu) have no such inner bound and keep
 * their blocks, which give each thread the same rows at every start. Loops the cyclic schedule has
 * taken (triangles) keep their clause.
 */
public final class DynamicSchedulePass extends BasicPass<RegionState> {
  /** The clause the pass adds. */
  public static final String CLAUSE = "schedule(dynamic, 1)";

  public DynamicSchedulePass() {
    super("dynamic-schedule", PassLevel.AST, true,
        "the parallel loops of wavefronts take their tiles one at a time as threads become free (schedule(dynamic, 1))");
  }

  @Override
  public String run(RegionState s) {
    List<String> dealt = new ArrayList<>();
    for (RegionState.Version v : s.versions) v.ast = rewrite(v.ast, null, dealt);
    return dealt.isEmpty() ? "" : dealt.size() + " wavefront loop(s) scheduled dynamically: " + String.join(" ", dealt);
  }

  /** {@code n} with its wavefront loops marked; {@code outer} is the innermost enclosing sequential loop. */
  private static Node rewrite(Node n, Node.For outer, List<String> dealt) {
    if (n instanceof Node.For f) {
      boolean parallel = f.pragmas().stream().anyMatch(p -> p.startsWith("omp parallel for"));
      if (!parallel) return f.withBody(rewrite(f.body(), f, dealt));
      if (outer == null || f.pragmas().stream().anyMatch(p -> p.contains("schedule(")) || !wavefront(f, outer)) {
        return f;
      }
      List<String> pragmas = new ArrayList<>();
      for (String p : f.pragmas()) pragmas.add(p.startsWith("omp parallel for") ? p + " " + CLAUSE : p);
      dealt.add(f.iterator());
      return f.withPragmas(pragmas);
    }
    if (n instanceof Node.If i) {
      return new Node.If(i.cond(), rewrite(i.then(), outer, dealt),
          i.otherwise() == null ? null : rewrite(i.otherwise(), outer, dealt));
    }
    if (n instanceof Node.Block b) {
      List<Node> cs = new ArrayList<>();
      for (Node c : b.children()) cs.add(rewrite(c, outer, dealt));
      return new Node.Block(cs);
    }
    if (n instanceof Node.Mark m) return new Node.Mark(m.name(), rewrite(m.body(), outer, dealt));
    return n;
  }

  /**
   * Whether the parallel loop {@code f} inside the sequential loop {@code s} runs a wavefront: its
   * bounds use {@code s}'s iterator and a loop inside it has a bound in which the two iterators
   * appear with opposite coefficients.
   */
  static boolean wavefront(Node.For f, Node.For s) {
    String w = s.iterator();
    if (!Exprs.uses(f.init(), w) && !Exprs.uses(f.upper(), w)) return false;
    if (depth(f.body()) < MIN_DEPTH) return false;
    return Node.anyMatch(f.body(), n -> n instanceof Node.For g && (differs(g.init(), Expr.Kind.MAX, w, f.iterator())
        || (g.upper() != Node.For.NO_UPPER_BOUND && differs(g.upper(), Expr.Kind.MIN, w, f.iterator()))));
  }

  /**
   * The loops a wavefront's iteration must hold: a single two-dimensional tile (a triangular
   * solve's, ludcmp) is about a microsecond of work, where taking it from the shared counter is
   * not free; three or more levels are a column of tiles or a tile of a time-skewed band.
   */
  static final int MIN_DEPTH = 3;

  /** The deepest nest of loops in {@code n}. */
  private static int depth(Node n) {
    if (n instanceof Node.For f) return 1 + depth(f.body());
    if (n instanceof Node.Block b) {
      int d = 0;
      for (Node c : b.children()) d = Math.max(d, depth(c));
      return d;
    }
    if (n instanceof Node.If i) return Math.max(depth(i.then()), i.otherwise() == null ? 0 : depth(i.otherwise()));
    if (n instanceof Node.Mark m) return depth(m.body());
    return 0;
  }

  /** Whether a term of the bound {@code e} (a max or min of terms) has coefficients {@code a} and {@code -a} on {@code x} and {@code y}. */
  private static boolean differs(Expr e, Expr.Kind kind, String x, String y) {
    for (Expr t : CyclicSchedulePass.terms(e, kind)) {
      Rational a = CyclicSchedulePass.coefficient(t, x);
      Rational b = CyclicSchedulePass.coefficient(t, y);
      if (a != null && b != null && a.signum() != 0 && a.add(b).signum() == 0) return true;
    }
    return false;
  }
}
