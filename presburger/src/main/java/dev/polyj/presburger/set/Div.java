package dev.polyj.presburger.set;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * The definition of a local variable as an integer division: {@code floor(numerator / denominator)}
 * where the numerator is an affine row over the columns of the owning constraint system (constant,
 * parameters, dimensions, and earlier locals only).
 *
 * <p>A basic relation holding a defined local also holds the two inequalities that pin it down:
 * {@code numerator - denominator*local >= 0} and {@code -numerator + denominator*local + denominator - 1 >= 0}.
 */
public final class Div {
  private final long[] numerator;
  private final long denominator;

  public Div(long[] numerator, long denominator) {
    checkArgument(denominator > 0, "division by non-positive %s", denominator);
    this.numerator = numerator.clone();
    this.denominator = denominator;
  }

  /** A copy of the numerator row. */
  public long[] numerator() {
    return numerator.clone();
  }

  long[] numeratorRaw() {
    return numerator;
  }

  public long denominator() {
    return denominator;
  }

  /** Numerator coefficient of column {@code col} (0 = constant). */
  public long coefficient(int col) {
    return numerator[col];
  }

  public int width() {
    return numerator.length;
  }

  /** Value of the division at a point given as values of columns 1.. (params, dims, locals). */
  public long evaluate(long[] point) {
    try {
      return Ints.floorDiv(Ints.evaluate(numerator, point), denominator);
    } catch (CoefficientOverflowException e) {
      // the numerator left 64 bits; the quotient may still fit
      BigInteger[] qr = Ints.evaluateBig(numerator, point).divideAndRemainder(BigInteger.valueOf(denominator));
      BigInteger q = qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
      if (q.bitLength() > 63) {
        throw new CoefficientOverflowException(
            "division value " + q + " does not fit in 64 bits");
      }
      return q.longValue();
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Div d && d.denominator == denominator && Arrays.equals(d.numerator, numerator);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(numerator) * 31 + Long.hashCode(denominator);
  }

  @Override
  public String toString() {
    return "floor(" + Arrays.toString(numerator) + "/" + denominator + ")";
  }
}
