package dev.polyj.polybench.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an {@link Optimizer} produced for one kernel.
 *
 * @param optimized    the optimized C file, empty when optimization failed
 * @param failure      why optimization failed; empty when it succeeded
 * @param reassociated whether reductions were reassociated, so that the output may differ from
 *                     the original's in rounding and is compared with a tolerance
 * @param notes        remarks for the report (e.g. regions left alone)
 */
public record OptimizeResult(
    Optional<Path> optimized, String failure, boolean reassociated, List<String> notes) {

  public OptimizeResult {
    Objects.requireNonNull(optimized, "optimized");
    Objects.requireNonNull(failure, "failure");
    notes = List.copyOf(notes);
    if (optimized.isPresent() == !failure.isEmpty()) {
      throw new IllegalArgumentException("exactly one of an optimized file and a failure");
    }
  }

  /** A successful, bit-exact optimization. */
  public static OptimizeResult ok(Path optimized) {
    return new OptimizeResult(Optional.of(optimized), "", false, List.of());
  }

  /** A successful optimization, possibly with reassociated reductions, and notes. */
  public static OptimizeResult ok(Path optimized, boolean reassociated, List<String> notes) {
    return new OptimizeResult(Optional.of(optimized), "", reassociated, notes);
  }

  /** A failure with its reason. */
  public static OptimizeResult failed(String reason) {
    if (reason == null || reason.isBlank()) {
      reason = "no reason given";
    }
    return new OptimizeResult(Optional.empty(), reason, false, List.of());
  }

  public boolean succeeded() {
    return optimized.isPresent();
  }
}
