package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.scop.Expr;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test oracle: executes the control structure of a parsed function (for loops, ifs, blocks) with
 * C integer semantics for given parameter values, and records each executed statement instance
 * (the statement's expression, the values of all integer variables) in execution order. Statement
 * bodies are not executed; they only read integer variables.
 */
final class LoopNestInterpreter {
  record Instance(Expr body, Map<String, Long> env) {}

  private final Map<String, Long> env = new HashMap<>();
  private final IdentityHashMap<Expr, Boolean> bodies;
  private final List<Instance> trace = new ArrayList<>();
  private long steps;

  private LoopNestInterpreter(IdentityHashMap<Expr, Boolean> bodies, Map<String, Long> params) {
    this.bodies = bodies;
    env.putAll(params);
  }

  /** The executed instances of the statements whose bodies are in {@code bodies}. */
  static List<Instance> run(FunctionDef f, IdentityHashMap<Expr, Boolean> bodies, Map<String, Long> params) {
    LoopNestInterpreter in = new LoopNestInterpreter(bodies, params);
    in.exec(f.body());
    return in.trace;
  }

  private void exec(CStmt s) {
    if (++steps > 2_000_000) throw new IllegalStateException("runaway loop");
    if (s instanceof CStmt.Block b) {
      for (CStmt x : b.items()) exec(x);
    } else if (s instanceof CStmt.For f) {
      if (f.init() instanceof CStmt.ExprStmt e) eval(e.expr());
      if (f.init() instanceof CStmt.Declaration d) {
        for (Decl x : d.decls()) env.put(x.name(), eval(x.init()));
      }
      while (eval(f.cond()) != 0) {
        exec(f.body());
        eval(f.step());
      }
    } else if (s instanceof CStmt.If i) {
      if (eval(i.cond()) != 0) exec(i.then());
      else if (i.otherwise() != null) exec(i.otherwise());
    } else if (s instanceof CStmt.ExprStmt e) {
      if (bodies.containsKey(e.expr())) trace.add(new Instance(e.expr(), new HashMap<>(env)));
    }
  }

  long eval(Expr e) {
    if (e instanceof Expr.IntLit l) return l.value();
    if (e instanceof Expr.Ident id) {
      Long v = env.get(id.name());
      if (v == null) throw new IllegalStateException("no value for " + id.name());
      return v;
    }
    if (e instanceof Expr.Cast c) return eval(c.operand());
    if (e instanceof Expr.Assign a) {
      String name = ((Expr.Ident) a.target()).name();
      long v = eval(a.value());
      if (!a.op().equals("=")) v = binary(a.op().substring(0, a.op().length() - 1), env.get(name), v);
      env.put(name, v);
      return v;
    }
    if (e instanceof Expr.Postfix p) {
      String name = ((Expr.Ident) p.operand()).name();
      long old = env.get(name);
      env.put(name, p.op().equals("++") ? old + 1 : old - 1);
      return old;
    }
    if (e instanceof Expr.Unary u) {
      if (u.op().equals("++") || u.op().equals("--")) {
        String name = ((Expr.Ident) u.operand()).name();
        long v = env.get(name) + (u.op().equals("++") ? 1 : -1);
        env.put(name, v);
        return v;
      }
      long v = eval(u.operand());
      return switch (u.op()) {
        case "-" -> -v;
        case "+" -> v;
        case "!" -> v == 0 ? 1 : 0;
        default -> throw new IllegalArgumentException(u.op());
      };
    }
    if (e instanceof Expr.Binary b) {
      if (b.op().equals("&&")) return eval(b.left()) != 0 && eval(b.right()) != 0 ? 1 : 0;
      if (b.op().equals("||")) return eval(b.left()) != 0 || eval(b.right()) != 0 ? 1 : 0;
      return binary(b.op(), eval(b.left()), eval(b.right()));
    }
    if (e instanceof Expr.Cond c) return eval(c.cond()) != 0 ? eval(c.then()) : eval(c.otherwise());
    if (e instanceof Expr.Call c) {
      long a = eval(c.args().get(0));
      long b = eval(c.args().get(1));
      return switch (c.name()) {
        case "min" -> Math.min(a, b);
        case "max" -> Math.max(a, b);
        case "floord" -> Math.floorDiv(a, b);
        case "ceild" -> -Math.floorDiv(-a, b);
        default -> throw new IllegalArgumentException(c.name());
      };
    }
    throw new IllegalArgumentException("cannot evaluate " + dev.polyj.polyhedral.scop.ExprPrinter.print(e));
  }

  private static long binary(String op, long a, long b) {
    return switch (op) {
      case "+" -> a + b;
      case "-" -> a - b;
      case "*" -> a * b;
      case "/" -> a / b; // C truncates
      case "%" -> a % b;
      case "<" -> a < b ? 1 : 0;
      case "<=" -> a <= b ? 1 : 0;
      case ">" -> a > b ? 1 : 0;
      case ">=" -> a >= b ? 1 : 0;
      case "==" -> a == b ? 1 : 0;
      case "!=" -> a != b ? 1 : 0;
      default -> throw new IllegalArgumentException(op);
    };
  }
}
