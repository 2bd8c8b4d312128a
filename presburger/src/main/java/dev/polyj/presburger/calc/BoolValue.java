package dev.polyj.presburger.calc;

/** A boolean, printed {@code True} or {@code False} like iscc. */
public record BoolValue(boolean value) implements Value {
  public static final BoolValue TRUE = new BoolValue(true);
  public static final BoolValue FALSE = new BoolValue(false);

  public static BoolValue of(boolean b) {
    return b ? TRUE : FALSE;
  }

  @Override
  public String typeName() {
    return "boolean";
  }

  @Override
  public String print() {
    return value ? "True" : "False";
  }
}
