package dev.polyj.presburger.notation;

/**
 * Malformed isl notation: carries the 1-based line and column of the offending token; the message
 * reads {@code line:column: detail}, e.g. {@code 1:17: expected ']' but found ':'}.
 */
public final class ParseException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final int line;
  private final int column;
  private final int offset;
  private final String detail;

  public ParseException(int line, int column, int offset, String detail) {
    super(line + ":" + column + ": " + detail);
    this.line = line;
    this.column = column;
    this.offset = offset;
    this.detail = detail;
  }

  /** 1-based line of the error. */
  public int line() {
    return line;
  }

  /** 1-based column of the error. */
  public int column() {
    return column;
  }

  /** 0-based character offset of the error in the whole text. */
  public int offset() {
    return offset;
  }

  /** The message without the position. */
  public String detail() {
    return detail;
  }
}
