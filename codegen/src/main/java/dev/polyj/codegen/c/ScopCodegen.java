package dev.polyj.codegen.c;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.codegen.ast.AstBuilder;
import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.ast.ExprFormat;
import dev.polyj.codegen.ast.Exprs;
import dev.polyj.codegen.ast.GuardPeeling;
import dev.polyj.codegen.ast.Node;
import dev.polyj.codegen.ast.ScanProblem;
import dev.polyj.codegen.ast.ScheduleTreeProblem;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.ExprPrinter;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Code generation for a SCoP (the {@code optimize} path): the AST of a schedule tree over the
 * SCoP's statements, printed as a C region in which each statement instance is the statement's
 * body with its iterators replaced by the instance's coordinates.
 */
public final class ScopCodegen {
  private ScopCodegen() {}

  /** The AST executing the SCoP's statements in the order of {@code schedule} (a tree over its domains). */
  public static Node ast(Scop scop, ScheduleNode schedule, BuildOptions options) {
    ScanProblem problem = ScheduleTreeProblem.of(schedule, scop.context());
    return AstBuilder.build(problem, options.withReservedNames(identifiers(scop)));
  }

  /**
   * The C region (helper macros, then a block with the iterators declared) replacing the SCoP;
   * guarded boundary iterations are peeled ({@link GuardPeeling}).
   */
  public static String region(Scop scop, ScheduleNode schedule, BuildOptions options, int level) {
    Node ast = GuardPeeling.peel(ast(scop, schedule, options));
    return CPrinter.standard().withUserPrinter(bodyPrinter(scop)).printRegion(ast, level);
  }

  /** Every identifier the SCoP's code uses: iterators must not shadow any of them. */
  public static java.util.Set<String> identifiers(Scop scop) {
    java.util.Set<String> out = new java.util.TreeSet<>(scop.params());
    for (Statement st : scop.statements()) {
      out.addAll(st.iterators());
      collectIdentifiers(st.body(), out);
    }
    return out;
  }

  private static void collectIdentifiers(Expr e, java.util.Set<String> out) {
    if (e instanceof Expr.Ident id) out.add(id.name());
    for (Expr c : e.children()) collectIdentifiers(c, out);
  }

  /** Prints a statement instance as the statement's body with the coordinates substituted. */
  public static Function<Node.User, List<String>> bodyPrinter(Scop scop) {
    return call -> {
      Statement st = scop.statement(call.name());
      checkArgument(call.args().size() == st.iterators().size(), "%s called with %s coordinates, has %s iterators",
          call.name(), call.args().size(), st.iterators().size());
      Map<String, dev.polyj.codegen.ast.Expr> values = new HashMap<>();
      for (int i = 0; i < st.iterators().size(); i++) values.put(st.iterators().get(i), call.args().get(i));
      return List.of(ExprPrinter.print(substitute(st.body(), values)) + ";");
    };
  }

  /** The values of a statement's iterators at the instance {@code call} (its coordinates). */
  public static Map<String, dev.polyj.codegen.ast.Expr> instanceValues(Scop scop, Node.User call) {
    Statement st = scop.statement(call.name());
    checkArgument(call.args().size() == st.iterators().size(), "%s called with %s coordinates, has %s iterators",
        call.name(), call.args().size(), st.iterators().size());
    Map<String, dev.polyj.codegen.ast.Expr> values = new HashMap<>();
    for (int i = 0; i < st.iterators().size(); i++) values.put(st.iterators().get(i), call.args().get(i));
    return values;
  }

  /** A part of a statement's body at an instance, as the body printer prints it within the body. */
  public static String instanceText(Expr e, Map<String, dev.polyj.codegen.ast.Expr> values) {
    return ExprPrinter.print(substitute(e, values));
  }

  /** The value of an affine integer expression of a statement's body at an instance, or null when not affine. */
  public static dev.polyj.codegen.ast.Expr affineValue(Expr e, Map<String, dev.polyj.codegen.ast.Expr> values) {
    return affine(e, values);
  }

  /**
   * The body with iterators replaced by their values; affine subscripts are folded into one
   * expression ({@code A[(c1 - c0) + 1]} becomes {@code A[c1 - c0 + 1]}).
   */
  private static Expr substitute(Expr e, Map<String, dev.polyj.codegen.ast.Expr> values) {
    if (e instanceof Expr.Ident id && values.containsKey(id.name())) {
      dev.polyj.codegen.ast.Expr v = values.get(id.name());
      boolean simple = v instanceof dev.polyj.codegen.ast.Expr.Id
          || (v instanceof dev.polyj.codegen.ast.Expr.Int k && k.value() >= 0);
      String text = ExprFormat.format(v);
      return new Expr.Ident(simple ? text : "(" + text + ")", id.pos());
    }
    if (e instanceof Expr.Index ix) {
      dev.polyj.codegen.ast.Expr a = affine(ix.index(), values);
      if (a != null) {
        return new Expr.Index(substitute(ix.base(), values), new Expr.Ident(ExprFormat.format(a), ix.index().pos()),
            ix.pos());
      }
    }
    return e.mapChildren(c -> substitute(c, values));
  }

  /** The value of an affine integer expression over iterators, identifiers and constants, or null. */
  private static dev.polyj.codegen.ast.Expr affine(Expr e, Map<String, dev.polyj.codegen.ast.Expr> values) {
    if (e instanceof Expr.IntLit l) return Exprs.constant(l.value());
    if (e instanceof Expr.Ident id) return values.getOrDefault(id.name(), Exprs.id(id.name()));
    if (e instanceof Expr.Unary u && (u.op().equals("-") || u.op().equals("+"))) {
      dev.polyj.codegen.ast.Expr a = affine(u.operand(), values);
      return a == null ? null : u.op().equals("-") ? Exprs.scale(a, -1) : a;
    }
    if (e instanceof Expr.Binary b) {
      dev.polyj.codegen.ast.Expr l = affine(b.left(), values);
      dev.polyj.codegen.ast.Expr r = affine(b.right(), values);
      if (l == null || r == null) return null;
      switch (b.op()) {
        case "+":
          return Exprs.add(l, r);
        case "-":
          return Exprs.sub(l, r);
        case "*":
          if (l instanceof dev.polyj.codegen.ast.Expr.Int k) return Exprs.scale(r, k.value());
          if (r instanceof dev.polyj.codegen.ast.Expr.Int k) return Exprs.scale(l, k.value());
          return null;
        default:
          return null;
      }
    }
    return null;
  }
}
