package dev.polyj.polyhedral.frontend;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import java.util.List;

/**
 * A region with data-dependent {@code while} (or {@code do}-{@code while}) loops in the form its
 * code is generated from: each outermost such loop is one statement of {@code outer} (a
 * <em>compound</em> statement, whose body is the call {@code name(i, j, ...)} of the iterators
 * around the loop and whose accesses are those of the whole loop, projected onto those iterators
 * and all marked may), and the loop itself is {@link Loop}: its condition and its body as a region
 * of its own, in which the iterators around the loop are parameters.
 *
 * <p>The optimizer schedules {@code outer} as any SCoP, so the affine loops around and after a
 * while loop are still transformed, and gives each instance of a compound statement the loop's
 * code: the iterators' values, then the loop, iterating sequentially, around the code of its
 * body (itself optimized as a region). This is the "dynamic loop" of Verdoolaege, Nikolov and
 * Stefanov (IMPACT 2013, section 7.1) for code generation: the implicit iterator counting the
 * iterations is the sequential dimension of the compound statement, never reordered.
 */
public record WhileCollapse(Scop outer, ImmutableList<Loop> loops) {
  public WhileCollapse(Scop outer, List<Loop> loops) {
    this(outer, ImmutableList.copyOf(loops));
  }

  /**
   * One collapsed loop.
   *
   * @param name the function name of its compound statement's body ({@code __pj_while0})
   * @param doWhile whether the condition is tested after each iteration
   * @param iterators the iterators around the loop (the call's arguments), outermost first
   * @param iteratorTypes their C types
   * @param cond the loop condition (with the region's renamed variables)
   * @param step for a {@code for} loop with a data-dependent condition, its increment (run after
   *     the body; the initialization is a statement of the region before the loop), else null
   * @param body the loop body as a region (accepted; its own while loops collapsed in turn)
   * @param guard for a loop under data-dependent {@code if} conditions, their conjunction (each
   *     negated in an else branch, outermost first), evaluated before the loop; else null
   */
  public record Loop(String name, boolean doWhile, ImmutableList<String> iterators, ImmutableList<String> iteratorTypes,
      Expr cond, Expr step, RegionResult body, Expr guard) {}
}
