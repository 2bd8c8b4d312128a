package dev.polyj.codegen.transform;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.codegen.ast.Node;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scheduling.pass.StreamingOrder;

/**
 * Chooses the versions of the region to print: the schedule's code; the program's own order
 * instead where the schedule's code has no parallel loop (program-order); or both, the program's
 * order running where the region's work is too small for threads (parallel-work).
 */
public final class VersionsPass extends BasicPass<RegionState> {
  public VersionsPass() {
    super("versions", PassLevel.AST, true,
        "choose the printed versions: the schedule's, the program's order, or both under the parallel-work flag");
  }

  @Override
  public boolean required() {
    return true;
  }

  @Override
  public String run(RegionState s) {
    s.layout = RegionState.Layout.SINGLE;
    if (!s.parallel || s.versions.size() != 1) return "";
    Scop program = s.programOrder;
    if (!parallelLoop(s.versions.get(0).ast)) {
      if (program == null || s.programOrderSmallOnly) return "";
      s.versions.set(0, s.programVersion(program));
      return "program order (the schedule has no parallel loop)";
    }
    if (s.parallelWork == null) return "";
    if (program != null && !StreamingOrder.withThreads(s.versions.get(0).scop, s.programOrderMode)) program = null;
    if (program == null) {
      s.layout = RegionState.Layout.FLAGGED;
      return "";
    }
    s.versions.add(s.programVersion(program));
    s.layout = RegionState.Layout.BOTH;
    return "schedule for large work, program order for small work";
  }

  private static boolean parallelLoop(Node n) {
    return Node.anyMatch(n, x -> x instanceof Node.For f && f.pragmas().stream().anyMatch(p -> p.startsWith("omp parallel")));
  }
}
