package dev.polyj.polybench.report;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Arrays;
import java.util.List;

/**
 * Wall-clock times (seconds) of repeated runs of one executable; the median is the figure
 * reported.
 *
 * @param samples seconds of each run, in the order they were taken; at least one, none negative
 */
public record Timing(List<Double> samples) {

  public Timing {
    samples = List.copyOf(samples);
    checkArgument(!samples.isEmpty(), "a timing needs at least one sample");
    for (double s : samples) {
      checkArgument(s >= 0 && Double.isFinite(s), "invalid time sample %s", s);
    }
  }

  /** Timing of the given samples. */
  public static Timing of(double... samples) {
    return new Timing(Arrays.stream(samples).boxed().toList());
  }

  /** Median of the samples (mean of the two middle ones for an even count). */
  public double median() {
    double[] sorted = samples.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /** Smallest sample. */
  public double min() {
    return samples.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
  }

  /** Largest sample. */
  public double max() {
    return samples.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
  }
}
