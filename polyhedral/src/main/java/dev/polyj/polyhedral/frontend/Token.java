package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.scop.SourcePos;

/**
 * A C token. {@code inMainFile} is false for tokens that come from included files (after
 * preprocessing), which the parser reads leniently.
 */
record Token(Kind kind, String text, SourcePos pos, boolean inMainFile) {
  enum Kind {
    IDENT,
    INT,
    FLOAT,
    CHAR,
    STRING,
    PUNCT,
    /** A {@code #pragma} line; text is what follows the word {@code pragma}, trimmed. */
    PRAGMA,
    EOF
  }

  boolean is(String s) {
    return (kind == Kind.PUNCT || kind == Kind.IDENT) && text.equals(s);
  }

  @Override
  public String toString() {
    return kind == Kind.EOF ? "end of file" : "'" + text + "'";
  }
}
