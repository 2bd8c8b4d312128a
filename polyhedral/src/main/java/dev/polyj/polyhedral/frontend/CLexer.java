package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.scop.SourcePos;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits C source (possibly the output of {@code gcc -E}) into tokens with positions. Line markers
 * ({@code # 12 "file.c" 1} and {@code #line 12 "file.c"}) redirect positions to the original
 * file; {@code #pragma} lines become single tokens; other directives are errors, since they must
 * have been expanded by the preprocessor.
 */
final class CLexer {
  private static final String[] PUNCTUATORS = {
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=",
    "-=", "*=", "/=", "%=", "&=", "^=", "|=", "##", "[", "]", "(", ")", "{", "}", ".", "&", "*",
    "+", "-", "~", "!", "/", "%", "<", ">", "^", "|", "?", ":", ";", "=", ",", "#"
  };

  private final String src;
  private final String mainFile;
  private int p;
  private String file;
  private int line = 1;
  private int lineStart;
  private boolean atLineStart = true;

  private CLexer(String src, String mainFile) {
    this.src = src;
    this.mainFile = mainFile;
    this.file = mainFile;
  }

  /** Tokens of {@code src}; {@code fileName} names the main file in positions. */
  static List<Token> tokenize(String src, String fileName) {
    return new CLexer(src, fileName).run();
  }

  private SourcePos pos(int at) {
    return new SourcePos(file, line, at - lineStart + 1);
  }

  private boolean inMain() {
    return file.equals(mainFile);
  }

  private List<Token> run() {
    List<Token> out = new ArrayList<>();
    while (true) {
      skipSpace();
      if (p >= src.length()) break;
      char c = src.charAt(p);
      if (c == '#' && atLineStart) {
        directive(out);
        continue;
      }
      atLineStart = false;
      int start = p;
      if (Character.isLetter(c) || c == '_' || c == '$') {
        while (p < src.length() && (Character.isLetterOrDigit(src.charAt(p)) || src.charAt(p) == '_' || src.charAt(p) == '$')) p++;
        String word = src.substring(start, p);
        // wide or unicode string/char prefixes
        if (p < src.length() && (src.charAt(p) == '"' || src.charAt(p) == '\'')
            && (word.equals("L") || word.equals("u") || word.equals("U") || word.equals("u8"))) {
          out.add(quoted(start, src.charAt(p)));
          continue;
        }
        out.add(new Token(Token.Kind.IDENT, word, pos(start), inMain()));
      } else if (Character.isDigit(c) || (c == '.' && p + 1 < src.length() && Character.isDigit(src.charAt(p + 1)))) {
        out.add(number(start));
      } else if (c == '"' || c == '\'') {
        out.add(quoted(start, c));
      } else {
        String punct = null;
        for (String s : PUNCTUATORS) {
          if (src.startsWith(s, p)) {
            punct = s;
            break;
          }
        }
        if (punct == null && !inMain()) punct = String.valueOf(c); // the parser skips the construct
        if (punct == null) throw new CSourceException(pos(start), "unexpected character '" + c + "'");
        p += punct.length();
        out.add(new Token(Token.Kind.PUNCT, punct, pos(start), inMain()));
      }
    }
    out.add(new Token(Token.Kind.EOF, "", pos(p), inMain()));
    return out;
  }

  private void newline() {
    line++;
    lineStart = p;
    atLineStart = true;
  }

  private void skipSpace() {
    while (p < src.length()) {
      char c = src.charAt(p);
      if (c == '\n') {
        p++;
        newline();
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0b) {
        p++;
      } else if (c == '\\' && p + 1 < src.length() && src.charAt(p + 1) == '\n') {
        p += 2;
        line++;
        lineStart = p;
      } else if (src.startsWith("//", p)) {
        while (p < src.length() && src.charAt(p) != '\n') p++;
      } else if (src.startsWith("/*", p)) {
        int start = p;
        int end = src.indexOf("*/", p + 2);
        if (end < 0) throw new CSourceException(pos(start), "unterminated comment");
        for (p += 2; p < end; p++) {
          if (src.charAt(p) == '\n') {
            line++;
            lineStart = p + 1;
          }
        }
        p = end + 2;
      } else {
        return;
      }
    }
  }

  /** The rest of the current line (joining backslash continuations), consumed with its newline. */
  private String restOfLine() {
    StringBuilder sb = new StringBuilder();
    while (p < src.length() && src.charAt(p) != '\n') {
      if (src.charAt(p) == '\\' && p + 1 < src.length() && src.charAt(p + 1) == '\n') {
        p += 2;
        line++;
        lineStart = p;
        continue;
      }
      sb.append(src.charAt(p++));
    }
    return sb.toString();
  }

  private void directive(List<Token> out) {
    int start = p;
    SourcePos at = pos(start);
    p++;
    String text = restOfLine().trim();
    String word = text.split("[\\s(]", 2)[0];
    if (!word.isEmpty() && Character.isDigit(word.charAt(0)) || word.equals("line")) {
      String rest = word.equals("line") ? text.substring(4).trim() : text;
      String[] parts = rest.split("\\s+", 2);
      int newLine;
      try {
        newLine = Integer.parseInt(parts[0]);
      } catch (NumberFormatException e) {
        throw new CSourceException(at, "malformed line marker");
      }
      if (parts.length > 1 && parts[1].startsWith("\"")) {
        int close = parts[1].indexOf('"', 1);
        if (close > 0) file = parts[1].substring(1, close);
      }
      if (p < src.length()) p++; // the newline
      line = newLine;
      lineStart = p;
      atLineStart = true;
      return;
    }
    if (word.equals("pragma")) {
      out.add(new Token(Token.Kind.PRAGMA, text.substring(6).trim(), at, inMain()));
    } else if (!word.isEmpty()) {
      throw new CSourceException(at, "preprocessing directive #" + word + " not expanded");
    }
    if (p < src.length()) {
      p++;
      newline();
    }
  }

  private Token number(int start) {
    boolean isFloat = false;
    if (src.startsWith("0x", p) || src.startsWith("0X", p)) {
      p += 2;
      while (p < src.length() && (Character.digit(src.charAt(p), 16) >= 0 || src.charAt(p) == '.')) {
        if (src.charAt(p) == '.') isFloat = true;
        p++;
      }
      if (p < src.length() && (src.charAt(p) == 'p' || src.charAt(p) == 'P')) {
        isFloat = true;
        p++;
        if (p < src.length() && (src.charAt(p) == '+' || src.charAt(p) == '-')) p++;
        while (p < src.length() && Character.isDigit(src.charAt(p))) p++;
      }
    } else {
      while (p < src.length() && (Character.isDigit(src.charAt(p)) || src.charAt(p) == '.')) {
        if (src.charAt(p) == '.') isFloat = true;
        p++;
      }
      if (p < src.length() && (src.charAt(p) == 'e' || src.charAt(p) == 'E')) {
        isFloat = true;
        p++;
        if (p < src.length() && (src.charAt(p) == '+' || src.charAt(p) == '-')) p++;
        while (p < src.length() && Character.isDigit(src.charAt(p))) p++;
      }
    }
    while (p < src.length() && "uUlLfF".indexOf(src.charAt(p)) >= 0) {
      if (!src.substring(start, p).startsWith("0x") && (src.charAt(p) == 'f' || src.charAt(p) == 'F')) isFloat = true;
      p++;
    }
    String text = src.substring(start, p);
    return new Token(isFloat ? Token.Kind.FLOAT : Token.Kind.INT, text, pos(start), inMain());
  }

  private Token quoted(int start, char quote) {
    while (src.charAt(p) != quote) p++; // skip an encoding prefix
    p++;
    while (p < src.length() && src.charAt(p) != quote) {
      if (src.charAt(p) == '\\') p++;
      if (p < src.length() && src.charAt(p) == '\n') break;
      p++;
    }
    if (p >= src.length() || src.charAt(p) != quote) {
      throw new CSourceException(pos(start), "missing terminating " + quote + " character");
    }
    p++;
    return new Token(quote == '"' ? Token.Kind.STRING : Token.Kind.CHAR, src.substring(start, p), pos(start), inMain());
  }

  /** The value of an integer literal's spelling (decimal, octal, hex; suffixes ignored). */
  static long intValue(String text) {
    String t = text.replaceAll("[uUlL]+$", "");
    try {
      if (t.startsWith("0x") || t.startsWith("0X")) return Long.parseUnsignedLong(t.substring(2), 16);
      if (t.length() > 1 && t.startsWith("0")) return Long.parseLong(t.substring(1), 8);
      return Long.parseLong(t);
    } catch (NumberFormatException e) {
      return Long.MAX_VALUE;
    }
  }
}
