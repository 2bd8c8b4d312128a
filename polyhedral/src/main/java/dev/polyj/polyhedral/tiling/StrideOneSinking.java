package dev.polyj.polyhedral.tiling;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.List;

/**
 * Moves a parallel band member with stride-one accesses below the bands nested inside its band,
 * so that it becomes the innermost loop of every statement it schedules (Pluto's intra-tile
 * reordering, which makes such a loop innermost over the whole depth of the tile, not only among
 * the band's own members).
 *
 * <p>A band whose child is a sequence of single bands (statements of different depths fused by
 * their outer loops, as the sums of a message-passing update over a pixel's neighbours) keeps its
 * members outside the inner bands; {@link StrideOrder} orders the point loops of each band on its
 * own, so a member along which every statement reads and writes consecutive elements stays outside
 * inner loops that walk whole rows. A member {@code m} of a permutable band moves when it is
 * coincident (no dependence left open by the members before it has a nonzero distance along it: it
 * may then take any position inside them), has a positive stride score ({@link StrideOrder}), and,
 * in every inner band, {@link StrideOrder#order} would put it last were it a member of that band
 * with the statements of that band only. The inner bands get {@code
 * m} as their last member; the outer band keeps its other members (it disappears when {@code m}
 * was its only one). The new tree is checked against the dependences and annotated again
 * ({@link TreeDependences#annotate}); on any violation the band stays as it was.
 */
public final class StrideOneSinking {
  private final StrideOrder stride;
  private final UnionRelation deps;

  private StrideOneSinking(Scop scop, UnionRelation deps) {
    this.stride = new StrideOrder(scop);
    this.deps = deps;
  }

  /** {@code tree} (annotated) with stride-one members sunk below inner bands where legal and profitable. */
  public static ScheduleNode apply(ScheduleNode tree, Scop scop, UnionRelation deps) {
    StrideOneSinking s = new StrideOneSinking(scop, deps);
    ScheduleNode candidate = s.walk(tree);
    if (candidate == tree) return tree;
    try {
      return TreeDependences.annotate(candidate, deps);
    } catch (TreeDependences.IllegalScheduleException e) {
      return tree;
    }
  }

  private ScheduleNode walk(ScheduleNode n) {
    if (n instanceof ScheduleNode.Band b) {
      ScheduleNode sunk = sink(b);
      if (sunk != null) return sunk;
      ScheduleNode c = walk(b.child());
      return c == b.child() ? b : new ScheduleNode.Band(b.members(), b.permutable(), b.coincident(), b.loopTypes(),
          b.otherOptions(), c);
    }
    if (n instanceof ScheduleNode.Domain d) {
      ScheduleNode c = walk(d.child());
      return c == d.child() ? d : new ScheduleNode.Domain(d.domain(), c);
    }
    if (n instanceof ScheduleNode.Context x) {
      ScheduleNode c = walk(x.child());
      return c == x.child() ? x : new ScheduleNode.Context(x.context(), c);
    }
    if (n instanceof ScheduleNode.Mark m) {
      ScheduleNode c = walk(m.child());
      return c == m.child() ? m : new ScheduleNode.Mark(m.mark(), c);
    }
    if (n instanceof ScheduleNode.Filter f) {
      ScheduleNode c = walk(f.child());
      return c == f.child() ? f : new ScheduleNode.Filter(f.filter(), c);
    }
    if (n instanceof ScheduleNode.Sequence q) {
      List<ScheduleNode.Filter> out = walkFilters(q.filters());
      return out == null ? q : new ScheduleNode.Sequence(ImmutableList.copyOf(out));
    }
    if (n instanceof ScheduleNode.Set q) {
      List<ScheduleNode.Filter> out = walkFilters(q.filters());
      return out == null ? q : new ScheduleNode.Set(ImmutableList.copyOf(out));
    }
    return n;
  }

  /** The filters walked, or null when none changed. */
  private List<ScheduleNode.Filter> walkFilters(List<ScheduleNode.Filter> filters) {
    List<ScheduleNode.Filter> out = new ArrayList<>();
    boolean changed = false;
    for (ScheduleNode.Filter f : filters) {
      ScheduleNode.Filter g = (ScheduleNode.Filter) walk(f);
      changed |= g != f;
      out.add(g);
    }
    return changed ? out : null;
  }

  /** The band with a member sunk into its inner bands, or null when none moves. */
  private ScheduleNode sink(ScheduleNode.Band b) {
    if (!b.permutable()) return null;
    List<ScheduleNode.Filter> filters = new ArrayList<>();
    List<ScheduleNode.Band> inner = new ArrayList<>();
    boolean sequence = false;
    if (b.child() instanceof ScheduleNode.Band c && c.child() instanceof ScheduleNode.Leaf) {
      inner.add(c);
    } else if (b.child() instanceof ScheduleNode.Sequence q) {
      sequence = true;
      for (ScheduleNode.Filter f : q.filters()) {
        if (!(f.child() instanceof ScheduleNode.Band c) || !(c.child() instanceof ScheduleNode.Leaf)) return null;
        filters.add(f);
        inner.add(c);
      }
    } else {
      return null;
    }
    int best = -1;
    long bestScore = 0;
    for (int k = 0; k < b.nMember(); k++) {
      if (!b.coincident().get(k)) continue;
      Long score = stride.score(b.members().get(k));
      if (score != null && score > bestScore) {
        bestScore = score;
        best = k;
      }
    }
    if (best < 0) return null;
    UnionRelation member = b.members().get(best);
    List<ScheduleNode.Band> deeper = new ArrayList<>();
    for (int i = 0; i < inner.size(); i++) {
      ScheduleNode.Band c = inner.get(i);
      UnionRelation part = sequence ? member.intersectDomain(filters.get(i).filter()) : member;
      ScheduleNode.Band d = appended(c, part);
      int[] order = stride.order(d);
      if (order[order.length - 1] != d.nMember() - 1) return null;
      Long own = stride.score(part);
      if (own == null || own <= 0) return null;
      deeper.add(d);
    }
    ScheduleNode below;
    if (sequence) {
      List<ScheduleNode.Filter> fs = new ArrayList<>();
      for (int i = 0; i < filters.size(); i++) fs.add(new ScheduleNode.Filter(filters.get(i).filter(), deeper.get(i)));
      below = new ScheduleNode.Sequence(ImmutableList.copyOf(fs));
    } else {
      below = deeper.get(0);
    }
    if (b.nMember() == 1) return below;
    return new ScheduleNode.Band(without(b.members(), best), b.permutable(), without(b.coincident(), best),
        without(b.loopTypes(), best), b.otherOptions(), below);
  }

  private static ScheduleNode.Band appended(ScheduleNode.Band c, UnionRelation member) {
    return new ScheduleNode.Band(
        ImmutableList.<UnionRelation>builder().addAll(c.members()).add(member).build(), c.permutable(),
        ImmutableList.<Boolean>builder().addAll(c.coincident()).add(true).build(),
        ImmutableList.<ScheduleNode.LoopType>builder().addAll(c.loopTypes()).add(ScheduleNode.LoopType.DEFAULT).build(),
        c.otherOptions(), c.child());
  }

  private static <T> ImmutableList<T> without(List<T> list, int k) {
    ImmutableList.Builder<T> out = ImmutableList.builder();
    for (int i = 0; i < list.size(); i++) if (i != k) out.add(list.get(i));
    return out.build();
  }
}
