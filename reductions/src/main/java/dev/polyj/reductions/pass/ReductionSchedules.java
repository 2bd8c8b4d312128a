package dev.polyj.reductions.pass;

import dev.polyj.polyhedral.pass.Scheduled;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.reductions.ReductionDependences;
import dev.polyj.reductions.ReductionLoops;
import java.util.List;
import java.util.function.Function;

/**
 * The schedule of a SCoP whose reductions may be reassociated (Doerfert et al., IMPACT 2015,
 * Section 5): one of four candidates.
 *
 * <ol>
 *   <li>The program's loops with consecutive nests fused along a matrix they both read ({@link
 *       ReadFusion}), under the conditions of the next candidate but without comparing counts:
 *       {@code mvt}'s two matrix-vector products, one reading the matrix by rows and one by
 *       columns, make one pass over it, parallel with the column sums privatized.
 *   <li>The program's own loops with reduction-enabled code generation (Section 5.1): the
 *       original schedule against the relaxed dependences {@code (D \ D_rho) u D_tau}, its
 *       outermost loops parallel with reduction clauses ({@link ReductionLoops}). Chosen when every
 *       outermost loop runs in parallel, at least one privatizes a reduction, and the program has
 *       fewer outermost loop nests than the Pluto schedule: the program fuses what Pluto
 *       distributes (atax and bicg make one pass over their matrix instead of two).
 *   <li>Reduction-enabled scheduling (Section 5.2): Pluto against the relaxed dependences, with
 *       reduction clauses. Chosen when the Pluto schedule of the exact dependences leaves an
 *       outermost loop sequential and this one does not.
 *   <li>The program's loops with a reduction's loops interchanged ({@link ReductionInterchange}),
 *       when no outermost loop of the Pluto schedule runs in parallel and a reduction whose terms
 *       combine exactly in any order (integer minima and maxima) walks a column in its innermost
 *       loop: nussinov's maxima into {@code table[i][j]} then add row {@code k + 1} into row
 *       {@code i} (a loop over {@code j} with stride one and no dependence) instead of walking
 *       column {@code j} for each element.
 *   <li>Otherwise the Pluto schedule of the exact dependences, as without reassociation: the
 *       scheduler does not know what privatization costs, and without the reduction dependences it
 *       no longer keeps the reductions innermost (matrix products lose their tiling).
 * </ol>
 */
public final class ReductionSchedules {
  private ReductionSchedules() {}

  /** The chosen schedule and which candidate it is, for the pass's statistics. */
  record Choice(Scheduled scheduled, String candidate) {}

  /**
   * @param all the exact dependences
   * @param scheduler the optimizer's schedule (tiled, annotated) against the given dependences
   */
  static Choice choose(Scop scop, ReductionDependences reductions, UnionRelation all,
      Function<UnionRelation, Scheduled> scheduler, boolean readFusion) {
    if (readFusion) {
      ScheduleNode fused = ReadFusion.fuse(scop, reductions.relaxed());
      Scheduled f = fused == null ? null : programOrder(fused, scop, reductions);
      if (f != null) return new Choice(f, "nests fused along a matrix they read");
    }
    Scheduled base = withReductionLoops(scheduler.apply(all), scop, reductions);
    List<Boolean> baseLoops = ReductionLoops.outermostLoops(base.tree());
    Scheduled own = programOrder(scop, reductions);
    if (own != null && ReductionLoops.outermostLoops(own.tree()).size() < baseLoops.size()) {
      return new Choice(own, "the program's loops");
    }
    if (!baseLoops.contains(true)) {
      ScheduleNode swapped = ReductionInterchange.interchange(scop, reductions, all);
      if (swapped != null) {
        ReductionLoops.Result loops = loopsOf(swapped, scop, reductions);
        return new Choice(new Scheduled(scop, loops.tree(), null, null, loops),
            "the program's loops with reduction loops interchanged");
      }
    }
    if (baseLoops.contains(false)) {
      Scheduled relaxed = withReductionLoops(scheduler.apply(reductions.relaxed()), scop, reductions);
      if (relaxed.reductions() instanceof ReductionLoops.Result r && !r.clauses().isEmpty()
          && !ReductionLoops.outermostLoops(relaxed.tree()).contains(false)) {
        return new Choice(relaxed, "the schedule of the relaxed dependences");
      }
    }
    return new Choice(base, "the schedule of all dependences");
  }

  /**
   * The program's own schedule with its outermost loops parallel, privatizing reductions; null
   * when some outermost loop stays sequential or none privatizes a reduction.
   */
  static Scheduled programOrder(Scop scop, ReductionDependences reductions) {
    return programOrder(scop.schedule(), scop, reductions);
  }

  /** {@link #programOrder(Scop, ReductionDependences)} for another order of the program's loops. */
  static Scheduled programOrder(ScheduleNode order, Scop scop, ReductionDependences reductions) {
    ReductionLoops.Result loops = loopsOf(order, scop, reductions);
    if (loops.clauses().isEmpty() || ReductionLoops.outermostLoops(loops.tree()).contains(false)) return null;

    return new Scheduled(scop, loops.tree(), null, null, loops);
  }

  /**
   * The clauses of the program's own loops (run sequentially where the work is small): their
   * innermost loops that carry only reduction dependences, vectorized with {@code omp simd
   * reduction} clauses; null when there is none.
   */
  static ReductionLoops.Result programOrderLoops(Scop scop, ReductionDependences reductions) {
    ReductionLoops.Result loops = loopsOf(scop.schedule(), scop, reductions);
    return loops.simdLoops().isEmpty() ? null : loops;
  }

  /** The loops of an untiled {@code order} of the program against the relaxed dependences. */
  private static ReductionLoops.Result loopsOf(ScheduleNode order, Scop scop, ReductionDependences reductions) {
    ScheduleNode tree = TreeDependences.annotate(order, reductions.relaxed());
    return ReductionLoops.apply(tree, scop, reductions, reductions.reduction());
  }

  /**
   * {@code s} with the parallel flags of its loops against the relaxed dependences, then those
   * carrying reduction dependences sequential, except the outermost ones that run in parallel with
   * reduction clauses and the innermost ones that may be vectorized ({@link ReductionLoops}). A
   * tree scheduled against the exact dependences keeps its other flags: a loop that carries no
   * reduction dependence is parallel against the relaxed dependences exactly when it is against
   * the exact ones.
   */
  static Scheduled withReductionLoops(Scheduled s, Scop scop, ReductionDependences reductions) {
    UnionRelation relaxed = reductions.relaxed();
    UnionRelation rho = reductions.reduction();
    if (s.tiling() != null) {
      relaxed = s.tiling().liftDependences(relaxed);
      rho = s.tiling().liftDependences(rho);
    }
    ScheduleNode tree = TreeDependences.annotate(s.tree(), relaxed);
    ReductionLoops.Result loops = ReductionLoops.apply(tree, scop, reductions, rho);
    boolean used = !loops.clauses().isEmpty() || !loops.simdLoops().isEmpty();
    return new Scheduled(s.scop(), loops.tree(), s.tiling(), s.programOrder(), used ? loops : null);
  }
}
