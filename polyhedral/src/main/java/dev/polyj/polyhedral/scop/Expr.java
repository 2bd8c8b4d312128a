package dev.polyj.polyhedral.scop;

import com.google.common.collect.ImmutableList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A C expression tree: the body of a statement, printable back as C ({@link ExprPrinter}). Every
 * node carries the position it was read from.
 */
public sealed interface Expr {
  SourcePos pos();

  /** An integer literal; {@code text} is its spelling (suffixes kept). */
  record IntLit(long value, String text, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return this;
    }

    @Override
    public List<Expr> children() {
      return List.of();
    }

    public static IntLit of(long v) {
      return new IntLit(v, Long.toString(v), SourcePos.UNKNOWN);
    }
  }

  /** A floating-point literal as spelled. */
  record FloatLit(String text, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return this;
    }

    @Override
    public List<Expr> children() {
      return List.of();
    }
  }

  /** A character literal with its quotes. */
  record CharLit(String text, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return this;
    }

    @Override
    public List<Expr> children() {
      return List.of();
    }
  }

  /** A string literal with its quotes. */
  record StringLit(String text, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return this;
    }

    @Override
    public List<Expr> children() {
      return List.of();
    }
  }

  /** A variable (or function) name. */
  record Ident(String name, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return this;
    }

    @Override
    public List<Expr> children() {
      return List.of();
    }
  }

  /** A prefix operator: {@code - + ! ~ * & ++ --}. */
  record Unary(String op, Expr operand, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return new Unary(op, f.apply(operand), pos);
    }

    @Override
    public List<Expr> children() {
      return List.of(operand);
    }
  }

  /** A postfix {@code ++} or {@code --}. */
  record Postfix(String op, Expr operand, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return new Postfix(op, f.apply(operand), pos);
    }

    @Override
    public List<Expr> children() {
      return List.of(operand);
    }
  }

  /** A binary operator other than assignment and comma. */
  record Binary(String op, Expr left, Expr right, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return new Binary(op, f.apply(left), f.apply(right), pos);
    }

    @Override
    public List<Expr> children() {
      return List.of(left, right);
    }
  }

  /** An assignment {@code =} or compound assignment {@code += -= *= /= %= <<= >>= &= ^= |=}. */
  record Assign(String op, Expr target, Expr value, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return new Assign(op, f.apply(target), f.apply(value), pos);
    }

    @Override
    public List<Expr> children() {
      return List.of(target, value);
    }
  }

  /** The ternary operator. */
  record Cond(Expr cond, Expr then, Expr otherwise, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return new Cond(f.apply(cond), f.apply(then), f.apply(otherwise), pos);
    }

    @Override
    public List<Expr> children() {
      return List.of(cond, then, otherwise);
    }
  }

  /** A cast; {@code type} is the C type name as written, e.g. {@code double} or {@code int *}. */
  record Cast(String type, Expr operand, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return new Cast(type, f.apply(operand), pos);
    }

    @Override
    public List<Expr> children() {
      return List.of(operand);
    }
  }

  /** A function call. */
  record Call(Expr callee, ImmutableList<Expr> args, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return new Call(f.apply(callee), args.stream().map(f).toList(), pos);
    }

    @Override
    public List<Expr> children() {
      return ImmutableList.<Expr>builder().add(callee).addAll(args).build();
    }

    public Call(Expr callee, List<Expr> args, SourcePos pos) {
      this(callee, ImmutableList.copyOf(args), pos);
    }

    /** The called function's name, or null for an indirect call. */
    public String name() {
      return callee instanceof Ident id ? id.name() : null;
    }
  }

  /** An array subscript {@code base[index]}. */
  record Index(Expr base, Expr index, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return new Index(f.apply(base), f.apply(index), pos);
    }

    @Override
    public List<Expr> children() {
      return List.of(base, index);
    }
  }

  /** A member access {@code base.name} or {@code base->name}. */
  record Member(Expr base, String name, boolean arrow, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return new Member(f.apply(base), name, arrow, pos);
    }

    @Override
    public List<Expr> children() {
      return List.of(base);
    }
  }

  /** {@code sizeof(type)} when {@code type} is non-null, else {@code sizeof expr}. */
  record SizeOf(String type, Expr operand, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return operand == null ? this : new SizeOf(null, f.apply(operand), pos);
    }

    @Override
    public List<Expr> children() {
      return operand == null ? List.of() : List.of(operand);
    }
  }

  /** The comma operator. */
  record Comma(Expr left, Expr right, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return new Comma(f.apply(left), f.apply(right), pos);
    }

    @Override
    public List<Expr> children() {
      return List.of(left, right);
    }
  }

  /** A brace-enclosed initializer list (declarations only). */
  record InitList(ImmutableList<Expr> items, SourcePos pos) implements Expr {
    @Override
    public Expr mapChildren(UnaryOperator<Expr> f) {
      return new InitList(items.stream().map(f).toList(), pos);
    }

    @Override
    public List<Expr> children() {
      return List.copyOf(items);
    }

    public InitList(List<Expr> items, SourcePos pos) {
      this(ImmutableList.copyOf(items), pos);
    }
  }

  /** This node with {@code f} applied to each direct child expression. */
  Expr mapChildren(UnaryOperator<Expr> f);

  /** The direct child expressions, left to right. */
  List<Expr> children();

  /** Rebuilds the tree bottom-up, applying {@code f} to every rebuilt node. */
  static Expr transform(Expr e, UnaryOperator<Expr> f) {
    return f.apply(e.mapChildren(c -> transform(c, f)));
  }

  /**
   * Replaces variables by expressions, e.g. the original iterators by the expressions of the new
   * loop counters. A callee name is not replaced.
   */
  static Expr substitute(Expr e, Map<String, Expr> replacement) {
    if (e instanceof Ident id) return replacement.getOrDefault(id.name(), id);
    if (e instanceof Call c) {
      return new Call(c.callee(), c.args().stream().map(a -> substitute(a, replacement)).toList(), c.pos());
    }
    return e.mapChildren(x -> substitute(x, replacement));
  }
}
