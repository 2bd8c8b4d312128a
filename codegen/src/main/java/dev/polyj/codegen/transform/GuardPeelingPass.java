package dev.polyj.codegen.transform;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.codegen.ast.GuardPeeling;
import dev.polyj.polyhedral.pass.PassLevel;

/** Peels the iterations that need a guard off the loops, so full tiles run without one ({@link GuardPeeling}). */
public final class GuardPeelingPass extends BasicPass<RegionState> {
  public GuardPeelingPass() {
    super("guard-peeling", PassLevel.AST, true, "peel guarded boundary iterations off loops (full tiles unguarded)");
  }

  @Override
  public String run(RegionState s) {
    int changed = 0;
    for (RegionState.Version v : s.versions) {
      var before = v.ast;
      v.ast = GuardPeeling.peel(v.ast);
      if (!v.ast.equals(before)) changed++;
    }
    return changed == 0 ? "" : "peeled";
  }
}
