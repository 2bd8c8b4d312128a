package dev.polyj.presburger.calc;

import static com.google.common.base.Preconditions.checkNotNull;

import java.math.BigInteger;

/** An integer of unbounded size (iscc's "value"). */
public record IntValue(BigInteger value) implements Value {
  public IntValue {
    checkNotNull(value, "value");
  }

  public static IntValue of(long v) {
    return new IntValue(BigInteger.valueOf(v));
  }

  @Override
  public String typeName() {
    return "value";
  }

  @Override
  public String print() {
    return value.toString();
  }
}
