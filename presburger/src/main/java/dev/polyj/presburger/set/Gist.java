package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Gist (isl's {@code isl_map_gist}): a relation that agrees with {@code r} on the context and is
 * as simple as possible, i.e. {@code gist(r, c) and c == r and c}.
 *
 * <p>Each piece B of r is simplified on its own so that {@code gist(B) and C == B and C}: a
 * constraint of B is dropped (greedily, one at a time) when the context together with the
 * constraints of B kept so far implies it, i.e. when every context piece {@code Ci and rest and not
 * c} has no integer point. Known divisions of B and of the context are aligned (identical ones
 * share a column) so that constraints on them can be recognised as implied; other locals are
 * treated as variables of the lifted system, which is sound. A piece disjoint from the context
 * disappears; a piece containing the context becomes the universe, and then so does the result.
 * When B has unknown existentials the lifted test cannot see this; containment is then recognised
 * syntactically only (a renaming of B's locals into each context piece's), since an exact check
 * would need B's divisions computed, which can be very costly.
 *
 * <p>Two steps look at the result as a whole: when it has several pieces that together contain
 * the context it becomes the universe, and divisibility constraints are weakened to the least
 * modulus the context still completes ({@link DivisibilityGist}).
 */
final class Gist {
  private Gist() {}

  static Relation gist(Relation r, Relation context) {
    if (r.nBasic() == 0) return r;
    List<BasicRelation> ctx = new ArrayList<>();
    for (BasicRelation c : context.basics()) if (!c.isEmpty()) ctx.add(c);
    if (ctx.isEmpty()) return Relation.universe(r.space());
    for (BasicRelation c : ctx) if (c.isUniverse()) return r;
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : r.basics()) {
      BasicRelation g = gist(b, ctx);
      if (g == null) continue;
      if (g.isUniverse()) return Relation.universe(r.space());
      out.add(g);
    }
    Relation ctxRel = Relation.ofBasics(r.space(), ctx);
    if (out.size() > 1 && out.size() + ctx.size() <= MAX_COVER_PIECES && covers(out, ctxRel)) {
      return Relation.universe(r.space()); // the pieces together contain the context
    }
    // only a context with equalities or locals can supply part of a modulus
    if (ctx.stream().anyMatch(c -> c.nLocal() > 0 || c.nEq() > 0)) {
      for (int i = 0; i < out.size(); i++) out.set(i, DivisibilityGist.weaken(out.get(i), ctxRel));
    }
    return Relation.ofBasics(r.space(), out);
  }

  /** Most pieces (result and context) for which the joint containment of the context is tested. */
  private static final int MAX_COVER_PIECES = 6;

  /** True when the union of the pieces contains the context. */
  private static boolean covers(List<BasicRelation> pieces, Relation ctx) {
    try {
      return Subtraction.subtract(ctx, Relation.ofBasics(ctx.space(), pieces)).isEmpty();
    } catch (CoefficientOverflowException e) {
      return false;
    }
  }

  /** The gist of one piece, or null when it is disjoint from the context. */
  static BasicRelation gist(BasicRelation b, List<BasicRelation> ctx) {
    if (b.isMarkedEmpty()) return null;
    if (b.hasUnknownLocals() && ctx.stream().allMatch(c -> plainlyContains(b, c))) return BasicRelation.universe(b.space());
    DivAlignment al = new DivAlignment(b.nVar());
    int[] mb = al.register(b);
    int[][] mc = new int[ctx.size()][];
    int ecMax = 0;
    for (int i = 0; i < ctx.size(); i++) {
      mc[i] = al.register(ctx.get(i));
      ecMax = Math.max(ecMax, DivAlignment.nExtra(mc[i]));
    }
    int eb = DivAlignment.nExtra(mb);
    int base = al.extraBase();
    int width = base + eb + ecMax;
    List<long[]> pin = al.pinning(width);
    List<long[]> be = al.liftAll(b, mb, b.eqsRaw(), base, width);
    List<long[]> bi = al.liftAll(b, mb, b.ineqsRaw(), base, width);
    bi.removeIf(row -> Rows.impliedBySingleRow(row, List.of(), pin));
    List<List<long[]>> ce = new ArrayList<>();
    List<List<long[]>> ci = new ArrayList<>();
    boolean[] meets = new boolean[ctx.size()];
    boolean any = false;
    for (int i = 0; i < ctx.size(); i++) {
      BasicRelation c = ctx.get(i);
      ce.add(al.liftAll(c, mc[i], c.eqsRaw(), base + eb, width));
      List<long[]> in = al.liftAll(c, mc[i], c.ineqsRaw(), base + eb, width);
      in.addAll(pin);
      ci.add(in);
      meets[i] = !Rows.isEmpty(width, concat(be, ce.get(i)), concat(bi, in));
      any |= meets[i];
    }
    if (!any) return null;

    List<long[]> restE = new ArrayList<>(be);
    List<long[]> restI = new ArrayList<>(bi);
    for (long[] e : be) {
      restE.remove(e);
      if (!droppable(e, true, restE, restI, ce, ci, meets, width)) restE.add(e);
    }
    for (long[] c : bi) {
      restI.remove(c);
      if (!droppable(c, false, restE, restI, ce, ci, meets, width)) restI.add(c);
    }
    if (restE.size() == be.size() && restI.size() == bi.size()) return b;
    restI.addAll(Rows.padAll(pin, width));
    return al.build(b.space(), eb, restE, restI);
  }

  /** True when every context piece together with the rest implies constraint c. */
  private static boolean droppable(long[] c, boolean eq, List<long[]> restE, List<long[]> restI,
      List<List<long[]>> ce, List<List<long[]>> ci, boolean[] meets, int width) {
    try {
      return droppableLong(c, eq, restE, restI, ce, ci, meets, width);
    } catch (CoefficientOverflowException e) {
      return false; // the negated constraint left 64 bits: keeping c is always correct
    }
  }

  private static boolean droppableLong(long[] c, boolean eq, List<long[]> restE, List<long[]> restI,
      List<List<long[]>> ce, List<List<long[]>> ci, boolean[] meets, int width) {
    long[] neg = Rows.negation(c);
    for (int i = 0; i < ce.size(); i++) {
      List<long[]> e = ce.get(i);
      List<long[]> in = ci.get(i);
      if (eq ? Rows.hasEquality(c, e) : Rows.impliedBySingleRow(c, e, in)) continue;
      List<long[]> allE = concat(restE, e);
      List<long[]> allI = concat(restI, in);
      if (meets[i] && (Rows.canDecrease(c, allE, allI) || (eq && Rows.canDecrease(neg, allE, allI)))) {
        return false;
      }
      List<long[]> test = new ArrayList<>(allI);
      test.add(neg);
      if (!Rows.isEmpty(width, allE, test)) return false;
      if (eq) {
        test.set(test.size() - 1, Rows.shifted(c, -1));
        if (!Rows.isEmpty(width, allE, test)) return false;
      }
    }
    return true;
  }

  /**
   * A syntactic proof of {@code c ⊆ b}: some injective renaming of the locals of b into locals of
   * c under which every constraint of b follows from a single constraint of c.
   */
  static boolean plainlyContains(BasicRelation b, BasicRelation c) {
    int nb = b.nLocal();
    if (nb > c.nLocal() || nb > 3) return false;
    return tryMaps(b, c, new int[nb], 0, new boolean[c.nLocal()]);
  }

  private static boolean tryMaps(BasicRelation b, BasicRelation c, int[] map, int i, boolean[] used) {
    if (i == map.length) {
      int nv = 1 + b.nVar();
      for (long[] r : b.eqsRaw()) if (!Rows.hasEquality(rename(r, map, nv, c.nCol()), Arrays.asList(c.eqsRaw()))) return false;
      for (long[] r : b.ineqsRaw()) {
        if (!Rows.impliedBySingleRow(rename(r, map, nv, c.nCol()), Arrays.asList(c.eqsRaw()), Arrays.asList(c.ineqsRaw()))) {
          return false;
        }
      }
      return true;
    }
    for (int j = 0; j < used.length; j++) {
      if (used[j]) continue;
      used[j] = true;
      map[i] = j;
      boolean ok = tryMaps(b, c, map, i + 1, used);
      used[j] = false;
      if (ok) return true;
    }
    return false;
  }

  private static long[] rename(long[] r, int[] map, int nv, int width) {
    long[] o = new long[width];
    System.arraycopy(r, 0, o, 0, nv);
    for (int i = 0; i < map.length; i++) o[nv + map[i]] = r[nv + i];
    return o;
  }

  private static List<long[]> concat(List<long[]> a, List<long[]> b) {
    List<long[]> out = new ArrayList<>(a.size() + b.size());
    out.addAll(a);
    out.addAll(b);
    return out;
  }
}
