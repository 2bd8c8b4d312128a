package dev.polyj.polyhedral.scheduling;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.List;

/**
 * Dependences against a schedule tree: the exact legality check of a (transformed, e.g. tiled)
 * tree and the exact parallelism of each of its loops.
 *
 * <p>The tree is walked from the root keeping the dependences still "open": those whose source
 * and sink instances agree on every outer loop and go to the same child of every outer sequence.
 * A band member {@code M} is legal when no open dependence has {@code M(sink) < M(source)}; it
 * is coincident (a parallel loop) when every open dependence has {@code M(sink) = M(source)}; the
 * dependences with {@code M(sink) > M(source)} are carried by it and are closed for the inner
 * nodes. A sequence must not send a dependence from a later child to an earlier one, a set not
 * between different children, and a leaf must not receive an open dependence. Members may be
 * quasi-affine (tiles): all tests are done on Presburger relations.
 */
public final class TreeDependences {
  private TreeDependences() {}

  /** A schedule that does not respect a dependence: a bug of the transformation that produced it. */
  public static final class IllegalScheduleException extends IllegalStateException {
    public IllegalScheduleException(String message) {
      super(message);
    }
  }

  /**
   * The tree with the coincident flag of every band member set to whether the loop it becomes is
   * parallel (given all loops outside it); throws {@link IllegalScheduleException} when the tree
   * violates a dependence of {@code deps} (a union map from source to sink instances).
   */
  public static ScheduleNode annotate(ScheduleNode root, UnionRelation deps) {
    return walk(root, deps);
  }

  /** Throws {@link IllegalScheduleException} when the tree violates a dependence of {@code deps}. */
  public static void check(ScheduleNode root, UnionRelation deps) {
    walk(root, deps);
  }

  private static ScheduleNode walk(ScheduleNode node, UnionRelation open) {
    if (node instanceof ScheduleNode.Domain d) {
      UnionRelation inside = open.intersectDomain(d.domain()).intersectRange(d.domain());
      return new ScheduleNode.Domain(d.domain(), walk(d.child(), inside));
    }
    if (node instanceof ScheduleNode.Band b) {
      List<Boolean> coincident = new ArrayList<>();
      UnionRelation rest = open;
      for (int k = 0; k < b.nMember(); k++) {
        UnionRelation m = b.members().get(k);
        if (rest.isEmpty()) {
          coincident.add(true);
          continue;
        }
        UnionRelation backward = rest.intersect(compare(m, "<"));
        if (!backward.isEmpty()) {
          throw new IllegalScheduleException("band member " + k + " " + m + " reverses the dependences "
              + backward.coalesce());
        }
        coincident.add(rest.intersect(compare(m, ">")).isEmpty());
        rest = rest.intersect(compare(m, "="));
      }
      return new ScheduleNode.Band(b.members(), b.permutable(), ImmutableList.copyOf(coincident), b.loopTypes(),
          b.otherOptions(), walk(b.child(), rest));
    }
    if (node instanceof ScheduleNode.Sequence s) {
      List<ScheduleNode.Filter> out = new ArrayList<>();
      for (int i = 0; i < s.filters().size(); i++) {
        UnionRelation fi = s.filters().get(i).filter();
        for (int j = 0; j < i; j++) {
          UnionRelation back = open.intersectDomain(fi).intersectRange(s.filters().get(j).filter());
          if (!back.isEmpty()) {
            throw new IllegalScheduleException("sequence child " + i + " must run before child " + j + ": "
                + back.coalesce());
          }
        }
        out.add(filtered(s.filters().get(i), open));
      }
      return new ScheduleNode.Sequence(ImmutableList.copyOf(out));
    }
    if (node instanceof ScheduleNode.Set s) {
      List<ScheduleNode.Filter> out = new ArrayList<>();
      for (int i = 0; i < s.filters().size(); i++) {
        UnionRelation fi = s.filters().get(i).filter();
        for (int j = 0; j < s.filters().size(); j++) {
          if (j == i) continue;
          UnionRelation across = open.intersectDomain(fi).intersectRange(s.filters().get(j).filter());
          if (!across.isEmpty()) {
            throw new IllegalScheduleException("set children " + i + " and " + j + " are dependent: "
                + across.coalesce());
          }
        }
        out.add(filtered(s.filters().get(i), open));
      }
      return new ScheduleNode.Set(ImmutableList.copyOf(out));
    }
    if (node instanceof ScheduleNode.Filter f) return filtered(f, open);
    if (node instanceof ScheduleNode.Context c) return new ScheduleNode.Context(c.context(), walk(c.child(), open));
    if (node instanceof ScheduleNode.Mark m) return new ScheduleNode.Mark(m.mark(), walk(m.child(), open));
    if (node instanceof ScheduleNode.Guard g) return new ScheduleNode.Guard(g.guard(), walk(g.child(), open));
    if (node instanceof ScheduleNode.Leaf) {
      if (!open.isEmpty()) {
        throw new IllegalScheduleException("dependences left unordered by the schedule: " + open.coalesce());
      }
      return node;
    }
    throw new IllegalArgumentException("schedule node not supported by the dependence check: "
        + node.getClass().getSimpleName());
  }

  private static ScheduleNode.Filter filtered(ScheduleNode.Filter f, UnionRelation open) {
    UnionRelation inside = open.intersectDomain(f.filter()).intersectRange(f.filter());
    return new ScheduleNode.Filter(f.filter(), walk(f.child(), inside));
  }

  /** The dependences of {@code open} that {@code member} orders forward (it carries them). */
  public static UnionRelation carried(UnionRelation open, UnionRelation member) {
    return open.intersect(compare(member, ">"));
  }

  /** The dependences of {@code open} that {@code member} orders backward (it violates them). */
  public static UnionRelation reversed(UnionRelation open, UnionRelation member) {
    return open.intersect(compare(member, "<"));
  }

  /** The dependences of {@code open} whose source and sink {@code member} maps to the same value. */
  public static UnionRelation tied(UnionRelation open, UnionRelation member) {
    return open.intersect(compare(member, "="));
  }

  /** The dependences of {@code open} from and to instances of {@code filter}. */
  public static UnionRelation within(UnionRelation open, UnionRelation filter) {
    return open.intersectDomain(filter).intersectRange(filter);
  }

  private static final java.util.Map<String, UnionRelation> ORDERS = java.util.Map.of(
      "<", UnionRelation.parse("{ [a] -> [b] : b < a }"),
      "=", UnionRelation.parse("{ [a] -> [b] : b = a }"),
      ">", UnionRelation.parse("{ [a] -> [b] : b > a }"));

  /** {@code { s -> t : M(t) op M(s) }} for a one-dimensional member {@code M}. */
  private static UnionRelation compare(UnionRelation member, String op) {
    return member.apply(ORDERS.get(op)).apply(member.reverse());
  }
}
