package dev.polyj.reductions.sdr;

import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The dependence constraints of Section 5.3.3 (Yang, Atkinson, Carbin, POPL 2021) checked on a
 * transformed program: the Simplification Transformation adds dependences through its temporaries
 * (the reuse of {@code X[y - r]} by {@code X[y]}, the increments {@code Add[y]} and
 * {@code Sub[y]} read by {@code X[y]}), and the program's schedule must order every write of a
 * temporary element before every read of it by another instance. Accumulations into one element
 * by one statement commute and are not ordered. A violation is a dependence that goes backwards
 * in time: the cycle of the paper's Figure 3 when the reuse direction goes against the schedule.
 */
public final class NewDependences {
  private NewDependences() {}

  /** The pairs of statements whose dependence through a temporary the schedule violates. */
  public static List<String> violations(SdrResult result) {
    Scop p = result.program();
    Set<String> temps = new HashSet<>();
    for (var a : result.temporaries()) temps.add(a.name());
    List<String> out = new ArrayList<>();
    List<String> params = p.params();
    for (Statement r : p.statements()) {
      for (Access read : r.reads()) {
        if (!temps.contains(read.array())) continue;
        for (Statement w : p.statements()) {
          if (w == r && accumulatesInPlace(r, read)) continue;
          for (Access write : w.writes()) {
            if (!write.array().equals(read.array())) continue;
            Relation pairs = write.relation().alignParams(params).apply(read.relation().alignParams(params).reverse());
            if (w == r) {
              pairs = pairs.subtract(AffineMaps.map(params, r.name(), r.depth(), r.name(),
                  AffineMaps.identityMinus(params.size(), r.depth(), null)));
            }
            pairs = pairs.intersectDomain(w.domain().alignParams(params)).intersectRange(r.domain().alignParams(params));
            if (pairs.isEmpty()) continue;
            Relation sw = schedule(p, w.name(), params);
            Relation sr = schedule(p, r.name(), params);
            Relation times = pairs.applyDomain(sw).apply(sr);
            int n = sw.space().nOut();
            Space t = Space.set(params, Tuple.anonymous(null, n));
            if (!times.intersect(Relation.lexGe(t, t).withSpace(times.space())).isEmpty()) {
              out.add(w.name() + " -> " + r.name() + " through " + read.array());
            }
          }
        }
      }
    }
    return out;
  }

  /**
   * Whether {@code s} accumulates into the element it reads through {@code read} ({@code +=},
   * {@code *=}, {@code t = max(t, e)}): such accumulations commute and need no order among them.
   */
  private static boolean accumulatesInPlace(Statement s, Access read) {
    if (dev.polyj.reductions.ReductionDetection.detect(s).isEmpty()) return false;
    for (Access w : s.writes()) if (w.array().equals(read.array()) && w.relation().isEqual(read.relation())) return true;
    return false;
  }

  private static Relation schedule(Scop p, String stmt, List<String> params) {
    for (Relation m : p.scheduleMap().alignParams(params).relations()) {
      if (stmt.equals(m.space().domainTuple().name())) return m;
    }
    throw new IllegalArgumentException("no schedule for " + stmt);
  }
}
