package dev.polyj.polyhedral.storage.delicm;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Rewrites of a SCoP that DeLICM's transformations share: statements replaced or removed, unused scalars dropped. */
public final class ScopEdit {
  private ScopEdit() {}

  /** The SCoP with {@code replaced} statements swapped in (by name) and {@code removed} ones gone from the statements and schedules. */
  static Scop edit(Scop scop, Map<String, Statement> replaced, Set<String> removed) {
    List<Statement> statements = new ArrayList<>();
    for (Statement st : scop.statements()) {
      if (removed.contains(st.name())) continue;
      statements.add(replaced.getOrDefault(st.name(), st));
    }
    ScheduleNode tree = removed.isEmpty() ? scop.schedule() : without(scop.schedule(), removed, scop.params());
    UnionRelation map = scop.scheduleMap();
    if (!removed.isEmpty()) map = keep(map, removed, scop.params());
    // scalars declared in the region that nothing accesses any more
    List<ArrayInfo> arrays = new ArrayList<>();
    for (ArrayInfo a : scop.arrays()) {
      boolean used = !(a.isScalar() && a.isRegionLocal());
      for (Statement st : statements) used |= st.accesses().stream().anyMatch(x -> x.array().equals(a.name()));
      if (used) arrays.add(a);
    }
    return new Scop(scop.functionName(), scop.pos(), scop.params(), scop.context(), arrays, statements, tree, map);
  }

  private static UnionRelation keep(UnionRelation u, Set<String> removed, List<String> params) {
    List<Relation> rs = new ArrayList<>();
    for (Relation r : u.relations()) {
      String name = r.space().isMap() ? r.space().domainTuple().name() : r.space().tuple().name();
      if (!removed.contains(name)) rs.add(r);
    }
    return rs.isEmpty() ? UnionRelation.empty(params) : UnionRelation.of(rs);
  }

  /** The tree without the instances of the statements {@code removed}; filters left empty are dropped. */
  public static ScheduleNode without(ScheduleNode node, Set<String> removed, List<String> params) {
    if (node instanceof ScheduleNode.Domain d) {
      return new ScheduleNode.Domain(keep(d.domain(), removed, params), without(d.child(), removed, params));
    }
    if (node instanceof ScheduleNode.Band b) {
      List<UnionRelation> members = new ArrayList<>();
      for (UnionRelation m : b.members()) members.add(keep(m, removed, params));
      return new ScheduleNode.Band(ImmutableList.copyOf(members), b.permutable(), b.coincident(), b.loopTypes(),
          b.otherOptions(), without(b.child(), removed, params));
    }
    if (node instanceof ScheduleNode.Sequence s) {
      List<ScheduleNode.Filter> fs = filters(s.filters(), removed, params);
      return new ScheduleNode.Sequence(ImmutableList.copyOf(fs));
    }
    if (node instanceof ScheduleNode.Set s) {
      List<ScheduleNode.Filter> fs = filters(s.filters(), removed, params);
      return new ScheduleNode.Set(ImmutableList.copyOf(fs));
    }
    if (node instanceof ScheduleNode.Filter f) {
      return new ScheduleNode.Filter(keep(f.filter(), removed, params), without(f.child(), removed, params));
    }
    if (node instanceof ScheduleNode.Mark m) return new ScheduleNode.Mark(m.mark(), without(m.child(), removed, params));
    if (node instanceof ScheduleNode.Context c) return new ScheduleNode.Context(c.context(), without(c.child(), removed, params));
    if (node instanceof ScheduleNode.Leaf) return node;
    throw new IllegalArgumentException("unexpected node in the program's schedule: " + node.getClass().getSimpleName());
  }

  private static List<ScheduleNode.Filter> filters(List<ScheduleNode.Filter> in, Set<String> removed, List<String> params) {
    List<ScheduleNode.Filter> out = new ArrayList<>();
    for (ScheduleNode.Filter f : in) {
      UnionRelation kept = keep(f.filter(), removed, params);
      if (kept.isEmpty()) continue;
      out.add(new ScheduleNode.Filter(kept, without(f.child(), removed, params)));
    }
    return out;
  }

  /**
   * {@code e} with the nodes of {@code replace} (by identity) swapped for their replacements. Every
   * node that contains none of them is kept as it is, so that the expressions of the statement's
   * other accesses stay the very nodes of its body: later passes find an access's place in the body
   * by identity (the reduction detection looks for the load among the operands of the store).
   */
  static Expr replace(Expr e, Map<Expr, Expr> replace) {
    Expr r = replace.get(e);
    if (r != null) return r;
    boolean[] changed = {false};
    Expr out = e.mapChildren(c -> {
      Expr x = replace(c, replace);
      if (x != c) changed[0] = true;
      return x;
    });
    return changed[0] ? out : e;
  }

  /**
   * A fresh copy of {@code e} (no node shared with it, so that each access of the result has its
   * own expression node, as the front end makes them) with the identifiers of {@code rename}
   * replaced by copies of their expressions; {@code copies} receives each node of {@code e} with
   * its copy.
   */
  static Expr copy(Expr e, Map<String, Expr> rename, Map<Expr, Expr> copies) {
    Expr out;
    if (e instanceof Expr.Ident id) {
      Expr r = rename.get(id.name());
      out = r != null ? copy(r, Map.of(), new java.util.IdentityHashMap<>()) : new Expr.Ident(id.name(), id.pos());
    } else if (e instanceof Expr.Call c) {
      List<Expr> args = new ArrayList<>();
      for (Expr a : c.args()) args.add(copy(a, rename, copies));
      out = new Expr.Call(c.callee(), args, c.pos());
    } else {
      out = e.mapChildren(c -> copy(c, rename, copies));
    }
    copies.put(e, out);
    return out;
  }

  /**
   * For each output dimension of the single-valued affine map {@code m} (one basic relation, no
   * divisions), its value as a C expression in the input names {@code inputs} and the
   * parameters; null when some output is not such an expression.
   */
  static List<Expr> affine(Relation m, List<String> inputs) {
    if (m.basics().size() != 1) return null;
    BasicRelation b = m.basics().get(0);
    if (b.nLocal() > 0) return null;
    int np = b.nParam();
    int nIn = b.nIn();
    List<Expr> out = new ArrayList<>();
    for (int o = 0; o < b.nOut(); o++) {
      Expr found = null;
      for (long[] eq : b.equalities()) {
        long c = eq[b.outCol(o)];
        if (c != 1 && c != -1) continue;
        boolean alone = true;
        for (int q = 0; q < b.nOut(); q++) if (q != o && eq[b.outCol(q)] != 0) alone = false;
        if (!alone) continue;
        // out = -c * (rest)
        Expr e = null;
        for (int p = 0; p < np; p++) e = term(e, -c * eq[b.paramCol(p)], m.space().params().get(p));
        for (int i = 0; i < nIn; i++) e = term(e, -c * eq[b.inCol(i)], inputs.get(i));
        long k = -c * eq[0];
        if (k != 0 || e == null) e = e == null ? Expr.IntLit.of(k) : new Expr.Binary(k > 0 ? "+" : "-", e,
            Expr.IntLit.of(Math.abs(k)), e.pos());
        found = e;
        break;
      }
      if (found == null) return null;
      out.add(found);
    }
    return out;
  }

  private static Expr term(Expr acc, long c, String name) {
    if (c == 0) return acc;
    Expr id = new Expr.Ident(name, dev.polyj.polyhedral.scop.SourcePos.UNKNOWN);
    Expr t = Math.abs(c) == 1 ? id : new Expr.Binary("*", Expr.IntLit.of(Math.abs(c)), id, id.pos());
    if (acc == null) return c > 0 ? t : new Expr.Unary("-", t, id.pos());
    return new Expr.Binary(c > 0 ? "+" : "-", acc, t, id.pos());
  }
}
