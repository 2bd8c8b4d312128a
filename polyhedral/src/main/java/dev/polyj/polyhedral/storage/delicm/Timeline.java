package dev.polyj.polyhedral.storage.delicm;

import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The timepoints of a SCoP in its original order (DeLICM, Kruse and Grosser, CGO 2018, Section
 * 2.1): the time of an access is {@code [0, t, phase]} where {@code t} is the statement
 * instance's vector in the flat schedule map and {@code phase} orders the accesses of one
 * instance (its reads at phase 0, then its writes), and {@code [1, 0, ..., 0]} is the end of the
 * region, after every instance, where the arrays' last values are still live.
 */
final class Timeline {
  private final Scop scop;
  private final List<String> params;
  private final int dims;
  private final Map<String, Relation> schedules = new HashMap<>();

  Timeline(Scop scop) {
    this.scop = scop;
    this.params = scop.params();
    int n = -1;
    for (Relation r : scop.scheduleMap().relations()) {
      Relation a = r.alignParams(params);
      schedules.put(a.space().domainTuple().name(), a);
      if (n >= 0 && n != a.space().nOut()) throw new IllegalArgumentException("schedule map of uneven depth");
      n = a.space().nOut();
    }
    this.dims = Math.max(n, 0) + 2;
  }

  List<String> params() {
    return params;
  }

  /** The time of the accesses of statement {@code statement} at {@code phase}, on instances renamed {@code tag}. */
  Relation of(String statement, String tag, int phase) {
    Relation s = schedules.get(statement);
    if (s == null) throw new IllegalArgumentException("no schedule for " + statement);
    int n = s.space().nOut();
    Space m = Space.map(params, Tuple.anonymous(null, n), Tuple.anonymous(null, n + 2));
    BasicRelation.Builder b = BasicRelation.builder(m);
    int np = params.size();
    long[] lead = new long[1 + m.nVar()];
    lead[1 + np + n] = 1; // out0 = 0
    b.addEq(lead);
    for (int k = 0; k < n; k++) {
      long[] row = new long[1 + m.nVar()];
      row[1 + np + k] = 1;
      row[1 + np + n + 1 + k] = -1;
      b.addEq(row);
    }
    long[] ph = new long[1 + m.nVar()];
    ph[0] = -phase;
    ph[1 + np + n + n + 1] = 1;
    b.addEq(ph);
    Relation t = s.apply(Relation.of(b.build()));
    Tuple dom = Tuple.anonymous(tag, s.space().nIn());
    return t.withSpace(Space.map(params, dom, t.space().rangeTuple()));
  }

  /** The end of the region for the elements of {@code elements} (a set), on instances named {@code tag}. */
  Relation end(Relation elements, String tag) {
    int e = elements.space().nDim();
    Space m = Space.map(params, Tuple.anonymous(tag, e), Tuple.anonymous(null, dims));
    BasicRelation.Builder b = BasicRelation.builder(m);
    int np = params.size();
    for (int k = 0; k < dims; k++) {
      long[] row = new long[1 + m.nVar()];
      row[1 + np + e + k] = 1;
      if (k == 0) row[0] = -1;
      b.addEq(row);
    }
    return Relation.of(b.build()).intersectDomain(elements.withSpace(Space.set(params, Tuple.anonymous(tag, e))));
  }

  Scop scop() {
    return scop;
  }
}
