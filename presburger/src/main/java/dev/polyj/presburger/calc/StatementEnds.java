package dev.polyj.presburger.calc;

/**
 * Finds where complete statements end in a script that is still being read: just past each
 * {@code ;} outside braces (isl literals), strings and {@code #} comments. The scan resumes where
 * it stopped when more text arrives.
 */
final class StatementEnds {
  private enum State {
    CODE,
    STRING,
    COMMENT
  }

  private State state = State.CODE;
  private int depth;
  private int pos;
  private int lastEnd;

  /** Scans the newly appended text; returns the offset just past the last complete statement. */
  int advance(SourceText source) {
    for (; pos < source.length(); pos++) {
      char c = source.charAt(pos);
      switch (state) {
        case STRING:
          if (c == '"' || c == '\n') state = State.CODE;
          break;
        case COMMENT:
          if (c == '\n') state = State.CODE;
          break;
        default:
          if (c == '"') {
            state = State.STRING;
          } else if (c == '#') {
            state = State.COMMENT;
          } else if (c == '{') {
            depth++;
          } else if (c == '}') {
            depth = Math.max(0, depth - 1);
          } else if (c == ';' && depth == 0) {
            lastEnd = pos + 1;
          }
          break;
      }
    }
    return lastEnd;
  }
}
