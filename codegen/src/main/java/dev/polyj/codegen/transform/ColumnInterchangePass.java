package dev.polyj.codegen.transform;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.PassLevel;

/** Interchanges loops that walk a matrix column by column into strips walked row by row ({@link ColumnInterchange}). */
public final class ColumnInterchangePass extends BasicPass<RegionState> {
  public ColumnInterchangePass() {
    super("column-interchange", PassLevel.AST, true, "turn column walks into row-wise strips of " + ColumnInterchange.STRIP);
  }

  @Override
  public String run(RegionState s) {
    int changed = 0;
    for (RegionState.Version v : s.versions) {
      var before = v.ast;
      v.ast = ColumnInterchange.apply(v.ast, v.scop);
      if (!v.ast.equals(before)) changed++;
    }
    return changed == 0 ? "" : "interchanged";
  }
}
