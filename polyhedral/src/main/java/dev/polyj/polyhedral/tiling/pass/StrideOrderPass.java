package dev.polyj.polyhedral.tiling.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.tiling.StrideOrder;

/** Puts the point loop with stride-one accesses innermost, for vectorization ({@link StrideOrder}); tiling applies it. */
public final class StrideOrderPass extends BasicPass<ScheduleState> {
  public StrideOrderPass() {
    super("stride-order", PassLevel.SCHEDULE, true,
        "put the stride-one point loop innermost for vectorization (applied by tiling)");
  }

  @Override
  public String run(ScheduleState s) {
    s.strideOrder = true;
    return "";
  }
}
