package dev.polyj.polyhedral.pass;

/** A pass with its name, level, description and default fixed at construction. */
public abstract class BasicPass<S> implements Pass<S> {
  private final String name;
  private final PassLevel level;
  private final boolean on;
  private final String description;

  protected BasicPass(String name, PassLevel level, boolean on, String description) {
    this.name = name;
    this.level = level;
    this.on = on;
    this.description = description;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final PassLevel level() {
    return level;
  }

  @Override
  public final boolean enabledByDefault() {
    return on;
  }

  @Override
  public final String description() {
    return description;
  }

  @Override
  public String toString() {
    return name;
  }
}
