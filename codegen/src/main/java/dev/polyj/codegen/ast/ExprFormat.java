package dev.polyj.codegen.ast;

import dev.polyj.codegen.ast.Expr.Id;
import dev.polyj.codegen.ast.Expr.Int;
import dev.polyj.codegen.ast.Expr.Linear;
import dev.polyj.codegen.ast.Expr.Op;
import dev.polyj.codegen.ast.Expr.Term;
import java.util.List;

/**
 * C spelling of expressions with the fewest parentheses C's precedence allows (plus the ones gcc
 * asks for around {@code &&} inside {@code ||}). Functions {@code min}, {@code max}, {@code floord}
 * and {@code ceild} are the helper macros the printed code defines; they take two arguments, so
 * longer minima and maxima are nested.
 */
public final class ExprFormat {
  private ExprFormat() {}

  // precedence levels, higher binds tighter
  private static final int COND = 1;
  private static final int OR = 2;
  private static final int AND = 3;
  private static final int EQUALITY = 4;
  private static final int RELATION = 5;
  private static final int ADDITIVE = 6;
  private static final int MULTIPLICATIVE = 7;
  private static final int UNARY = 8;
  private static final int ATOM = 9;

  public static String format(Expr e) {
    StringBuilder sb = new StringBuilder();
    print(e, sb);
    return sb.toString();
  }

  static int precedence(Expr e) {
    if (e instanceof Int i) return i.value() < 0 ? UNARY : ATOM;
    if (e instanceof Id) return ATOM;
    if (e instanceof Linear l) {
      if (l.terms().size() == 1 && l.constant() == 0) {
        long c = l.terms().get(0).coef();
        return c == 1 ? precedence(l.terms().get(0).expr()) : c == -1 ? UNARY : MULTIPLICATIVE;
      }
      return ADDITIVE;
    }
    Op op = (Op) e;
    return switch (op.kind()) {
      case MIN, MAX, FLOORD, CEILD -> ATOM;
      case DIV, MOD -> MULTIPLICATIVE;
      case EQ -> EQUALITY;
      case LE, LT, GE, GT -> RELATION;
      case AND -> AND;
      case OR -> OR;
      case COND -> COND;
    };
  }

  private static void printAt(Expr e, int min, StringBuilder sb) {
    if (precedence(e) < min) {
      sb.append('(');
      print(e, sb);
      sb.append(')');
    } else {
      print(e, sb);
    }
  }

  private static void print(Expr e, StringBuilder sb) {
    if (e instanceof Int i) {
      sb.append(i.value());
    } else if (e instanceof Id id) {
      sb.append(id.name());
    } else if (e instanceof Linear l) {
      printLinear(l, sb);
    } else {
      printOp((Op) e, sb);
    }
  }

  private static void printLinear(Linear l, StringBuilder sb) {
    boolean first = true;
    for (Term t : l.terms()) {
      long c = t.coef();
      if (first) {
        if (c < 0) sb.append('-');
      } else {
        sb.append(c < 0 ? " - " : " + ");
      }
      long a = Math.abs(c);
      if (a == 1) {
        // -x binds as unary; "a - (b - c)" never arises since terms are atoms or products
        printAt(t.expr(), first && c < 0 ? UNARY : MULTIPLICATIVE, sb);
      } else {
        sb.append(a).append(" * ");
        printAt(t.expr(), ATOM, sb);
      }
      first = false;
    }
    long k = l.constant();
    if (k > 0) sb.append(" + ").append(k);
    if (k < 0) sb.append(" - ").append(k == Long.MIN_VALUE ? "9223372036854775808" : Long.toString(-k));
  }

  private static void printOp(Op op, StringBuilder sb) {
    List<Expr> a = op.args();
    switch (op.kind()) {
      case MIN, MAX, FLOORD, CEILD -> nestedCall(op.kind().name().toLowerCase(java.util.Locale.ROOT), a, 0, sb);
      case DIV -> binary(a, " / ", MULTIPLICATIVE, ATOM, sb);
      case MOD -> binary(a, " % ", MULTIPLICATIVE, ATOM, sb);
      case EQ -> binary(a, " == ", RELATION, RELATION, sb);
      case LE -> binary(a, " <= ", ADDITIVE, ADDITIVE, sb);
      case LT -> binary(a, " < ", ADDITIVE, ADDITIVE, sb);
      case GE -> binary(a, " >= ", ADDITIVE, ADDITIVE, sb);
      case GT -> binary(a, " > ", ADDITIVE, ADDITIVE, sb);
      case AND -> list(a, " && ", EQUALITY, sb);
      case OR -> list(a, " || ", EQUALITY, sb);
      case COND -> {
        printAt(a.get(0), OR, sb);
        sb.append(" ? ");
        printAt(a.get(1), OR, sb);
        sb.append(" : ");
        printAt(a.get(2), OR, sb);
      }
    }
  }

  private static void nestedCall(String name, List<Expr> args, int from, StringBuilder sb) {
    sb.append(name).append('(');
    if (args.size() - from == 2 || name.equals("floord") || name.equals("ceild")) {
      print(args.get(from), sb);
      sb.append(", ");
      print(args.get(from + 1), sb);
    } else {
      print(args.get(from), sb);
      sb.append(", ");
      nestedCall(name, args, from + 1, sb);
    }
    sb.append(')');
  }

  private static void binary(List<Expr> a, String op, int left, int right, StringBuilder sb) {
    printAt(a.get(0), left, sb);
    sb.append(op);
    printAt(a.get(1), right, sb);
  }

  private static void list(List<Expr> a, String op, int min, StringBuilder sb) {
    for (int i = 0; i < a.size(); i++) {
      if (i > 0) sb.append(op);
      printAt(a.get(i), min, sb);
    }
  }
}
