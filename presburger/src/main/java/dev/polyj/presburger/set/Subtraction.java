package dev.polyj.presburger.set;

import static com.google.common.base.Preconditions.checkState;

import dev.polyj.presburger.arith.ComputeBudget;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.List;

/**
 * Set difference and complement of unions of basic relations, exact in the presence of locals.
 *
 * <p>The subtrahend is first rewritten so that all its locals are known integer divisions
 * ({@link DivComputation}, exact). A piece {@code B = C1 and ... and Cn} with divisions d(x) is then
 * {@code { x : C(x, d(x)) }}, whose complement is the disjoint union over i of {@code C1 and ...
 * and C(i-1) and not Ci}, evaluated at the same divisions: {@code not (e >= 0)} is {@code -e - 1 >=
 * 0} and {@code not (e = 0)} is {@code e >= 1} or {@code e <= -1}. The divisions are carried into
 * every piece as defined locals (shared with the minuend's identical ones); their pinning
 * constraints are never negated. Constraints of B implied by a single constraint of the minuend
 * are skipped; a constraint whose negated piece is empty is implied by the minuend and the earlier
 * ones, so it is neither emitted nor kept in the prefix. A minuend disjoint from B is returned
 * unchanged. Redundant constraints of B are removed first when B has more inequalities than a box
 * or the minuend has several pieces, since each would only split the result further. Pieces of {@code A \ (B1 or B2 ...)} come from subtracting B1, then B2, ...
 */
final class Subtraction {
  private Subtraction() {}

  /** {@code a \ b}; both in the same space with aligned parameters. */
  static Relation subtract(Relation a, Relation b) {
    if (a.nBasic() == 0 || b.nBasic() == 0) return a;
    List<BasicRelation> result = new ArrayList<>();
    for (BasicRelation x : a.basics()) if (!x.isEmpty()) result.add(x);
    for (BasicRelation y0 : b.basics()) {
      for (BasicRelation y : DivComputation.computeDivs(y0).basics()) {
        if (y.isEmpty()) continue;
        // constraints of y implied by the others would only split the result further
        if (result.size() > 1 || y.nIneq() > 2 * y.nVar()) y = Redundancy.simplify(y);
        List<BasicRelation> next = new ArrayList<>();
        for (BasicRelation x : result) {
          ComputeBudget.spend(1);
          subtract(x, y, next);
        }
        result = next;
        if (result.isEmpty()) return Relation.empty(a.space());
      }
    }
    return result.equals(a.basics()) ? a : Relation.ofBasics(a.space(), result);
  }

  /** Adds the pieces of {@code x \ y} to {@code out}; y has known divisions only. */
  static void subtract(BasicRelation x, BasicRelation y, List<BasicRelation> out) {
    if (x.isMarkedEmpty()) return;
    if (y.isMarkedEmpty()) {
      out.add(x);
      return;
    }
    if (y.isUniverse()) return;
    if (plainlyDisjoint(x, y)) {
      out.add(x);
      return;
    }
    DivAlignment al = new DivAlignment(x.nVar());
    int[] mx = al.register(x);
    int[] my = al.register(y);
    checkState(DivAlignment.nExtra(my) == 0, "subtrahend with unknown locals: %s", y);
    int nExtra = DivAlignment.nExtra(mx);
    int base = al.extraBase();
    int width = base + nExtra;
    List<long[]> pin = al.pinning(width);
    List<long[]> xe = al.liftAll(x, mx, x.eqsRaw(), base, width);
    List<long[]> xi = al.liftAll(x, mx, x.ineqsRaw(), base, width);
    xi.addAll(pin);

    // the constraints of y to negate, minus those implied by a single constraint of x or the pinning
    List<long[]> ye = new ArrayList<>();
    for (long[] r : y.eqsRaw()) {
      long[] l = al.lift(y, my, r, base, width);
      if (!Rows.hasEquality(l, xe)) ye.add(l);
    }
    List<long[]> yi = new ArrayList<>();
    for (long[] r : y.ineqsRaw()) {
      long[] l = al.lift(y, my, r, base, width);
      if (!Rows.impliedBySingleRow(l, xe, xi)) yi.add(l);
    }
    if (ye.isEmpty() && yi.isEmpty()) return; // x inside y

    // disjoint: keep x as it is
    List<long[]> allE = new ArrayList<>(xe);
    allE.addAll(ye);
    List<long[]> allI = new ArrayList<>(xi);
    allI.addAll(yi);
    if (Rows.isEmpty(width, allE, allI)) {
      out.add(x);
      return;
    }

    List<long[]> prefE = new ArrayList<>(xe);
    List<long[]> prefI = new ArrayList<>(xi);
    for (long[] e : ye) {
      boolean any = addPiece(x, al, nExtra, width, prefE, prefI, Rows.shifted(e, -1), out);
      any |= addPiece(x, al, nExtra, width, prefE, prefI, Rows.negation(e), out);
      if (any) prefE.add(e);
    }
    for (long[] c : yi) {
      if (addPiece(x, al, nExtra, width, prefE, prefI, Rows.negation(c), out)) prefI.add(c);
    }
  }

  /** Adds the piece prefix and {@code neg >= 0} when it is non-empty; returns whether it was. */
  private static boolean addPiece(BasicRelation x, DivAlignment al, int nExtra, int width,
      List<long[]> eqs, List<long[]> ineqs, long[] neg, List<BasicRelation> out) {
    List<long[]> in = new ArrayList<>(ineqs.size() + 1);
    in.addAll(ineqs);
    in.add(neg);
    BasicRelation piece = al.build(x.space(), nExtra, eqs, in);
    if (piece.isMarkedEmpty() || piece.isEmpty()) return false;
    out.add(piece);
    return true;
  }

  /** A constraint of x and one of y with opposite linear parts that cannot hold together. */
  private static boolean plainlyDisjoint(BasicRelation x, BasicRelation y) {
    int nv = 1 + x.nVar();
    for (long[] a : x.ineqsRaw()) {
      if (!Rows.noneFrom(a, nv)) continue;
      for (long[] b : y.ineqsRaw()) {
        if (Rows.noneFrom(b, nv) && Rows.sameLinear(a, b, -1) && Ints.addSign(a[0], b[0]) < 0) return true;
      }
      for (long[] e : y.eqsRaw()) {
        if (!Rows.noneFrom(e, nv)) continue;
        // e = 0 fixes the linear part of a: a >= 0 reads -e0 + a0 >= 0 or e0 + a0 >= 0
        if (Rows.sameLinear(a, e, 1) && Ints.subSign(a[0], e[0]) < 0) return true;
        if (Rows.sameLinear(a, e, -1) && Ints.addSign(a[0], e[0]) < 0) return true;
      }
    }
    return false;
  }
}
