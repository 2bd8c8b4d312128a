package dev.polyj.presburger.omega;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.List;

/**
 * Integer feasibility by branch and bound on the rational relaxation: solve the LP; if its sample
 * is integral it is an integer point; otherwise split on a fractional coordinate {@code v} into
 * {@code x <= floor(v)} and {@code x >= floor(v) + 1}, and recurse. Every integer point lies in
 * exactly one branch, so a completed search with all leaves rationally infeasible proves integer
 * emptiness. The search gives up (answer unknown) after a fixed number of LP solves.
 */
final class BranchAndBound {
  private BranchAndBound() {}

  enum Answer {
    EMPTY,
    NON_EMPTY,
    UNKNOWN
  }

  static Answer decide(int nVar, List<long[]> eqs, List<long[]> ineqs, int maxNodes) {
    int[] budget = {maxNodes};
    try {
      return search(nVar, eqs, new ArrayList<>(ineqs), budget, 0);
    } catch (CoefficientOverflowException e) {
      return Answer.UNKNOWN;
    }
  }

  private static Answer search(int nVar, List<long[]> eqs, List<long[]> ineqs, int[] budget, int depth) {
    if (budget[0]-- <= 0 || depth > 60) return Answer.UNKNOWN;
    RationalFeasibility.Result lp = RationalFeasibility.check(nVar, eqs, ineqs);
    if (!lp.known()) return Answer.UNKNOWN;
    if (!lp.feasible()) return Answer.EMPTY;
    int frac = -1;
    long[] x = new long[nVar];
    for (int j = 0; j < nVar; j++) {
      long num = lp.sampleNum()[j];
      long den = lp.sampleDen()[j];
      if (num % den != 0 && frac < 0) frac = j;
      x[j] = Math.floorDiv(num, den);
    }
    if (frac < 0 && satisfies(x, eqs, ineqs)) return Answer.NON_EMPTY;
    if (frac < 0) return Answer.UNKNOWN; // the sample of a free variable left at 0: not a vertex
    long fl = x[frac];
    long[] upper = new long[1 + nVar]; // fl - x >= 0
    upper[0] = fl;
    upper[1 + frac] = -1;
    long[] lower = new long[1 + nVar]; // x - fl - 1 >= 0
    lower[0] = Ints.sub(-fl, 1);
    lower[1 + frac] = 1;
    boolean unknown = false;
    for (long[] cut : new long[][] {upper, lower}) {
      ineqs.add(cut);
      Answer a = search(nVar, eqs, ineqs, budget, depth + 1);
      ineqs.remove(ineqs.size() - 1);
      if (a == Answer.NON_EMPTY) return a;
      if (a == Answer.UNKNOWN) unknown = true;
    }
    return unknown ? Answer.UNKNOWN : Answer.EMPTY;
  }

  private static boolean satisfies(long[] x, List<long[]> eqs, List<long[]> ineqs) {
    for (long[] r : eqs) if (Ints.evaluate(r, x) != 0) return false;
    for (long[] r : ineqs) if (Ints.evaluate(r, x) < 0) return false;
    return true;
  }
}
