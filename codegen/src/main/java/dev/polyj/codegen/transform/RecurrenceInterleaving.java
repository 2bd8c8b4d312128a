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
 * Interleaving of independent recurrences on the loop AST: a loop {@code a} with independent
 * iterations whose body is a sequence of sequential loops {@code b1, b2, ...} (and statements),
 * each a recurrence along its own iterator, such as adi's row sweeps ({@code p[i][j] = -c / (a *
 * p[i][j - 1] + b)}, then the backward substitution), becomes
 * <pre>{@code
 * parallel for (ab = lo; ab <= hi; ab += 64) {
 *   for (b1 ...)
 *     simd for (a = ab; a <= min(ab + 63, hi); a++) body1
 *   for (b2 ...)
 *     simd for (a = ab; a <= min(ab + 63, hi); a++) body2
 * }
 * }</pre>
 * Each step of a recurrence waits for the previous one (a division, a multiply-add); with the
 * independent recurrences of a strip side by side in the innermost loop, the processor overlaps
 * them and vectorizes across them. Legal because no dependence is carried by {@code a}: its
 * instances may run in any order relative to each other, so the strip loop can be distributed over
 * the loops of the body and moved inside each; the statements of one {@code a} keep their order,
 * so results are bit-identical. Applied only where every statement of each inner loop writes an
 * array element indexed by that loop's iterator (a recurrence through memory, not a reduction into
 * one element or a scalar, which other passes handle), with affine subscripts and bounds that do
 * not use {@code a}.
 */
public final class RecurrenceInterleaving {
  private RecurrenceInterleaving() {}

  /** The strip width: the independent recurrences run side by side (measured best on adi among 8 to 64). */
  public static final long STRIP = 64;

  /** {@code ast} with its interleavable loops rewritten; {@code scop} gives the statements' accesses. */
  public static Node apply(Node ast, Scop scop) {
    int[] counter = {0};
    return Node.rewriteLoops(ast, f -> interleaved(f, scop, counter));
  }

  /** The interleaved nest of {@code f}, or null when {@code f} is not a loop of recurrences. */
  private static Node interleaved(Node.For f, Scop scop, int[] counter) {
    boolean parallel = f.pragmas().stream().anyMatch(p -> p.startsWith("omp parallel for"));
    if (!f.coincident() || f.step() != 1 || f.sizeParam() != null || (!parallel && !f.pragmas().isEmpty())) {
      return null;
    }
    String a = f.iterator();
    Node body = f.body();
    Expr guard = null;
    if (body instanceof Node.If i && i.otherwise() == null && !Exprs.uses(i.cond(), a)) {
      guard = i.cond();
      body = i.then();
    }
    List<Node> parts = body instanceof Node.Block b ? b.children() : List.of(body);
    boolean recurrence = false;
    for (Node part : parts) {
      if (part instanceof Node.User) continue;
      if (!(part instanceof Node.For g) || g.coincident() || g.step() != 1 || g.sizeParam() != null
          || !g.pragmas().isEmpty() || Exprs.uses(g.init(), a) || Exprs.uses(g.upper(), a)) {
        return null;
      }
      List<Node.User> users = new ArrayList<>();
      if (!ColumnInterchange.statementsOnly(g.body(), users) || users.isEmpty()) return null;
      for (Node.User u : users) if (!writesAlong(u, g.iterator(), scop)) return null;
      recurrence = true;
    }
    if (!recurrence) return null;
    String strip = "polyj_ri" + counter[0]++;
    Expr upper = Exprs.min(List.of(Exprs.plus(Exprs.id(strip), STRIP - 1), f.upper()));
    List<Node> out = new ArrayList<>();
    for (Node part : parts) {
      if (part instanceof Node.For g) {
        out.add(g.withBody(new Node.For(a, Exprs.id(strip), upper, 1, g.body(), ImmutableList.of("omp simd"), null, true)));
      } else {
        out.add(new Node.For(a, Exprs.id(strip), upper, 1, part, ImmutableList.of("omp simd"), null, true));
      }
    }
    Node walk = out.size() == 1 ? out.get(0) : new Node.Block(out);
    if (guard != null) walk = new Node.If(guard, walk, null);
    return new Node.For(strip, f.init(), f.upper(), STRIP, walk, f.pragmas(), null, true);
  }

  /** True when every write of the statement instance is to an array element whose affine subscripts use {@code b}. */
  private static boolean writesAlong(Node.User u, String b, Scop scop) {
    Statement st = scop.statement(u.name());
    Map<String, Expr> values = ScopCodegen.instanceValues(scop, u);
    boolean any = false;
    for (Access acc : st.accesses()) {
      if (!acc.isWrite()) continue;
      any = true;
      boolean along = false;
      dev.polyj.polyhedral.scop.Expr e = acc.expr();
      if (!(e instanceof dev.polyj.polyhedral.scop.Expr.Index)) return false; // a scalar
      while (e instanceof dev.polyj.polyhedral.scop.Expr.Index ix) {
        Expr v = ScopCodegen.affineValue(ix.index(), values);
        if (v == null) return false;
        along |= Exprs.uses(v, b);
        e = ix.base();
      }
      if (!along) return false;
    }
    return any;
  }
}
