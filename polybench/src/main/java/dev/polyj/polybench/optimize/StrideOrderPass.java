package dev.polyj.polybench.optimize;

import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.tiling.StrideOrder;

/** Puts the point loop with stride-one accesses innermost, for vectorization ({@link StrideOrder}); tiling applies it. */
final class StrideOrderPass extends RegionPass {
  StrideOrderPass() {
    super("stride-order", PassLevel.SCHEDULE, true,
        "put the stride-one point loop innermost for vectorization (applied by tiling)");
  }

  @Override
  public String run(RegionState s) {
    s.strideOrder = true;
    return "";
  }
}
