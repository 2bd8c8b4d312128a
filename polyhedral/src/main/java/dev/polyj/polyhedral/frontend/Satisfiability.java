package dev.polyj.polyhedral.frontend;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Exact satisfiability of formulas over the integers, through the Omega test on each disjunct. */
final class Satisfiability {
  private Satisfiability() {}

  static boolean isSatisfiable(Formula f) {
    if (f.equals(Formula.TRUE)) return true;
    if (f.equals(Formula.FALSE)) return false;
    List<String> vars = new ArrayList<>(Formula.variables(f));
    Space space = Space.set(List.of(), Tuple.of(null, vars));
    Map<String, Integer> cols = new HashMap<>();
    for (int i = 0; i < vars.size(); i++) cols.put(vars.get(i), 1 + i);
    for (List<Formula.Atom> conj : Formula.dnf(f)) {
      BasicRelation b = RowBuilder.build(space, cols, conj);
      if (!b.isEmpty()) return true;
    }
    return false;
  }
}
