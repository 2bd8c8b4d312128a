package dev.polyj.presburger.notation;

/**
 * A token of isl notation with its position. Tokens of kind {@link Kind#AFF} and {@link Kind#MAP}
 * are made by the parser (an already parsed expression or condition pushed back onto the stream).
 */
record Token(Kind kind, String text, long value, int offset, int end, int line, int column, Object payload) {
  enum Kind {
    IDENT, VALUE, STRING,
    LPAREN, RPAREN, LBRACKET, RBRACKET, LBRACE, RBRACE,
    COMMA, SEMI, COLON, DEF, PLUS, MINUS, STAR, SLASH, INT_DIV, PERCENT, CARET, QUESTION, DOT, AT, DOLLAR,
    ARROW, EQ, EQ_EQ, NE, LT, LE, GT, GE, LEX_LT, LEX_LE, LEX_GT, LEX_GE,
    AND, OR, NOT, IMPLIES, EXISTS, TRUE, FALSE, MIN, MAX, FLOOR, CEIL, FLOORD, CEILD, MOD, RAT, INFTY, NAN,
    UNKNOWN, EOF,
    AFF, MAP
  }

  /** True for words with a special meaning (and, exists, floor, ...), which isl also accepts as tuple names. */
  boolean isKeyword() {
    return switch (kind) {
      case AND, OR, NOT, IMPLIES, EXISTS, TRUE, FALSE, MIN, MAX, FLOOR, CEIL, FLOORD, CEILD, MOD, RAT, INFTY, NAN ->
          Character.isLetter(text.charAt(0));
      default -> false;
    };
  }

  boolean isComparator() {
    return switch (kind) {
      case EQ, EQ_EQ, NE, LT, LE, GT, GE, LEX_LT, LEX_LE, LEX_GT, LEX_GE -> true;
      default -> false;
    };
  }

  boolean isLexComparator() {
    return switch (kind) {
      case LEX_LT, LEX_LE, LEX_GT, LEX_GE -> true;
      default -> false;
    };
  }

  /** How the token is named in error messages. */
  String describe() {
    return switch (kind) {
      case EOF -> "end of input";
      case AFF -> "an expression";
      case MAP -> "a condition";
      case STRING -> "string \"" + text + "\"";
      default -> "'" + text + "'";
    };
  }

  Token withPayload(Kind newKind, Object newPayload) {
    return new Token(newKind, text, value, offset, end, line, column, newPayload);
  }
}
