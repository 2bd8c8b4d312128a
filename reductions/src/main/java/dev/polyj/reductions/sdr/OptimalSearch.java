package dev.polyj.reductions.sdr;

import dev.polyj.polyhedral.scheduling.AffineSchedule;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The exact formulation of SDR (Section 5.3 of Yang, Atkinson, Carbin, POPL 2021) solved by
 * enumeration: minimize the complexity of the transformed program over the reuse vectors of every
 * face (15b, 15c) subject to the existence of a schedule that satisfies its dependences (15d).
 *
 * <p>The bilinear program has one integer reuse vector per face. Its search space is finite up to
 * equivalence: by Lemma 6.1 the complexity a face's Simplification Transformation gives does not
 * depend on which valid reuse vector is taken, only on the face being transformed or not, and
 * which dependences it adds depends only on the direction of the vector. So the options at a face
 * are: no transformation (the indicator {@code 1_{r = 0}} of 5.3.4 set), or one of the directions
 * {@code +b} and {@code -b} for each vector {@code b} of the integer basis of its share space
 * (restricted to the face), those that are valid (the inverse condition: no {@code Sub} residual
 * for an operator without inverse) and profitable (the face's complexity drops). A choice at a face
 * decides which residual faces exist (the recursion of Lemma 5.3), so the search is a tree; every
 * leaf is a complete assignment, enumerated depth first.
 *
 * <p>The dependence constraints (5.3.3): the transformed program reuses {@code X[y - r_X]} in
 * {@code X[y]}, so an assignment is feasible when the augmented program has a sequential schedule
 * under which every chosen step {@code r_X} goes forward ({@code Theta_X . r_X} lexicographically
 * positive; the rest of the transformed program is then scheduled from it as in Lemma 6.2). The
 * steps are added to the augmented program as dependences {@code X_fin[y] -> X_fin[y + r_X]} and
 * a schedule is asked of {@link AugmentedProgram#scheduleWith}. That search (Pluto, Pluto completed
 * by the original order, Pluto on the mirror image) can miss a schedule that exists, so
 * "infeasible" here means "no schedule found": the minimum is exact over the assignments found
 * feasible, and every result is checked ({@link NewDependences} finds no violated dependence).
 *
 * <p>Complexities of several parameters are compared by dominance (every monomial of one is below
 * one of the other's): among incomparable minima the first one found is kept, and the first leaf
 * is the heuristic's order of options, so the search returns the heuristic's result when nothing
 * is strictly better.
 */
final class OptimalSearch {
  /** Above this many leaves the search stops and says so (its best result so far stands). */
  static final int MAX_LEAVES = 512;

  private OptimalSearch() {}

  static SdrResult run(Scop scop) {
    Sdr first = Sdr.given(scop, null, null, List.of());
    var replacement = first.transform();
    if (replacement == null) return first.unchanged();
    PolyhedralProgram ir = first.ir();
    AugmentedProgram augmented = first.augmented();
    Map<String, Optional<AffineSchedule>> feasible = new HashMap<>();
    Deque<List<Integer>> todo = new ArrayDeque<>();
    Sdr best = null;
    Map<String, List<Sdr.Placed>> bestReplacement = null;
    AffineSchedule bestTheta = null;
    int leaves = 0;
    Sdr current = first;
    var currentReplacement = replacement;
    while (true) {
      leaves++;
      // the siblings of every decision this leaf took past the prefix it was given
      for (int d = current.taken.size() - 1; d >= 0; d--) {
        if (d < prefixLength(current)) break;
        for (int alt = current.offered.get(d) - 1; alt > current.taken.get(d); alt--) {
          List<Integer> next = new ArrayList<>(current.taken.subList(0, d));
          next.add(alt);
          todo.push(next);
        }
      }
      if (currentReplacement != null
          && (best == null || current.replacedComplexity().lowerThan(best.replacedComplexity()))) {
        String k = key(current);
        if (!feasible.containsKey(k)) feasible.put(k, schedule(augmented, current.steps, scop));
        AffineSchedule theta = feasible.get(k).orElse(null);
        if (theta != null && agrees(theta, current.steps)) {
          best = current;
          bestReplacement = currentReplacement;
          bestTheta = theta;
        }
      }
      if (todo.isEmpty() || leaves >= MAX_LEAVES) break;
      List<Integer> prefix = todo.pop();
      current = Sdr.given(scop, ir, augmented, prefix);
      currentReplacement = current.transform();
    }
    SdrResult out;
    if (best == null) {
      out = Sdr.given(scop, ir, augmented, List.of()).unchanged();
    } else {
      out = best.finish(bestReplacement, bestTheta);
      if (!NewDependences.violations(out).isEmpty()) out = Sdr.simplify(scop);
    }
    out.notes().add("optimal search: " + leaves + " assignment" + (leaves == 1 ? "" : "s") + " of reuse vectors, "
        + feasible.size() + " scheduling question" + (feasible.size() == 1 ? "" : "s")
        + (todo.isEmpty() ? "" : ", stopped at " + MAX_LEAVES + " (the best so far is kept)"));
    return out;
  }

  private static int prefixLength(Sdr s) {
    return s.prefixLength();
  }

  private static String key(Sdr s) {
    TreeSet<String> keys = new TreeSet<>();
    for (Sdr.ReuseStep st : s.steps) keys.add(st.key());
    return keys.toString();
  }

  /** A schedule of the augmented program under which every step goes forward, if one is found. */
  private static Optional<AffineSchedule> schedule(AugmentedProgram augmented, List<Sdr.ReuseStep> steps, Scop scop) {
    if (agrees(augmented.schedule(), steps)) return Optional.of(augmented.schedule());
    List<Relation> extra = new ArrayList<>();
    List<String> params = scop.params();
    for (Sdr.ReuseStep st : steps) {
      Relation lhs = augmented.domains().get(AugmentedProgram.finName(st.reduction())).alignParams(params);
      Relation step = AffineMaps.translation(lhs.space(), st.lhsStep()).intersectDomain(lhs).intersectRange(lhs);
      if (!step.isEmpty()) extra.add(step);
    }
    return Optional.ofNullable(augmented.scheduleWith(extra));
  }

  private static boolean agrees(AffineSchedule theta, List<Sdr.ReuseStep> steps) {
    for (Sdr.ReuseStep st : steps) if (AugmentedProgram.direction(theta, st.reduction(), st.lhsStep()) <= 0) return false;
    return true;
  }
}
