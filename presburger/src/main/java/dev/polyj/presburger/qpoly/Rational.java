package dev.polyj.presburger.qpoly;

import static com.google.common.base.Preconditions.checkArgument;

import java.math.BigInteger;

/** An exact rational number {@code num/den} with {@code den > 0} and {@code gcd(num, den) = 1}. */
public final class Rational implements Comparable<Rational> {
  public static final Rational ZERO = new Rational(BigInteger.ZERO, BigInteger.ONE);
  public static final Rational ONE = new Rational(BigInteger.ONE, BigInteger.ONE);

  private final BigInteger num;
  private final BigInteger den;

  private Rational(BigInteger num, BigInteger den) {
    this.num = num;
    this.den = den;
  }

  public static Rational of(BigInteger num, BigInteger den) {
    checkArgument(den.signum() != 0, "rational with zero denominator");
    if (den.signum() < 0) {
      num = num.negate();
      den = den.negate();
    }
    BigInteger g = num.gcd(den);
    if (!g.equals(BigInteger.ONE) && g.signum() != 0) {
      num = num.divide(g);
      den = den.divide(g);
    }
    if (num.signum() == 0) return ZERO;
    return new Rational(num, den);
  }

  public static Rational of(long num, long den) {
    return of(BigInteger.valueOf(num), BigInteger.valueOf(den));
  }

  public static Rational of(long value) {
    return value == 0 ? ZERO : value == 1 ? ONE : new Rational(BigInteger.valueOf(value), BigInteger.ONE);
  }

  public static Rational of(BigInteger value) {
    return value.signum() == 0 ? ZERO : new Rational(value, BigInteger.ONE);
  }

  /** Parses {@code "n"} or {@code "n/d"}. */
  public static Rational parse(String s) {
    int slash = s.indexOf('/');
    if (slash < 0) return of(new BigInteger(s.trim()));
    return of(new BigInteger(s.substring(0, slash).trim()), new BigInteger(s.substring(slash + 1).trim()));
  }

  public BigInteger numerator() {
    return num;
  }

  public BigInteger denominator() {
    return den;
  }

  public boolean isZero() {
    return num.signum() == 0;
  }

  public boolean isOne() {
    return num.equals(BigInteger.ONE) && den.equals(BigInteger.ONE);
  }

  public boolean isInteger() {
    return den.equals(BigInteger.ONE);
  }

  public int signum() {
    return num.signum();
  }

  public Rational add(Rational o) {
    if (isZero()) return o;
    if (o.isZero()) return this;
    if (den.equals(o.den)) return of(num.add(o.num), den);
    return of(num.multiply(o.den).add(o.num.multiply(den)), den.multiply(o.den));
  }

  public Rational subtract(Rational o) {
    return add(o.negate());
  }

  public Rational multiply(Rational o) {
    if (isZero() || o.isZero()) return ZERO;
    if (isOne()) return o;
    if (o.isOne()) return this;
    return of(num.multiply(o.num), den.multiply(o.den));
  }

  public Rational multiply(BigInteger o) {
    return of(num.multiply(o), den);
  }

  public Rational divide(Rational o) {
    checkArgument(!o.isZero(), "division by zero");
    return of(num.multiply(o.den), den.multiply(o.num));
  }

  public Rational negate() {
    return isZero() ? this : new Rational(num.negate(), den);
  }

  public Rational abs() {
    return signum() < 0 ? negate() : this;
  }

  /** The largest integer not above this number. */
  public BigInteger floor() {
    BigInteger[] qr = num.divideAndRemainder(den);
    return qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
  }

  @Override
  public int compareTo(Rational o) {
    return num.multiply(o.den).compareTo(o.num.multiply(den));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Rational r && r.num.equals(num) && r.den.equals(den);
  }

  @Override
  public int hashCode() {
    return num.hashCode() * 31 + den.hashCode();
  }

  @Override
  public String toString() {
    return isInteger() ? num.toString() : num + "/" + den;
  }
}
