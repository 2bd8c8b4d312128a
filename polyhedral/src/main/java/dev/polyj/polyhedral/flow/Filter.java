package dev.polyj.polyhedral.flow;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.DimKind;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.List;

/**
 * A dynamic condition on the instances of one statement (section 4 of Verdoolaege, Nikolov,
 * Stefanov, "On Demand Parametric Array Dataflow Analysis", IMPACT 2013): the statement's iteration
 * domain over-approximates the instances that run, and an instance {@code s} runs exactly when the
 * values of the variables its filter accesses read at {@code s} form a tuple in {@code values(s)}.
 *
 * <p>{@code accesses} are the filter access relations, {@code S[i] -> x[...]}: the element of each
 * dynamic variable read at instance {@code S[i]} (in that instance), one relation per position of
 * the value tuple. {@code values} is the filter value relation {@code S[i] -> [v1, ..., vn]}.
 *
 * <p>For example, the statement {@code H} of the paper's Listing 1 runs when {@code i < n} and
 * {@code j < m}: accesses {@code { H[k, i, j] -> n[] }} and {@code { H[k, i, j] -> m[] }}, values
 * {@code { H[k, i, j] -> [n, m] : 0 <= i < n and 0 <= j < m }}. {@code possible} holds the tuples the
 * variables can hold at all (every tuple unless known, {@link #withPossibleValues}).
 */
public record Filter(ImmutableList<Relation> accesses, Relation values, Relation possible) {
  public Filter {
    if (possible == null) possible = Relation.universe(values.space());
    checkNotNull(accesses, "accesses");
    checkNotNull(values, "values");
    checkArgument(values.space().isMap(), "filter values must map statement instances to value tuples: %s",
        values.space());
    checkArgument(values.space().nOut() == accesses.size(), "%s filter accesses for value tuples of %s elements",
        accesses.size(), values.space().nOut());
    for (Relation a : accesses) {
      checkArgument(a.space().isMap() && a.space().domain().withoutDimNames().equals(statementSpace(values)),
          "filter access %s is not an access of statement %s", a.space(), values.space().domainTuple());
    }
  }

  public Filter(List<Relation> accesses, Relation values) {
    this(ImmutableList.copyOf(accesses), values, null);
  }

  /**
   * This filter with the value tuples its variables can hold at all ({@code possible}, e.g. 0 and 1
   * for the outcome of a condition; as pet's {@code value_bounds}): an instance that does not run
   * has a tuple there but outside {@code values} (section 6.3.2 of the paper).
   */
  public Filter withPossibleValues(Relation newPossible) {
    return new Filter(accesses, values, newPossible);
  }

  /** The value tuples that make an instance not run: possible, outside {@code values}. */
  public Relation refused() {
    return possible.subtract(values);
  }

  /** The space of the statement's instances (without dimension names). */
  public Space statement() {
    return statementSpace(values);
  }

  /**
   * The instances that run whatever the values of the dynamic variables: those whose filter value
   * set holds every tuple.
   */
  public Relation alwaysRun() {
    Relation everyTuple = Relation.universe(values.space());
    Relation someTupleFails = everyTuple.subtract(values).domain();
    return Relation.universe(values.space().domain()).subtract(someTupleFails);
  }

  /**
   * Whether some filter access reads several elements at one instance, as the filter of a statement
   * in a while loop does (all the loop's outcomes so far, section 7.1 of the paper).
   */
  public boolean multiValued() {
    for (Relation a : accesses) {
      Relation deltas = a.reverse().apply(a).deltas();
      Relation zero = Relation.universe(deltas.space());
      for (int k = 0; k < deltas.space().nOut(); k++) zero = zero.fix(DimKind.OUT, k, 0);
      if (!deltas.isSubset(zero)) return true;
    }
    return false;
  }

  private static Space statementSpace(Relation values) {
    return values.space().domain().withoutDimNames();
  }
}
