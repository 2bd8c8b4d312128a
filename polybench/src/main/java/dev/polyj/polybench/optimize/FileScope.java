package dev.polyj.polybench.optimize;

/** Where C text can go at file scope: between top-level declarations. */
final class FileScope {
  private FileScope() {}

  /**
   * The offset in {@code text} where the top-level declaration holding {@code pos} starts: just after
   * the last {@code ;}, {@code }} or preprocessor line at brace depth 0 before it (0 when none).
   * Comments, string and character literals are skipped.
   */
  static int topLevelStart(String text, int pos) {
    int depth = 0;
    int boundary = 0;
    boolean lineStart = true;
    int i = 0;
    while (i < pos) {
      char c = text.charAt(i);
      if (c == '\n') {
        lineStart = true;
        i++;
        continue;
      }
      if (lineStart && c == '#') {
        // a preprocessor line, with its continuations
        while (i < text.length() && text.charAt(i) != '\n') {
          if (text.charAt(i) == '\\' && i + 1 < text.length() && text.charAt(i + 1) == '\n') i++;
          i++;
        }
        if (depth == 0 && i < pos) boundary = Math.min(i + 1, text.length());
        continue;
      }
      if (!Character.isWhitespace(c)) lineStart = false;
      if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
        while (i < text.length() && text.charAt(i) != '\n') i++;
        continue;
      }
      if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
        int e = text.indexOf("*/", i + 2);
        i = e < 0 ? text.length() : e + 2;
        continue;
      }
      if (c == '"' || c == '\'') {
        i++;
        while (i < text.length() && text.charAt(i) != c && text.charAt(i) != '\n') {
          if (text.charAt(i) == '\\') i++;
          i++;
        }
        i++;
        continue;
      }
      if (c == '{') depth++;
      if (c == '}') depth = Math.max(0, depth - 1);
      if (depth == 0 && (c == ';' || c == '}')) boundary = i + 1;
      i++;
    }
    return Math.min(boundary, pos);
  }
}
