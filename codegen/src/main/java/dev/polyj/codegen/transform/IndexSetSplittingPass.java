package dev.polyj.codegen.transform;

import dev.polyj.codegen.ast.IndexSetSplitting;
import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.PassLevel;

/** Splits innermost loops at the thresholds of their inequality guards ({@link IndexSetSplitting}). */
public final class IndexSetSplittingPass extends BasicPass<RegionState> {
  public IndexSetSplittingPass() {
    super("index-set-splitting", PassLevel.AST, true,
        "innermost loops split at their inequality guards' thresholds (main range unguarded)");
  }

  @Override
  public String run(RegionState s) {
    int changed = 0;
    for (RegionState.Version v : s.versions) {
      var before = v.ast;
      v.ast = IndexSetSplitting.split(v.ast);
      if (!v.ast.equals(before)) changed++;
    }
    return changed == 0 ? "" : "split";
  }
}
