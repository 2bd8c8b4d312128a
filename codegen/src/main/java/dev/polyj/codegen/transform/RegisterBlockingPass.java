package dev.polyj.codegen.transform;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.PassLevel;

/** Register-blocks the accumulation loops of matrix-product micro-kernels ({@link RegisterBlocking}). */
public final class RegisterBlockingPass extends BasicPass<RegionState> {
  public RegisterBlockingPass() {
    super("register-blocking", PassLevel.AST, true, "register-block matrix-product micro-kernels");
  }

  @Override
  public String run(RegionState s) {
    int changed = 0;
    for (RegionState.Version v : s.versions) {
      RegisterBlocking.Result r = RegisterBlocking.apply(v.ast, v.scop, v.printer);
      if (!r.ast().equals(v.ast)) changed++;
      v.ast = r.ast();
      v.printer = r.printer();
    }
    return changed == 0 ? "" : "blocked";
  }
}
