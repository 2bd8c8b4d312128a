package dev.polyj.polybench.report;

/** Outcome of one kernel (or of one comparison tool on a kernel) in a benchmark run. */
public enum Status {
  /** Built, ran, and its output matched the baseline's. */
  OK,
  /** Built and ran, but its output differs from the baseline's. */
  WRONG,
  /** Could not be optimized, built or run (the reason says which). */
  FAILED;

  /** Lower-case label used in reports. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
