package dev.polyj.reductions.sdr;

import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.scheduling.AffineSchedule;
import dev.polyj.polyhedral.scheduling.BisectionLexmin;
import dev.polyj.polyhedral.scheduling.PlutoScheduler;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The augmented program of Section 6.1 (Yang, Atkinson, Carbin, POPL 2021) and its sequential
 * affine schedule. Each reduction {@code S: X[proj(x)] += e(x)} gets a redirect statement
 * {@code S_fin[y]: X[y] = X'[y]} over {@code proj(P)}, the moment the element's value is complete:
 * the accumulations write the fresh {@code X'}, every accumulation into an element precedes its
 * redirect, and every statement that touched the element after an accumulation (a use of the
 * result, a later overwrite) now follows the redirect instead. Statements that touched it before
 * precede both the accumulations and the redirect. The reduction's own accumulations no longer
 * depend on each other (the operator is associative and commutative).
 *
 * <p>The project's Pluto scheduler computes the schedule of the augmented program under these
 * dependences. Its rows for a redirect statement are the schedule {@code Theta_X} of the
 * reduction's left-hand side that the heuristic of Section 6.2 tests reuse directions against.
 * A Pluto schedule has full rank for every statement, so it is sequential (Definition 3.4).
 */
public final class AugmentedProgram {
  private final PolyhedralProgram program;
  private final List<String> params;
  private final Map<String, Relation> domains = new java.util.LinkedHashMap<>();
  private UnionRelation dependences;
  private AffineSchedule schedule;

  private AugmentedProgram(PolyhedralProgram program) {
    this.program = program;
    this.params = program.scop().params();
  }

  /** The augmented program of {@code program}, scheduled. */
  public static AugmentedProgram of(PolyhedralProgram program) {
    AugmentedProgram a = new AugmentedProgram(program);
    a.build();
    return a;
  }

  /** The name of the redirect statement of reduction {@code s}. */
  public static String finName(String s) {
    return s + "_fin";
  }

  public AffineSchedule schedule() {
    return schedule;
  }

  public UnionRelation dependences() {
    return dependences;
  }

  /** The statement domains, the redirect statements' included. */
  public Map<String, Relation> domains() {
    return domains;
  }

  private void build() {
    Scop scop = program.scop();
    for (Statement s : scop.statements()) domains.put(s.name(), s.domain().alignParams(params));
    Map<String, ReductionStatement> byName = new HashMap<>();
    Set<String> lhsArrays = new HashSet<>();
    for (ReductionStatement r : program.reductions()) {
      byName.put(r.name(), r);
      lhsArrays.add(r.array());
      domains.put(finName(r.name()), r.lhsDomain(params).withSpace(
          dev.polyj.presburger.space.Space.set(params, dev.polyj.presburger.space.Tuple.anonymous(finName(r.name()),
              r.projection().length))));
    }
    List<Relation> deps = new ArrayList<>();
    // dependences through arrays no reduction accumulates into: unchanged
    Dependences others = Dependences.compute(without(scop.reads(), lhsArrays), without(scop.mustWrites(), lhsArrays),
        scop.scheduleMap());
    deps.addAll(others.all().alignParams(params).relations());
    for (String x : lhsArrays) {
      for (Relation d : program.dependencesOn(x).all().alignParams(params).relations()) {
        String a = d.space().domainTuple().name();
        String b = d.space().rangeTuple().name();
        ReductionStatement ra = byName.get(a);
        ReductionStatement rb = byName.get(b);
        if (ra != null && !ra.array().equals(x)) ra = null;
        if (rb != null && !rb.array().equals(x)) rb = null;
        if (ra != null && ra == rb) continue; // accumulations of one reduction commute
        Relation src = ra == null ? d : d.applyDomain(ra.projectionMap(params, finName(a)));
        deps.add(src);
        if (rb != null) deps.add(src.apply(rb.projectionMap(params, finName(b))));
      }
    }
    for (ReductionStatement r : program.reductions()) {
      deps.add(r.projectionMap(params, finName(r.name())).intersectDomain(r.domain().alignParams(params)));
    }
    List<Relation> nonEmpty = new ArrayList<>();
    for (Relation d : deps) if (!d.isEmpty()) nonEmpty.add(d);
    dependences = nonEmpty.isEmpty() ? UnionRelation.empty(params) : UnionRelation.of(nonEmpty);
    schedule = PlutoScheduler.schedule(new ArrayList<>(domains.values()), dependences, new BisectionLexmin(1 << 12));
  }

  private static UnionRelation without(UnionRelation accesses, Set<String> arrays) {
    List<Relation> rs = new ArrayList<>();
    for (Relation r : accesses.relations()) if (!arrays.contains(r.space().rangeTuple().name())) rs.add(r);
    return rs.isEmpty() ? UnionRelation.empty(accesses.paramNames()) : UnionRelation.of(rs);
  }

  /**
   * Whether moving along {@code lhsStep} in the left-hand side of reduction {@code s} moves
   * forward in the schedule: the first non-zero entry of {@code Theta_X . lhsStep} is positive
   * (the test of Figure 8, step 2b). Zero for a zero step.
   */
  public int direction(String s, long[] lhsStep) {
    String fin = finName(s);
    int np = schedule.params().size();
    for (AffineSchedule.Level level : schedule.levels()) {
      long[] row = level.rows().get(fin);
      long dot = 0;
      for (int k = 0; k < lhsStep.length; k++) {
        dot = dev.polyj.presburger.arith.Ints.add(dot, dev.polyj.presburger.arith.Ints.mul(row[1 + np + k], lhsStep[k]));
      }
      if (dot != 0) return Long.signum(dot);
    }
    return 0;
  }
}
