package dev.polyj.reductions.crehc;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.reductions.ReductionOperator;
import java.util.List;

/**
 * A complex reduction and histogram computation (CReHC, Ginsbach and O'Boyle's idiom as the
 * chapter on CReHCs defines it): one loop whose only side effects are reductions into scalars and
 * histograms, possibly conditional, every value and index computed from the loop's input arrays
 * and from temporaries private to an iteration.
 *
 * @param targets the reduction variables, in the order of their first update
 * @param privates the temporaries private to an iteration (declared in the loop or written before
 *     every read of it in the same iteration)
 * @param lastPrivates the temporaries of {@code privates} that live after the region: written
 *     unconditionally once per iteration, so the last iteration's value is theirs
 */
public record Crehc(ImmutableList<Target> targets, ImmutableList<String> privates,
    ImmutableList<String> lastPrivates) {
  /**
   * A reduction variable.
   *
   * @param name the variable
   * @param op how its updates combine
   * @param histogram whether it is an array updated at data-dependent elements (a histogram) rather
   *     than a scalar
   * @param elementType its C element type
   * @param sizes its dimensions' sizes (C expressions), outermost first; empty for a scalar
   */
  public record Target(String name, ReductionOperator op, boolean histogram, String elementType,
      ImmutableList<Expr> sizes) {
    /** Whether combining partial results in another order gives the same bits. */
    public boolean exact() {
      boolean floating = elementType.contains("float") || elementType.contains("double");
      return !floating || op == ReductionOperator.MIN || op == ReductionOperator.MAX;
    }
  }

  public Crehc(List<Target> targets, List<String> privates, List<String> lastPrivates) {
    this(ImmutableList.copyOf(targets), ImmutableList.copyOf(privates), ImmutableList.copyOf(lastPrivates));
  }

  public long histograms() {
    return targets.stream().filter(Target::histogram).count();
  }

  public long scalars() {
    return targets.size() - histograms();
  }

  /** Whether every reduction is exact (integer, or min/max). */
  public boolean exact() {
    return targets.stream().allMatch(Target::exact);
  }
}
