package dev.polyj.codegen.c;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.codegen.ast.CollapsedNest;
import dev.polyj.codegen.ast.Expr;
import dev.polyj.polyhedral.multifor.FlatRankLoop;
import dev.polyj.codegen.ast.ExprFormat;
import dev.polyj.codegen.ast.Node;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Prints a loop AST as C: {@code for (int c0 = lb; c0 <= ub; c0 += s)} loops, {@code if} guards,
 * braces only where a body has several statements, pragmas before annotated loops, marks as
 * comments, and statement calls {@code S(e1, ..., en);} — or, through a callback, the statement
 * bodies with the argument expressions substituted (the {@code optimize} path).
 *
 * <p>{@link #printWithMacros} puts the definitions of the helper macros the code uses ({@code
 * min}, {@code max}, {@code floord}, {@code ceild}) first, each under {@code #ifndef}, so the
 * output compiles on its own with or without {@code -fopenmp}.
 */
public final class CPrinter {
  private final String indentUnit;
  private final String iteratorType;
  private final Function<Node.User, List<String>> userPrinter;
  private final boolean declaredUpFront;
  /** Variables declared for the region that a parallel loop whose body uses them keeps per thread. */
  private final List<String> privates;

  private CPrinter(String indentUnit, String iteratorType, Function<Node.User, List<String>> userPrinter,
      boolean declaredUpFront) {
    this(indentUnit, iteratorType, userPrinter, declaredUpFront, List.of());
  }

  private CPrinter(String indentUnit, String iteratorType, Function<Node.User, List<String>> userPrinter,
      boolean declaredUpFront, List<String> privates) {
    this.indentUnit = indentUnit;
    this.iteratorType = iteratorType;
    this.userPrinter = userPrinter;
    this.declaredUpFront = declaredUpFront;
    this.privates = List.copyOf(privates);
  }

  /**
   * The same printer where a parallel loop of a region whose body uses one of {@code names}
   * (scalars declared for the region, each value of which is read in the iteration that writes it)
   * lists it in its {@code private(...)} clause.
   */
  public CPrinter withPrivates(List<String> names) {
    return new CPrinter(indentUnit, iteratorType, userPrinter, declaredUpFront, names);
  }

  /** Two-space indentation, {@code int} iterators, statement calls. */
  public static CPrinter standard() {
    return new CPrinter("  ", "int", CPrinter::call, false);
  }

  /** The same printer with another iterator type (e.g. {@code long}). */
  public CPrinter withIteratorType(String type) {
    checkArgument(!type.isBlank(), "empty iterator type");
    return new CPrinter(indentUnit, type, userPrinter, declaredUpFront, privates);
  }

  /**
   * The same printer printing each statement instance with {@code printer}: the lines of C (without
   * indentation) that execute the instance.
   */
  public CPrinter withUserPrinter(Function<Node.User, List<String>> printer) {
    return new CPrinter(indentUnit, iteratorType, printer, declaredUpFront, privates);
  }

  /** {@code S(e1, ..., en);} */
  public static List<String> call(Node.User u) {
    StringBuilder sb = new StringBuilder(u.name()).append('(');
    for (int i = 0; i < u.args().size(); i++) {
      if (i > 0) sb.append(", ");
      sb.append(ExprFormat.format(u.args().get(i)));
    }
    return List.of(sb.append(");").toString());
  }

  /** The C code of the AST, indented by {@code level} units. */
  public String print(Node ast, int level) {
    StringBuilder sb = new StringBuilder();
    if (ast instanceof Node.Block b && level == 0) {
      for (Node c : b.children()) node(c, level, sb);
    } else {
      node(ast, level, sb);
    }
    return sb.toString();
  }

  public String print(Node ast) {
    return print(ast, 0);
  }

  /**
   * A whole region: the helper macros, then a block declaring every iterator up front and holding
   * the code; parallel loops get {@code private(...)} clauses for the iterators of their inner
   * loops. Compiles with and without {@code -fopenmp}.
   */
  public String printRegion(Node ast, int level) {
    return printRegion(ast, level, List.of());
  }

  /**
   * A whole region as {@link #printRegion(Node, int)}, with {@code declarations} (lines of C, e.g.
   * the run-time tile sizes) first in the block.
   */
  public String printRegion(Node ast, int level, List<String> declarations) {
    List<String> its = new ArrayList<>();
    collectIterators(ast, its);
    CPrinter inner = new CPrinter(indentUnit, iteratorType, userPrinter, true, privates);
    StringBuilder sb = new StringBuilder(macros(ast));
    indent(level, sb);
    sb.append("{\n");
    for (String d : declarations) {
      indent(level + 1, sb);
      sb.append(d).append('\n');
    }
    if (!its.isEmpty()) {
      indent(level + 1, sb);
      sb.append(iteratorType).append(' ').append(String.join(", ", its)).append(";\n");
    }
    List<Node> children = ast instanceof Node.Block b ? b.children() : List.of(ast);
    for (Node c : children) inner.node(c, level + 1, sb);
    indent(level, sb);
    sb.append("}\n");
    return sb.toString();
  }

  /** Iterator names of the loops in the AST, outermost first, without duplicates. */
  public static void collectIterators(Node n, List<String> out) {
    if (n instanceof Node.For f) {
      if (!out.contains(f.iterator())) out.add(f.iterator());
      collectIterators(f.body(), out);
    } else if (n instanceof Node.If i) {
      collectIterators(i.then(), out);
      if (i.otherwise() != null) collectIterators(i.otherwise(), out);
    } else if (n instanceof Node.Block b) {
      for (Node c : b.children()) collectIterators(c, out);
    } else if (n instanceof Node.Mark m) {
      collectIterators(m.body(), out);
    }
  }

  /** The helper macro definitions the AST needs, then its code. */
  public String printWithMacros(Node ast) {
    return macros(ast) + print(ast);
  }

  /** Definitions (each under {@code #ifndef}) of the helper macros used in the AST. */
  public static String macros(Node ast) {
    Set<Expr.Kind> used = EnumSet.noneOf(Expr.Kind.class);
    collect(ast, used);
    StringBuilder sb = new StringBuilder();
    if (used.contains(Expr.Kind.FLOORD)) {
      define(sb, "floord", "floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))");
    }
    if (used.contains(Expr.Kind.CEILD)) {
      define(sb, "ceild", "ceild(n, d) (((n) < 0) ? -((-(n)) / (d)) : ((n) + (d) - 1) / (d))");
    }
    if (used.contains(Expr.Kind.MIN)) define(sb, "min", "min(x, y) ((x) < (y) ? (x) : (y))");
    if (used.contains(Expr.Kind.MAX)) define(sb, "max", "max(x, y) ((x) > (y) ? (x) : (y))");
    return sb.toString();
  }

  private static void define(StringBuilder sb, String name, String definition) {
    sb.append("#ifndef ").append(name).append('\n');
    sb.append("#define ").append(definition).append('\n');
    sb.append("#endif\n");
  }

  private static void collect(Node n, Set<Expr.Kind> used) {
    if (n instanceof Node.For f) {
      if (f.sizeParam() != null) used.add(Expr.Kind.CEILD);
      collect(f.init(), used);
      collect(f.upper(), used);
      collect(f.body(), used);
    } else if (n instanceof Node.If i) {
      collect(i.cond(), used);
      collect(i.then(), used);
      if (i.otherwise() != null) collect(i.otherwise(), used);
    } else if (n instanceof Node.Block b) {
      for (Node c : b.children()) collect(c, used);
    } else if (n instanceof Node.Mark m) {
      collect(m.body(), used);
    } else if (n instanceof Node.User u) {
      for (Expr e : u.args()) collect(e, used);
    }
  }

  private static void collect(Expr e, Set<Expr.Kind> used) {
    if (e instanceof Expr.Op op) {
      used.add(op.kind());
      for (Expr a : op.args()) collect(a, used);
    } else if (e instanceof Expr.Linear l) {
      for (Expr.Term t : l.terms()) collect(t.expr(), used);
    }
  }

  private void indent(int level, StringBuilder sb) {
    sb.append(indentUnit.repeat(level));
  }

  private void node(Node n, int level, StringBuilder sb) {
    if (n instanceof Node.Block b) {
      indent(level, sb);
      sb.append("{\n");
      for (Node c : b.children()) node(c, level + 1, sb);
      indent(level, sb);
      sb.append("}\n");
    } else if (n instanceof Node.User u) {
      for (String line : userPrinter.apply(u)) {
        indent(level, sb);
        sb.append(line).append('\n');
      }
    } else if (n instanceof Node.Mark m && CollapsedNest.depthOf(m.name()) > 0) {
      collapsed(m, level, sb);
    } else if (n instanceof Node.Mark m) {
      indent(level, sb);
      sb.append("// ").append(m.name()).append('\n');
      node(m.body(), level, sb);
    } else if (n instanceof Node.If i) {
      indent(level, sb);
      sb.append("if (").append(ExprFormat.format(i.cond())).append(")");
      body(i.then(), level, sb, i.otherwise() != null);
      if (i.otherwise() != null) {
        indent(level, sb);
        sb.append("else");
        body(i.otherwise(), level, sb, false);
      }
    } else {
      Node.For f = (Node.For) n;
      for (String p : f.pragmas()) {
        indent(level, sb);
        sb.append("#pragma ").append(p);
        if (declaredUpFront && p.startsWith("omp parallel for")) sb.append(privateClause(f.body(), List.of(f.iterator())));
        sb.append('\n');
      }
      indent(level, sb);
      String it = f.iterator();
      String init = ExprFormat.format(f.init());
      String step = Long.toString(f.step());
      if (f.sizeParam() != null) {
        init = f.sizeParam() + " * ceild(" + init + ", " + f.sizeParam() + ")";
        step = f.sizeParam();
      }
      String condition = f.upper().equals(Node.For.NO_UPPER_BOUND) ? "1" : it + " <= " + upperText(f.upper());
      sb.append("for (").append(declaredUpFront ? "" : iteratorType + " ").append(it).append(" = ")
          .append(init).append("; ").append(condition).append("; ").append(it).append(" += ").append(step).append(")");
      body(f.body(), level, sb, false);
    }
  }

  /** The {@code private(...)} clause (with a leading space, or empty) of a parallel loop around {@code body}. */
  private String privateClause(Node body, List<String> own) {
    List<String> inner = new ArrayList<>();
    collectIterators(body, inner);
    inner.removeAll(own);
    if (!privates.isEmpty()) {
      StringBuilder text = new StringBuilder();
      node(body, 0, text);
      for (String v : privates) {
        if (java.util.regex.Pattern.compile("\\b" + java.util.regex.Pattern.quote(v) + "\\b").matcher(text).find()) {
          inner.add(v);
        }
      }
    }
    return inner.isEmpty() ? "" : " private(" + String.join(", ", inner) + ")";
  }

  /**
   * A collapsed chain of loops ({@link CollapsedNest}): one flat loop over the ranks of its
   * iterations in balanced static chunks when its outer loop is OpenMP-parallel, the loops as they
   * are otherwise (the sequential copy of a region). The rank functions it calls are at file scope.
   */
  private void collapsed(Node.Mark m, int level, StringBuilder sb) {
    Node.For outer = (Node.For) m.body();
    String parallel = null;
    // the chunks of ranks are balanced already: the flat loop's own schedule clause replaces the loop's
    for (String p : outer.pragmas()) {
      if (p.startsWith("omp parallel for")) parallel = p.replaceAll(" schedule\\([^)]*\\)", "");
    }
    CollapsedNest nest = parallel == null ? null : CollapsedNest.of(outer, CollapsedNest.depthOf(m.name()));
    if (nest == null) {
      node(outer, level, sb);
      return;
    }
    List<Node.For> loops = nest.loops();
    if (nest.outerOnly()) {
      String it = outer.iterator();
      FlatRankLoop.Level l = new FlatRankLoop.Level(it, ExprFormat.format(outer.init()), it + " <= " + upperText(outer.upper()),
          it + " += 1", x -> "(" + iteratorType + ") " + x);
      String pragma = parallel + (declaredUpFront ? privateClause(outer.body(), List.of(it)) : "") + " schedule(static, 1)";
      sb.append(FlatRankLoop.outerCode(nest.functionPrefix(), nest.paramValues(), l, iteratorType, pragma,
          pad -> bodyLines(outer.body(), pad), indentUnit.repeat(level)));
      return;
    }
    Node inner = loops.get(loops.size() - 1).body();
    List<String> own = new ArrayList<>();
    List<FlatRankLoop.Level> levels = new ArrayList<>();
    for (Node.For f : loops) {
      String it = f.iterator();
      own.add(it);
      levels.add(new FlatRankLoop.Level(it, ExprFormat.format(f.init()), it + " <= " + upperText(f.upper()), it + " += 1",
          x -> "(" + iteratorType + ") " + x));
    }
    String pragma = parallel + (declaredUpFront ? privateClause(inner, own) : "") + " schedule(static, 1)";
    sb.append(FlatRankLoop.code(nest.functionPrefix(), nest.paramValues(), levels, iteratorType, pragma,
        pad -> bodyLines(inner, pad), indentUnit.repeat(level)));
  }

  /** The statements of {@code body} indented by {@code pad}. */
  private String bodyLines(Node body, String pad) {
    StringBuilder b = new StringBuilder();
    int at = pad.length() / indentUnit.length();
    List<Node> children = body instanceof Node.Block blk ? blk.children() : List.of(body);
    for (Node c : children) node(c, at, b);
    return b.toString();
  }

  private static String upperText(Expr upper) {
    // "c <= a + b" needs no parentheses; comparisons and conditionals do
    String s = ExprFormat.format(upper);
    if (upper instanceof Expr.Op op && (op.kind() == Expr.Kind.COND || op.kind() == Expr.Kind.AND
        || op.kind() == Expr.Kind.OR || op.kind().ordinal() >= Expr.Kind.EQ.ordinal())) {
      return "(" + s + ")";
    }
    return s;
  }

  /** A loop or branch body: a block with braces on the header line, a single statement on the next. */
  private void body(Node b, int level, StringBuilder sb, boolean beforeElse) {
    List<Node> children = b instanceof Node.Block blk ? blk.children() : List.of(b);
    boolean dangling = beforeElse && children.size() == 1 && children.get(0) instanceof Node.If;
    boolean multiLine = children.size() == 1 && children.get(0) instanceof Node.User u && userPrinter.apply(u).size() != 1;
    multiLine |= children.size() == 1 && children.get(0) instanceof Node.For f && !f.pragmas().isEmpty();
    if (children.size() == 1 && !dangling && !multiLine && !(children.get(0) instanceof Node.Mark)) {
      sb.append('\n');
      node(children.get(0), level + 1, sb);
      return;
    }
    sb.append(" {\n");
    for (Node c : children) node(c, level + 1, sb);
    indent(level, sb);
    sb.append("}\n");
  }

  /** Lines of the printed code (for measurements). */
  public static List<String> lines(String code) {
    List<String> out = new ArrayList<>();
    for (String l : code.split("\n")) if (!l.isBlank()) out.add(l);
    return out;
  }
}
