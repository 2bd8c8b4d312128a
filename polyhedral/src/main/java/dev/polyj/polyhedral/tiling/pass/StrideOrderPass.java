package dev.polyj.polyhedral.tiling.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.tiling.StrideOneSinking;
import dev.polyj.polyhedral.tiling.StrideOrder;

/**
 * Puts the point loop with stride-one accesses innermost, for vectorization: among the members of
 * a band ({@link StrideOrder}, applied by tiling) and below the bands nested in it ({@link
 * StrideOneSinking}, applied here).
 */
public final class StrideOrderPass extends BasicPass<ScheduleState> {
  public StrideOrderPass() {
    super("stride-order", PassLevel.SCHEDULE, true,
        "put the stride-one point loop innermost for vectorization (applied by tiling)");
  }

  @Override
  public String run(ScheduleState s) {
    s.strideOrder = true;
    ScheduleNode tree = s.tree();
    ScheduleNode sunk = StrideOneSinking.apply(tree, s.scop, s.deps());
    if (sunk == tree) return "";
    s.tree(sunk);
    return "stride-one loop moved below the inner bands";
  }
}
