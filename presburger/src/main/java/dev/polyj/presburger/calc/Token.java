package dev.polyj.presburger.calc;

/** A token of the calculator language: its kind, its text and the offsets where it starts and ends. */
record Token(Kind kind, String text, int start, int end) {
  enum Kind {
    IDENT,
    INT,
    STRING,
    SYMBOL,
    EOF
  }

  boolean is(String symbolOrWord) {
    return (kind == Kind.SYMBOL || kind == Kind.IDENT) && text.equals(symbolOrWord);
  }

  /** How the token is named in error messages. */
  String describe() {
    return switch (kind) {
      case EOF -> "end of input";
      case STRING -> "string \"" + text + "\"";
      default -> "'" + text + "'";
    };
  }
}
