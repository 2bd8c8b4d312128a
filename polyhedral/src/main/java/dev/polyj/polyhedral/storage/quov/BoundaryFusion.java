package dev.polyj.polyhedral.storage.quov;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Boundary statements moved into the interior's tilable band, so that their values get
 * contracted storage too (Yuki and Rajopadhye, IMPACT 2013: the boundary statements of their
 * examples share the time loop of the interior). A scheduler may run the boundary statements of a
 * stencil ({@code A[t][0] = A[t - 1][0]}) in loops of their own before the interior: then all
 * their values are alive when the interior starts, and no storage mapping can contract them.
 *
 * <p>A statement {@code B} of one or more loops in an earlier part of the region's top-level sequence
 * (a boundary line or face) that writes a candidate array the band's statement {@code S} also writes is
 * placed where {@code S} would write
 * the same cell: {@code theta_B = theta_S o W_S^-1 o W_B} ({@code A[t][0]} at {@code S[t, 0]},
 * scheduled {@code (t, t)} beside {@code S[t, i] -> (t, t + i)}), before {@code S} at equal band
 * coordinates. This is done only when it is legal for every tile size: every dependence among the
 * band's statements stays non-negative in each member (the band stays permutable), one at a
 * zero distance goes forward in the new order, and no statement that ran between {@code B} and
 * the band reads what {@code B} writes. When a moved statement has two or more loops (a face, on a
 * plane of the band), the band's loops are marked {@code separate}, so that the code generator
 * cuts the faces out of the band's loops instead of guarding them in its innermost one.
 */
public final class BoundaryFusion {
  private BoundaryFusion() {}

  /**
   * {@code tree} with the boundary statements (of at least {@code minDepth} loops) of candidate
   * {@code arrays} fused into the bands that follow them (the tree itself when none is).
   */
  public static ScheduleNode fuse(Scop scop, ScheduleNode tree, UnionRelation deps, Set<String> arrays, int minDepth) {
    if (!(tree instanceof ScheduleNode.Domain root) || !(root.child() instanceof ScheduleNode.Sequence top)) return tree;
    List<String> params = scop.params();
    ScheduleNode current = tree;
    for (int xi = 1; xi < top.filters().size(); xi++) {
      ScheduleNode.Filter fx = top.filters().get(xi);
      if (!(fx.child() instanceof ScheduleNode.Band band) || !band.permutable() || band.nMember() < 2) continue;
      Set<String> inX = names(fx.filter());
      // earlier statements writing an array a statement of the band writes, with their place in it
      Map<String, List<AffineForm>> placed = new LinkedHashMap<>();
      Map<String, Integer> part = new LinkedHashMap<>();
      for (int bi = 0; bi < xi; bi++) {
        for (String b : names(top.filters().get(bi).filter())) part.put(b, bi);
      }
      for (String b : part.keySet()) {
        if (scop.statement(b).depth() < minDepth) continue;
        List<AffineForm> theta = placement(scop, scop.statement(b), inX, band, arrays, params);
        if (theta != null) placed.put(b, theta);
      }
      if (placed.isEmpty()) continue;
      List<String> order = new ArrayList<>();
      for (Statement st : scop.statements()) if (placed.containsKey(st.name())) order.add(st.name());
      if (!legal(scop, deps, band, inX, order, placed, part, params)) continue;
      current = rebuild(root, top, xi, band, order, placed, params, scop);
      break; // one band per region (the time-iterated interior)
    }
    return current == tree ? tree : TreeDependences.annotate(current, deps);
  }

  /** The band coordinates of {@code b} at the instance of a band statement writing the same cell, or null. */
  private static List<AffineForm> placement(Scop scop, Statement b, Set<String> inX, ScheduleNode.Band band,
      Set<String> arrays, List<String> params) {
    Access wb = write(b, arrays);
    // the instances of b lie on a line or plane of the band, on whose lattice QuovStorage takes
    // their vector (onLattice)
    if (wb == null || b.depth() < 1) return null;
    for (String x : inX) {
      Statement s = scop.statement(x);
      Access ws = write(s, arrays);
      if (ws == null || !ws.array().equals(wb.array()) || s.depth() < b.depth()) continue;
      Relation h = wb.relation().alignParams(params).intersectDomain(b.domain().alignParams(params))
          .apply(Relation.of(ws.relation().alignParams(params).affineHull()).reverse());
      if (h.isEmpty() || !b.domain().alignParams(params).isSubset(h.domain())) continue;
      AffineForm[] at = new AffineForm[s.depth()];
      boolean affine = true;
      for (int k = 0; k < at.length && affine; k++) {
        at[k] = AffineForm.ofOutput(h, k, params);
        affine = at[k] != null;
      }
      if (!affine) continue;
      List<AffineForm> theta = new ArrayList<>();
      for (UnionRelation m : band.members()) {
        AffineForm f = memberOf(m, x, params);
        if (f == null) return null;
        theta.add(f.compose(at));
      }
      // one band point per instance (the instances of b would otherwise run unordered)
      if (rank(theta, b.depth()) < b.depth()) return null;
      // a boundary of the iterated interior runs in every iteration of the band's outer member
      // (not the initial values, A[0][i], which the band's storage would only make larger)
      if (theta.get(0).isParametric()) return null;
      return theta;
    }
    return null;
  }

  /** The one must write of {@code s} to a candidate array, or null. */
  private static Access write(Statement s, Set<String> arrays) {
    Access w = null;
    for (Access a : s.accesses()) {
      if (!a.isWrite()) continue;
      if (a.may() || w != null) return null;
      w = a;
    }
    return w != null && arrays.contains(w.array()) ? w : null;
  }

  private static AffineForm memberOf(UnionRelation m, String s, List<String> params) {
    for (Relation r : m.relations()) {
      if (s.equals(r.space().domainTuple().name())) return AffineForm.ofOutput(r.alignParams(params), 0, params);
    }
    return null;
  }

  /** The rank of the iterator coefficients of {@code forms} (exact elimination over longs). */
  static int rank(List<AffineForm> forms, int n) {
    List<long[]> rows = new ArrayList<>();
    for (AffineForm f : forms) rows.add(f.iterators().clone());
    int r = 0;
    for (int c = 0; c < n && r < rows.size(); c++) {
      int p = -1;
      for (int i = r; i < rows.size(); i++) if (rows.get(i)[c] != 0) p = i;
      if (p < 0) continue;
      long[] pivot = rows.get(p);
      rows.set(p, rows.get(r));
      rows.set(r, pivot);
      for (int i = r + 1; i < rows.size(); i++) {
        long[] row = rows.get(i);
        if (row[c] == 0) continue;
        long a = pivot[c];
        long bb = row[c];
        for (int j = 0; j < n; j++) row[j] = Math.subtractExact(Math.multiplyExact(a, row[j]), Math.multiplyExact(bb, pivot[j]));
      }
      r++;
    }
    return r;
  }

  /** Whether the fused band respects every dependence for every tile size (see the class comment). */
  private static boolean legal(Scop scop, UnionRelation deps, ScheduleNode.Band band, Set<String> inX,
      List<String> order, Map<String, List<AffineForm>> placed, Map<String, Integer> part, List<String> params) {
    for (Relation r : deps.relations()) {
      String src = r.space().domainTuple().name();
      String dst = r.space().rangeTuple().name();
      boolean srcIn = inX.contains(src) || placed.containsKey(src);
      boolean dstIn = inX.contains(dst) || placed.containsKey(dst);
      if (placed.containsKey(src) && !dstIn && part.containsKey(dst)) return false; // dst ran before the band
      if (!srcIn || !dstIn) continue;
      Relation d = r.alignParams(params);
      List<AffineForm> ts = theta(scop, src, band, placed, params);
      List<AffineForm> td = theta(scop, dst, band, placed, params);
      if (ts == null || td == null) return false;
      int np = params.size();
      int nIn = scop.statement(src).depth();
      BasicRelation.Builder zero = BasicRelation.builder(d.space());
      for (int k = 0; k < ts.size(); k++) {
        long[] row = difference(td.get(k), ts.get(k), np, nIn, zero.nCol());
        long[] negative = new long[row.length];
        for (int j = 0; j < row.length; j++) negative[j] = Math.negateExact(row[j]);
        negative[0] = Math.subtractExact(negative[0], 1);
        Relation backwards = Relation.of(BasicRelation.builder(d.space()).addIneq(negative).build());
        if (!d.intersect(backwards).isEmpty()) return false;
        zero.addEq(row);
      }
      boolean forward = (inX.contains(src) && inX.contains(dst))
          || (placed.containsKey(src) && inX.contains(dst))
          || (placed.containsKey(src) && placed.containsKey(dst) && order.indexOf(src) < order.indexOf(dst));
      if (!forward && !d.intersect(Relation.of(zero.build())).isEmpty()) return false;
    }
    return true;
  }

  /** The row {@code (c, P, x, y)} of {@code to(y) - from(x)} over a dependence's columns. */
  private static long[] difference(AffineForm to, AffineForm from, int np, int nIn, int nCol) {
    long[] row = new long[nCol];
    row[0] = Math.subtractExact(to.constant(), from.constant());
    for (int k = 0; k < np; k++) row[1 + k] = Math.subtractExact(to.params()[k], from.params()[k]);
    for (int j = 0; j < from.iterators().length; j++) row[1 + np + j] = Math.negateExact(from.iterators()[j]);
    for (int j = 0; j < to.iterators().length; j++) row[1 + np + nIn + j] = to.iterators()[j];
    return row;
  }

  private static List<AffineForm> theta(Scop scop, String s, ScheduleNode.Band band, Map<String, List<AffineForm>> placed,
      List<String> params) {
    if (placed.containsKey(s)) return placed.get(s);
    List<AffineForm> out = new ArrayList<>();
    for (UnionRelation m : band.members()) {
      AffineForm f = memberOf(m, s, params);
      if (f == null) return null;
      out.add(f);
    }
    return out;
  }

  /** The tree with the placed statements taken out of the earlier parts and run in the band, before its statements. */
  private static ScheduleNode rebuild(ScheduleNode.Domain root, ScheduleNode.Sequence top, int xi, ScheduleNode.Band band,
      List<String> order, Map<String, List<AffineForm>> placed, List<String> params, Scop scop) {
    Set<String> moved = new LinkedHashSet<>(order);
    List<ScheduleNode.Filter> filters = new ArrayList<>();
    for (int i = 0; i < top.filters().size(); i++) {
      ScheduleNode.Filter f = top.filters().get(i);
      if (i < xi) {
        ScheduleNode r = remove(f, moved);
        if (r != null) filters.add((ScheduleNode.Filter) r);
        continue;
      }
      if (i > xi) {
        filters.add(f);
        continue;
      }
      UnionRelation filter = f.filter();
      List<ScheduleNode.Filter> inner = new ArrayList<>();
      List<UnionRelation> members = new ArrayList<>(band.members());
      for (String b : order) {
        Statement st = scop.statement(b);
        UnionRelation dom = UnionRelation.of(st.domain().alignParams(params));
        filter = filter.union(dom);
        inner.add(new ScheduleNode.Filter(dom, ScheduleNode.LEAF));
        for (int k = 0; k < members.size(); k++) {
          Relation fn = QuovStorage.function(params, st.domain().space().tuple(), placed.get(b).get(k));
          members.set(k, members.get(k).union(UnionRelation.of(fn)));
        }
      }
      inner.add(new ScheduleNode.Filter(f.filter(), band.child()));
      // faces (statements of two or more loops, on a plane of the band such as c4 == c3): separated
      // loops, so that the code generator cuts them out of the band's loops instead of guarding
      // them in the innermost one (fewer instructions than the unfused code on jacobi2d); not for
      // statements of one loop, whose separated code is larger than the guarded one (jacobi1d)
      boolean faces = order.stream().anyMatch(b -> scop.statement(b).depth() >= 2);
      List<ScheduleNode.LoopType> types = new ArrayList<>();
      for (ScheduleNode.LoopType t : band.loopTypes()) {
        types.add(faces && t == ScheduleNode.LoopType.DEFAULT ? ScheduleNode.LoopType.SEPARATE : t);
      }
      ScheduleNode.Band fused = new ScheduleNode.Band(ImmutableList.copyOf(members), band.permutable(), band.coincident(),
          ImmutableList.copyOf(types), band.otherOptions(), new ScheduleNode.Sequence(ImmutableList.copyOf(inner)));
      filters.add(new ScheduleNode.Filter(filter, fused));
    }
    return new ScheduleNode.Domain(root.domain(), new ScheduleNode.Sequence(ImmutableList.copyOf(filters)));
  }

  /** {@code n} without the statements {@code gone} (null when nothing is left). */
  private static ScheduleNode remove(ScheduleNode n, Set<String> gone) {
    if (n instanceof ScheduleNode.Filter f) {
      List<Relation> kept = new ArrayList<>();
      for (Relation r : f.filter().relations()) if (!gone.contains(r.space().tuple().name())) kept.add(r);
      if (kept.isEmpty()) return null;
      ScheduleNode c = remove(f.child(), gone);
      return new ScheduleNode.Filter(UnionRelation.of(kept), c == null ? ScheduleNode.LEAF : c);
    } else if (n instanceof ScheduleNode.Sequence q) {
      List<ScheduleNode.Filter> kept = new ArrayList<>();
      for (ScheduleNode.Filter f : q.filters()) {
        ScheduleNode r = remove(f, gone);
        if (r != null) kept.add((ScheduleNode.Filter) r);
      }
      return kept.isEmpty() ? null : new ScheduleNode.Sequence(ImmutableList.copyOf(kept));
    } else if (n instanceof ScheduleNode.Set q) {
      List<ScheduleNode.Filter> kept = new ArrayList<>();
      for (ScheduleNode.Filter f : q.filters()) {
        ScheduleNode r = remove(f, gone);
        if (r != null) kept.add((ScheduleNode.Filter) r);
      }
      return kept.isEmpty() ? null : new ScheduleNode.Set(ImmutableList.copyOf(kept));
    } else if (n instanceof ScheduleNode.Band b) {
      List<UnionRelation> members = new ArrayList<>();
      for (UnionRelation m : b.members()) {
        List<Relation> kept = new ArrayList<>();
        for (Relation r : m.relations()) if (!gone.contains(r.space().domainTuple().name())) kept.add(r);
        members.add(kept.isEmpty() ? UnionRelation.empty(m.paramNames()) : UnionRelation.of(kept));
      }
      ScheduleNode c = remove(b.child(), gone);
      return new ScheduleNode.Band(ImmutableList.copyOf(members), b.permutable(), b.coincident(), b.loopTypes(),
          b.otherOptions(), c == null ? ScheduleNode.LEAF : c);
    } else if (n instanceof ScheduleNode.Mark m) {
      ScheduleNode c = remove(m.child(), gone);
      return c == null ? null : new ScheduleNode.Mark(m.mark(), c);
    } else if (n instanceof ScheduleNode.Guard g) {
      ScheduleNode c = remove(g.child(), gone);
      return c == null ? null : new ScheduleNode.Guard(g.guard(), c);
    } else if (n instanceof ScheduleNode.Leaf) {
      return n;
    }
    throw new QuovStorage.Unsupported("the schedule has a " + n.getClass().getSimpleName() + " node");
  }

  private static Set<String> names(UnionRelation u) {
    Set<String> out = new LinkedHashSet<>();
    for (Relation r : u.relations()) out.add(r.space().isSet() ? r.space().tuple().name() : r.space().domainTuple().name());
    return out;
  }
}
