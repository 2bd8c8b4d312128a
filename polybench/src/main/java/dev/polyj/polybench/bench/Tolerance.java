package dev.polyj.polybench.bench;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Locale;

/**
 * How closely a dumped value must match the reference value.
 *
 * <p>{@link #EXACT} requires equal printed values (NaN matches NaN, and -0.00 matches 0.00).
 * A relative tolerance {@code r} accepts {@code |a - b| <= max(r * max(|a|, |b|), q)} where
 * {@code q} is one unit in the last printed decimal place: a reassociated reduction may differ
 * from the reference in its last bits, and printing with two decimals can turn that into one
 * unit of the last printed digit whatever {@code r} is.
 *
 * @param relative relative tolerance, 0 for exact comparison
 */
public record Tolerance(double relative) {

  /** Exact comparison of the printed values. */
  public static final Tolerance EXACT = new Tolerance(0);

  /** Slack for the rounding of {@code |a - b|} itself when comparing against one printed unit. */
  private static final double ROUNDING_SLACK = 1e-6;

  public Tolerance {
    checkArgument(relative >= 0 && relative < 1 && Double.isFinite(relative),
        "relative tolerance must be in [0, 1), got %s", relative);
  }

  public boolean isExact() {
    return relative == 0;
  }

  /** Whether {@code actual} is acceptable for {@code expected}, printed with unit {@code quantum}. */
  public boolean accepts(double expected, double actual, double quantum) {
    if (expected == actual || (Double.isNaN(expected) && Double.isNaN(actual))) {
      return true;
    }
    if (isExact() || Double.isNaN(expected) || Double.isNaN(actual)
        || Double.isInfinite(expected) || Double.isInfinite(actual)) {
      return false;
    }
    double diff = Math.abs(expected - actual);
    double scale = Math.max(Math.abs(expected), Math.abs(actual));
    return diff <= relative * scale || diff <= quantum * (1 + ROUNDING_SLACK);
  }

  /** Short description for reports: {@code exact} or {@code rel 1e-09}. */
  public String label() {
    return isExact() ? "exact" : String.format(Locale.ROOT, "rel %.0e", relative);
  }
}
