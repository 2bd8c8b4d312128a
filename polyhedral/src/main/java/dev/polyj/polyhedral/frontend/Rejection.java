package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.scop.SourcePos;

/** One reason, with its position, why a region is not a SCoP. */
public record Rejection(RejectionCause cause, SourcePos pos, String message) {
  @Override
  public String toString() {
    return pos + ": " + cause.description() + ": " + message;
  }
}
