package dev.polyj.presburger.arith;

/** A coefficient left the range of {@code long}; the computation was abandoned, never wrapped. */
public final class CoefficientOverflowException extends ArithmeticException {
  public CoefficientOverflowException() {
    super("integer coefficient overflow (exceeds 64 bits)");
  }

  /** With a message saying which value did not fit. */
  public CoefficientOverflowException(String message) {
    super(message);
  }
}
