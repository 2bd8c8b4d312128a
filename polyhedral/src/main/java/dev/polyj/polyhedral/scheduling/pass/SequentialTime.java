package dev.polyj.polyhedral.scheduling.pass;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Time-iterated stencils with the time loop kept sequential and outermost, as the program wrote
 * it, instead of a time-skewed, wavefront-tiled band: inside every time step each statement group
 * keeps its own loop nest, run in parallel along its outermost parallel loop and vectorized along
 * its innermost one (the schedule Polly gives such programs). The nested loops of each nest are
 * merged into one band where no dependence open at the nest runs backward along any of them; the
 * band is left untiled: a time step streams through its arrays, and 32 x 32 space tiles only cut
 * the rows short (fdtd-2d at LARGE ran twice as slow with tiled space loops on one thread). The
 * pass option {@code time-loop.space-tiles=true} marks the merged bands permutable, so that they
 * are tiled.
 *
 * <p>A wavefront over skewed time tiles pays a synchronization per wavefront and runs the point
 * loops of several statements fused under guards with skewed subscripts; when the band holds
 * three or more statements or three space dimensions (fdtd-2d, heat-3d) this costs more than the
 * temporal locality it wins, and with one space dimension (jacobi-1d) a wavefront holds too little
 * work to pay for its synchronization: the space loops then run vectorized in one thread.
 * {@link #preferred} takes that decision from the scheduled tree. With the pass option {@code
 * time-loop.out-of-place=true}, a two-dimensional stencil that updates out of place (jacobi-2d: every
 * loop of a time step is parallel) also keeps its time loop outside ({@link #outOfPlace}); one that
 * updates in place (seidel-2d) keeps the wavefront. It is not the default: on a loaded machine the
 * 2 x tsteps parallel sweeps of jacobi-2d wait on each other far longer than the wavefront does.
 */
public final class SequentialTime {
  private SequentialTime() {}

  /** Fewest statements of a time band for which the time loop stays outside. */
  static final int MIN_STATEMENTS = 3;

  /** Fewest band members (time plus space dimensions) for which the time loop stays outside. */
  static final int MIN_MEMBERS = 4;

  /**
   * Whether the SCoP should run with the time loop sequential outside ({@link #tree}) rather
   * than under {@code scheduled} (its annotated Pluto tree): the outermost band of {@code
   * scheduled} is a permutable band whose first two members both carry dependences (it would be
   * time-tiled into a wavefront) with at least {@link #MIN_STATEMENTS} statements, at least {@link
   * #MIN_MEMBERS} members or exactly two (one space dimension), and the program's own outermost
   * loop encloses every statement and a sequence of loop nests.
   */
  static boolean preferred(ScheduleNode scheduled, Scop scop) {
    if (!wavefrontBand(scheduled, scop)) return false;
    ScheduleNode.Band b = outermostBand(scheduled);
    int statements = b.members().get(0).relations().size();
    return statements >= MIN_STATEMENTS || b.nMember() >= MIN_MEMBERS || b.nMember() == 2;
  }

  /**
   * Whether the outermost band of {@code scheduled} would be time-tiled into a wavefront (a
   * permutable band whose first two members carry dependences) over every statement, and the
   * program's own outermost loop encloses every statement and a sequence of loop nests.
   */
  static boolean wavefrontBand(ScheduleNode scheduled, Scop scop) {
    ScheduleNode.Band b = outermostBand(scheduled);
    if (b == null || !b.permutable() || b.nMember() < 2) return false;
    if (b.coincident().get(0) || b.coincident().get(1)) return false;
    return applies(scop) && b.members().get(0).relations().size() == scop.statements().size();
  }

  /**
   * Whether a time-tiled stencil updates out of place: under the program's sequential time loop,
   * every loop of a time step is parallel ({@link #tree} annotated with {@code deps}), as in
   * jacobi-2d, which reads one array and writes another in each sweep. Each sweep then runs its
   * rows in parallel and vectorized with no guard or skewed subscript, where the wavefront's tiles
   * fuse the two sweeps under guards and skew their subscripts (the point loop is not vectorized)
   * and wait on each other at every wavefront. In-place updates (seidel-2d) have no parallel loop
   * inside a step and keep the wavefront.
   */
  static boolean outOfPlace(ScheduleNode scheduled, Scop scop, UnionRelation deps) {
    if (!wavefrontBand(scheduled, scop)) return false;
    return fullyParallelSteps(TreeDependences.annotate(tree(scop, deps), deps));
  }

  /**
   * Whether the program's outermost loop encloses every statement and a sequence of loop nests,
   * and is a time loop: each step sweeps the same space (no inner loop bound mentions it) over the
   * same elements of the written arrays (no subscript of an array the region writes mentions it).
   * Cholesky's outer loop also encloses a sequence of nests, but its inner loops and subscripts
   * move with it.
   */
  static boolean applies(Scop scop) {
    ScheduleNode.Band time = outermostBand(scop.schedule());
    return time != null && time.nMember() == 1 && time.child() instanceof ScheduleNode.Sequence
        && time.members().get(0).relations().size() == scop.statements().size()
        && spaceIndependentOfTime(scop);
  }

  /** Whether the first dimension of every statement (the time loop) is tied to no other dimension of its domain and of its written arrays' accesses. */
  public static boolean spaceIndependentOfTime(Scop scop) {
    java.util.Set<String> written = new java.util.HashSet<>();
    for (Statement st : scop.statements()) {
      for (Access a : st.accesses()) if (a.isWrite()) written.add(a.array());
    }
    for (Statement st : scop.statements()) {
      for (BasicRelation b : st.domain().basics()) {
        if (b.nOut() == 0 || ties(b, b.outCol(0), b.outCol(0))) return false;
      }
      for (Access a : st.accesses()) {
        if (!written.contains(a.array())) continue;
        for (BasicRelation b : a.relation().basics()) {
          if (b.nIn() == 0 || ties(b, b.inCol(0), b.outCol(0))) return false;
        }
      }
    }
    return true;
  }

  /** Whether a constraint of {@code b} has a coefficient on {@code col} and one on a dimension or local column from {@code from} on (other than {@code col}). */
  private static boolean ties(BasicRelation b, int col, int from) {
    List<long[]> rows = new ArrayList<>(b.equalities());
    rows.addAll(b.inequalities());
    for (long[] r : rows) {
      if (r[col] == 0) continue;
      for (int c = from; c < b.nCol(); c++) if (c != col && r[c] != 0) return true;
    }
    return false;
  }

  /**
   * The program's schedule tree with every chain of nested one-loop bands below the outermost
   * loop merged into permutable bands where the dependences of {@code deps} (source to sink
   * instances) allow it. The tree is not annotated: its coincident flags are all false.
   */
  static ScheduleNode tree(Scop scop, UnionRelation deps) {
    return tree(scop, deps, false);
  }

  /** {@link #tree}, with the merged space bands marked permutable (tiled by tiling) when {@code spaceTiles}. */
  static ScheduleNode tree(Scop scop, UnionRelation deps, boolean spaceTiles) {
    return walk(scop.schedule(), deps, true, spaceTiles);
  }

  /**
   * As {@link #tree}, with the statements inside a time step scheduled anew (Pluto, on the
   * dependences within one time step) so that they can fuse with shifts; null when the program
   * has no single outermost loop.
   */
  static ScheduleNode fusedTree(Scop scop, UnionRelation deps) {
    ScheduleNode.Band time = outermostBand(scop.schedule());
    if (time == null || time.nMember() != 1) return null;
    UnionRelation tied = TreeDependences.tied(deps, time.members().get(0));
    List<dev.polyj.presburger.set.Relation> domains = new ArrayList<>();
    for (dev.polyj.polyhedral.scop.Statement s : scop.statements()) domains.add(s.domain());
    dev.polyj.polyhedral.scheduling.AffineSchedule inner = dev.polyj.polyhedral.scheduling.PlutoScheduler.schedule(
        domains, tied, new dev.polyj.polyhedral.scheduling.BisectionLexmin(1 << 12), scop.scheduleMap());
    ScheduleNode.Domain d = (ScheduleNode.Domain) inner.toTree();
    ScheduleNode body = untile(d.child());
    return new ScheduleNode.Domain(d.domain(), new ScheduleNode.Band(time.members(), false,
        ImmutableList.of(false), ImmutableList.of(ScheduleNode.LoopType.DEFAULT), "", body));
  }

  /**
   * Whether every loop inside the outermost one of an annotated tree is parallel: fusion inside a
   * time step is kept only then (shifted fusion that makes the space loops carry dependences, as
   * in heat-3d and jacobi-1d, loses their parallelism and vectorization).
   */
  static boolean fullyParallelSteps(ScheduleNode annotated) {
    ScheduleNode.Band time = outermostBand(annotated);
    return time != null && time.nMember() == 1 && allCoincident(time.child());
  }

  private static boolean allCoincident(ScheduleNode n) {
    if (n instanceof ScheduleNode.Band b && b.coincident().contains(false)) return false;
    for (ScheduleNode c : n.children()) if (!allCoincident(c)) return false;
    return true;
  }

  private static ScheduleNode untile(ScheduleNode n) {
    if (n instanceof ScheduleNode.Band b) {
      return new ScheduleNode.Band(b.members(), false, b.coincident(), b.loopTypes(), b.otherOptions(), untile(b.child()));
    }
    if (n instanceof ScheduleNode.Sequence s) {
      List<ScheduleNode.Filter> fs = new ArrayList<>();
      for (ScheduleNode.Filter f : s.filters()) fs.add((ScheduleNode.Filter) untile(f));
      return new ScheduleNode.Sequence(ImmutableList.copyOf(fs));
    }
    if (n instanceof ScheduleNode.Set s) {
      List<ScheduleNode.Filter> fs = new ArrayList<>();
      for (ScheduleNode.Filter f : s.filters()) fs.add((ScheduleNode.Filter) untile(f));
      return new ScheduleNode.Set(ImmutableList.copyOf(fs));
    }
    if (n instanceof ScheduleNode.Filter f) return new ScheduleNode.Filter(f.filter(), untile(f.child()));
    if (n instanceof ScheduleNode.Mark m) return new ScheduleNode.Mark(m.mark(), untile(m.child()));
    return n;
  }

  private static ScheduleNode.Band outermostBand(ScheduleNode n) {
    while (true) {
      if (n instanceof ScheduleNode.Band b) return b;
      if (n instanceof ScheduleNode.Domain d) {
        n = d.child();
      } else if (n instanceof ScheduleNode.Context c) {
        n = c.child();
      } else if (n instanceof ScheduleNode.Mark m) {
        n = m.child();
      } else {
        return null;
      }
    }
  }

  /** {@code outer}: no band has been met yet on the way down (the time loop stays alone). */
  private static ScheduleNode walk(ScheduleNode node, UnionRelation open, boolean outer, boolean tile) {
    if (node instanceof ScheduleNode.Domain d) {
      return new ScheduleNode.Domain(d.domain(), walk(d.child(), TreeDependences.within(open, d.domain()), outer, tile));
    }
    if (node instanceof ScheduleNode.Band b) {
      List<UnionRelation> members = new ArrayList<>(b.members());
      ScheduleNode child = b.child();
      if (!outer) {
        // members whose distances are non-negative on every dependence open here stay permutable
        boolean forward = true;
        for (UnionRelation m : members) forward &= TreeDependences.reversed(open, m).isEmpty();
        while (forward && child instanceof ScheduleNode.Band c) {
          for (UnionRelation m : c.members()) forward &= TreeDependences.reversed(open, m).isEmpty();
          if (!forward) break;
          members.addAll(c.members());
          child = c.child();
        }
      }
      UnionRelation inner = open;
      for (UnionRelation m : members) inner = TreeDependences.tied(inner, m);
      int n = members.size();
      return new ScheduleNode.Band(ImmutableList.copyOf(members), tile && n > 1, ImmutableList.copyOf(Collections.nCopies(n, false)),
          ImmutableList.copyOf(Collections.nCopies(n, ScheduleNode.LoopType.DEFAULT)), "", walk(child, inner, false, tile));
    }
    if (node instanceof ScheduleNode.Sequence s) return new ScheduleNode.Sequence(filters(s.filters(), open, outer, tile));
    if (node instanceof ScheduleNode.Set s) return new ScheduleNode.Set(filters(s.filters(), open, outer, tile));
    if (node instanceof ScheduleNode.Filter f) {
      return new ScheduleNode.Filter(f.filter(), walk(f.child(), TreeDependences.within(open, f.filter()), outer, tile));
    }
    if (node instanceof ScheduleNode.Context c) return new ScheduleNode.Context(c.context(), walk(c.child(), open, outer, tile));
    if (node instanceof ScheduleNode.Mark m) return new ScheduleNode.Mark(m.mark(), walk(m.child(), open, outer, tile));
    return node;
  }

  private static ImmutableList<ScheduleNode.Filter> filters(List<ScheduleNode.Filter> fs, UnionRelation open,
      boolean outer, boolean tile) {
    List<ScheduleNode.Filter> out = new ArrayList<>();
    for (ScheduleNode.Filter f : fs) out.add((ScheduleNode.Filter) walk(f, open, outer, tile));
    return ImmutableList.copyOf(out);
  }
}
