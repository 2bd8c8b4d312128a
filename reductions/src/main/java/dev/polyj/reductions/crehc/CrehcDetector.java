package dev.polyj.reductions.crehc;

import dev.polyj.polyhedral.flow.AccessInfo;
import dev.polyj.polyhedral.flow.Dataflow;
import dev.polyj.polyhedral.flow.FlowResult;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.ExprPrinter;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.DimKind;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.reductions.ReductionOperator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Recognizes a complex reduction and histogram computation ({@link Crehc}) in a SCoP, from the
 * program model, with the conditions of the CReHC chapter's IDL specification (scalar part,
 * histogram part, no other side effects) translated to statements, accesses and dataflow:
 *
 * <ol>
 *   <li>the region is one {@code for} loop (its iteration space known before it runs);
 *   <li>every statement that writes is an update {@code x = x op e} (also {@code x op= e},
 *       {@code x++}, {@code x = max(x, e)}) of a reduction variable with one commutative operator per
 *       variable, or writes a temporary private to the iteration; a data-dependent condition may
 *       guard it;
 *   <li>the values {@code e}, the histogram indices and the conditions read no reduction variable
 *       (only input arrays, parameters, iterators and private temporaries);
 *   <li>a reduction variable's element is the same in every iteration (a scalar, or an array
 *       element independent of the loop) or chosen by data (a histogram: an indirect subscript);
 *   <li>a temporary is private: every read of it in the loop gets its value from the same
 *       iteration (exact dataflow), and it is declared in the loop or written once per iteration
 *       without condition (then its last value is kept).
 * </ol>
 */
public final class CrehcDetector {
  private CrehcDetector() {}

  /** The CReHC the region is, if it is one. */
  public static Optional<Crehc> detect(Scop scop) {
    if (!(scop.schedule() instanceof ScheduleNode.Domain root) || !(root.child() instanceof ScheduleNode.Band)) {
      return Optional.empty();
    }
    if (scop.statements().isEmpty()) return Optional.empty();
    for (Statement st : scop.statements()) if (st.depth() == 0) return Optional.empty();
    Set<String> virtual = new HashSet<>();
    for (Statement st : scop.statements()) {
      if (isConditionEvaluation(st)) for (Access a : st.writes()) virtual.add(a.array());
    }
    Map<String, ReductionOperator> ops = new LinkedHashMap<>();
    Map<String, Boolean> histogram = new LinkedHashMap<>();
    Set<String> temporaries = new LinkedHashSet<>();
    List<Expr> values = new ArrayList<>(); // values, indices and conditions: must not read reduction variables
    for (Statement st : scop.statements()) {
      if (isConditionEvaluation(st)) {
        values.add(st.body());
        continue;
      }
      Expr body = st.body();
      while (body instanceof Expr.Cond c && (isZero(c.then()) || isZero(c.otherwise()))) {
        values.add(c.cond());
        body = isZero(c.then()) ? c.otherwise() : c.then();
      }
      if (st.writes().isEmpty()) continue;
      if (st.writes().size() != 1) return Optional.empty();
      Access write = st.writes().get(0);
      Update u = update(body);
      if (u != null && base(u.target).equals(write.array())) {
        ReductionOperator previous = ops.putIfAbsent(write.array(), u.op);
        if (previous != null && previous != u.op) return Optional.empty();
        values.add(u.value);
        if (u.target instanceof Expr.Index ix) subscripts(ix, values);
        boolean data = !write.isMust();
        if (!data && dependsOnLoop(write.relation())) return Optional.empty();
        histogram.merge(write.array(), data, Boolean::logicalOr);
      } else if (body instanceof Expr.Assign a && a.op().equals("=") && a.target() instanceof Expr.Ident id
          && write.array().equals(id.name())) {
        temporaries.add(id.name());
        values.add(a.value());
      } else {
        return Optional.empty();
      }
    }
    if (ops.isEmpty()) return Optional.empty();
    for (String t : temporaries) if (ops.containsKey(t)) return Optional.empty();
    for (Expr v : values) if (readsAny(v, ops.keySet())) return Optional.empty();
    List<String> lastPrivates = new ArrayList<>();
    for (String t : temporaries) {
      if (!privateToIteration(scop, t)) return Optional.empty();
      if (!scop.array(t).isRegionLocal()) {
        // its value lives on: written exactly once in every iteration
        for (Statement st : scop.statements()) {
          boolean writes = st.writes().stream().anyMatch(a -> a.array().equals(t));
          if (writes && (st.depth() != 1 || st.filter() != null)) return Optional.empty();
        }
        lastPrivates.add(t);
      }
    }
    List<Crehc.Target> targets = new ArrayList<>();
    for (var e : ops.entrySet()) {
      ArrayInfo a = scop.array(e.getKey());
      if (a.sizes().contains(null)) return Optional.empty();
      targets.add(new Crehc.Target(a.name(), e.getValue(), histogram.get(a.name()), a.elementType(), 
          com.google.common.collect.ImmutableList.copyOf(a.sizes())));
    }
    List<String> privates = new ArrayList<>(temporaries);
    for (ArrayInfo a : scop.arrays()) {
      if (a.isRegionLocal() && !privates.contains(a.name()) && !ops.containsKey(a.name())) privates.add(a.name());
    }
    privates.removeAll(virtual);
    return Optional.of(new Crehc(targets, privates, lastPrivates));
  }

  /** The statement evaluating a data-dependent condition (its code is {@code (void)(c)}). */
  static boolean isConditionEvaluation(Statement st) {
    return st.body() instanceof Expr.Cast c && c.type().equals("void");
  }

  private record Update(Expr target, ReductionOperator op, Expr value) {}

  /** {@code body} as an update of its target, or null. */
  private static Update update(Expr body) {
    if (body instanceof Expr.Postfix p && (p.op().equals("++") || p.op().equals("--"))) {
      return new Update(p.operand(), ReductionOperator.SUM, Expr.IntLit.of(1));
    }
    if (body instanceof Expr.Unary u && (u.op().equals("++") || u.op().equals("--"))) {
      return new Update(u.operand(), ReductionOperator.SUM, Expr.IntLit.of(1));
    }
    if (!(body instanceof Expr.Assign a)) return null;
    String target = ExprPrinter.print(a.target());
    switch (a.op()) {
      case "+=", "-=":
        return new Update(a.target(), ReductionOperator.SUM, a.value());
      case "*=":
        return new Update(a.target(), ReductionOperator.PRODUCT, a.value());
      case "=":
        break;
      default:
        return null;
    }
    Expr v = a.value();
    if (v instanceof Expr.Binary b && (b.op().equals("+") || b.op().equals("*") || b.op().equals("-"))) {
      ReductionOperator op = b.op().equals("*") ? ReductionOperator.PRODUCT : ReductionOperator.SUM;
      if (ExprPrinter.print(b.left()).equals(target)) return new Update(a.target(), op, b.right());
      if (!b.op().equals("-") && ExprPrinter.print(b.right()).equals(target)) return new Update(a.target(), op, b.left());
      return null;
    }
    if (v instanceof Expr.Call c && c.args().size() == 2) {
      Optional<ReductionOperator> op = ReductionOperator.ofCall(c.name());
      if (op.isEmpty()) {
        if ("MIN".equals(c.name())) op = Optional.of(ReductionOperator.MIN);
        if ("MAX".equals(c.name())) op = Optional.of(ReductionOperator.MAX);
      }
      if (op.isEmpty()) return null;
      if (ExprPrinter.print(c.args().get(0)).equals(target)) return new Update(a.target(), op.get(), c.args().get(1));
      if (ExprPrinter.print(c.args().get(1)).equals(target)) return new Update(a.target(), op.get(), c.args().get(0));
    }
    return null;
  }

  private static boolean isZero(Expr e) {
    return e instanceof Expr.IntLit l && l.value() == 0;
  }

  private static String base(Expr e) {
    while (e instanceof Expr.Index ix) e = ix.base();
    return e instanceof Expr.Ident id ? id.name() : "";
  }

  private static void subscripts(Expr.Index ix, List<Expr> out) {
    Expr e = ix;
    while (e instanceof Expr.Index i) {
      out.add(i.index());
      e = i.base();
    }
  }

  /** Whether {@code e} reads one of {@code names} (a variable or an array element). */
  private static boolean readsAny(Expr e, Set<String> names) {
    if (e instanceof Expr.Ident id) return names.contains(id.name());
    if (e instanceof Expr.Call c) {
      for (Expr a : c.args()) if (readsAny(a, names)) return true;
      return false;
    }
    for (Expr c : e.children()) if (readsAny(c, names)) return true;
    return false;
  }

  /** Whether the element a definite write touches depends on the outermost iterator. */
  private static boolean dependsOnLoop(Relation write) {
    // the instances that differ from each other at most in the outermost iterator
    var space = write.space().domain().mapTo(write.space().domain());
    int n = space.nIn();
    int np = space.nParam();
    dev.polyj.presburger.set.BasicRelation.Builder b = dev.polyj.presburger.set.BasicRelation.builder(space);
    for (int k = 1; k < n; k++) {
      long[] row = new long[1 + space.nVar()];
      row[1 + np + k] = 1;
      row[1 + np + n + k] = -1;
      b.addEq(row);
    }
    Relation dom = write.domain();
    Relation shift = Relation.of(b.build()).intersectDomain(dom).intersectRange(dom);
    return !shift.apply(write).isSubset(write);
  }

  private static Relation scheduleOf(UnionRelation sched, Relation statementSide) {
    String name = statementSide.space().tuple().name();
    for (Relation r : sched.relations()) if (name.equals(r.space().domainTuple().name())) return r;
    throw new IllegalArgumentException("no schedule for " + name);
  }

  /** Whether every read of scalar {@code t} in the loop reads a value written in the same iteration. */
  private static boolean privateToIteration(Scop scop, String t) {
    UnionRelation reads = UnionRelation.empty(scop.params());
    UnionRelation writes = UnionRelation.empty(scop.params());
    List<dev.polyj.polyhedral.flow.Filter> filters = new ArrayList<>();
    for (Statement st : scop.statements()) {
      if (st.filter() != null) filters.add(st.filter());
      for (Access a : st.accesses()) {
        if (!a.array().equals(t)) continue;
        if (a.isRead()) reads = reads.union(UnionRelation.of(a.relation()));
        else writes = writes.union(UnionRelation.of(a.relation()));
      }
    }
    if (reads.relations().isEmpty()) return true;
    UnionRelation sched = scop.scheduleMap();
    // the filters' own sources: every write of a variable a filter reads (the evaluations of the
    // conditions, the assignments of the scalars of locally static conditions), as the analysis
    // takes a filter variable without writes to hold its value on entry
    Set<String> filterVariables = new HashSet<>();
    for (dev.polyj.polyhedral.flow.Filter f : filters) {
      for (Relation a : f.accesses()) filterVariables.add(a.space().rangeTuple().name());
    }
    filterVariables.remove(t);
    UnionRelation filterWrites = UnionRelation.empty(scop.params());
    UnionRelation filterMayWrites = UnionRelation.empty(scop.params());
    for (Statement st : scop.statements()) {
      for (Access a : st.writes()) {
        if (!filterVariables.contains(a.array())) continue;
        if (a.isMust()) filterWrites = filterWrites.union(UnionRelation.of(a.relation()));
        else filterMayWrites = filterMayWrites.union(UnionRelation.of(a.relation()));
      }
    }
    FlowResult flow = Dataflow.compute(new AccessInfo(reads, writes.union(filterWrites), filterMayWrites, null, sched)
        .withFilters(filters));
    if (!flow.mayNoSource().isEmpty()) return false;
    for (Relation d : flow.mayDependence().relations()) {
      if (d.isEmpty()) continue;
      Relation src = scheduleOf(sched, d.domain());
      Relation dst = scheduleOf(sched, d.range());
      Relation times = src.reverse().apply(d.withSpace(src.space().domain().mapTo(dst.space().domain())))
          .apply(dst.withSpace(dst.space()));
      Relation deltas = times.deltas();
      // the outer loop is time dimension 1 of the original 2d+1 schedule
      Relation same = Relation.universe(deltas.space()).fix(DimKind.OUT, 1, 0);
      if (!deltas.isSubset(same)) return false;
    }
    return true;
  }
}
