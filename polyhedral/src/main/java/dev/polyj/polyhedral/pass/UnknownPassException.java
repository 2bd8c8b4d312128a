package dev.polyj.polyhedral.pass;

import java.util.List;

/** A pass name the pipeline does not have; the message lists the valid names. */
public final class UnknownPassException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public UnknownPassException(String name, List<String> valid) {
    super("unknown pass '" + name + "'; valid passes: " + String.join(", ", valid));
  }
}
