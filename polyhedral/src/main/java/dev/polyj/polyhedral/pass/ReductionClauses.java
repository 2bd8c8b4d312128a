package dev.polyj.polyhedral.pass;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The OpenMP clauses of a schedule whose reductions were reassociated (the reductions module
 * computes them), as code generation asks for them.
 */
public interface ReductionClauses {
  /**
   * Whether every reduction reordered here combines its values exactly in any order (integer
   * minima and maxima): the code then computes the original's bits.
   */
  default boolean exact() {
    return false;
  }

  /** The clauses of a parallel loop running {@code statements} (e.g. {@code reduction(+:s)}). */
  List<String> clauses(Set<String> statements);

  /**
   * The {@code omp simd} reduction clause of a vectorized innermost loop running {@code statements}
   * whose accumulators are the local variables {@code locals} (array to variable), or null.
   */
  String simdClause(Set<String> statements, Map<String, String> locals);

  /** The statements whose reductions innermost loops may vectorize with {@link #simdClause}. */
  Set<String> vectorizedStatements();
}
