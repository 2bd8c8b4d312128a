package dev.polyj.codegen.transform;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.PassLevel;

/** Marks the loops the schedule proves parallel {@code #pragma omp parallel for} (applied by ast-build). */
public final class OpenMpPass extends BasicPass<RegionState> {
  public OpenMpPass() {
    super("openmp", PassLevel.AST, true, "run parallel loops with OpenMP (#pragma omp parallel for; applied by ast-build)");
  }

  @Override
  public String run(RegionState s) {
    s.parallel = true;
    return "";
  }
}
