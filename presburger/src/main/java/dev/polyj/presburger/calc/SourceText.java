package dev.polyj.presburger.calc;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.List;

/** A script's text with the mapping from character offsets to 1-based line and column numbers. */
final class SourceText {
  private final String text;
  private final int[] lineStarts;

  SourceText(String text) {
    this.text = text;
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') starts.add(i + 1);
    }
    lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
  }

  String text() {
    return text;
  }

  int line(int offset) {
    checkArgument(offset >= 0 && offset <= text.length(), "offset %s outside [0, %s]", offset, text.length());
    int lo = 0;
    int hi = lineStarts.length - 1;
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
