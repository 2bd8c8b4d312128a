package dev.polyj.codegen.ast;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Splitting of pieces so that different loops get different sets of active statements:
 *
 * <ul>
 *   <li>{@link #separate}: at one level, the projections of the pieces are cut into disjoint
 *       regions in each of which a fixed set of pieces is active (the separation of Quilleré,
 *       Rajopadhye and Wilde); each piece is restricted to each region it is active in, so the loop
 *       of a region needs no membership guards;
 *   <li>{@link #splitByClasses}: the instances of each piece are split along user-given separation
 *       classes (isl's {@code separation_class}, and {@code isolate} for full and partial tiles).
 * </ul>
 *
 * Regions that are not ordered with respect to each other are merged back by the grouping step.
 */
final class Separation {
  private final AstBuilder builder;

  Separation(AstBuilder builder) {
    this.builder = builder;
  }

  private record Region(Relation set, BitSet active) {}

  /**
   * The pieces restricted to the regions of the separation of their outer domains at level d.
   * The outer domain of a piece is its projection onto the schedule dimensions with only the
   * constraints on schedule dimensions 0..d kept (those involving inner schedule dimensions are
   * dropped, much as isl does for its separate option): a region then holds whole iterations of
   * the inner loops, which may be empty for some pieces, instead of being cut wherever an inner
   * loop starts or stops being empty, which peels iterations off for nothing. Any relaxation is
   * sound: the regions are disjoint and each piece is intersected with them, so every instance is
   * still scanned exactly once.
   *
   * <p>With {@code dropDivisions}, the stride and modulo constraints (those with divisions) are
   * dropped too. The caller tries both: regions that differ only by a stride interleave and are
   * merged back into one loop, with each piece copied once per region under a modulo guard, but
   * pieces with disjoint strides are best kept apart, and a region that one piece covers only on
   * some residues leaves a guard in its loop.
   */
  List<Piece> separate(List<Piece> pieces, BuildContext ctx, int d, boolean dropDivisions) {
    Space space = builder.space();
    List<Region> regions = new ArrayList<>();
    for (int i = 0; i < pieces.size(); i++) {
      List<BasicRelation> proj = new ArrayList<>();
      for (BasicRelation onSchedule : builder.proj(pieces.get(i).set(), builder.nSchedule() - 1)) {
        BasicRelation outer = outerConstraints(onSchedule, d, dropDivisions);
        for (BasicRelation q : builder.proj(outer, d)) if (!ctx.isDisjoint(q) && !proj.contains(q)) proj.add(q);
      }
      Relation p = Relation.ofBasics(space, proj);
      List<Region> next = new ArrayList<>();
      Relation rest = p;
      for (Region r : regions) {
        // regions are coalesced as they are cut: without it their disjuncts multiply with every piece
        Relation both = r.set().intersect(p).removeEmpty().coalesce();
        if (!both.isEmpty()) {
          BitSet a = (BitSet) r.active().clone();
          a.set(i);
          next.add(new Region(both, a));
        }
        Relation only = r.set().subtract(p).removeEmpty().coalesce();
        if (!only.isEmpty()) next.add(new Region(only, r.active()));
        rest = rest.subtract(r.set()).removeEmpty().coalesce();
      }
      if (!rest.isEmpty()) {
        BitSet a = new BitSet();
        a.set(i);
        next.add(new Region(rest, a));
      }
      regions = next;
    }
    List<Piece> out = new ArrayList<>();
    for (Region r : regions) {
      Relation region = r.set().coalesce().computeDivs();
      for (int i = r.active().nextSetBit(0); i >= 0; i = r.active().nextSetBit(i + 1)) {
        Piece p = pieces.get(i);
        for (BasicRelation b : region.basics()) {
          BasicRelation x = p.set().intersect(b);
          if (x.isEmpty()) continue;
          for (BasicRelation y : x.computeDivs().basics()) {
            BasicRelation z = Rows.mergeEqualDivisions(y);
            if (!z.isEmpty()) out.add(p.withSet(z));
          }
        }
      }
    }
    return out;
  }

  /**
   * The basic set with only its constraints on parameters and scan dimensions 0..d: rows
   * involving later dimensions, or a local that depends on them or is not a known division, are
   * dropped, and with {@code dropDivisions} every row involving a local. A superset of the set.
   */
  BasicRelation outerConstraints(BasicRelation b, int d, boolean dropDivisions) {
    int from = builder.col(d + 1);
    int to = builder.col(builder.nDim());
    int n = b.nLocal();
    boolean[] dropped = new boolean[n];
    Div[] divs = new Div[n];
    for (int j = 0; j < n; j++) {
      Div div = b.div(j);
      dropped[j] = dropDivisions || div == null || Rows.usesColumns(div.numerator(), from, to);
      for (int k = 0; k < n && !dropped[j]; k++) {
        if (dropped[k] && div.numerator().length > to + k && div.numerator()[to + k] != 0) dropped[j] = true;
      }
      divs[j] = dropped[j] ? null : div;
    }
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    for (int i = 0; i < b.nEq(); i++) if (keeps(b.eq(i), from, to, dropped)) eqs.add(b.eq(i));
    for (int i = 0; i < b.nIneq(); i++) if (keeps(b.ineq(i), from, to, dropped)) ineqs.add(b.ineq(i));
    if (eqs.size() == b.nEq() && ineqs.size() == b.nIneq()) return b;
    return BasicRelation.of(b.space(), n, divs, eqs, ineqs);
  }

  private static boolean keeps(long[] row, int from, int to, boolean[] droppedLocal) {
    if (Rows.usesColumns(row, from, to)) return false;
    for (int k = 0; k < droppedLocal.length; k++) if (droppedLocal[k] && row[to + k] != 0) return false;
    return true;
  }

  /** Each piece split into its parts in each separation class of each dimension, and the rest. */
  List<Piece> splitByClasses(List<Piece> pieces) {
    ScanProblem problem = builder.problem();
    Space space = builder.space();
    List<Piece> current = pieces;
    for (int d = 0; d < builder.nSchedule(); d++) {
      List<Relation> classes = new ArrayList<>();
      for (Relation c : builder.options().separationClasses(d)) classes.add(lift(c, space, problem.nSchedule()));
      if (classes.isEmpty()) continue;
      List<Piece> next = new ArrayList<>();
      for (Piece p : current) {
        Relation rest = Relation.of(p.set());
        for (Relation c : classes) {
          Relation in = rest.intersect(c).removeEmpty();
          for (BasicRelation b : in.computeDivs().basics()) if (!b.isEmpty()) next.add(p.withSet(b));
          rest = rest.subtract(c).removeEmpty();
        }
        for (BasicRelation b : rest.coalesce().computeDivs().basics()) if (!b.isEmpty()) next.add(p.withSet(b));
      }
      current = next;
    }
    return current;
  }

  /** A set over the schedule dimensions as a set of the scan space. */
  static Relation lift(Relation set, Space space, int nSchedule) {
    Relation s = set.alignParams(Space.mergeParams(space.params(), set.space().params()));
    if (!s.space().params().equals(space.params())) {
      throw new IllegalArgumentException("option set " + set + " uses parameters outside " + space.params());
    }
    int nParam = space.nParam();
    int n = Math.min(s.space().nOut(), nSchedule);
    int[] map = new int[s.space().nVar()];
    for (int i = 0; i < nParam; i++) map[i] = i;
    for (int k = 0; k < s.space().nOut(); k++) map[nParam + k] = k < n ? nParam + k : -1;
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : s.basics()) out.addAll(b.mapVariables(space, map).computeDivs().basics());
    return Relation.ofBasics(space, out);
  }
}
