package dev.polyj.polyhedral.storage.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.PassLevel;

/** Expands the region's scalars into arrays, one element per write, so they no longer serialize the schedule. */
public final class ScalarExpansionPass extends BasicPass<ScheduleState> {
  public ScalarExpansionPass() {
    super("scalar-expansion", PassLevel.SCOP, true,
        "expand scalars written in loops into arrays (copied back after the region)");
  }

  @Override
  public String run(ScheduleState s) {
    s.storage = ScalarStorage.expand(s.scop);
    s.scop = s.storage.scop();
    if (s.storage.arrays().isEmpty()) return "";
    return s.storage.arrays().size() + " scalar(s) expanded: "
        + String.join(", ", s.storage.arrays().stream().map(a -> a.scalar() + " -> " + a.name()).toList());
  }
}
