package dev.polyj.polyhedral.tiling.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.tiling.ConcurrentStart;

/**
 * Concurrent-start (diamond) hyperplanes for time-iterated stencils (Wonnacott and Strout, IMPACT
 * 2013): tiles along a wavefront start at once instead of in a pipeline.
 */
public final class DiamondPass extends BasicPass<ScheduleState> {
  public DiamondPass() {
    super("diamond", PassLevel.SCHEDULE, false,
        "concurrent-start (diamond) hyperplanes for time-iterated stencils when legal");
  }

  @Override
  public String run(ScheduleState s) {
    if (s.schedule == null) return "";
    var before = s.schedule;
    s.schedule = ConcurrentStart.apply(s.schedule, s.deps());
    s.tree(null);
    return s.schedule.equals(before) ? "" : "concurrent-start hyperplanes";
  }
}
