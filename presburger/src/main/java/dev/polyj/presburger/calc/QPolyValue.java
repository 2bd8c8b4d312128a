package dev.polyj.presburger.calc;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.polyj.presburger.qpoly.UnionPwQPolynomial;

/** A union of piecewise quasi-polynomials (what {@code card} returns); printed in isl notation. */
public record QPolyValue(UnionPwQPolynomial value) implements Value {
  public QPolyValue {
    checkNotNull(value, "value");
  }

  @Override
  public String typeName() {
    return "piecewise quasipolynomial";
  }

  @Override
  public String print() {
    return value.toString();
  }
}
