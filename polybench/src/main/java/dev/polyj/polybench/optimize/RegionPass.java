package dev.polyj.polybench.optimize;

import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;

/** A pass of the optimizer's pipeline over a region: its name, level, description and default. */
abstract class RegionPass implements Pass<RegionState> {
  private final String name;
  private final PassLevel level;
  private final boolean on;
  private final String description;

  RegionPass(String name, PassLevel level, boolean on, String description) {
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
