package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.flow.Filter;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * A data-dependent condition enclosing statements of a region, as pet models it with
 * {@code -autodetect} (Verdoolaege, Nikolov, Stefanov, IMPACT 2013, sections 4 and 7.1): a filter
 * statement evaluates the condition and writes its outcome (0 or 1) to an element of a virtual
 * array, indexed by the iterators around the condition; every statement the condition governs is
 * filtered by that element.
 *
 * <ul>
 *   <li>For an {@code if}, {@code rank} is the depth of the condition; the statements of the then
 *       branch run when the element is 1 ({@code value} true), those of the else branch when it is 0.
 *   <li>For a {@code while} loop, the loop gets an implicit iterator {@code t >= 0} (the last of the
 *       {@code rank} indices); the body at iteration {@code t} runs when the outcomes of iterations
 *       {@code 0..t} were all 1, and the filter statement itself at {@code t} when those of
 *       {@code 0..t-1} were (a multi-valued filter access).
 * </ul>
 *
 * @param array the virtual array holding the outcomes
 * @param rank the number of iterators the outcome is indexed by (outermost first)
 * @param cond the condition as written
 * @param value the outcome a governed statement requires (true: 1)
 * @param loop whether the condition is that of a while loop
 * @param strict for a while loop's own filter statement: only the earlier outcomes must be 1
 */
record DynamicGuard(String array, int rank, Expr cond, boolean value, boolean loop, boolean strict) {
  DynamicGuard negated() {
    return new DynamicGuard(array, rank, cond, !value, loop, strict);
  }

  DynamicGuard strictly() {
    return new DynamicGuard(array, rank, cond, value, loop, true);
  }

  /**
   * The filter of a statement with instances in {@code domain} (over parameters and the
   * statement's iterators) governed by {@code guards}, outermost first.
   */
  static Filter filter(Relation domain, List<DynamicGuard> guards) {
    Space set = domain.space();
    List<String> params = set.params();
    int np = params.size();
    int d = set.nOut();
    List<Relation> accesses = new ArrayList<>();
    for (DynamicGuard g : guards) {
      Space map = Space.map(params, set.tuple(), Tuple.anonymous(g.array, g.rank));
      int in = 1 + np;
      int out = 1 + np + d;
      BasicRelation.Builder b = BasicRelation.builder(map);
      int equal = g.loop ? g.rank - 1 : g.rank;
      for (int k = 0; k < equal; k++) {
        long[] row = new long[1 + map.nVar()];
        row[in + k] = 1;
        row[out + k] = -1;
        b.addEq(row);
      }
      if (g.loop) {
        int t = g.rank - 1;
        long[] lower = new long[1 + map.nVar()];
        lower[out + t] = 1; // a >= 0
        b.addIneq(lower);
        long[] upper = new long[1 + map.nVar()];
        upper[in + t] = 1;
        upper[out + t] = -1;
        if (g.strict) upper[0] = -1; // a <= t, or a < t
        b.addIneq(upper);
      }
      accesses.add(Relation.of(b.build()).intersectDomain(domain));
    }
    Space values = Space.map(params, set.tuple(), Tuple.anonymous(null, guards.size()));
    BasicRelation.Builder v = BasicRelation.builder(values);
    for (int k = 0; k < guards.size(); k++) {
      long[] row = new long[1 + values.nVar()];
      row[0] = guards.get(k).value ? -1 : 0;
      row[1 + np + d + k] = 1;
      v.addEq(row);
    }
    // each outcome is 0 or 1
    BasicRelation.Builder outcomes = BasicRelation.builder(values);
    for (int k = 0; k < guards.size(); k++) {
      long[] lower = new long[1 + values.nVar()];
      lower[1 + np + d + k] = 1;
      outcomes.addIneq(lower);
      long[] upper = new long[1 + values.nVar()];
      upper[0] = 1;
      upper[1 + np + d + k] = -1;
      outcomes.addIneq(upper);
    }
    return new Filter(accesses, Relation.of(v.build()).intersectDomain(domain))
        .withPossibleValues(Relation.of(outcomes.build()).intersectDomain(domain));
  }
}
