package dev.polyj.polyhedral.frontend;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.SourcePos;
import java.util.List;

/** A C statement. */
public sealed interface CStmt {
  SourcePos pos();

  record Block(ImmutableList<CStmt> items, SourcePos pos) implements CStmt {
    public Block(List<CStmt> items, SourcePos pos) {
      this(ImmutableList.copyOf(items), pos);
    }
  }

  /** A declaration inside a block or a for-init. */
  record Declaration(ImmutableList<Decl> decls, SourcePos pos) implements CStmt {
    public Declaration(List<Decl> decls, SourcePos pos) {
      this(ImmutableList.copyOf(decls), pos);
    }
  }

  record ExprStmt(Expr expr, SourcePos pos) implements CStmt {}

  record Empty(SourcePos pos) implements CStmt {}

  /** {@code otherwise} is null without an else branch. */
  record If(Expr cond, CStmt then, CStmt otherwise, SourcePos pos) implements CStmt {}

  /** {@code init} is a Declaration, an ExprStmt or null; cond and step may be null. */
  record For(CStmt init, Expr cond, Expr step, CStmt body, SourcePos pos) implements CStmt {}

  record While(Expr cond, CStmt body, SourcePos pos) implements CStmt {}

  record DoWhile(CStmt body, Expr cond, SourcePos pos) implements CStmt {}

  record Switch(Expr value, CStmt body, SourcePos pos) implements CStmt {}

  /** {@code case value:} or, with a null value, {@code default:}; the labelled statement follows. */
  record Case(Expr value, CStmt body, SourcePos pos) implements CStmt {}

  record Label(String name, CStmt body, SourcePos pos) implements CStmt {}

  record Goto(String label, SourcePos pos) implements CStmt {}

  record Break(SourcePos pos) implements CStmt {}

  record Continue(SourcePos pos) implements CStmt {}

  /** {@code value} may be null. */
  record Return(Expr value, SourcePos pos) implements CStmt {}

  /** A {@code #pragma} line inside a function, e.g. {@code scop}. */
  record Pragma(String text, SourcePos pos) implements CStmt {}
}
