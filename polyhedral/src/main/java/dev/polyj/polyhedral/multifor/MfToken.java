package dev.polyj.polyhedral.multifor;

import dev.polyj.polyhedral.scop.SourcePos;

/** A token of a C file read for multifor translation: its spelling and where it lies in the text. */
record MfToken(Kind kind, String text, int start, int end, SourcePos pos) {
  enum Kind {
    IDENT,
    NUMBER,
    LITERAL,
    PUNCT,
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
