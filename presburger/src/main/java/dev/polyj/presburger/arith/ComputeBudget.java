package dev.polyj.presburger.arith;

import com.google.common.base.Preconditions;
import java.util.function.Supplier;

/**
 * A limit on the work of the integer-set engine, counted in its elementary steps, for a caller
 * that would rather give up than wait: a compiler leaves a region it cannot analyse in time
 * unchanged. A step is a simplex pivot (plus one per 256 cells of the rational simplex's tableau,
 * per 1,024 of the parametric one's, and per 64 cells times the 64-bit words of the pivot row for
 * the BigInteger one: a step is a few microseconds of work, whatever its kind), a Fourier-Motzkin
 * elimination, a normalization of a constraint system, an
 * intersection of basic relations, a step of a subtraction, a copy of the parametric solver's
 * context or a coalescing candidate. The count is deterministic (the same input gives up at the
 * same step on every machine and under any load), unlike a wall-clock limit.
 *
 * <p>The budget belongs to the running thread: {@link #within} runs a computation with a budget,
 * and every step inside it spends from it; the step that finds the budget used up throws {@link
 * Exceeded}, and so does every step after it (a caller that catches the exception and tries a
 * cheaper way meets it again at its first step). Outside {@code within} nothing is counted.
 */
public final class ComputeBudget {
  private static final ThreadLocal<ComputeBudget> CURRENT = new ThreadLocal<>();

  private final long limit;
  private long left;

  private ComputeBudget(long limit) {
    this.limit = limit;
    this.left = limit;
  }

  /** Thrown by the step that finds the budget used up. */
  public static final class Exceeded extends RuntimeException {
    private final long limit;

    Exceeded(long limit) {
      super("the analysis needs more than " + limit + " steps of the integer-set engine");
      this.limit = limit;
    }

    /** The number of steps the budget allowed. */
    public long limit() {
      return limit;
    }
  }

  /**
   * Runs {@code work} with a budget of {@code steps} steps. Inside a running budget, {@code work}
   * spends the running one (a computation does not get more steps by starting a new budget).
   */
  public static <T> T within(long steps, Supplier<T> work) {
    Preconditions.checkArgument(steps > 0, "a budget needs at least one step, not %s", steps);
    if (CURRENT.get() != null) return work.get();
    CURRENT.set(new ComputeBudget(steps));
    try {
      return work.get();
    } finally {
      CURRENT.remove();
    }
  }

  /** Spends {@code n} steps of the running thread's budget, if it has one. */
  public static void spend(long n) {
    ComputeBudget b = CURRENT.get();
    if (b == null) return;
    b.left -= n;
    if (b.left < 0) {
      b.left = -1;
      throw new Exceeded(b.limit);
    }
  }

  /** The steps spent so far under the running thread's budget, or -1 without one. */
  public static long spent() {
    ComputeBudget b = CURRENT.get();
    return b == null ? -1 : Math.min(b.limit, b.limit - b.left);
  }
}
