package dev.polyj.polybench.bench;

/**
 * A suite directory, kernel selection or tool set-up (e.g. no compiler) that makes a benchmark
 * run impossible, with a message for the user.
 */
public final class BenchSetupException extends Exception {

  public BenchSetupException(String message) {
    super(message);
  }
}
