package dev.polyj.polybench.bench;

import java.util.Objects;

/**
 * Result of comparing a program's dump with the reference dump.
 *
 * @param kind    match, mismatch (the output is wrong) or malformed (a dump could not be read)
 * @param message what differs or what is malformed; empty for a match
 */
public record Verdict(Kind kind, String message) {

  /** The three outcomes of a comparison. */
  public enum Kind { MATCH, MISMATCH, MALFORMED }

  public Verdict {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(message, "message");
  }

  static Verdict match() {
    return new Verdict(Kind.MATCH, "");
  }

  public boolean matches() {
    return kind == Kind.MATCH;
  }
}
