package dev.polyj.reductions.pass;

import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.reductions.Reduction;
import dev.polyj.reductions.ReductionDependences;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The program's order with the loops of a reduction interchanged so that its innermost loop walks
 * memory with stride one: a statement that accumulates into one element over its innermost loop
 * ({@code x[i][j] = max(x[i][j], x[i][k] + x[k + 1][j])} over {@code k}) and reads a column there
 * instead pushes each term into the elements it contributes to, the loop of the element
 * ({@code j}) moved innermost and the reduction loop ({@code k}) moved to where {@code j} was:
 * <pre>{@code
 * for j: ...; for k < j: x[i][j] = max(x[i][j], x[i][k] + x[k + 1][j])     (column k + 1 walked)
 * for k: ...; for j > k: x[i][j] = max(x[i][j], x[i][k] + x[k + 1][j])     (rows i, k + 1 walked)
 * }</pre>
 * The other statements of the loop keep their places, so the terms of an element arrive before,
 * between and after its other updates: only reductions whose operator gives the same bits in any
 * order take part (integer minima and maxima, {@link Reduction#exact}), and their updates by
 * different statements are one reduction ({@link ReductionDependences}).
 *
 * <p>The two time dimensions of the statement's flat schedule are swapped when (1) fewer of its
 * accesses step by more than one element between consecutive iterations of the innermost loop,
 * (2) no dependence of any kind (reduction dependences included) joins two iterations of the new
 * innermost loop, which then runs in parallel or vectorizes, and (3) the new order respects the
 * relaxed dependences (checked exactly on the tree, {@link TreeDependences#check}). This is loop
 * interchange made legal by reduction-enabled dependences (Doerfert et al., IMPACT 2015, Section
 * 5), chosen by the stride-one criterion of loop permutation for locality (Wolf and Lam, PLDI
 * 1991; Kennedy and McKinley, "Optimizing for parallelism and data locality", ICS 1992).
 */
final class ReductionInterchange {
  private ReductionInterchange() {}

  /** The program's schedule with reduction loops interchanged as above, or null when none is. */
  static ScheduleNode interchange(Scop scop, ReductionDependences deps, UnionRelation all) {
    UnionRelation flat = ScheduleMaps.toFlatMapOrNull(scop.schedule());
    if (flat == null) return null;
    List<String> params = flat.paramNames();
    Map<String, Relation> theta = new LinkedHashMap<>();
    for (Relation r : flat.relations()) {
      if (theta.put(r.space().domainTuple().name(), r) != null) return null;
    }
    boolean changed = false;
    for (Reduction r : deps.reductions()) {
      if (!r.exactIn(scop) || !theta.containsKey(r.statement())) continue;
      Statement s = scop.statement(r.statement());
      Relation t = theta.get(s.name()).intersectDomain(s.domain());
      int n = t.space().nOut();
      List<Integer> loops = new ArrayList<>();
      for (int d = 0; d < n; d++) if (ScheduleMaps.constantAt(t, d) == null) loops.add(d);
      if (loops.size() < 2) continue;
      int inner = loops.get(loops.size() - 1);
      int before = strided(s, t, inner, params);
      if (before == 0) continue;
      for (int q = loops.size() - 2; q >= 0; q--) {
        Relation swapped = t.apply(swap(n, loops.get(q), inner, params));
        if (strided(s, swapped, inner, params) >= before) continue;
        Map<String, Relation> candidate = new LinkedHashMap<>(theta);
        candidate.put(s.name(), swapped);
        if (!parallel(s, candidate, inner, all, params) || !legal(candidate, scop, deps.relaxed())) continue;
        theta = candidate;
        changed = true;
        break;
      }
    }
    return changed ? ScheduleMaps.fromFlatMap(UnionRelation.of(new ArrayList<>(theta.values())), scop.domains()) : null;
  }

  /**
   * How many accesses of {@code s} step by more than one element (or along another dimension
   * than the last) between two consecutive iterations of time dimension {@code d} of {@code t}.
   */
  static int strided(Statement s, Relation t, int d, List<String> params) {
    int n = t.space().nOut();
    Relation next = t.apply(step(n, d, params)).apply(t.reverse());
    int count = 0;
    for (Access a : s.accesses()) {
      int rank = a.relation().space().nOut();
      if (rank == 0) continue;
      Relation at = a.relation().intersectDomain(s.domain());
      Relation moves = at.reverse().apply(next).apply(at);
      if (!moves.subtract(strideOne(a.array(), rank, params)).isEmpty()) count++;
    }
    return count;
  }

  /**
   * Whether no dependence of {@code all} (either way) joins two instances at times that differ
   * only in dimension {@code d}, one of them an instance of {@code s}.
   */
  private static boolean parallel(Statement s, Map<String, Relation> theta, int d, UnionRelation all,
      List<String> params) {
    UnionRelation times = UnionRelation.of(new ArrayList<>(theta.values()));
    int n = theta.get(s.name()).space().nOut();
    UnionRelation sameOuter = times.apply(UnionRelation.of(differOnlyAt(n, d, params))).apply(times.reverse());
    UnionRelation mine = UnionRelation.of(s.domain());
    UnionRelation conflicts = all.union(all.reverse()).intersect(sameOuter);
    return conflicts.intersectDomain(mine).isEmpty() && conflicts.intersectRange(mine).isEmpty();
  }

  private static boolean legal(Map<String, Relation> theta, Scop scop, UnionRelation deps) {
    try {
      TreeDependences.check(ScheduleMaps.fromFlatMap(UnionRelation.of(new ArrayList<>(theta.values())),
          scop.domains()), deps);
      return true;
    } catch (TreeDependences.IllegalScheduleException violated) {
      return false;
    }
  }

  /** {@code [t] -> [t']} with dimensions {@code a} and {@code b} swapped. */
  private static Relation swap(int n, int a, int b, List<String> params) {
    List<String> out = new ArrayList<>();
    for (int k = 0; k < n; k++) out.add("t" + (k == a ? b : k == b ? a : k));
    return map(n, String.join(", ", out), "", params);
  }

  /** {@code [t] -> [t + e_d]}. */
  private static Relation step(int n, int d, List<String> params) {
    List<String> out = new ArrayList<>();
    for (int k = 0; k < n; k++) out.add(k == d ? "t" + k + " + 1" : "t" + k);
    return map(n, String.join(", ", out), "", params);
  }

  /** {@code [t] -> [t']} with {@code t'} equal to {@code t} except in dimension {@code d}, where it differs. */
  private static Relation differOnlyAt(int n, int d, List<String> params) {
    List<String> out = new ArrayList<>();
    for (int k = 0; k < n; k++) out.add(k == d ? "u" : "t" + k);
    return map(n, String.join(", ", out), " : u != t" + d, params);
  }

  private static Relation map(int n, String out, String condition, List<String> params) {
    List<String> in = new ArrayList<>();
    for (int k = 0; k < n; k++) in.add("t" + k);
    return Relation.parse("[" + String.join(", ", params) + "] -> { [" + String.join(", ", in) + "] -> [" + out + "]"
        + condition + " }").alignParams(params);
  }

  /** The same element of {@code array}, or the next one along its last dimension. */
  private static Relation strideOne(String array, int rank, List<String> params) {
    List<String> a = new ArrayList<>();
    for (int k = 0; k < rank; k++) a.add("a" + k);
    List<String> next = new ArrayList<>(a);
    next.set(rank - 1, "a" + (rank - 1) + " + 1");
    String from = array + "[" + String.join(", ", a) + "]";
    return Relation.parse("[" + String.join(", ", params) + "] -> { " + from + " -> " + from + "; " + from + " -> "
        + array + "[" + String.join(", ", next) + "] }").alignParams(params);
  }
}
