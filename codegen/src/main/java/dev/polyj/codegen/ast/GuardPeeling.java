package dev.polyj.codegen.ast;

import dev.polyj.codegen.ast.Expr.Int;
import dev.polyj.codegen.ast.Expr.Kind;
import dev.polyj.codegen.ast.Expr.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * Loop peeling of guarded boundary iterations: a unit-step loop whose body holds statements
 * guarded by {@code iterator == lower bound} (or {@code == upper bound}) becomes a one-iteration
 * loop running the body with those guards taken, followed by the remaining iterations with those
 * statements left out (or the reverse for the upper bound). Statements that a schedule places at
 * the first iteration of another statement's loop (an initialization fused into a reduction loop)
 * thus no longer put a test into every iteration, and the remaining loop can be vectorized.
 *
 * <p>The execution order is unchanged: the first (last) iteration runs exactly the statements it
 * ran before, in the same order, and the other iterations never satisfied the guards.
 */
public final class GuardPeeling {
  private GuardPeeling() {}

  /** The AST with boundary-guarded iterations peeled, innermost loops first. */
  public static Node peel(Node n) {
    if (n instanceof Node.For f) return peelLoop(f.withBody(peel(f.body())));
    if (n instanceof Node.If i) return new Node.If(i.cond(), peel(i.then()), i.otherwise() == null ? null : peel(i.otherwise()));
    if (n instanceof Node.Block b) {
      List<Node> out = new ArrayList<>();
      for (Node c : b.children()) out.add(peel(c));
      return Node.seq(out);
    }
    if (n instanceof Node.Mark m) return new Node.Mark(m.name(), peel(m.body()));
    return n;
  }

  private static Node peelLoop(Node.For f) {
    if (f.step() != 1 || f.sizeParam() != null) return f;
    List<Node> body = f.body() instanceof Node.Block b ? b.children() : List.of(f.body());
    Expr iter = Exprs.id(f.iterator());
    if (hasGuard(body, iter, f.init())) {
      Node.For first = new Node.For(f.iterator(), f.init(), Exprs.min(List.of(f.init(), f.upper())), 1,
          Node.seq(resolve(body, iter, f.init(), true)), List.of());
      Node.For rest = new Node.For(f.iterator(), Exprs.plus(f.init(), 1), f.upper(), 1,
          Node.seq(resolve(body, iter, f.init(), false)), f.pragmas()).withCoincident(f.coincident());
      return Node.seq(List.of(first, peelLoop(rest)));
    }
    if (hasGuard(body, iter, f.upper())) {
      Node.For rest = new Node.For(f.iterator(), f.init(), Exprs.plus(f.upper(), -1), 1,
          Node.seq(resolve(body, iter, f.upper(), false)), f.pragmas()).withCoincident(f.coincident());
      Node.For last = new Node.For(f.iterator(), Exprs.max(List.of(f.init(), f.upper())), f.upper(), 1,
          Node.seq(resolve(body, iter, f.upper(), true)), List.of());
      return Node.seq(List.of(rest, last));
    }
    return f;
  }

  private static boolean hasGuard(List<Node> body, Expr iter, Expr bound) {
    if (bound instanceof Op o && (o.kind() == Kind.MIN || o.kind() == Kind.MAX)) return false;
    for (Node c : body) if (c instanceof Node.If i && i.otherwise() == null && isEquality(i.cond(), iter, bound)) return true;
    return false;
  }

  /** The body with each guard {@code iter == bound} replaced by its branch (taken) or dropped. */
  private static List<Node> resolve(List<Node> body, Expr iter, Expr bound, boolean taken) {
    List<Node> out = new ArrayList<>();
    for (Node c : body) {
      if (c instanceof Node.If i && i.otherwise() == null && isEquality(i.cond(), iter, bound)) {
        if (taken) out.add(i.then());
      } else {
        out.add(c);
      }
    }
    return out;
  }

  /** True when {@code cond} is {@code a == b} with {@code a - b = ±(iter - bound)}. */
  static boolean isEquality(Expr cond, Expr iter, Expr bound) {
    if (!(cond instanceof Op o) || o.kind() != Kind.EQ) return false;
    Expr d = Exprs.sub(o.args().get(0), o.args().get(1));
    Expr target = Exprs.sub(iter, bound);
    return isZero(Exprs.sub(d, target)) || isZero(Exprs.add(d, target));
  }

  private static boolean isZero(Expr e) {
    return e instanceof Int i && i.value() == 0;
  }
}
