package dev.polyj.codegen.transform;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.PassLevel;

/** Keeps the accumulators of innermost loops in local variables ({@link ScalarPromotion}). */
public final class ScalarPromotionPass extends BasicPass<RegionState> {
  public ScalarPromotionPass() {
    super("scalar-promotion", PassLevel.AST, true, "keep innermost loops' accumulators in local variables");
  }

  @Override
  public String run(RegionState s) {
    int changed = 0;
    for (RegionState.Version v : s.versions) {
      var sc = v.scheduled;
      // the program's order (no schedule): the clauses of its own loops, when they are of this SCoP
      var own = sc == null && v.scop == s.programOrder ? s.programOrderReductions : null;
      ScalarPromotion.Result p = ScalarPromotion.apply(v.ast, v.scop, v.printer,
          (statements, locals) -> sc != null ? sc.simdClause(statements, locals)
              : own != null ? own.simdClause(statements, locals) : null, s.accumulatorJam);
      if (!p.ast().equals(v.ast)) changed++;
      v.ast = p.ast();
      v.printer = p.printer();
    }
    return changed == 0 ? "" : "promoted";
  }
}
