package dev.polyj.codegen.ast;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import java.util.List;

/**
 * A node of the loop AST: counted loops, conditionals, sequences, statement calls and marks.
 * Immutable values with structural equality.
 */
public sealed interface Node permits Node.For, Node.If, Node.Block, Node.User, Node.Mark {

  /**
   * {@code for (iterator = init; iterator <= upper; iterator += step) body}. {@code pragmas} are
   * annotation lines printed before the loop (e.g. {@code omp parallel for}).
   *
   * <p>When {@code sizeParam} is not null (a tile loop of parametric tiling), the step is the
   * run-time value of that parameter instead of {@code step}, and the loop visits only its
   * multiples: {@code for (iterator = sizeParam * ceild(init, sizeParam); iterator <= upper;
   * iterator += sizeParam)}.
   *
   * <p>{@code coincident} says that the iterations of the loop are independent for fixed values
   * of the enclosing loops (a coincident schedule dimension), whether or not the loop is annotated
   * as parallel; post-passes may reorder such iterations. False when unknown.
   */
  record For(String iterator, Expr init, Expr upper, long step, Node body, ImmutableList<String> pragmas,
      String sizeParam, boolean coincident) implements Node {
    /** The upper bound of a loop without one (printed as the condition {@code 1}). */
    public static final Expr NO_UPPER_BOUND = new Expr.Int(Long.MAX_VALUE);

    public For {
      checkArgument(step > 0, "loop step %s", step);
      checkArgument(sizeParam == null || (step == 1 && !sizeParam.isEmpty()), "run-time step %s with step %s",
          sizeParam, step);
    }

    public For(String iterator, Expr init, Expr upper, long step, Node body, ImmutableList<String> pragmas,
        String sizeParam) {
      this(iterator, init, upper, step, body, pragmas, sizeParam, false);
    }

    public For(String iterator, Expr init, Expr upper, long step, Node body, ImmutableList<String> pragmas) {
      this(iterator, init, upper, step, body, pragmas, null, false);
    }

    public For(String iterator, Expr init, Expr upper, long step, Node body, List<String> pragmas) {
      this(iterator, init, upper, step, body, ImmutableList.copyOf(pragmas), null, false);
    }

    public For withPragmas(List<String> newPragmas) {
      return new For(iterator, init, upper, step, body, ImmutableList.copyOf(newPragmas), sizeParam, coincident);
    }

    /** The same loop over the multiples of the run-time value {@code param}. */
    public For withSizeParam(String param) {
      return new For(iterator, init, upper, step, body, pragmas, param, coincident);
    }

    /** The same loop with another body. */
    public For withBody(Node newBody) {
      return new For(iterator, init, upper, step, newBody, pragmas, sizeParam, coincident);
    }

    /** The same loop, marked as having independent iterations or not. */
    public For withCoincident(boolean c) {
      return new For(iterator, init, upper, step, body, pragmas, sizeParam, c);
    }
  }

  /** {@code if (cond) then else otherwise}; {@code otherwise} may be null. */
  record If(Expr cond, Node then, Node otherwise) implements Node {}

  /** A sequence executed in order. */
  record Block(ImmutableList<Node> children) implements Node {
    public Block(List<Node> children) {
      this(ImmutableList.copyOf(children));
    }
  }

  /** A statement instance {@code name(args...)}; the arguments are the statement's domain coordinates. */
  record User(String name, ImmutableList<Expr> args) implements Node {
    public User(String name, List<Expr> args) {
      this(name, ImmutableList.copyOf(args));
    }
  }

  /** A named mark around a subtree (from a mark node of a schedule tree). */
  record Mark(String name, Node body) implements Node {}

  /** The names of the statements ({@link User} nodes) in {@code n}. */
  static java.util.Set<String> statementNames(Node n) {
    java.util.Set<String> out = new java.util.HashSet<>();
    anyMatch(n, x -> {
      if (x instanceof User u) out.add(u.name());
      return false;
    });
    return out;
  }

  /** Whether {@code n} or a node below it satisfies {@code test}. */
  static boolean anyMatch(Node n, java.util.function.Predicate<Node> test) {
    if (test.test(n)) return true;
    if (n instanceof For f) return anyMatch(f.body(), test);
    if (n instanceof If i) return anyMatch(i.then(), test) || (i.otherwise() != null && anyMatch(i.otherwise(), test));
    if (n instanceof Block b) {
      for (Node c : b.children()) if (anyMatch(c, test)) return true;
      return false;
    }
    if (n instanceof Mark m) return anyMatch(m.body(), test);
    return false;
  }

  /**
   * {@code n} with every loop that {@code rewrite} replaces (a non-null result) replaced, searched
   * from the outside in: the body of a replaced loop is not searched, the body of a declined one is.
   */
  static Node rewriteLoops(Node n, java.util.function.Function<For, Node> rewrite) {
    if (n instanceof For f) {
      Node replaced = rewrite.apply(f);
      return replaced != null ? replaced : f.withBody(rewriteLoops(f.body(), rewrite));
    }
    if (n instanceof If i) {
      return new If(i.cond(), rewriteLoops(i.then(), rewrite),
          i.otherwise() == null ? null : rewriteLoops(i.otherwise(), rewrite));
    }
    if (n instanceof Block b) {
      List<Node> cs = new java.util.ArrayList<>();
      for (Node c : b.children()) cs.add(rewriteLoops(c, rewrite));
      return new Block(cs);
    }
    if (n instanceof Mark m) return new Mark(m.name(), rewriteLoops(m.body(), rewrite));
    return n;
  }

  /** The empty sequence. */
  static Block empty() {
    return new Block(ImmutableList.of());
  }

  /** A block of the nodes, or the single node itself. */
  static Node seq(List<Node> nodes) {
    if (nodes.size() == 1) return nodes.get(0);
    ImmutableList.Builder<Node> flat = ImmutableList.builder();
    for (Node n : nodes) {
      if (n instanceof Block b) flat.addAll(b.children());
      else flat.add(n);
    }
    return new Block(flat.build());
  }
}
