package dev.polyj.presburger.arith;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The checked and the never-failing operations of {@link Ints} against {@code BigInteger}. */
class IntsProperties {
  private static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);

  @Provide
  Arbitrary<Long> values() {
    return Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.longs().between(-1L << 40, 1L << 40),
        Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1, 0L, 1L, -1L));
  }

  private static boolean fits(BigInteger v) {
    return v.compareTo(MIN) >= 0 && v.compareTo(MAX) <= 0;
  }

  @Property(tries = 500)
  void checkedOperationsAreExactOrThrow(@ForAll("values") long a, @ForAll("values") long b) {
    BigInteger x = BigInteger.valueOf(a);
    BigInteger y = BigInteger.valueOf(b);
    check(x.add(y), () -> Ints.add(a, b));
    check(x.subtract(y), () -> Ints.sub(a, b));
    check(x.multiply(y), () -> Ints.mul(a, b));
  }

  private static void check(BigInteger exact, java.util.function.LongSupplier op) {
    if (fits(exact)) {
      assertEquals(exact.longValueExact(), op.getAsLong());
    } else {
      CoefficientOverflowException e = assertThrows(CoefficientOverflowException.class, op::getAsLong);
      assertTrue(e.getMessage().contains("exceeds 64 bits"), e.getMessage());
    }
  }

  @Property(tries = 500)
  void signTestsNeverFail(@ForAll("values") long a, @ForAll("values") long b, @ForAll("values") long c) {
    BigInteger x = BigInteger.valueOf(a);
    BigInteger y = BigInteger.valueOf(b);
    assertEquals(x.add(y).signum(), Ints.addSign(a, b));
    assertEquals(x.subtract(y).signum(), Ints.subSign(a, b));
    assertEquals(x.add(y).compareTo(BigInteger.valueOf(c)) <= 0, Ints.sumAtMost(a, b, c));
  }

  @Property(tries = 500)
  void evaluationSignIsExact(@ForAll("values") long c, @ForAll("values") long a1, @ForAll("values") long a2,
      @ForAll("values") long x1, @ForAll("values") long x2) {
    long[] row = {c, a1, a2};
    long[] point = {x1, x2};
    BigInteger exact = BigInteger.valueOf(c).add(BigInteger.valueOf(a1).multiply(BigInteger.valueOf(x1)))
        .add(BigInteger.valueOf(a2).multiply(BigInteger.valueOf(x2)));
    assertEquals(exact.signum(), Ints.evaluateSign(row, point));
    assertEquals(exact, Ints.evaluateBig(row, point));
  }
}
