package dev.polyj.presburger.notation;

import java.util.ArrayList;
import java.util.List;

/** Text of isl notation cut at separators that stand outside parentheses, brackets and braces. */
public final class TopLevel {
  private TopLevel() {}

  /** The parts of {@code s} between the occurrences of {@code sep} at nesting depth 0. */
  public static List<String> split(String s, char sep) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '(' || c == '[' || c == '{') depth++;
      else if (c == ')' || c == ']' || c == '}') depth--;
      else if (c == sep && depth == 0) {
        out.add(s.substring(start, i));
        start = i + 1;
      }
    }
    out.add(s.substring(start));
    return out;
  }
}
