package dev.polyj.presburger.calc;

import static com.google.common.base.Preconditions.checkNotNull;

/** A string; printed without quotes. */
public record StringValue(String value) implements Value {
  public StringValue {
    checkNotNull(value, "value");
  }

  @Override
  public String typeName() {
    return "string";
  }

  @Override
  public String print() {
    return value;
  }
}
