package dev.polyj.presburger.calc;

import java.util.List;

/**
 * Splits a calculator script into tokens on demand, from any offset: the parser hands isl literals
 * ({@code { ... }}, {@code [N] -> { ... }}) to the isl notation parser and then resumes the lexer
 * at the offset where the literal ends.
 *
 * <p>Whitespace and {@code #} comments (to the end of the line) separate tokens. Symbols are read
 * longest first, so {@code ->*} is one token and {@code :=} is not {@code :} then {@code =}.
 */
final class Lexer {
  // longest first within each leading character
  private static final List<String> SYMBOLS = List.of(
      "->*", "->-", "->", ":=", "<<=", ">>=", "<<", ">>", "<=", ">=", "==",
      "<", ">", "=", "+", "-", "*", ".", "%", "^", "@", "(", ")", "[", "]", "{", "}", ",", ";");

  private final String text;
  private int pos;
  private Token peeked;

  Lexer(String text) {
    this.text = text;
  }

  String text() {
    return text;
  }

  /** Continues lexing at {@code offset}, dropping any token already looked at. */
  /** Offset of the next token (after blanks). */
  int offset() {
    return peeked != null ? peeked.start() : skipBlanks(pos);
  }

  void reset(int offset) {
    pos = offset;
    peeked = null;
  }

  Token peek() {
    if (peeked == null) peeked = scan();
    return peeked;
  }

  Token next() {
    Token t = peek();
    peeked = null;
    return t;
  }

  /** Offset just past the whitespace and comments that follow {@code offset}. */
  int skipBlanks(int offset) {
    int i = offset;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '#') {
        while (i < text.length() && text.charAt(i) != '\n') i++;
      } else {
        break;
      }
    }
    return i;
  }

  private Token scan() {
    int start = skipBlanks(pos);
    if (start >= text.length()) {
      pos = text.length();
      // reported just after the last non-blank character, where a missing ';' belongs
      int at = pos;
      while (at > 0 && Character.isWhitespace(text.charAt(at - 1))) at--;
      return new Token(Token.Kind.EOF, "", at, at);
    }
    char c = text.charAt(start);
    int i = start;
    if (Character.isLetter(c) || c == '_') {
      i++;
      while (i < text.length() && isIdentPart(text.charAt(i))) i++;
      return token(Token.Kind.IDENT, text.substring(start, i), start, i);
    }
    if (Character.isDigit(c)) {
      while (i < text.length() && Character.isDigit(text.charAt(i))) i++;
      return token(Token.Kind.INT, text.substring(start, i), start, i);
    }
    if (c == '"') {
      i++;
      while (i < text.length() && text.charAt(i) != '"' && text.charAt(i) != '\n') i++;
      if (i >= text.length() || text.charAt(i) != '"') {
        pos = start;
        throw CalcException.input(start, "unterminated string");
      }
      return token(Token.Kind.STRING, text.substring(start + 1, i), start, i + 1);
    }
    for (String s : SYMBOLS) {
      if (text.startsWith(s, start)) return token(Token.Kind.SYMBOL, s, start, start + s.length());
    }
    throw CalcException.input(start, "unexpected character '" + c + "'");
  }

  private static boolean isIdentPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '\'';
  }

  private Token token(Token.Kind kind, String s, int start, int end) {
    pos = end;
    return new Token(kind, s, start, end);
  }
}
