package dev.polyj.presburger.notation;

import dev.polyj.presburger.notation.Token.Kind;
import java.util.Locale;
import java.util.Map;

/**
 * Splits isl notation into tokens on demand, starting at an offset of a larger text (so that an
 * embedding language can hand over the part it does not understand). Follows isl's stream lexer:
 * {@code #} starts a comment up to the end of the line; identifiers may end in primes ({@code i'});
 * a minus sign directly followed by digits is part of a negative number; keywords are
 * case-insensitive; {@code &&}, {@code &}, {@code /\} mean "and", {@code ||}, {@code |},
 * {@code \/} mean "or", {@code !} means "not".
 */
final class IslLexer {
  private static final Map<String, Kind> KEYWORDS = Map.ofEntries(
      Map.entry("exists", Kind.EXISTS), Map.entry("and", Kind.AND), Map.entry("or", Kind.OR),
      Map.entry("implies", Kind.IMPLIES), Map.entry("not", Kind.NOT), Map.entry("infty", Kind.INFTY),
      Map.entry("infinity", Kind.INFTY), Map.entry("nan", Kind.NAN), Map.entry("min", Kind.MIN),
      Map.entry("max", Kind.MAX), Map.entry("rat", Kind.RAT), Map.entry("true", Kind.TRUE),
      Map.entry("false", Kind.FALSE), Map.entry("ceild", Kind.CEILD), Map.entry("floord", Kind.FLOORD),
      Map.entry("mod", Kind.MOD), Map.entry("ceil", Kind.CEIL), Map.entry("floor", Kind.FLOOR));

  private final String text;
  private int pos;
  private int line = 1;
  private int column = 1;

  IslLexer(String text, int offset) {
    if (offset < 0 || offset > text.length()) {
      throw new IllegalArgumentException("offset " + offset + " outside text of length " + text.length());
    }
    this.text = text;
    while (pos < offset) advance();
  }

  /** True when {@code word} is a keyword of isl notation (case-insensitive). */
  static boolean isKeyword(String word) {
    return KEYWORDS.containsKey(word.toLowerCase(Locale.ROOT));
  }

  /** Offset of the next character not yet read. */
  int position() {
    return pos;
  }

  private char peekChar(int ahead) {
    int p = pos + ahead;
    return p < text.length() ? text.charAt(p) : '\0';
  }

  private void advance() {
    char c = text.charAt(pos++);
    if (c == '\n') {
      line++;
      column = 1;
    } else {
      column++;
    }
  }

  /** Skips blanks and comments; returns the position reached (for "nothing follows" checks). */
  int skipBlanks() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == '#') {
        while (pos < text.length() && text.charAt(pos) != '\n') advance();
      } else if (Character.isWhitespace(c)) {
        advance();
      } else {
        break;
      }
    }
    return pos;
  }

  /** The position of the next token (after blanks) as a 1-based line and column. */
  int[] lineColumnOfNext() {
    skipBlanks();
    return new int[] {line, column};
  }

  Token next() {
    skipBlanks();
    int start = pos;
    int sl = line;
    int sc = column;
    if (pos >= text.length()) return new Token(Kind.EOF, "", 0, start, start, sl, sc, null);
    char c = text.charAt(pos);
    Kind single = switch (c) {
      case '(' -> Kind.LPAREN;
      case ')' -> Kind.RPAREN;
      case '+' -> Kind.PLUS;
      case '*' -> Kind.STAR;
      case '%' -> Kind.PERCENT;
      case '?' -> Kind.QUESTION;
      case '^' -> Kind.CARET;
      case '@' -> Kind.AT;
      case '$' -> Kind.DOLLAR;
      case ',' -> Kind.COMMA;
      case '.' -> Kind.DOT;
      case ';' -> Kind.SEMI;
      case '[' -> Kind.LBRACKET;
      case ']' -> Kind.RBRACKET;
      case '{' -> Kind.LBRACE;
      case '}' -> Kind.RBRACE;
      default -> null;
    };
    if (single != null) {
      advance();
      return token(single, start, sl, sc);
    }
    if (c == '-') {
      if (peekChar(1) == '>') {
        advance();
        advance();
        return token(Kind.ARROW, start, sl, sc);
      }
      if (!isDigit(peekChar(1)) || allZeros(pos + 1)) {
        advance();
        return token(Kind.MINUS, start, sl, sc);
      }
      return number(start, sl, sc);
    }
    if (isDigit(c)) return number(start, sl, sc);
    if (Character.isLetter(c) || c == '_') {
      while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) advance();
      while (pos < text.length() && text.charAt(pos) == '\'') advance();
      String word = text.substring(start, pos);
      Kind k = KEYWORDS.get(word.toLowerCase(Locale.ROOT));
      return token(k == null ? Kind.IDENT : k, start, sl, sc);
    }
    if (c == '"') {
      advance();
      while (pos < text.length() && text.charAt(pos) != '"' && text.charAt(pos) != '\n') advance();
      if (pos >= text.length() || text.charAt(pos) != '"') {
        throw new ParseException(sl, sc, start, "unterminated string");
      }
      advance();
      return new Token(Kind.STRING, text.substring(start + 1, pos - 1), 0, start, pos, sl, sc, null);
    }
    advance();
    char d = pos < text.length() ? text.charAt(pos) : '\0';
    Kind k;
    switch (c) {
      case '=' -> k = eatIf(d, '=') ? Kind.EQ_EQ : Kind.EQ;
      case ':' -> k = eatIf(d, '=') ? Kind.DEF : Kind.COLON;
      case '!' -> k = eatIf(d, '=') ? Kind.NE : Kind.NOT;
      case '&' -> {
        eatIf(d, '&');
        k = Kind.AND;
      }
      case '|' -> {
        eatIf(d, '|');
        k = Kind.OR;
      }
      case '/' -> k = eatIf(d, '\\') ? Kind.AND : eatIf(d, '/') ? Kind.INT_DIV : Kind.SLASH;
      case '\\' -> k = eatIf(d, '/') ? Kind.OR : Kind.UNKNOWN;
      case '>' -> {
        if (eatIf(d, '=')) {
          k = Kind.GE;
        } else if (eatIf(d, '>')) {
          k = eatIf(peekChar(0), '=') ? Kind.LEX_GE : Kind.LEX_GT;
        } else {
          k = Kind.GT;
        }
      }
      case '<' -> {
        if (eatIf(d, '=')) {
          k = Kind.LE;
        } else if (eatIf(d, '<')) {
          k = eatIf(peekChar(0), '=') ? Kind.LEX_LE : Kind.LEX_LT;
        } else {
          k = Kind.LT;
        }
      }
      default -> k = Kind.UNKNOWN;
    }
    return token(k, start, sl, sc);
  }

  private boolean eatIf(char actual, char expected) {
    if (actual == expected && pos < text.length()) {
      advance();
      return true;
    }
    return false;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private boolean allZeros(int from) {
    int p = from;
    while (p < text.length() && isDigit(text.charAt(p))) {
      if (text.charAt(p) != '0') return false;
      p++;
    }
    return true;
  }

  private Token number(int start, int sl, int sc) {
    if (text.charAt(pos) == '-') advance();
    while (pos < text.length() && isDigit(text.charAt(pos))) advance();
    String digits = text.substring(start, pos);
    long v;
    try {
      v = Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw new ParseException(sl, sc, start, "integer constant " + digits + " is too large");
    }
    return new Token(Kind.VALUE, digits, v, start, pos, sl, sc, null);
  }

  private Token token(Kind k, int start, int sl, int sc) {
    return new Token(k, text.substring(start, pos), 0, start, pos, sl, sc, null);
  }
}
