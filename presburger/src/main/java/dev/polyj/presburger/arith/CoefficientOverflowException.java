package dev.polyj.presburger.arith;

/** A coefficient left the range of {@code long}; the computation was abandoned, never wrapped. */
public final class CoefficientOverflowException extends ArithmeticException {
  public CoefficientOverflowException() {
    super("integer coefficient overflow (exceeds 64 bits)");
  }
}
