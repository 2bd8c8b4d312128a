package dev.polyj.presburger.notation;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.List;

/**
 * One isl object read from a larger text: the union it denotes, its members one per space in the
 * order they first appear (empty members included, unlike in the union), and the offset just after
 * the closing brace.
 */
public record ParseResult(UnionRelation union, List<Relation> relations, int end) {
  public ParseResult {
    relations = ImmutableList.copyOf(relations);
  }
}
