package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.flow.Filter;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * A loop bound in variables the region modifies but the loop does not ("locally static", section 4
 * of Verdoolaege, Nikolov, Stefanov, "On Demand Parametric Array Dataflow Analysis", IMPACT 2013):
 * {@code n} in {@code n = f(); for (i = 0; i < n; i++) S;}. The accesses to those variables are the
 * filter accesses of the statements the loop encloses, and the bound itself, over the iterators,
 * the parameters and the variables' values, is their filter value relation; no statement
 * evaluating the condition and no virtual array are introduced (the paper's Listing 1 then needs
 * no parameter in the dataflow).
 *
 * @param bound the comparisons of the loop condition that read the variables (a conjunction)
 * @param variables the variables, as renamed in the region
 */
record LocallyStaticBound(Formula bound, List<String> variables) {
  /** Builds a relation in {@code space} from a formula whose names map to columns (value columns added). */
  interface RelationBuilder {
    Relation build(Space space, Map<String, Integer> valueCols, Formula f);
  }

  /**
   * The filter of a statement with instances in {@code domain}, governed by the data-dependent
   * conditions {@code guards} (virtual arrays, {@link DynamicGuard}) and the locally static
   * {@code bounds}: the guards' filter accesses and values first, then one access per variable of
   * the bounds with its value.
   */
  static Filter filter(Relation domain, List<DynamicGuard> guards, List<LocallyStaticBound> bounds,
      RelationBuilder builder) {
    Space set = domain.space();
    List<String> params = set.params();
    int np = params.size();
    int d = set.nOut();
    List<Relation> accesses = new ArrayList<>();
    if (!guards.isEmpty()) accesses.addAll(DynamicGuard.filter(domain, guards).accesses());
    LinkedHashSet<String> vars = new LinkedHashSet<>();
    for (LocallyStaticBound b : bounds) vars.addAll(b.variables());
    for (String v : vars) {
      Space map = Space.map(params, set.tuple(), Tuple.anonymous(v, 0));
      accesses.add(Relation.universe(map).intersectDomain(domain));
    }
    int g = guards.size();
    Space values = Space.map(params, set.tuple(), Tuple.anonymous(null, g + vars.size()));
    Map<String, Integer> valueCols = new HashMap<>();
    int k = 0;
    for (String v : vars) valueCols.put(v, 1 + np + d + g + k++);
    List<Formula> all = new ArrayList<>();
    for (LocallyStaticBound b : bounds) all.add(b.bound());
    Relation staticValues = builder.build(values, valueCols, Formula.and(all));
    BasicRelation.Builder fixed = BasicRelation.builder(values);
    for (int j = 0; j < g; j++) {
      long[] row = new long[1 + values.nVar()];
      row[0] = guards.get(j).value() ? -1 : 0;
      row[1 + np + d + j] = 1;
      fixed.addEq(row);
    }
    Relation v = staticValues.intersect(Relation.of(fixed.build())).intersectDomain(domain);
    // the outcomes of conditions are 0 or 1; the variables of the bounds may hold any value
    BasicRelation.Builder outcomes = BasicRelation.builder(values);
    for (int j = 0; j < g; j++) {
      long[] lower = new long[1 + values.nVar()];
      lower[1 + np + d + j] = 1;
      outcomes.addIneq(lower);
      long[] upper = new long[1 + values.nVar()];
      upper[0] = 1;
      upper[1 + np + d + j] = -1;
      outcomes.addIneq(upper);
    }
    Relation possible = Relation.of(outcomes.build()).intersectDomain(domain);
    return new Filter(accesses, v).withPossibleValues(possible);
  }
}
