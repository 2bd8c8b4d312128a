package dev.polyj.codegen.ast;

import dev.polyj.codegen.ast.Expr.Kind;

/**
 * Size figures of generated code, for comparing it with the minimal form: loops, guards ({@code
 * if} nodes), atomic conditions in guards, statement calls, and nesting depth. Lines are counted on
 * the printed text by the caller.
 */
public record CodeMetrics(int loops, int guards, int conditions, int calls, int depth) {

  public static CodeMetrics of(Node n) {
    int[] acc = new int[5];
    walk(n, 0, acc);
    return new CodeMetrics(acc[0], acc[1], acc[2], acc[3], acc[4]);
  }

  private static void walk(Node n, int depth, int[] acc) {
    acc[4] = Math.max(acc[4], depth);
    if (n instanceof Node.For f) {
      acc[0]++;
      walk(f.body(), depth + 1, acc);
    } else if (n instanceof Node.If i) {
      acc[1]++;
      acc[2] += atoms(i.cond());
      walk(i.then(), depth, acc);
      if (i.otherwise() != null) walk(i.otherwise(), depth, acc);
    } else if (n instanceof Node.Block b) {
      for (Node c : b.children()) walk(c, depth, acc);
    } else if (n instanceof Node.Mark m) {
      walk(m.body(), depth, acc);
    } else {
      acc[3]++;
    }
  }

  private static int atoms(Expr e) {
    if (e instanceof Expr.Op op && (op.kind() == Kind.AND || op.kind() == Kind.OR)) {
      int s = 0;
      for (Expr a : op.args()) s += atoms(a);
      return s;
    }
    return 1;
  }
}
