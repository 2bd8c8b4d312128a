package dev.polyj.codegen.ast;

import dev.polyj.codegen.ast.Expr.Int;
import dev.polyj.codegen.ast.Expr.Kind;
import dev.polyj.codegen.ast.Expr.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * Index-set splitting of inequality guards: an innermost unit-step loop whose body holds
 * conditionals testing affine inequalities in its iterator ({@code if (i <= 2*t + n - 2) S1; if
 * (i >= 2*t + 2) S2;}, the boundaries of a skewed, time-tiled stencil) is split into up to three
 * consecutive loops over the iterator's range:
 *
 * <ul>
 *   <li>a prologue {@code lb <= i < L}, where {@code L} is the largest lower threshold of the
 *       guards ({@code i >= L_k}), running the body unchanged;
 *   <li>the main range {@code L <= i <= U}, {@code U} the smallest upper threshold ({@code i <=
 *       U_k}), where every such inequality holds: it is dropped from the guards, and a guard left
 *       without conditions on the iterator is loop invariant (unswitched by the C compiler) or
 *       gone, so that the loop can be vectorized;
 *   <li>an epilogue {@code max(L, U + 1) <= i <= ub}, running the body unchanged.
 * </ul>
 *
 * <p>The three ranges partition the original one in order, and each range runs the same
 * statements as before for each of its iterations, so the execution order is unchanged. Only
 * inequalities {@code c*i + r >= 0} with a constant {@code c} and {@code r} free of {@code i} are
 * resolved; any other condition stays in every range. The idea is the index-set splitting of
 * code generators that separate the full and partial iterations of a loop (Pluto's separation
 * of statement ranges; Griebl, Feautrier and Lengauer, "Index set splitting", IJPP 2000).
 */
public final class IndexSetSplitting {
  private IndexSetSplitting() {}

  /** The AST with the inequality guards of its innermost loops split off. */
  public static Node split(Node n) {
    if (n instanceof Node.For f) {
      Node.For g = f.withBody(split(f.body()));
      Node s = splitLoop(g);
      return s == null ? g : s;
    }
    if (n instanceof Node.If i) return new Node.If(i.cond(), split(i.then()), i.otherwise() == null ? null : split(i.otherwise()));
    if (n instanceof Node.Block b) {
      List<Node> out = new ArrayList<>();
      for (Node c : b.children()) out.add(split(c));
      return Node.seq(out);
    }
    if (n instanceof Node.Mark m) return new Node.Mark(m.name(), split(m.body()));
    return n;
  }

  /** The split loop, or null when nothing is to be split. */
  static Node splitLoop(Node.For f) {
    if (f.step() != 1 || f.sizeParam() != null || f.upper().equals(Node.For.NO_UPPER_BOUND)) return null;
    for (String p : f.pragmas()) if (p.startsWith("omp parallel")) return null;
    if (AstBuilder.containsLoop(f.body())) return null;
    List<Node> body = f.body() instanceof Node.Block b ? b.children() : List.of(f.body());
    String it = f.iterator();
    List<Expr> lowers = new ArrayList<>();
    List<Expr> uppers = new ArrayList<>();
    for (Node c : body) {
      if (!(c instanceof Node.If i)) continue;
      for (Expr conj : conjuncts(i.cond())) {
        Threshold t = threshold(conj, it);
        if (t == null) continue;
        (t.lower ? lowers : uppers).add(t.bound);
      }
    }
    if (lowers.isEmpty() && uppers.isEmpty()) return null;
    List<Node> resolved = new ArrayList<>();
    for (Node c : body) resolved.add(c instanceof Node.If i ? resolve(i, it) : c);
    List<Node> out = new ArrayList<>();
    Expr lb = f.init();
    Expr ub = f.upper();
    Expr mainLower = lb;
    if (!lowers.isEmpty()) {
      Expr l = Exprs.max(lowers);
      out.add(range(f, lb, Exprs.min(List.of(ub, Exprs.plus(l, -1))), f.body()));
      mainLower = Exprs.max(List.of(lb, l));
    }
    Expr mainUpper = uppers.isEmpty() ? ub : Exprs.min(List.of(ub, Exprs.min(uppers)));
    out.add(range(f, mainLower, mainUpper, Node.seq(resolved)));
    if (!uppers.isEmpty()) {
      out.add(range(f, Exprs.max(List.of(mainLower, Exprs.plus(Exprs.min(uppers), 1))), ub, f.body()));
    }
    return Node.seq(out);
  }

  private static Node.For range(Node.For f, Expr from, Expr to, Node body) {
    return new Node.For(f.iterator(), from, to, 1, body, f.pragmas(), null, f.coincident());
  }

  /** {@code i} is known to satisfy {@code i >= bound} ({@code lower}) or {@code i <= bound}. */
  record Threshold(boolean lower, Expr bound) {}

  /** The threshold on {@code it} that the comparison {@code cond} states, or null. */
  static Threshold threshold(Expr cond, String it) {
    Expr e = nonNegative(cond);
    if (e == null) return null;
    long c = 0;
    Exprs.LinearBuilder rest = Exprs.linear();
    if (e instanceof Expr.Id id && id.name().equals(it)) {
      c = 1;
    } else if (e instanceof Expr.Linear l) {
      for (Expr.Term t : l.terms()) {
        if (t.expr() instanceof Expr.Id id && id.name().equals(it)) c = t.coef();
        else if (Exprs.uses(t.expr(), it)) return null;
        else rest.add(t.coef(), t.expr());
      }
      rest.addConstant(l.constant());
    } else {
      return null;
    }
    if (c == 0) return null;
    Expr r = rest.build();
    // c*i + r >= 0: i >= ceil(-r / c) for c > 0, i <= floor(r / -c) for c < 0
    if (c > 0) return new Threshold(true, Exprs.ceilDiv(Exprs.scale(r, -1), c));
    return new Threshold(false, Exprs.floorDiv(r, -c));
  }

  /** {@code e} with {@code cond} equivalent to {@code e >= 0}, for an integer comparison; else null. */
  private static Expr nonNegative(Expr cond) {
    if (!(cond instanceof Op o)) return null;
    if (o.kind() != Kind.LE && o.kind() != Kind.LT && o.kind() != Kind.GE && o.kind() != Kind.GT) return null;
    Expr a = o.args().get(0);
    Expr b = o.args().get(1);
    if (!isAffine(a) || !isAffine(b)) return null;
    return switch (o.kind()) {
      case GE -> Exprs.sub(a, b);
      case GT -> Exprs.plus(Exprs.sub(a, b), -1);
      case LE -> Exprs.sub(b, a);
      default -> Exprs.plus(Exprs.sub(b, a), -1);
    };
  }

  private static boolean isAffine(Expr e) {
    return e instanceof Int || e instanceof Expr.Id || e instanceof Expr.Linear;
  }

  private static List<Expr> conjuncts(Expr cond) {
    return cond instanceof Op o && o.kind() == Kind.AND ? o.args() : List.of(cond);
  }

  /** The conditional with the inequalities in {@code it} taken as true (the main range). */
  private static Node resolve(Node.If i, String it) {
    List<Expr> left = new ArrayList<>();
    for (Expr conj : conjuncts(i.cond())) if (threshold(conj, it) == null) left.add(conj);
    if (left.isEmpty()) return i.then();
    return new Node.If(Exprs.and(left), i.then(), i.otherwise());
  }
}
