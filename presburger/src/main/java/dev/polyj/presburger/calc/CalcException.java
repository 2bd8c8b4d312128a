package dev.polyj.presburger.calc;

/**
 * An error in a calculator statement, located at a character offset of the script: bad input
 * (syntax, types, unknown names), an operation that is not supported yet, or an internal error (a
 * bug) raised by the engine while evaluating the statement.
 */
public final class CalcException extends RuntimeException {
  /** What went wrong. */
  public enum Kind {
    INPUT,
    UNSUPPORTED,
    INTERNAL,
    /** An {@code assert} whose condition is {@code False}: the run stops there. */
    ASSERTION
  }

  private final int offset;
  private final Kind kind;

  private CalcException(Kind kind, int offset, String message, Throwable cause) {
    super(message, cause);
    this.offset = offset;
    this.kind = kind;
  }

  static CalcException input(int offset, String message) {
    return new CalcException(Kind.INPUT, offset, message, null);
  }

  static CalcException input(int offset, String message, Throwable cause) {
    return new CalcException(Kind.INPUT, offset, message, cause);
  }

  /** The operation {@code op} is not available (yet) in the engine. */
  static CalcException unsupported(int offset, String op) {
    return new CalcException(Kind.UNSUPPORTED, offset, op + ": not supported yet", null);
  }

  static CalcException unsupported(int offset, String op, Throwable cause) {
    return new CalcException(Kind.UNSUPPORTED, offset, op + ": not supported yet", cause);
  }

  /** A failure of the engine that is not the user's fault, e.g. a broken invariant. */
  static CalcException internal(int offset, String op, Throwable cause) {
    return new CalcException(Kind.INTERNAL, offset, op + ": " + cause, cause);
  }

  /** The condition of the {@code assert} at {@code offset} is false. */
  static CalcException assertion(int offset) {
    return new CalcException(Kind.ASSERTION, offset, "assertion failed", null);
  }

  /** A short reason for a failed file operation. */
  static String reason(Exception e) {
    if (e instanceof java.nio.file.NoSuchFileException) return "no such file";
    if (e instanceof java.nio.file.AccessDeniedException) return "permission denied";
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /** Character offset in the script where the error is reported. */
  public int offset() {
    return offset;
  }

  public Kind kind() {
    return kind;
  }
}
