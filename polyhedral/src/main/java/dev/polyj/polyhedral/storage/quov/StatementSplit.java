package dev.polyj.polyhedral.storage.quov;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Index-set splitting made real (Yuki and Rajopadhye, IMPACT 2013, Section 6: "application of
 * piece-wise mappings can be done through splitting the statements as defined by the pieces"):
 * a statement {@code S1} whose domain {@link UovSplit} partitions becomes one statement per piece
 * ({@code S1} for the main body, {@code S1_b0}, ... for the boundaries), each with the piece as
 * its domain. This class renames the instances of the split statements in the sets and relations
 * the optimizer keeps about them: the schedule tree (domain, band members, filters), the schedule
 * map and the dependences. Each piece runs where the statement ran, at the same schedule time, so
 * the program's order of the instances is unchanged.
 */
public final class StatementSplit {
  private StatementSplit() {}

  /** One piece of a split statement: its new name and its domain (in the statement's space). */
  public record Piece(String name, Relation domain) {}

  /** The name of boundary piece {@code k} of statement {@code s}. */
  static String boundaryName(String s, int k) {
    return s + "_b" + k;
  }

  /** {@code r} with tuple {@code t} renamed to {@code name}. */
  static Tuple renamed(Tuple t, String name) {
    return Tuple.of(name, t.dimNames());
  }

  /** Set or relation {@code r} with its (domain) tuple named {@code name}. */
  static Relation renamedDomain(Relation r, String name) {
    Space s = r.space();
    if (s.isSet()) return r.withSpace(s.withRangeTuple(renamed(s.tuple(), name)));
    return r.withSpace(s.withDomainTuple(renamed(s.domainTuple(), name)));
  }

  private static Relation renamedRange(Relation r, String name) {
    Space s = r.space();
    return r.withSpace(s.withRangeTuple(renamed(s.rangeTuple(), name)));
  }

  /**
   * {@code u} with every set or relation on a split statement replaced by one per piece (both
   * sides of a relation, e.g. a dependence from a split statement to itself).
   */
  public static UnionRelation apply(UnionRelation u, Map<String, List<Piece>> splits) {
    if (splits.isEmpty()) return u;
    List<Relation> out = new ArrayList<>();
    for (Relation r : u.relations()) {
      List<Relation> byDomain = new ArrayList<>();
      Space s = r.space();
      String dn = s.isSet() ? s.tuple().name() : s.domainTuple().name();
      List<Piece> dp = dn == null ? null : splits.get(dn);
      if (dp == null) {
        byDomain.add(r);
      } else {
        for (Piece p : dp) {
          Relation d = p.domain().alignParams(r.space().params());
          Relation x = s.isSet() ? r.intersect(d) : r.intersectDomain(d);
          if (!x.isEmpty()) byDomain.add(renamedDomain(x, p.name()));
        }
      }
      for (Relation r2 : byDomain) {
        String rn = r2.space().isSet() ? null : r2.space().rangeTuple().name();
        List<Piece> rp = rn == null ? null : splits.get(rn);
        if (rp == null) {
          out.add(r2);
          continue;
        }
        for (Piece p : rp) {
          Relation x = r2.intersectRange(p.domain().alignParams(r2.space().params()));
          if (!x.isEmpty()) out.add(renamedRange(x, p.name()));
        }
      }
    }
    return out.isEmpty() ? UnionRelation.empty(u.paramNames()) : UnionRelation.of(out);
  }

  /** The schedule tree {@code n} with the split statements' pieces in place of each. */
  public static ScheduleNode apply(ScheduleNode n, Map<String, List<Piece>> splits) {
    if (splits.isEmpty()) return n;
    if (n instanceof ScheduleNode.Domain d) {
      return new ScheduleNode.Domain(apply(d.domain(), splits), apply(d.child(), splits));
    } else if (n instanceof ScheduleNode.Band b) {
      List<UnionRelation> members = new ArrayList<>();
      for (UnionRelation m : b.members()) members.add(apply(m, splits));
      return new ScheduleNode.Band(ImmutableList.copyOf(members), b.permutable(), b.coincident(), b.loopTypes(),
          b.otherOptions(), apply(b.child(), splits));
    } else if (n instanceof ScheduleNode.Sequence q) {
      return new ScheduleNode.Sequence(filters(q.filters(), splits));
    } else if (n instanceof ScheduleNode.Set q) {
      return new ScheduleNode.Set(filters(q.filters(), splits));
    } else if (n instanceof ScheduleNode.Filter f) {
      return filter(f, splits);
    } else if (n instanceof ScheduleNode.Mark m) {
      return new ScheduleNode.Mark(m.mark(), apply(m.child(), splits));
    } else if (n instanceof ScheduleNode.Context c) {
      return new ScheduleNode.Context(c.context(), apply(c.child(), splits));
    } else if (n instanceof ScheduleNode.Guard g) {
      return new ScheduleNode.Guard(g.guard(), apply(g.child(), splits));
    } else if (n instanceof ScheduleNode.Leaf) {
      return n;
    }
    throw new QuovStorage.Unsupported("the schedule has a " + n.getClass().getSimpleName() + " node");
  }

  private static ImmutableList<ScheduleNode.Filter> filters(List<ScheduleNode.Filter> fs, Map<String, List<Piece>> splits) {
    List<ScheduleNode.Filter> out = new ArrayList<>();
    for (ScheduleNode.Filter f : fs) out.add(filter(f, splits));
    return ImmutableList.copyOf(out);
  }

  private static ScheduleNode.Filter filter(ScheduleNode.Filter f, Map<String, List<Piece>> splits) {
    return new ScheduleNode.Filter(apply(f.filter(), splits), apply(f.child(), splits));
  }
}
