package dev.polyj.polyhedral.speculation;

import dev.polyj.polyhedral.frontend.Speculation;
import java.util.ArrayList;
import java.util.List;

/**
 * The run-time checks a speculatively optimized region needs before it may run (SPolly, Doerfert
 * et al., IMPACT 2013, Section 4): what the region assumes (pointers that do not overlap, inner
 * subscripts of delinearized arrays within their rows, specialized parameter values) and, once the
 * {@code runtime-checks} pass has run, the C conditions that establish it. When the pass could not
 * build a check, {@link #declined} says why and the region keeps its original code.
 */
public final class RuntimeChecks {
  /** The pointers assumed not to overlap any other array of the region. */
  public final List<String> unaliased = new ArrayList<>();
  /** The arrays whose subscripts after the first must stay within the declared sizes. */
  public final List<String> bounded = new ArrayList<>();
  /** Conditions on the parameters known before the region (a specialization's {@code N == 1024}). */
  public final List<String> given = new ArrayList<>();
  /** The C conditions, all of which must hold for the optimized code to run. */
  public final List<String> conditions = new ArrayList<>();
  /** Why no check could be built, or null. */
  public String declined;
  /** Whether the checks were built. */
  public boolean built;

  /** The checks a speculation needs (none for null). */
  public static RuntimeChecks of(Speculation s) {
    RuntimeChecks c = new RuntimeChecks();
    if (s == null) return c;
    c.unaliased.addAll(s.unaliased());
    for (Speculation.View v : s.views()) c.bounded.add(v.name());
    return c;
  }

  /** Whether the region's code needs a run-time check. */
  public boolean needed() {
    return !unaliased.isEmpty() || !bounded.isEmpty() || !given.isEmpty();
  }

  /** The condition guarding the optimized code, as one C expression ("1" when there is none). */
  public String guard() {
    List<String> all = new ArrayList<>(given);
    all.addAll(conditions);
    if (all.isEmpty()) return "1";
    return String.join("\n      && ", all);
  }
}
