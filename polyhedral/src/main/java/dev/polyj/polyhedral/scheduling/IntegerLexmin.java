package dev.polyj.polyhedral.scheduling;

import java.util.List;
import java.util.Optional;

/**
 * An integer linear program solver: the lexicographically smallest integer vector satisfying
 * {@code eq . (1, x) = 0} and {@code ineq . (1, x) >= 0}, or empty when there is none. Callers
 * make sure the minimum exists (all variables bounded below).
 */
@FunctionalInterface
public interface IntegerLexmin {
  Optional<long[]> lexmin(int nVar, List<long[]> eqs, List<long[]> ineqs);
}
