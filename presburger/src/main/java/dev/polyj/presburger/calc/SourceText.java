package dev.polyj.presburger.calc;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Arrays;

/**
 * A script's text as read so far, with the mapping from character offsets to 1-based line and
 * column numbers. Text is only appended, so positions stay valid while a script is read.
 */
final class SourceText {
  private final StringBuilder text = new StringBuilder();
  private int[] lineStarts = {0};
  private int nLines = 1;

  void append(CharSequence s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) == '\n') {
        if (nLines == lineStarts.length) lineStarts = Arrays.copyOf(lineStarts, 2 * nLines);
        lineStarts[nLines++] = text.length() + i + 1;
      }
    }
    text.append(s);
  }

  int length() {
    return text.length();
  }

  char charAt(int i) {
    return text.charAt(i);
  }

  String substring(int from, int to) {
    return text.substring(from, to);
  }

  int line(int offset) {
    checkArgument(offset >= 0 && offset <= text.length(), "offset %s outside [0, %s]", offset, text.length());
    int lo = 0;
    int hi = nLines - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  int column(int offset) {
    return offset - lineStarts[line(offset) - 1] + 1;
  }

  /** {@code line:column} of an offset. */
  String position(int offset) {
    return line(offset) + ":" + column(offset);
  }
}
