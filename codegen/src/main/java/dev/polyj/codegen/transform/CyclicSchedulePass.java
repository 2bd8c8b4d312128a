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
 * Deals the iterations of a triangular parallel loop to the threads round-robin
 * ({@code schedule(static, 1)}) instead of OpenMP's default contiguous blocks. In a triangle of
 * tiles (correlation's and syrk's tile rows, cholesky's wavefronts), the work of an iteration
 * grows or shrinks with the iterator, and with contiguous blocks the first of two threads gets
 * about three quarters of it (counted by {@code ParallelBalance}: correlation's busiest thread
 * runs 1.56 times the average); dealt round-robin, neighbouring iterations of nearly equal work
 * go to different threads. The assignment is still static: the same thread gets the same
 * iterations at every start, as with blocks.
 *
 * <p>A parallel loop is triangular when the trip count of a loop inside it follows the parallel
 * loop's iterator, directly or through the iterators of loops between whose bounds follow it (the
 * points of a tile): every pair of a lower and an upper
 * bound differs by an amount that depends on such an iterator ({@code c1 = c0 .. T} in a triangle
 * of tiles, {@code c2 = c0 - c1 .. c1} in cholesky's wavefronts). Point loops of a tile, bounded
 * by the tile on both sides, and skewed bands, bounded by the time step on both sides, are not:
 * one pair of their bounds differs by a constant, and the others only cut the edges.
 */
public final class CyclicSchedulePass extends BasicPass<RegionState> {
  /** The clause the pass adds. */
  public static final String CLAUSE = "schedule(static, 1)";

  public CyclicSchedulePass() {
    super("cyclic-schedule", PassLevel.AST, true,
        "triangular parallel loops deal their iterations to the threads round-robin (schedule(static, 1))");
  }

  @Override
  public String run(RegionState s) {
    List<String> dealt = new ArrayList<>();
    for (RegionState.Version v : s.versions) {
      v.ast = Node.rewriteLoops(v.ast, f -> {
        if (f.pragmas().stream().noneMatch(p -> p.startsWith("omp parallel for"))) return null;
        if (f.pragmas().stream().anyMatch(p -> p.contains("schedule(")) || !triangular(f)) return f;
        List<String> pragmas = new ArrayList<>();
        for (String p : f.pragmas()) pragmas.add(p.startsWith("omp parallel for") ? p + " " + CLAUSE : p);
        dealt.add(f.iterator());
        return f.withPragmas(pragmas);
      });
    }
    return dealt.isEmpty() ? "" : dealt.size() + " loop(s) dealt round-robin: " + String.join(" ", dealt);
  }

  /** Whether the trip count of a loop inside {@code f} follows {@code f}'s iterator. */
  static boolean triangular(Node.For f) {
    // run-time tile sizes are numbers to the test: a tile's points differ from its start by one
    java.util.Set<String> sizes = new java.util.TreeSet<>();
    Node.anyMatch(f, n -> {
      if (n instanceof Node.For g && g.sizeParam() != null) sizes.add(g.sizeParam());
      return false;
    });
    return varies(f.body(), new ArrayList<>(List.of(f.iterator())), sizes);
  }

  private static boolean varies(Node n, List<String> scope, java.util.Set<String> sizes) {
    if (n instanceof Node.Block b) {
      for (Node c : b.children()) if (varies(c, scope, sizes)) return true;
      return false;
    }
    if (n instanceof Node.If i) {
      return varies(i.then(), scope, sizes) || (i.otherwise() != null && varies(i.otherwise(), scope, sizes));
    }
    if (n instanceof Node.Mark m) return varies(m.body(), scope, sizes);
    if (!(n instanceof Node.For g)) return false;
    if (g.upper() != Node.For.NO_UPPER_BOUND && followsScope(g, scope, sizes)) return true;
    // an iterator follows the parallel one when its bounds do (a tile's points), not otherwise
    boolean follows = false;
    for (String x : scope) follows |= Exprs.uses(g.init(), x) || Exprs.uses(g.upper(), x);
    if (!follows) return varies(g.body(), scope, sizes);
    scope.add(g.iterator());
    try {
      return varies(g.body(), scope, sizes);
    } finally {
      scope.remove(scope.size() - 1);
    }
  }

  /**
   * Whether the trip count of {@code g} follows the iterators {@code scope}: no pair of a lower and
   * an upper bound of {@code g} (the terms of its max and min) differs by a number, and some pair
   * differs by an amount with one of those iterators in it. A pair that differs by a number caps
   * the trip count (a tile's point loop, a skewed band), where the other pairs only cut the edges;
   * a pair that differs by a parameter ({@code min(floord(m - 2, 128), floord(c0, 2))}) is the
   * edge of a triangle. Bounds the test cannot read (nested extrema, divisions by expressions)
   * count as a pair that differs by a number.
   */
  private static boolean followsScope(Node.For g, List<String> scope, java.util.Set<String> sizes) {
    boolean follows = false;
    for (Expr lo : terms(g.init(), Expr.Kind.MAX)) {
      for (Expr up : terms(g.upper(), Expr.Kind.MIN)) {
        java.util.Set<String> names = new java.util.TreeSet<>();
        Exprs.names(lo, names);
        Exprs.names(up, names);
        names.removeAll(sizes);
        boolean number = true;
        for (String x : names) {
          Rational a = coefficient(lo, x);
          Rational b = coefficient(up, x);
          if (a == null || b == null) return false;
          boolean same = a.equals(b);
          number &= same;
          follows |= !same && scope.contains(x);
        }
        if (number) return false;
      }
    }
    return follows;
  }

  /**
   * The terms of {@code e} as a {@code kind} (a max or a min), nested ones of the same kind
   * flattened ({@code max(a, max(b, c))} is {@code max(a, b, c)}); {@code e} alone otherwise.
   */
  static List<Expr> terms(Expr e, Expr.Kind kind) {
    if (!(e instanceof Expr.Op op && op.kind() == kind)) return List.of(e);
    List<Expr> out = new ArrayList<>();
    for (Expr a : op.args()) out.addAll(terms(a, kind));
    return out;
  }

  /** The coefficient of {@code x} in {@code e} (a division by a number divides it), or null when unknown. */
  static Rational coefficient(Expr e, String x) {
    if (e instanceof Expr.Int) return Rational.ZERO;
    if (e instanceof Expr.Id id) return id.name().equals(x) ? Rational.ONE : Rational.ZERO;
    if (e instanceof Expr.Linear l) {
      Rational sum = Rational.ZERO;
      for (Expr.Term t : l.terms()) {
        Rational c = coefficient(t.expr(), x);
        if (c == null) return null;
        sum = sum.add(c.multiply(Rational.of(t.coef())));
      }
      return sum;
    }
    if (e instanceof Expr.Op op && (op.kind() == Expr.Kind.FLOORD || op.kind() == Expr.Kind.CEILD)
        && op.args().get(1) instanceof Expr.Int d && d.value() > 0) {
      Rational c = coefficient(op.args().get(0), x);
      return c == null ? null : c.divide(Rational.of(d.value()));
    }
    return null;
  }
}
