package dev.polyj.polybench.optimize;

import dev.polyj.polyhedral.pass.PassLevel;

/** Expands the region's scalars into arrays, one element per write, so they no longer serialize the schedule. */
final class ScalarExpansionPass extends RegionPass {
  ScalarExpansionPass() {
    super("scalar-expansion", PassLevel.SCOP, true,
        "expand scalars written in loops into arrays (copied back after the region)");
  }

  @Override
  public String run(RegionState s) {
    s.storage = ScalarStorage.expand(s.scop);
    s.scop = s.storage.scop();
    if (s.storage.arrays().isEmpty()) return "";
    return s.storage.arrays().size() + " scalar(s) expanded: "
        + String.join(", ", s.storage.arrays().stream().map(a -> a.scalar() + " -> " + a.name()).toList());
  }
}
