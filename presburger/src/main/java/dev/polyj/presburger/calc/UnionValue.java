package dev.polyj.presburger.calc;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;

/**
 * A union of sets or a union of maps. An empty union has no member to tell which it is, so it
 * carries the type it was written or computed with ({@code emptyIsMap}); it is accepted as a set or
 * a map alike where iscc would accept it.
 */
public record UnionValue(UnionRelation union, boolean emptyIsMap) implements Value {
  public UnionValue {
    checkNotNull(union, "union");
    if (union.size() > 0) emptyIsMap = false; // members tell the type; keeps equality structural
  }

  /** A union typed by its members (a set when empty). */
  public UnionValue(UnionRelation union) {
    this(union, false);
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
    if (union.size() == 0) return emptyIsMap ? "map" : "set";
    if (isSets()) return "set";
    if (isMaps()) return "map";
    return "union of sets and maps";
  }

  /** Printed without redundant constraints (shadows of eliminated variables often are). */
  @Override
  public String print() {
    return union.map(Relation::removeRedundancies).toString();
  }
}
