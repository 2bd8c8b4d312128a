package dev.polyj.polyhedral.scheduling;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.space.Space;
import java.util.List;
import java.util.Optional;

/**
 * Exact integer lexicographic minimum by bisection on exact emptiness tests: the first variable's
 * minimum is bracketed by doubling and then bisected (each probe asks whether the system with
 * {@code x_k <= v} still has an integer point), fixed, and the next variable follows. Needs every
 * variable bounded below by the constraints (as the schedulers' programs are: all unknowns are
 * non-negative) and at most {@code bound} in absolute value at the optimum.
 */
public final class BisectionLexmin implements IntegerLexmin {
  private final long bound;

  public BisectionLexmin(long bound) {
    this.bound = bound;
  }

  @Override
  public Optional<long[]> lexmin(int nVar, List<long[]> eqs, List<long[]> ineqs) {
    Space space = Space.set(List.of(), nVar);
    BasicRelation s = BasicRelation.of(space, eqs, ineqs);
    if (s.isEmpty()) return Optional.empty();
    long[] x = new long[nVar];
    for (int k = 0; k < nVar; k++) {
      long lo = -bound;
      long hi = 0;
      // the smallest value v with a point x_k <= v: bracket, then bisect
      long step = 1;
      while (hi < bound && atMost(s, k, hi).isEmpty()) {
        lo = hi + 1;
        hi = Math.min(bound, hi + step);
        step *= 2;
      }
      if (atMost(s, k, hi).isEmpty()) return Optional.empty(); // beyond the bound
      if (lo == -bound && !atMost(s, k, -1).isEmpty()) {
        hi = -1; // negative minimum: bisect over [-bound, -1]
      }
      while (lo < hi) {
        long mid = Math.floorDiv(lo + hi, 2);
        if (atMost(s, k, mid).isEmpty()) lo = mid + 1;
        else hi = mid;
      }
      x[k] = lo;
      long[] fix = new long[1 + nVar];
      fix[0] = -lo;
      fix[1 + k] = 1;
      s = s.toBuilder().addEq(fix).build();
    }
    return Optional.of(x);
  }

  private static BasicRelation atMost(BasicRelation s, int k, long v) {
    long[] row = new long[s.nCol()];
    row[0] = v;
    row[1 + k] = -1;
    return s.toBuilder().addIneq(row).build();
  }
}
