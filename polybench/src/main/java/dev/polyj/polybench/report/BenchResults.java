package dev.polyj.polybench.report;

import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.stream.DoubleStream;

/**
 * The outcome of a whole benchmark run: its set-up and one result per kernel, in suite order.
 */
public record BenchResults(RunInfo info, List<KernelResult> kernels) {

  public BenchResults {
    Objects.requireNonNull(info, "info");
    kernels = List.copyOf(kernels);
  }

  /** Number of kernels with the given status. */
  public long count(Status status) {
    return kernels.stream().filter(k -> k.status() == status).count();
  }

  /** True when every kernel is ok (and there is at least one). */
  public boolean allOk() {
    return !kernels.isEmpty() && count(Status.OK) == kernels.size();
  }

  /** Geometric mean of the speedups of the ok kernels, if any has one. */
  public OptionalDouble geometricMeanSpeedup() {
    return geometricMean(kernels.stream().map(KernelResult::speedup)
        .filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble));
  }

  /** Geometric mean of the speedups of a comparison tool over the kernels where it is ok. */
  public OptionalDouble geometricMeanSpeedup(String tool) {
    return geometricMean(kernels.stream()
        .map(k -> k.comparison(tool).map(c -> c.speedupOver(k.baseline()))
            .orElse(OptionalDouble.empty()))
        .filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble));
  }

  /** exp(mean(ln x)) of positive values; empty for no values. */
  static OptionalDouble geometricMean(DoubleStream values) {
    double[] v = values.toArray();
    if (v.length == 0) {
      return OptionalDouble.empty();
    }
    double logSum = 0;
    for (double x : v) {
      logSum += Math.log(x);
    }
    return OptionalDouble.of(Math.exp(logSum / v.length));
  }
}
