package dev.polyj.polyhedral.frontend;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.scop.SourcePos;

/**
 * A function definition: its name, parameters and body. A {@code #pragma scop} region written at
 * file level is held as a function without a name, result type or parameters ({@link #isFileScope}).
 */
public record FunctionDef(String name, CType result, ImmutableList<Decl> params, CStmt.Block body, SourcePos pos) {
  /** The statements of a file-level region, pragmas included. */
  static FunctionDef fileScope(CStmt.Block body) {
    return new FunctionDef(null, null, ImmutableList.of(), body, body.pos());
  }

  /** Whether this is a region at file level rather than a real function. */
  public boolean isFileScope() {
    return name == null;
  }
}
