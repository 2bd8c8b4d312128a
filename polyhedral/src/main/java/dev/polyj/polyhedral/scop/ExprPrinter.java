package dev.polyj.polyhedral.scop;

/**
 * Prints an {@link Expr} as C with the fewest parentheses that keep its structure under C's
 * precedence and associativity rules.
 */
public final class ExprPrinter {
  private ExprPrinter() {}

  private static final int COMMA = 1;
  private static final int ASSIGN = 2;
  private static final int COND = 3;
  private static final int UNARY = 14;
  private static final int POSTFIX = 15;
  private static final int PRIMARY = 16;

  /** Precedence of a binary operator (higher binds tighter). */
  static int binaryPrecedence(String op) {
    return switch (op) {
      case "||" -> 4;
      case "&&" -> 5;
      case "|" -> 6;
      case "^" -> 7;
      case "&" -> 8;
      case "==", "!=" -> 9;
      case "<", ">", "<=", ">=" -> 10;
      case "<<", ">>" -> 11;
      case "+", "-" -> 12;
      case "*", "/", "%" -> 13;
      default -> throw new IllegalArgumentException("not a binary operator: " + op);
    };
  }

  public static String print(Expr e) {
    StringBuilder sb = new StringBuilder();
    print(e, 0, sb);
    return sb.toString();
  }

  private static int precedence(Expr e) {
    if (e instanceof Expr.Comma) return COMMA;
    if (e instanceof Expr.Assign) return ASSIGN;
    if (e instanceof Expr.Cond) return COND;
    if (e instanceof Expr.Binary b) return binaryPrecedence(b.op());
    if (e instanceof Expr.Unary || e instanceof Expr.Cast || e instanceof Expr.SizeOf) return UNARY;
    if (e instanceof Expr.Postfix || e instanceof Expr.Index || e instanceof Expr.Call || e instanceof Expr.Member) {
      return POSTFIX;
    }
    if (e instanceof Expr.IntLit l && l.text().startsWith("-")) return UNARY;
    return PRIMARY;
  }

  /** Prints {@code e}, parenthesized when its precedence is below {@code min}. */
  private static void print(Expr e, int min, StringBuilder sb) {
    boolean paren = precedence(e) < min;
    if (paren) sb.append('(');
    if (e instanceof Expr.IntLit x) {
      sb.append(x.text());
    } else if (e instanceof Expr.FloatLit x) {
      sb.append(x.text());
    } else if (e instanceof Expr.CharLit x) {
      sb.append(x.text());
    } else if (e instanceof Expr.StringLit x) {
      sb.append(x.text());
    } else if (e instanceof Expr.Ident x) {
      sb.append(x.name());
    } else if (e instanceof Expr.Unary x) {
      sb.append(x.op());
      int before = sb.length();
      print(x.operand(), UNARY, sb);
      char first = sb.length() > before ? sb.charAt(before) : ' ';
      // keep "- -x" and "& &x" apart
      if ((x.op().equals("-") || x.op().equals("+") || x.op().equals("&")) && first == x.op().charAt(0)) {
        sb.insert(before, ' ');
      }
    } else if (e instanceof Expr.Postfix x) {
      print(x.operand(), POSTFIX, sb);
      sb.append(x.op());
    } else if (e instanceof Expr.Binary x) {
      int p = binaryPrecedence(x.op());
      print(x.left(), p, sb);
      sb.append(' ').append(x.op()).append(' ');
      print(x.right(), p + 1, sb);
    } else if (e instanceof Expr.Assign x) {
      print(x.target(), UNARY, sb);
      sb.append(' ').append(x.op()).append(' ');
      print(x.value(), ASSIGN, sb);
    } else if (e instanceof Expr.Cond x) {
      print(x.cond(), COND + 1, sb);
      sb.append(" ? ");
      print(x.then(), COMMA + 1, sb);
      sb.append(" : ");
      print(x.otherwise(), COND, sb);
    } else if (e instanceof Expr.Cast x) {
      sb.append('(').append(x.type()).append(')');
      print(x.operand(), UNARY, sb);
    } else if (e instanceof Expr.Call x) {
      print(x.callee(), POSTFIX, sb);
      sb.append('(');
      for (int i = 0; i < x.args().size(); i++) {
        if (i > 0) sb.append(", ");
        print(x.args().get(i), ASSIGN, sb);
      }
      sb.append(')');
    } else if (e instanceof Expr.Index x) {
      print(x.base(), POSTFIX, sb);
      sb.append('[');
      print(x.index(), 0, sb);
      sb.append(']');
    } else if (e instanceof Expr.Member x) {
      print(x.base(), POSTFIX, sb);
      sb.append(x.arrow() ? "->" : ".").append(x.name());
    } else if (e instanceof Expr.SizeOf x) {
      if (x.type() != null) {
        sb.append("sizeof(").append(x.type()).append(')');
      } else {
        sb.append("sizeof ");
        print(x.operand(), UNARY, sb);
      }
    } else if (e instanceof Expr.Comma x) {
      print(x.left(), COMMA, sb);
      sb.append(", ");
      print(x.right(), COMMA + 1, sb);
    } else if (e instanceof Expr.InitList x) {
      sb.append('{');
      for (int i = 0; i < x.items().size(); i++) {
        sb.append(i > 0 ? ", " : " ");
        print(x.items().get(i), ASSIGN, sb);
      }
      sb.append(" }");
    }
    if (paren) sb.append(')');
  }
}
