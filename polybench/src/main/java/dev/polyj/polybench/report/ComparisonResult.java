package dev.polyj.polybench.report;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Result of one comparison tool (e.g. Polly, Pluto) on one kernel.
 *
 * @param tool   the tool's name as given to {@code --compare}
 * @param status ok, wrong (its output differs from the baseline) or failed
 * @param reason why it is not ok; empty when ok
 * @param timing median-of-N timing of the tool's build, when it was timed
 */
public record ComparisonResult(String tool, Status status, String reason, Optional<Timing> timing) {

  public ComparisonResult {
    Objects.requireNonNull(tool, "tool");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(timing, "timing");
    checkArgument(status == Status.OK ? reason.isEmpty() : !reason.isEmpty(),
        "%s: a reason is given exactly when the status is not ok", tool);
  }

  /** A timed, verified result. */
  public static ComparisonResult ok(String tool, Timing timing) {
    return new ComparisonResult(tool, Status.OK, "", Optional.of(timing));
  }

  /** An untimed result that is not ok. */
  public static ComparisonResult notOk(String tool, Status status, String reason) {
    checkArgument(status != Status.OK, "use ok() for a verified result");
    return new ComparisonResult(tool, status, reason, Optional.empty());
  }

  /** Baseline median divided by this tool's median, when both are known and ok. */
  public OptionalDouble speedupOver(Optional<Timing> baseline) {
    if (status != Status.OK || timing.isEmpty() || baseline.isEmpty()) {
      return OptionalDouble.empty();
    }
    return KernelResult.ratio(baseline.get().median(), timing.get().median());
  }
}
