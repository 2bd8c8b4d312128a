package dev.polyj.polyhedral.scheduling.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.schedule.ScheduleNode;

/** Splits loops at the pivot their dependences go through, so that both sides run in parallel ({@link PivotSplitting}). */
public final class PivotSplittingPass extends BasicPass<ScheduleState> {
  public PivotSplittingPass() {
    super("pivot-splitting", PassLevel.SCHEDULE, true,
        "split loops at the pivot iteration all their dependences go through (Floyd-Warshall's row and column k):"
            + " both sides parallel");
  }

  @Override
  public String run(ScheduleState s) {
    ScheduleNode tree = s.tree();
    ScheduleNode split = PivotSplitting.split(tree, s.deps());
    if (split == tree) return "";
    s.tree(split);
    s.splitAtPivots = true;
    return "split at pivots";
  }
}
