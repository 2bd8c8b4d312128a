package dev.polyj.polyhedral.multifor;

import dev.polyj.polyhedral.frontend.CSourceException;
import dev.polyj.polyhedral.scop.SourcePos;
import java.util.Map;
import java.util.Set;

/**
 * An integer expression of a multifor header (bound or initial value): constants, variables,
 * {@code + - * / %} and parentheses, read from the source and printed back as its source text.
 * Evaluation follows C on 64-bit integers (division truncates toward zero); overflow is an error.
 */
public sealed interface HeaderExpr {
  /** The expression as written (its source text). */
  String text();

  SourcePos pos();

  record Num(long value, String text, SourcePos pos) implements HeaderExpr {}

  record Var(String name, SourcePos pos) implements HeaderExpr {
    @Override
    public String text() {
      return name;
    }
  }

  record Neg(HeaderExpr operand, String text, SourcePos pos) implements HeaderExpr {}

  record Bin(char op, HeaderExpr left, HeaderExpr right, String text, SourcePos pos) implements HeaderExpr {}

  /** The value under {@code env}; a variable missing from it or a division by zero is an error. */
  default long eval(Map<String, Long> env) {
    if (this instanceof Num n) return n.value();
    if (this instanceof Var v) {
      Long x = env.get(v.name());
      if (x == null) throw new CSourceException(v.pos(), "no value for '" + v.name() + "'");
      return x;
    }
    if (this instanceof Neg n) return Math.negateExact(n.operand().eval(env));
    Bin b = (Bin) this;
    long l = b.left().eval(env);
    long r = b.right().eval(env);
    return switch (b.op()) {
      case '+' -> Math.addExact(l, r);
      case '-' -> Math.subtractExact(l, r);
      case '*' -> Math.multiplyExact(l, r);
      case '/', '%' -> {
        if (r == 0) throw new CSourceException(b.pos(), "division by zero");
        yield b.op() == '/' ? l / r : l % r;
      }
      default -> throw new IllegalStateException("operator " + b.op());
    };
  }

  /** The value when the expression reads no variable (and evaluates without overflow), else null. */
  default Long constant() {
    Set<String> vars = new java.util.HashSet<>();
    variables(vars);
    if (!vars.isEmpty()) return null;
    try {
      return eval(Map.of());
    } catch (ArithmeticException | CSourceException e) {
      return null;
    }
  }

  /** Adds the variables the expression reads to {@code out}. */
  default void variables(Set<String> out) {
    if (this instanceof Var v) out.add(v.name());
    else if (this instanceof Neg n) n.operand().variables(out);
    else if (this instanceof Bin b) {
      b.left().variables(out);
      b.right().variables(out);
    }
  }
}
