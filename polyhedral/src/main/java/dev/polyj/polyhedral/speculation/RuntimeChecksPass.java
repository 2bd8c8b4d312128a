package dev.polyj.polyhedral.speculation;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.ScheduleState;

/**
 * Builds the run-time checks of a region optimized under assumptions ({@link AccessRanges}): its
 * pointers do not overlap, the inner subscripts of its delinearized arrays stay within their rows.
 * The optimizer runs the optimized code when the checks hold and the original code otherwise;
 * without this pass (or when no check can be built) such a region keeps its original code.
 */
public final class RuntimeChecksPass extends BasicPass<ScheduleState> {
  public RuntimeChecksPass() {
    super("runtime-checks", PassLevel.SCOP, true,
        "regions with pointers that may overlap or linearized subscripts optimized under exact run-time checks "
            + "of the accessed ranges (the original code runs otherwise)");
  }

  @Override
  public String run(ScheduleState s) {
    RuntimeChecks c = s.runtimeChecks;
    if (c.unaliased.isEmpty() && c.bounded.isEmpty()) {
      c.built = true;
      return "";
    }
    AccessRanges.build(s.scop, c);
    if (!c.built) return "no check: " + c.declined;
    return c.conditions.size() + " check(s): " + (c.unaliased.isEmpty() ? "" : "disjoint " + String.join(", ", c.unaliased))
        + (c.bounded.isEmpty() ? "" : (c.unaliased.isEmpty() ? "" : "; ") + "rows of " + String.join(", ", c.bounded));
  }
}
