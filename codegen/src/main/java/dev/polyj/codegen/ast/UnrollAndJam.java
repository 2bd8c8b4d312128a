package dev.polyj.codegen.ast;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.List;

/**
 * Unroll-and-jam (register tiling) of the loop AST: a loop with independent iterations ({@link
 * Node.For#coincident()}) around a perfect nest that ends in a vectorized innermost loop is
 * unrolled {@code factor} times and the copies are fused ("jammed") into the innermost loop body,
 * followed by a remainder loop running the last iterations one by one:
 *
 * <pre>
 * for (i = lb; i &lt;= ub - (u - 1); i += u)         for (k ...) for (j ...) { S(i); S(i + 1); ... }
 * for (i = max(lb, lb + u * floord(ub - lb + 1, u)); i &lt;= ub; i += 1)   for (k ...) for (j ...) S(i);
 * </pre>
 *
 * A value loaded in the innermost loop that does not depend on the unrolled iterator (the row of B
 * in a matrix product {@code C[i][j] += A[i][k] * B[k][j]}) is then used {@code factor} times per
 * load. This is the register-blocking step of BLIS-style matrix-multiplication kernels (Low et
 * al., "Analytical modeling is enough for high-performance BLIS", TOMS 2016), restricted to what
 * is legal without dependence information beyond the loop's coincidence:
 *
 * <ul>
 *   <li>the unrolled loop is coincident: instances of different iterations are independent for
 *       fixed enclosing loops, so any interleaving of them keeps the result; each instance still
 *       runs exactly once with the same values and every iteration's own statements keep their
 *       order, so floating-point results are unchanged (no reassociation);
 *   <li>the loops between it and the innermost loop have bounds that do not use its iterator (a
 *       rectangular nest), so every unrolled iteration runs the same inner iterations;
 *   <li>the innermost loop holds only statements (no guards or loops) and is a SIMD loop; it stays
 *       one: two jammed instances with different innermost iterations belong either to different
 *       iterations of the unrolled loop (independent) or to the same one (as before).
 * </ul>
 *
 * Loops with OpenMP parallel annotations and run-time steps are left alone. The innermost
 * candidate of a nest is transformed, at most one per nest.
 */
public final class UnrollAndJam {
  /** Innermost bodies with more statements than this are not unrolled (register pressure). */
  static final int MAX_STATEMENTS = 2;

  private UnrollAndJam() {}

  /** The AST with every eligible loop unrolled {@code factor} times and jammed; factor 1 changes nothing. */
  public static Node apply(Node n, int factor) {
    checkArgument(factor >= 1, "unroll factor must be positive, got %s", factor);
    if (factor == 1) return n;
    return rewrite(n, factor);
  }

  private static Node rewrite(Node n, int u) {
    if (n instanceof Node.For f) {
      Node body = rewrite(f.body(), u);
      if (body != f.body()) return f.withBody(body);
      return eligible(f) ? jam(f, u) : f;
    }
    if (n instanceof Node.If i) {
      Node then = rewrite(i.then(), u);
      Node otherwise = i.otherwise() == null ? null : rewrite(i.otherwise(), u);
      if (then == i.then() && otherwise == i.otherwise()) return i;
      return new Node.If(i.cond(), then, otherwise);
    }
    if (n instanceof Node.Block b) {
      List<Node> out = new ArrayList<>();
      boolean changed = false;
      for (Node c : b.children()) {
        Node r = rewrite(c, u);
        changed |= r != c;
        out.add(r);
      }
      return changed ? Node.seq(out) : b;
    }
    if (n instanceof Node.Mark m) {
      Node body = rewrite(m.body(), u);
      return body == m.body() ? m : new Node.Mark(m.name(), body);
    }
    return n;
  }

  /** The conditions listed in the class comment, for {@code f} as the unrolled loop. */
  static boolean eligible(Node.For f) {
    if (!f.coincident() || f.step() != 1 || f.sizeParam() != null || !f.pragmas().isEmpty()) return false;
    String it = f.iterator();
    Node n = f.body();
    int depth = 0;
    while (n instanceof Node.For inner) {
      if (inner.sizeParam() != null || Exprs.uses(inner.init(), it) || Exprs.uses(inner.upper(), it)) return false;
      depth++;
      if (!AstBuilder.containsLoop(inner.body())) {
        if (depth < 2 || !inner.pragmas().contains("omp simd")) return false;
        List<Node> stmts = statements(inner.body());
        return stmts != null && !stmts.isEmpty() && stmts.size() <= MAX_STATEMENTS;
      }
      n = inner.body();
    }
    return false;
  }

  /** The statements of a loop-free body made only of statements, or null. */
  private static List<Node> statements(Node body) {
    if (body instanceof Node.User) return List.of(body);
    if (!(body instanceof Node.Block b)) return null;
    for (Node c : b.children()) if (!(c instanceof Node.User)) return null;
    return b.children();
  }

  private static Node jam(Node.For f, int u) {
    String it = f.iterator();
    Expr main = Exprs.plus(f.upper(), -(u - 1));
    Node.For unrolled = new Node.For(it, f.init(), main, u, jamBody(f.body(), it, u), ImmutableList.of())
        .withCoincident(true);
    // the first iteration the unrolled loop leaves: lb + u * floor((ub - lb + 1) / u), at least lb
    Expr done = Exprs.add(f.init(), Exprs.scale(Exprs.floorDiv(Exprs.plus(Exprs.sub(f.upper(), f.init()), 1), u), u));
    Node.For rest = new Node.For(it, Exprs.max(List.of(f.init(), done)), f.upper(), 1, f.body(), ImmutableList.of())
        .withCoincident(true);
    return new Node.Block(ImmutableList.of(unrolled, rest));
  }

  /** The nest with the innermost body replaced by its {@code u} copies for {@code it}, {@code it + 1}, ... */
  private static Node jamBody(Node n, String it, int u) {
    Node.For f = (Node.For) n;
    if (AstBuilder.containsLoop(f.body())) return f.withBody(jamBody(f.body(), it, u));
    List<Node> copies = new ArrayList<>();
    for (int r = 0; r < u; r++) {
      Expr value = Exprs.plus(Exprs.id(it), r);
      for (Node s : statements(f.body())) {
        Node.User call = (Node.User) s;
        List<Expr> args = new ArrayList<>();
        for (Expr a : call.args()) args.add(substitute(a, it, value));
        copies.add(new Node.User(call.name(), args));
      }
    }
    return f.withBody(new Node.Block(copies));
  }

  /** {@code e} with the identifier {@code name} replaced by {@code value}. */
  public static Expr substitute(Expr e, String name, Expr value) {
    if (e instanceof Expr.Id id) return id.name().equals(name) ? value : e;
    if (e instanceof Expr.Linear l) {
      Exprs.LinearBuilder b = Exprs.linear().addConstant(l.constant());
      for (Expr.Term t : l.terms()) b.add(t.coef(), substitute(t.expr(), name, value));
      return b.build();
    }
    if (e instanceof Expr.Op op) {
      List<Expr> args = new ArrayList<>();
      for (Expr a : op.args()) args.add(substitute(a, name, value));
      return new Expr.Op(op.kind(), args);
    }
    return e;
  }
}
