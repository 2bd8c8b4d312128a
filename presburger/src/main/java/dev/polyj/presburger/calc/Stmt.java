package dev.polyj.presburger.calc;

/** Statements of the calculator language; {@code pos} is the offset of the statement's start. */
sealed interface Stmt {
  int pos();

  /** {@code name := expr;} */
  record Assign(String name, Expr expr, int pos) implements Stmt {}

  /** {@code expr;} or {@code print expr;}: prints the value on one line. */
  record Print(Expr expr, int pos) implements Stmt {}

  /** {@code codegen schedule [using options];} */
  record Codegen(Expr schedule, Expr options, int pos) implements Stmt {}

  /** {@code assert expr;}: an error unless the expression is {@code True}. */
  record Assert(Expr expr, int pos) implements Stmt {}

  /** {@code source "file";}: runs the statements of the file. */
  record Source(String path, int pos) implements Stmt {}

  /** {@code write "file" expr;}: writes the value's printed form and a newline to the file. */
  record Write(String path, Expr expr, int pos) implements Stmt {}

  /** A lone {@code ;}. */
  record Empty(int pos) implements Stmt {}
}
