package dev.polyj.codegen.transform;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.PassLevel;

/** Runs independent recurrences side by side in strips ({@link RecurrenceInterleaving}). */
public final class RecurrenceInterleavingPass extends BasicPass<RegionState> {
  public RecurrenceInterleavingPass() {
    super("recurrence-interleaving", PassLevel.AST, true,
        "run independent recurrences side by side in strips of " + RecurrenceInterleaving.STRIP);
  }

  @Override
  public String run(RegionState s) {
    int changed = 0;
    for (RegionState.Version v : s.versions) {
      var before = v.ast;
      v.ast = RecurrenceInterleaving.apply(v.ast, v.scop);
      if (!v.ast.equals(before)) changed++;
    }
    return changed == 0 ? "" : "interleaved";
  }
}
