package dev.polyj.presburger.calc;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;

/** A union of sets or a union of maps (an empty union is both). */
public record UnionValue(UnionRelation union) implements Value {
  public UnionValue {
    checkNotNull(union, "union");
  }

  /** True when every member is a set or a parameter domain (vacuously true for an empty union). */
  public boolean isSets() {
    for (Relation r : union.relations()) if (r.space().kind() == Space.Kind.MAP) return false;
    return true;
  }

  /** True when every member is a map (vacuously true for an empty union). */
  public boolean isMaps() {
    for (Relation r : union.relations()) if (r.space().kind() != Space.Kind.MAP) return false;
    return true;
  }

  @Override
  public String typeName() {
    if (isSets()) return "set";
    if (isMaps()) return "map";
    return "union of sets and maps";
  }

  @Override
  public String print() {
    return union.toString();
  }
}
