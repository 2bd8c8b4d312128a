package dev.polyj.polyhedral.scop;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.flow.Filter;
import dev.polyj.presburger.set.Relation;
import java.util.List;

/**
 * A statement of a SCoP: its name (the tuple name of its instances, e.g. {@code S0}), the names of
 * its iterators (outermost first), its iteration domain, its accesses in evaluation order, the
 * body as an expression tree over the iterators and parameters, and its source position.
 *
 * <p>{@code filter} (null for a statement under static control only) marks a statement guarded by
 * data-dependent conditions: its domain over-approximates the instances that run, and an instance
 * runs when the values its filter reads are in the filter's value relation (see {@link Filter} and
 * docs/dynamic-control.md). The body of such a statement evaluates the guard itself.
 */
public record Statement(String name, ImmutableList<String> iterators, Relation domain,
    ImmutableList<Access> accesses, Expr body, SourcePos pos, Filter filter) {
  public Statement(String name, List<String> iterators, Relation domain, List<Access> accesses, Expr body,
      SourcePos pos) {
    this(name, ImmutableList.copyOf(iterators), domain, ImmutableList.copyOf(accesses), body, pos, null);
  }

  /** This statement with the given filter (null: static control). */
  public Statement withFilter(Filter f) {
    return new Statement(name, iterators, domain, accesses, body, pos, f);
  }

  public int depth() {
    return iterators.size();
  }

  public List<Access> reads() {
    return accesses.stream().filter(Access::isRead).toList();
  }

  public List<Access> writes() {
    return accesses.stream().filter(Access::isWrite).toList();
  }
}
