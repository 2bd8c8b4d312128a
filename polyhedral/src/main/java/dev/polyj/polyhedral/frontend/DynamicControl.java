package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.scop.Expr;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Syntactic facts about data-dependent control used by the front end. */
final class DynamicControl {
  private DynamicControl() {}

  /**
   * Adds to {@code out} the variables (array or scalar names) that {@code s} may modify:
   * assignment and increment targets, and the variables it declares.
   */
  static void modified(CStmt s, Set<String> out) {
    if (s instanceof CStmt.ExprStmt e) modified(e.expr(), out);
    else if (s instanceof CStmt.Declaration d) {
      for (Decl x : d.decls()) {
        if (x.name() != null) out.add(x.name());
        if (x.init() != null) modified(x.init(), out);
      }
    } else if (s instanceof CStmt.For f) {
      if (f.init() != null) modified(f.init(), out);
      if (f.cond() != null) modified(f.cond(), out);
      if (f.step() != null) modified(f.step(), out);
    } else if (s instanceof CStmt.If i) modified(i.cond(), out);
    else if (s instanceof CStmt.While w) modified(w.cond(), out);
    else if (s instanceof CStmt.DoWhile d) modified(d.cond(), out);
    for (CStmt c : ScopExtractor.children(s)) modified(c, out);
  }

  /**
   * Whether a data-dependent if condition reading {@code condVars} is locally static for the code
   * the front end generates, where each governed statement evaluates the condition again: no
   * governed statement modifies those variables, except possibly the textually last one (then or
   * else) when no loop of the branches encloses it, since it evaluates the condition before its
   * own assignment and no governed statement runs after it.
   */
  static boolean locallyStatic(CStmt then, CStmt otherwise, Set<String> condVars) {
    List<CStmt> leaves = new ArrayList<>();
    leaves(then, leaves);
    if (otherwise != null) leaves(otherwise, leaves);
    for (int k = 0; k < leaves.size(); k++) {
      Set<String> m = new HashSet<>();
      modified(leaves.get(k), m);
      m.retainAll(condVars);
      if (m.isEmpty()) continue;
      if (k != leaves.size() - 1) return false;
    }
    return true;
  }

  /** The simple statements of {@code s} in textual order, a loop counting as one followed by another. */
  private static void leaves(CStmt s, List<CStmt> out) {
    if (s instanceof CStmt.ExprStmt || s instanceof CStmt.Declaration) {
      out.add(s);
    } else if (s instanceof CStmt.For || s instanceof CStmt.While || s instanceof CStmt.DoWhile) {
      // a loop repeats its statements: any modification inside counts as an earlier one
      out.add(s);
      out.add(new CStmt.Empty(s.pos()));
    } else if (s instanceof CStmt.If i) {
      out.add(new CStmt.ExprStmt(i.cond(), i.pos()));
      leaves(i.then(), out);
      if (i.otherwise() != null) leaves(i.otherwise(), out);
    } else {
      for (CStmt c : ScopExtractor.children(s)) leaves(c, out);
    }
  }

  private static void modified(Expr e, Set<String> out) {
    if (e instanceof Expr.Assign a) out.add(baseName(a.target()));
    if (e instanceof Expr.Postfix p) out.add(baseName(p.operand()));
    if (e instanceof Expr.Unary u && (u.op().equals("++") || u.op().equals("--"))) out.add(baseName(u.operand()));
    for (Expr c : e.children()) modified(c, out);
  }

  /**
   * Whether {@code e} reads data: an array element, or a variable the region modifies (other
   * than a loop iterator). A subscript that does is indirect; one that does not but is still not
   * affine (a product of iterators) is left to the affine front end.
   */
  static boolean readsMemory(Expr e, Set<String> written, List<String> iterators) {
    if (e instanceof Expr.Index) return true;
    if (e instanceof Expr.Ident id && written.contains(id.name()) && !iterators.contains(id.name())) return true;
    if (e instanceof Expr.Call c) {
      for (Expr a : c.args()) if (readsMemory(a, written, iterators)) return true;
      return false;
    }
    for (Expr c : e.children()) if (readsMemory(c, written, iterators)) return true;
    return false;
  }

  /** The variable an lvalue designates ({@code A} for {@code A[i][j]}), or "" when not a name. */
  static String baseName(Expr e) {
    while (e instanceof Expr.Index ix) e = ix.base();
    return e instanceof Expr.Ident id ? id.name() : "";
  }
}
