package dev.polyj.codegen.ast;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.codegen.ast.Expr.Id;
import dev.polyj.codegen.ast.Expr.Int;
import dev.polyj.codegen.ast.Expr.Linear;
import dev.polyj.codegen.ast.Expr.Op;
import dev.polyj.codegen.ast.Expr.Term;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Executes a loop AST with exact integer semantics (C's truncating {@code /} and {@code %} for
 * exact divisions and remainders, mathematical floor and ceiling for {@code floord}/{@code
 * ceild}), reporting each statement call. The reference semantics the C printer must match.
 */
public final class AstInterpreter {
  private final Map<String, Long> env = new HashMap<>();
  private final Consumer<Call> sink;
  private long budget;

  /** A statement instance: the statement name and its argument values. */
  public record Call(String name, long[] args) {
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(name).append('(');
      for (int i = 0; i < args.length; i++) sb.append(i > 0 ? ", " : "").append(args[i]);
      return sb.append(')').toString();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Call c && c.name.equals(name) && Arrays.equals(c.args, args);
    }

    @Override
    public int hashCode() {
      return name.hashCode() * 31 + Arrays.hashCode(args);
    }
  }

  private AstInterpreter(Map<String, Long> params, Consumer<Call> sink, long budget) {
    env.putAll(params);
    this.sink = sink;
    this.budget = budget;
  }

  /** Runs the AST with the given parameter values; fails after {@code maxSteps} loop iterations. */
  public static void run(Node ast, Map<String, Long> params, long maxSteps, Consumer<Call> sink) {
    new AstInterpreter(params, sink, maxSteps).exec(ast);
  }

  /**
   * The number of loop iterations the AST runs with the given parameter values (the points its
   * loops visit, whether or not a statement runs there); fails after {@code maxSteps}.
   */
  public static long steps(Node ast, Map<String, Long> params, long maxSteps) {
    AstInterpreter in = new AstInterpreter(params, c -> {}, maxSteps);
    in.exec(ast);
    return maxSteps - in.budget;
  }

  /** The statement calls of the AST in execution order. */
  public static List<Call> trace(Node ast, Map<String, Long> params) {
    List<Call> out = new ArrayList<>();
    run(ast, params, 10_000_000, out::add);
    return out;
  }

  private void exec(Node n) {
    if (n instanceof Node.Block b) {
      for (Node c : b.children()) exec(c);
    } else if (n instanceof Node.User u) {
      long[] args = new long[u.args().size()];
      for (int i = 0; i < args.length; i++) args[i] = eval(u.args().get(i));
      sink.accept(new Call(u.name(), args));
    } else if (n instanceof Node.If i) {
      if (eval(i.cond()) != 0) exec(i.then());
      else if (i.otherwise() != null) exec(i.otherwise());
    } else if (n instanceof Node.Mark m) {
      exec(m.body());
    } else {
      Node.For f = (Node.For) n;
      checkArgument(!env.containsKey(f.iterator()), "iterator %s shadows a name in scope", f.iterator());
      long v = eval(f.init());
      long step = f.step();
      if (f.sizeParam() != null) {
        step = eval(new Id(f.sizeParam()));
        checkArgument(step >= 1, "run-time step %s = %s", f.sizeParam(), step);
        v = Ints.mul(step, Ints.ceilDiv(v, step));
      }
      try {
        while (true) {
          env.put(f.iterator(), v);
          if (v > eval(f.upper())) break;
          if (--budget < 0) throw new IllegalStateException("loop iteration budget exhausted");
          exec(f.body());
          v = Ints.add(v, step);
        }
      } finally {
        env.remove(f.iterator());
      }
    }
  }

  /** The value of an expression; conditions give 1 or 0. */
  public long eval(Expr e) {
    return eval(e, env);
  }

  /** The value of an expression with the identifiers' values {@code env}; conditions give 1 or 0. */
  public static long eval(Expr e, Map<String, Long> env) {
    if (e instanceof Int i) return i.value();
    if (e instanceof Id id) {
      Long v = env.get(id.name());
      checkArgument(v != null, "unbound identifier %s", id.name());
      return v;
    }
    if (e instanceof Linear l) {
      long s = l.constant();
      for (Term t : l.terms()) s = Ints.add(s, Ints.mul(t.coef(), eval(t.expr(), env)));
      return s;
    }
    Op op = (Op) e;
    List<Expr> a = op.args();
    switch (op.kind()) {
      case MIN, MAX -> {
        long r = eval(a.get(0), env);
        for (int i = 1; i < a.size(); i++) {
          long x = eval(a.get(i), env);
          r = op.kind() == Expr.Kind.MIN ? Math.min(r, x) : Math.max(r, x);
        }
        return r;
      }
      case FLOORD -> {
        return Ints.floorDiv(eval(a.get(0), env), eval(a.get(1), env));
      }
      case CEILD -> {
        return Ints.ceilDiv(eval(a.get(0), env), eval(a.get(1), env));
      }
      case DIV -> {
        long x = eval(a.get(0), env);
        long d = eval(a.get(1), env);
        if (x % d != 0) throw new IllegalStateException("inexact division " + x + " / " + d + " in " + e);
        return x / d;
      }
      case MOD -> {
        return eval(a.get(0), env) % eval(a.get(1), env);
      }
      case EQ -> {
        return eval(a.get(0), env) == eval(a.get(1), env) ? 1 : 0;
      }
      case LE -> {
        return eval(a.get(0), env) <= eval(a.get(1), env) ? 1 : 0;
      }
      case LT -> {
        return eval(a.get(0), env) < eval(a.get(1), env) ? 1 : 0;
      }
      case GE -> {
        return eval(a.get(0), env) >= eval(a.get(1), env) ? 1 : 0;
      }
      case GT -> {
        return eval(a.get(0), env) > eval(a.get(1), env) ? 1 : 0;
      }
      case AND -> {
        for (Expr x : a) if (eval(x, env) == 0) return 0;
        return 1;
      }
      case OR -> {
        for (Expr x : a) if (eval(x, env) != 0) return 1;
        return 0;
      }
      case COND -> {
        return eval(a.get(0), env) != 0 ? eval(a.get(1), env) : eval(a.get(2), env);
      }
      default -> throw new IllegalStateException("unknown operator " + op.kind());
    }
  }
}
