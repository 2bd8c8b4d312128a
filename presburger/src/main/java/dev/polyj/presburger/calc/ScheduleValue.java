package dev.polyj.presburger.calc;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A schedule tree (what {@code schedule D respecting V minimizing P} returns and {@code codegen}
 * accepts). The tree itself belongs to a higher module, so the value carries it opaquely together
 * with its printed form: isl's YAML flow notation on one line.
 */
public record ScheduleValue(Object tree, String text) implements Value {
  public ScheduleValue {
    checkNotNull(tree, "tree");
    checkNotNull(text, "text");
  }

  @Override
  public String typeName() {
    return "schedule";
  }

  @Override
  public String print() {
    return text;
  }
}
