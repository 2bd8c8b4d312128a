package dev.polyj.presburger.calc;

import com.google.common.collect.ImmutableList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A list of values, printed {@code (a, b, ...)}. A pair whose second element is a boolean (the
 * result of {@code ^+}: the closure and whether it is exact) stands for its first element where a
 * set or map is expected, as in iscc.
 */
public record ListValue(ImmutableList<Value> items) implements Value {
  public static ListValue of(List<? extends Value> items) {
    return new ListValue(ImmutableList.copyOf(items));
  }

  /** True for a pair {@code (x, boolean)}. */
  public boolean isFlaggedPair() {
    return items.size() == 2 && items.get(1) instanceof BoolValue;
  }

  @Override
  public String typeName() {
    return "list";
  }

  @Override
  public String print() {
    return items.stream().map(Value::print).collect(Collectors.joining(", ", "(", ")"));
  }
}
