package dev.polyj.polyhedral.schedule;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.List;

/**
 * A node of a schedule tree, as in isl: the root is a domain node (the statement instances);
 * bands give affine partial schedules, sequences and sets order (or leave unordered) their
 * filtered children, and context, mark, guard, extension and expansion nodes carry their isl
 * meaning. A missing child is a {@link Leaf}.
 */
public sealed interface ScheduleNode {
  /** The children, in order (empty for a leaf). */
  List<ScheduleNode> children();

  /** Whether {@code n} or a node below it is a band (a loop runs there). */
  static boolean containsBand(ScheduleNode n) {
    if (n instanceof Band) return true;
    for (ScheduleNode c : n.children()) if (containsBand(c)) return true;
    return false;
  }

  /** The instances to schedule. */
  record Domain(UnionRelation domain, ScheduleNode child) implements ScheduleNode {
    @Override
    public List<ScheduleNode> children() {
      return List.of(child);
    }
  }

  /** Constraints on the parameters and outer band dimensions (a parameter set here). */
  record Context(Relation context, ScheduleNode child) implements ScheduleNode {
    @Override
    public List<ScheduleNode> children() {
      return List.of(child);
    }
  }

  /** How code generation should emit a band member. */
  enum LoopType {
    DEFAULT,
    ATOMIC,
    UNROLL,
    SEPARATE
  }

  /**
   * A band: {@code members.get(k)} is the k-th affine schedule dimension, a union of maps from
   * statement instances to one-dimensional anonymous tuples. Each member has a coincident flag and
   * a loop type; {@code otherOptions} keeps further AST build options (isl notation) verbatim.
   */
  record Band(ImmutableList<UnionRelation> members, boolean permutable, ImmutableList<Boolean> coincident,
      ImmutableList<LoopType> loopTypes, String otherOptions, ScheduleNode child) implements ScheduleNode {
    public Band {
      if (coincident.size() != members.size() || loopTypes.size() != members.size()) {
        throw new IllegalArgumentException("band with " + members.size() + " members has "
            + coincident.size() + " coincident flags and " + loopTypes.size() + " loop types");
      }
    }

    /** A band with default flags. */
    public static Band of(List<UnionRelation> members, ScheduleNode child) {
      int n = members.size();
      return new Band(ImmutableList.copyOf(members), false,
          ImmutableList.copyOf(java.util.Collections.nCopies(n, false)),
          ImmutableList.copyOf(java.util.Collections.nCopies(n, LoopType.DEFAULT)), "", child);
    }

    public int nMember() {
      return members.size();
    }

    @Override
    public List<ScheduleNode> children() {
      return List.of(child);
    }
  }

  /** Children executed one after another, in order. */
  record Sequence(ImmutableList<Filter> filters) implements ScheduleNode {
    @Override
    public List<ScheduleNode> children() {
      return List.copyOf(filters);
    }
  }

  /** Children that may execute in any order. */
  record Set(ImmutableList<Filter> filters) implements ScheduleNode {
    @Override
    public List<ScheduleNode> children() {
      return List.copyOf(filters);
    }
  }

  /** Keeps only the instances in {@code filter}. */
  record Filter(UnionRelation filter, ScheduleNode child) implements ScheduleNode {
    @Override
    public List<ScheduleNode> children() {
      return List.of(child);
    }
  }

  /** An annotation for later passes. */
  record Mark(String mark, ScheduleNode child) implements ScheduleNode {
    @Override
    public List<ScheduleNode> children() {
      return List.of(child);
    }
  }

  /** Constraints that outer loops must enforce in the generated code. */
  record Guard(Relation guard, ScheduleNode child) implements ScheduleNode {
    @Override
    public List<ScheduleNode> children() {
      return List.of(child);
    }
  }

  /** Extra instances introduced as a function of the outer schedule dimensions. */
  record Extension(UnionRelation extension, ScheduleNode child) implements ScheduleNode {
    @Override
    public List<ScheduleNode> children() {
      return List.of(child);
    }
  }

  /** Each outer instance is expanded to a group of instances; {@code contraction} maps them back. */
  record Expansion(UnionRelation contraction, UnionRelation expansion, ScheduleNode child) implements ScheduleNode {
    @Override
    public List<ScheduleNode> children() {
      return List.of(child);
    }
  }

  /** The end of a branch. */
  record Leaf() implements ScheduleNode {
    @Override
    public List<ScheduleNode> children() {
      return List.of();
    }
  }

  Leaf LEAF = new Leaf();
}
