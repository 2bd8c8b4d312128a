package dev.polyj.polybench.report;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Everything measured for one kernel of a benchmark run.
 *
 * @param name            kernel name, e.g. {@code gemm}
 * @param category        PolyBench category, e.g. {@code linear-algebra/blas}
 * @param status          ok, wrong or failed
 * @param reason          why the kernel is not ok (empty when ok)
 * @param check           how the optimized output was compared with the baseline's, e.g.
 *                        {@code exact} or {@code rel 1e-09}; empty when it was not compared
 * @param baseline        timing of the baseline build ({@code gcc -O3}), when it was timed
 * @param optimized       timing of the optimized build, when it was timed
 * @param optimizeSeconds wall time the optimizer took, when it ran
 * @param compileSeconds  wall time of compiling the optimized timing build, when it was compiled
 * @param comparisons     results of the comparison tools, in the order they were requested
 */
public record KernelResult(
    String name,
    String category,
    Status status,
    String reason,
    String check,
    Optional<Timing> baseline,
    Optional<Timing> optimized,
    OptionalDouble optimizeSeconds,
    OptionalDouble compileSeconds,
    List<ComparisonResult> comparisons) {

  public KernelResult {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(category, "category");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(check, "check");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(optimized, "optimized");
    Objects.requireNonNull(optimizeSeconds, "optimizeSeconds");
    Objects.requireNonNull(compileSeconds, "compileSeconds");
    comparisons = List.copyOf(comparisons);
    checkArgument(status == Status.OK ? reason.isEmpty() : !reason.isEmpty(),
        "%s: a reason is given exactly when the status is not ok", name);
  }

  /** Baseline median over optimized median, for an ok kernel with both timings. */
  public OptionalDouble speedup() {
    if (status != Status.OK || baseline.isEmpty() || optimized.isEmpty()) {
      return OptionalDouble.empty();
    }
    return ratio(baseline.get().median(), optimized.get().median());
  }

  /** The comparison result of the named tool, if that tool ran on this kernel. */
  public Optional<ComparisonResult> comparison(String tool) {
    return comparisons.stream().filter(c -> c.tool().equals(tool)).findFirst();
  }

  /**
   * {@code numerator / denominator} for positive times; a zero time (below the timer's
   * resolution) gives no ratio rather than an infinite one.
   */
  static OptionalDouble ratio(double numerator, double denominator) {
    if (!(numerator > 0) || !(denominator > 0)) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(numerator / denominator);
  }

  /** A builder starting from a kernel's name and category, status ok. */
  public static Builder builder(String name, String category) {
    return new Builder(name, category);
  }

  /** Mutable builder of a {@link KernelResult}; not thread-safe. */
  public static final class Builder {
    private final String name;
    private final String category;
    private Status status = Status.OK;
    private String reason = "";
    private String check = "";
    private Timing baseline;
    private Timing optimized;
    private OptionalDouble optimizeSeconds = OptionalDouble.empty();
    private OptionalDouble compileSeconds = OptionalDouble.empty();
    private final List<ComparisonResult> comparisons = new ArrayList<>();

    private Builder(String name, String category) {
      this.name = name;
      this.category = category;
    }

    /** Marks the kernel not ok; the first such call wins, later ones are ignored. */
    public Builder fail(Status s, String why) {
      checkArgument(s != Status.OK, "fail() needs wrong or failed");
      checkArgument(!why.isBlank(), "a reason is required");
      if (status == Status.OK) {
        status = s;
        reason = why;
      }
      return this;
    }

    public Status status() {
      return status;
    }

    public String name() {
      return name;
    }

    public Builder check(String c) {
      check = c;
      return this;
    }

    public Builder baseline(Timing t) {
      baseline = t;
      return this;
    }

    public Builder optimized(Timing t) {
      optimized = t;
      return this;
    }

    public Builder optimizeSeconds(double s) {
      optimizeSeconds = OptionalDouble.of(s);
      return this;
    }

    public Builder compileSeconds(double s) {
      compileSeconds = OptionalDouble.of(s);
      return this;
    }

    public Builder comparison(ComparisonResult c) {
      comparisons.add(c);
      return this;
    }

    public KernelResult build() {
      return new KernelResult(name, category, status, reason, check,
          Optional.ofNullable(baseline), Optional.ofNullable(optimized), optimizeSeconds,
          compileSeconds, comparisons);
    }
  }
}
