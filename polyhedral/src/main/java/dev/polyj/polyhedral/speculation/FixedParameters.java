package dev.polyj.polyhedral.speculation;

import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A SCoP specialized for given values of some of its parameters (SPolly, Doerfert et al., IMPACT
 * 2013, Section 4.2): every domain, access relation, schedule and the context restricted to these
 * values, so that dependence analysis, scheduling and code generation know them. The code is valid
 * only where the parameters have these values, which its guard checks.
 */
public final class FixedParameters {
  private FixedParameters() {}

  /** {@code scop} with the parameters of {@code values} it has fixed to them (the others ignored). */
  public static Scop fix(Scop scop, Map<String, Long> values) {
    List<String> ps = scop.params();
    Space space = Space.params(ps);
    BasicRelation.Builder b = BasicRelation.builder(space);
    for (var e : values.entrySet()) {
      int k = ps.indexOf(e.getKey());
      if (k < 0) continue;
      long[] row = new long[1 + ps.size()];
      row[0] = -e.getValue();
      row[1 + k] = 1;
      b.addEq(row);
    }
    Relation fixed = Relation.of(b.build());
    List<Statement> statements = new ArrayList<>();
    for (Statement s : scop.statements()) {
      List<Access> accesses = new ArrayList<>();
      for (Access a : s.accesses()) {
        accesses.add(new Access(a.kind(), a.may(), a.array(), a.relation().intersectParams(fixed), a.expr()));
      }
      statements.add(new Statement(s.name(), s.iterators(), s.domain().intersectParams(fixed), accesses, s.body(),
          s.pos()));
    }
    ScheduleNode tree = scop.schedule();
    if (tree instanceof ScheduleNode.Domain d) {
      tree = new ScheduleNode.Domain(d.domain().map(r -> r.intersectParams(fixed)), d.child());
    }
    return new Scop(scop.functionName(), scop.pos(), ps, scop.context().intersect(fixed), scop.arrays(), statements,
        tree, scop.scheduleMap().map(r -> r.intersectParams(fixed)));
  }
}
