package dev.polyj.codegen.transform;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.codegen.ast.RuntimeSteps;
import dev.polyj.polyhedral.pass.Scheduled;
import dev.polyj.polyhedral.pass.PassLevel;

/** Steps the tile-origin loops of run-time tile sizes by their size parameters ({@link RuntimeSteps}). */
public final class RuntimeStepsPass extends BasicPass<RegionState> {
  public RuntimeStepsPass() {
    super("runtime-steps", PassLevel.AST, false,
        "step tile-origin loops by their run-time tile sizes (with tiling.parametric)");
  }

  @Override
  public String run(RegionState s) {
    for (RegionState.Version v : s.versions) {
      if (v.scheduled == null) continue;
      Scheduled sc = v.scheduled;
      v.ast = RuntimeSteps.apply(v.ast, name -> originSizes(sc, name));
    }
    return "";
  }

  /**
   * The size parameter of each coordinate of statement {@code name}'s instances whose loop is
   * stepped on the tile grid (null for the other coordinates), or null when there is none.
   */
  private static String[] originSizes(Scheduled s, String name) {
    String[] sizes = s.tiling() == null ? null : s.tiling().originSizes(name);
    if (sizes == null) return null;
    return java.util.Arrays.copyOf(sizes, s.scop().statement(name).iterators().size());
  }
}
