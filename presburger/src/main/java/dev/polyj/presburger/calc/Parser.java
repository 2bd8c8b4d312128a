package dev.polyj.presburger.calc;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser of the calculator language (the subset of iscc's described in the
 * design), one statement at a time. The grammar follows iscc's reader:
 *
 * <pre>
 * stmt    := ';' | IDENT ':=' expr ';' | 'print' expr ';' | 'assert' expr ';'
 *          | 'codegen' unary ['using' unary] ';' | 'source' STRING ';' | 'write' STRING expr ';'
 *          | expr ';'
 * expr    := unary (BINOP unary)*            all binary operators: one precedence, left to right
 * unary   := FUNCTION unary | '-' unary | 'typeof' expr
 *          | 'last' unary ['any' unary] 'before' unary 'under' unary
 *          | 'any' unary ['last' unary] 'before' unary 'under' unary
 *          | 'schedule' unary (('respecting' | 'minimizing') unary)*
 *          | postfix
 * postfix := primary ('^' ('+' | ['-'] INT) | '(' expr ')' | '[' INT ']')*
 * primary := INT | STRING | 'True' | 'False' | 'read' STRING | IDENT | '(' ')' | '(' expr (',' expr)* ')'
 *          | isl literal
 * </pre>
 *
 * <p>isl literals start with {@code '{'} or {@code '['} where a primary is expected and are read
 * by a {@link LiteralReader}; the lexer then resumes after them.
 */
final class Parser {
  /** Prefix functions of one argument. */
  static final ImmutableSet<String> FUNCTIONS = ImmutableSet.of(
      "aff", "card", "coalesce", "deltas", "deltas_map", "dom", "domain", "domain_map", "identity",
      "lb", "lexmax", "lexmin", "map", "params", "poly", "ran", "range", "range_map", "sample", "scan", "sum",
      "ub", "unwrap", "wrap", "zip");

  /** iscc operations that this calculator does not offer (yet); using one is reported as such. */
  static final ImmutableSet<String> UNSUPPORTED_WORDS = ImmutableSet.of(
      "coefficients", "lattice_width", "lift", "lpoly", "parse_file", "pow",
      "schedule_forest", "solutions", "upoly", "vertices");

  private static final ImmutableSet<String> KEYWORDS = ImmutableSet.of(
      "after", "any", "assert", "before", "codegen", "cross", "cross_range", "False", "last", "minimizing", "print",
      "read", "respecting", "schedule", "source", "True", "typeof", "under", "using", "write");

  private final Lexer lexer;
  private final LiteralReader literals;

  Parser(Lexer lexer, LiteralReader literals) {
    this.lexer = lexer;
    this.literals = literals;
  }

  static boolean isReserved(String word) {
    return FUNCTIONS.contains(word) || KEYWORDS.contains(word) || UNSUPPORTED_WORDS.contains(word);
  }

  /** Parses one statement, including its terminating {@code ;}. */
  Stmt statement() {
    Token t = lexer.peek();
    int start = t.start();
    if (t.is(";")) {
      lexer.next();
      return new Stmt.Empty(start);
    }
    if (t.kind() == Token.Kind.IDENT) {
      lexer.next();
      boolean assign = lexer.peek().is(":=");
      lexer.reset(start);
      if (assign) {
        if (isReserved(t.text())) throw CalcException.input(start, "cannot assign to reserved word '" + t.text() + "'");
        lexer.next();
        lexer.next();
        Expr e = expr();
        expect(";");
        return new Stmt.Assign(t.text(), e, start);
      }
    }
    if (t.is("print")) {
      lexer.next();
      Expr e = expr();
      expect(";");
      return new Stmt.Print(e, start);
    }
    if (t.is("assert")) {
      lexer.next();
      Expr e = expr();
      expect(";");
      return new Stmt.Assert(e, start);
    }
    if (t.is("source")) {
      lexer.next();
      String path = string("source");
      expect(";");
      return new Stmt.Source(path, start);
    }
    if (t.is("write")) {
      lexer.next();
      String path = string("write");
      Expr e = expr();
      expect(";");
      return new Stmt.Write(path, e, start);
    }
    if (t.is("codegen")) {
      lexer.next();
      Expr schedule = unary();
      Expr options = null;
      if (lexer.peek().is("using")) {
        lexer.next();
        options = unary();
      }
      expect(";");
      return new Stmt.Codegen(schedule, options, start);
    }
    Expr e = expr();
    expect(";");
    return new Stmt.Print(e, start);
  }

  Expr expr() {
    Expr left = unary();
    while (true) {
      Token t = lexer.peek();
      BinaryOp op = BinaryOp.of(t);
      if (op == null) return left;
      lexer.next();
      Expr right = unary();
      left = new Expr.Binary(op, left, right, t.start());
    }
  }

  private Expr unary() {
    Token t = lexer.peek();
    if (t.kind() == Token.Kind.IDENT) {
      String w = t.text();
      if (FUNCTIONS.contains(w)) {
        lexer.next();
        return new Expr.Unary(w, unary(), t.start());
      }
      if (UNSUPPORTED_WORDS.contains(w)) throw CalcException.unsupported(t.start(), w);
      switch (w) {
        case "typeof":
          lexer.next();
          return new Expr.TypeOf(expr(), t.start());
        case "last":
        case "any":
          return flow();
        case "schedule":
          return schedule();
        default:
          break;
      }
    }
    if (t.is("-")) {
      lexer.next();
      return new Expr.Unary("-", unary(), t.start());
    }
    return postfix(primary());
  }

  private Expr flow() {
    Token kw = lexer.next();
    Expr must = null;
    Expr may = null;
    if (kw.is("last")) {
      must = unary();
      if (lexer.peek().is("any")) {
        lexer.next();
        may = unary();
      }
    } else {
      may = unary();
      if (lexer.peek().is("last")) {
        lexer.next();
        must = unary();
      }
    }
    expect("before");
    Expr sink = unary();
    expect("under");
    Expr schedule = unary();
    return new Expr.Flow(must, may, sink, schedule, kw.start());
  }

  private Expr schedule() {
    Token kw = lexer.next();
    Expr domain = unary();
    List<Expr> respecting = new ArrayList<>();
    List<Expr> minimizing = new ArrayList<>();
    while (true) {
      Token t = lexer.peek();
      if (t.is("respecting")) {
        lexer.next();
        respecting.add(unary());
      } else if (t.is("minimizing")) {
        lexer.next();
        minimizing.add(unary());
      } else {
        break;
      }
    }
    return new Expr.Schedule(domain, ImmutableList.copyOf(respecting), ImmutableList.copyOf(minimizing), kw.start());
  }

  private Expr postfix(Expr e) {
    while (true) {
      Token t = lexer.peek();
      if (t.is("^")) {
        lexer.next();
        Token u = lexer.next();
        if (u.is("+")) {
          e = new Expr.Power(e, null, t.start());
          continue;
        }
        boolean negative = u.is("-");
        if (negative) u = lexer.next();
        if (u.kind() != Token.Kind.INT) {
          throw CalcException.input(u.start(), "expected '+' or an integer exponent after '^', found " + u.describe());
        }
        BigInteger k = new BigInteger(u.text());
        if (k.signum() == 0) throw CalcException.input(u.start(), "exponent must not be zero");
        e = new Expr.Power(e, negative ? k.negate() : k, t.start());
      } else if (t.is("(")) {
        lexer.next();
        Expr arg = expr();
        expect(")");
        e = new Expr.Apply(e, arg, t.start());
      } else if (t.is("[")) {
        lexer.next();
        Token u = lexer.next();
        if (u.kind() != Token.Kind.INT) throw CalcException.input(u.start(), "expected an index, found " + u.describe());
        int index;
        try {
          index = Integer.parseInt(u.text());
        } catch (NumberFormatException ex) {
          throw CalcException.input(u.start(), "index " + u.text() + " is too large");
        }
        expect("]");
        e = new Expr.Index(e, index, t.start());
      } else {
        return e;
      }
    }
  }

  private Expr primary() {
    Token t = lexer.peek();
    switch (t.kind()) {
      case INT:
        lexer.next();
        return new Expr.Constant(new IntValue(new BigInteger(t.text())), t.start());
      case STRING:
        lexer.next();
        return new Expr.Constant(new StringValue(t.text()), t.start());
      case IDENT:
        if (t.text().equals("read")) {
          lexer.next();
          return new Expr.Read(string("read"), t.start());
        }
        if (t.text().equals("True") || t.text().equals("False")) {
          lexer.next();
          return new Expr.Constant(BoolValue.of(t.text().equals("True")), t.start());
        }
        if (isReserved(t.text())) throw expected("an expression", t);
        lexer.next();
        return new Expr.Var(t.text(), t.start());
      case SYMBOL:
        if (t.is("(")) return parenthesized();
        if (t.is("{") || t.is("[")) return literal(t.start());
        throw expected("an expression", t);
      default:
        throw expected("an expression", t);
    }
  }

  private Expr parenthesized() {
    Token open = lexer.next();
    if (lexer.peek().is(")")) {
      lexer.next();
      return new Expr.ListOf(ImmutableList.of(), open.start());
    }
    Expr first = expr();
    if (!lexer.peek().is(",")) {
      expect(")");
      return first;
    }
    List<Expr> items = new ArrayList<>();
    items.add(first);
    while (lexer.peek().is(",")) {
      lexer.next();
      items.add(expr());
    }
    expect(")");
    return new Expr.ListOf(ImmutableList.copyOf(items), open.start());
  }

  private Expr literal(int offset) {
    LiteralReader.Literal lit;
    try {
      lit = literals.read(lexer.text(), offset);
    } catch (CalcException e) {
      throw e;
    } catch (UnsupportedOperationException e) {
      throw CalcException.unsupported(offset, "isl notation", e);
    } catch (RuntimeException e) {
      throw CalcException.input(offset, "invalid isl notation: " + e.getMessage(), e);
    }
    if (lit.end() <= offset || lit.end() > lexer.text().length()) {
      throw CalcException.internal(offset, "isl notation", new IllegalStateException(
          "literal at offset " + offset + " ends at " + lit.end()));
    }
    lexer.reset(lit.end());
    return new Expr.Constant(lit.value(), offset);
  }

  /** A string token: the file name of {@code op}. */
  private String string(String op) {
    Token t = lexer.peek();
    if (t.kind() != Token.Kind.STRING) throw expected("a file name in quotes after '" + op + "'", t);
    lexer.next();
    return t.text();
  }

  private void expect(String symbol) {
    Token t = lexer.peek();
    if (!t.is(symbol)) throw expected("'" + symbol + "'", t);
    lexer.next();
  }

  private static CalcException expected(String what, Token found) {
    return CalcException.input(found.start(), "expected " + what + ", found " + found.describe());
  }
}
