package dev.polyj.polyhedral.multifor;

import dev.polyj.polyhedral.frontend.CSourceException;
import dev.polyj.polyhedral.scop.SourcePos;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a C file into tokens with their character offsets, so that the multifor translation can
 * copy everything it does not rewrite verbatim. Comments and preprocessor lines are skipped (they
 * stay in the text, which is copied by offsets); string and character literals are single tokens.
 */
final class MfLexer {
  private static final String[] PUNCTUATORS = {
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=",
    "-=", "*=", "/=", "%=", "&=", "^=", "|=", "##", "[", "]", "(", ")", "{", "}", ".", "&", "*",
    "+", "-", "~", "!", "/", "%", "<", ">", "^", "|", "?", ":", ";", "=", ",", "#"
  };

  private final String src;
  private final String file;
  private int p;
  private int line = 1;
  private int lineStart;
  private boolean atLineStart = true;

  private MfLexer(String src, String file) {
    this.src = src;
    this.file = file;
  }

  static List<MfToken> tokenize(String src, String file) {
    return new MfLexer(src, file).run();
  }

  private SourcePos pos(int at) {
    return new SourcePos(file, line, at - lineStart + 1);
  }

  private void newline() {
    line++;
    lineStart = p + 1;
  }

  private List<MfToken> run() {
    List<MfToken> out = new ArrayList<>();
    while (true) {
      skipSpace();
      if (p >= src.length()) break;
      char c = src.charAt(p);
      int start = p;
      SourcePos at = pos(p);
      if (c == '#' && atLineStart) {
        skipDirective();
        continue;
      }
      atLineStart = false;
      if (Character.isLetter(c) || c == '_') {
        while (p < src.length() && (Character.isLetterOrDigit(src.charAt(p)) || src.charAt(p) == '_')) p++;
        if (p < src.length() && (src.charAt(p) == '"' || src.charAt(p) == '\'')) {
          quoted(src.charAt(p), at);
          out.add(new MfToken(MfToken.Kind.LITERAL, src.substring(start, p), start, p, at));
        } else {
          out.add(new MfToken(MfToken.Kind.IDENT, src.substring(start, p), start, p, at));
        }
      } else if (Character.isDigit(c) || (c == '.' && p + 1 < src.length() && Character.isDigit(src.charAt(p + 1)))) {
        while (p < src.length()) {
          char d = src.charAt(p);
          if (Character.isLetterOrDigit(d) || d == '.' || d == '_') {
            p++;
          } else if ((d == '+' || d == '-') && "eEpP".indexOf(src.charAt(p - 1)) >= 0 && !src.substring(start, p).startsWith("0x")) {
            p++;
          } else {
            break;
          }
        }
        out.add(new MfToken(MfToken.Kind.NUMBER, src.substring(start, p), start, p, at));
      } else if (c == '"' || c == '\'') {
        quoted(c, at);
        out.add(new MfToken(MfToken.Kind.LITERAL, src.substring(start, p), start, p, at));
      } else {
        String punct = null;
        for (String s : PUNCTUATORS) {
          if (src.startsWith(s, p)) {
            punct = s;
            break;
          }
        }
        if (punct == null) throw new CSourceException(at, "unexpected character '" + c + "'");
        p += punct.length();
        out.add(new MfToken(MfToken.Kind.PUNCT, punct, start, p, at));
      }
    }
    out.add(new MfToken(MfToken.Kind.EOF, "", src.length(), src.length(), pos(src.length())));
    return out;
  }

  private void quoted(char q, SourcePos at) {
    p++;
    while (p < src.length() && src.charAt(p) != q) {
      if (src.charAt(p) == '\n') break;
      if (src.charAt(p) == '\\') p++;
      p++;
    }
    if (p >= src.length() || src.charAt(p) != q) throw new CSourceException(at, "unterminated literal");
    p++;
  }

  private void skipSpace() {
    while (p < src.length()) {
      char c = src.charAt(p);
      if (c == '\n') {
        newline();
        atLineStart = true;
        p++;
      } else if (Character.isWhitespace(c)) {
        p++;
      } else if (src.startsWith("//", p)) {
        while (p < src.length() && src.charAt(p) != '\n') p++;
      } else if (src.startsWith("/*", p)) {
        SourcePos at = pos(p);
        int e = src.indexOf("*/", p + 2);
        if (e < 0) throw new CSourceException(at, "unterminated comment");
        for (int k = p; k < e; k++) {
          if (src.charAt(k) == '\n') {
            p = k;
            newline();
          }
        }
        p = e + 2;
      } else {
        return;
      }
    }
  }

  /** A preprocessor line (with backslash continuations), left in the text untouched. */
  private void skipDirective() {
    while (p < src.length() && src.charAt(p) != '\n') {
      if (src.charAt(p) == '\\' && p + 1 < src.length() && src.charAt(p + 1) == '\n') {
        p++;
        newline();
      }
      p++;
    }
  }
}
