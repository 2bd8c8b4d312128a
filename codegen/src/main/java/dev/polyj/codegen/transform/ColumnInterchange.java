package dev.polyj.codegen.transform;

import com.google.common.collect.ImmutableList;
import dev.polyj.codegen.ast.Expr;
import dev.polyj.codegen.ast.Exprs;
import dev.polyj.codegen.ast.Node;
import dev.polyj.codegen.c.ScopCodegen;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Strip-mining and interchange of column walks on the loop AST: a parallel loop {@code a} whose
 * body is one sequential loop {@code b} of statements (possibly under a guard that does not use
 * {@code a}), where the statements walk arrays with {@code a} in the last subscript and never
 * with {@code b} there, such as deriche's column passes once their scalars are expanded along the
 * columns, becomes
 * <pre>{@code
 * parallel for (ab = lo; ab <= hi; ab += 32)
 *   for (b ...)
 *     simd for (a = ab; a <= min(ab + 31, hi); a++) body
 * }</pre>
 * so that the innermost loop runs with stride one and is vectorized, while each thread keeps a
 * block of columns. It is legal because the iterations of a parallel loop are independent (no
 * dependence is carried at its level), so its instances may run inside {@code b} in any order;
 * every instance runs once and the statements of an iteration keep their order, so results are
 * bit-identical.
 */
public final class ColumnInterchange {
  private ColumnInterchange() {}

  /** The strip width: four vectors of doubles. */
  public static final long STRIP = 32;

  /** {@code ast} with its column walks interchanged; {@code scop} gives the statements' accesses. */
  public static Node apply(Node ast, Scop scop) {
    int[] counter = {0};
    return rewrite(ast, scop, counter);
  }

  private static Node rewrite(Node n, Scop scop, int[] counter) {
    if (n instanceof Node.For f) {
      Node done = interchanged(f, scop, counter);
      if (done != null) return done;
      return f.withBody(rewrite(f.body(), scop, counter));
    }
    if (n instanceof Node.Block b) {
      List<Node> out = new ArrayList<>();
      for (Node c : b.children()) out.add(rewrite(c, scop, counter));
      return new Node.Block(out);
    }
    if (n instanceof Node.If i) {
      return new Node.If(i.cond(), rewrite(i.then(), scop, counter),
          i.otherwise() == null ? null : rewrite(i.otherwise(), scop, counter));
    }
    if (n instanceof Node.Mark m) return new Node.Mark(m.name(), rewrite(m.body(), scop, counter));
    return n;
  }

  /** The interchanged nest of {@code f}, or null when {@code f} is not such a column walk. */
  private static Node interchanged(Node.For f, Scop scop, int[] counter) {
    boolean parallel = f.pragmas().stream().anyMatch(p -> p.startsWith("omp parallel for"));
    if (!parallel || !f.coincident() || f.step() != 1 || f.sizeParam() != null) return null;
    String a = f.iterator();
    Node body = f.body();
    Expr guard = null;
    if (body instanceof Node.If i && i.otherwise() == null && !Exprs.uses(i.cond(), a)) {
      guard = i.cond();
      body = i.then();
    }
    if (body instanceof Node.Block b && b.children().size() == 1) body = b.children().get(0);
    if (!(body instanceof Node.For g) || g.coincident() || g.step() != 1 || g.sizeParam() != null
        || !g.pragmas().isEmpty()) {
      return null;
    }
    if (Exprs.uses(g.init(), a) || Exprs.uses(g.upper(), a)) return null;
    List<Node.User> users = new ArrayList<>();
    if (!statementsOnly(g.body(), users) || users.isEmpty()) return null;
    boolean along = false;
    for (Node.User u : users) {
      Statement st = scop.statement(u.name());
      Map<String, Expr> values = ScopCodegen.instanceValues(scop, u);
      for (Access acc : st.accesses()) {
        if (!(acc.expr() instanceof dev.polyj.polyhedral.scop.Expr.Index ix)) continue;
        Expr last = ScopCodegen.affineValue(ix.index(), values);
        if (last == null || Exprs.uses(last, g.iterator())) return null;
        along |= Exprs.uses(last, a);
      }
    }
    if (!along) return null;
    String strip = "polyj_cb" + counter[0]++;
    Expr upper = Exprs.min(List.of(Exprs.plus(Exprs.id(strip), STRIP - 1), f.upper()));
    Node.For inner = new Node.For(a, Exprs.id(strip), upper, 1, g.body(), ImmutableList.of("omp simd"), null, true);
    Node walk = g.withBody(inner);
    if (guard != null) walk = new Node.If(guard, walk, null);
    return new Node.For(strip, f.init(), f.upper(), STRIP, walk, f.pragmas(), null, true);
  }

  /** True when n is a statement or a block of statements (added to {@code out}), no loop or guard. */
  static boolean statementsOnly(Node n, List<Node.User> out) {
    if (n instanceof Node.User u) {
      out.add(u);
      return true;
    }
    if (n instanceof Node.Block b) {
      for (Node c : b.children()) if (!statementsOnly(c, out)) return false;
      return true;
    }
    return false;
  }
}
