package dev.polyj.polybench.optimize;

import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.tiling.ConcurrentStart;

/**
 * Concurrent-start (diamond) hyperplanes for time-iterated stencils (Wonnacott and Strout, IMPACT
 * 2013): tiles along a wavefront start at once instead of in a pipeline.
 */
final class DiamondPass extends RegionPass {
  DiamondPass() {
    super("diamond", PassLevel.SCHEDULE, false,
        "concurrent-start (diamond) hyperplanes for time-iterated stencils when legal");
  }

  @Override
  public String run(RegionState s) {
    if (s.schedule == null) return "";
    var before = s.schedule;
    s.schedule = ConcurrentStart.apply(s.schedule, s.deps());
    s.tree(null);
    return s.schedule.equals(before) ? "" : "concurrent-start hyperplanes";
  }
}
