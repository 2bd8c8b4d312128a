package dev.polyj.polyhedral.scop;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.Relation;
import java.util.List;

/**
 * A statement of a SCoP: its name (the tuple name of its instances, e.g. {@code S0}), the names of
 * its iterators (outermost first), its iteration domain, its accesses in evaluation order, the
 * body as an expression tree over the iterators and parameters, and its source position.
 */
public record Statement(String name, ImmutableList<String> iterators, Relation domain,
    ImmutableList<Access> accesses, Expr body, SourcePos pos) {
  public Statement(String name, List<String> iterators, Relation domain, List<Access> accesses, Expr body,
      SourcePos pos) {
    this(name, ImmutableList.copyOf(iterators), domain, ImmutableList.copyOf(accesses), body, pos);
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
