package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.scop.SourcePos;

/** An error in the user's C input, reported as {@code file:line:column: error: message}. */
public final class CSourceException extends RuntimeException {
  private final SourcePos pos;
  private final String detail;

  public CSourceException(SourcePos pos, String detail) {
    super(pos + ": error: " + detail);
    this.pos = pos;
    this.detail = detail;
  }

  public SourcePos pos() {
    return pos;
  }

  /** The message without the position. */
  public String detail() {
    return detail;
  }
}
