package dev.polyj.polyhedral.pass;

/** What a pass reads and rewrites. */
public enum PassLevel {
  /** The SCoP itself: statements, domains, accesses, arrays. */
  SCOP("scop"),
  /** The schedule tree of the SCoP (and the dependences it respects). */
  SCHEDULE("schedule"),
  /** The loop AST generated from the schedule tree, before it is printed as C. */
  AST("ast");

  private final String label;

  PassLevel(String label) {
    this.label = label;
  }

  /** The level's name as the command line prints it. */
  public String label() {
    return label;
  }
}
