package dev.polyj.polybench.bench;

/** A program's stderr that is not a well-formed array dump. */
public final class MalformedDumpException extends Exception {

  public MalformedDumpException(String message) {
    super(message);
  }
}
