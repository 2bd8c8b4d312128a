package dev.polyj.presburger.set;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.List;

/**
 * Inclusion of relations in one space with early exit and an optional work budget, for the
 * exactness test of transitive closures (which can do without an answer when it is too costly).
 *
 * <p>The subtrahend is first rewritten by {@link DivComputation} so that all its locals are known
 * integer divisions; then {@code p \ q} for a basic {@code p} and a basic {@code q} with constraints
 * {@code c_1 .. c_m} is the disjoint union over {@code j} of {@code p and c_1 .. c_(j-1) and not c_j},
 * where {@code not (e >= 0)} is {@code -e - 1 >= 0} and {@code q}'s divisions are added to {@code p}
 * as known locals; the search stops at the first non-empty remainder. (Full differences are
 * {@link Subtraction}'s.)
 */
final class BoundedInclusion {
  private BoundedInclusion() {}

  /** True when every point of {@code a} lies in {@code b}; both in the same space. */
  static boolean isSubset(Relation a, Relation b) {
    return isSubset(a, b, Long.MAX_VALUE);
  }

  /**
   * Whether every point of {@code a} lies in {@code b}, or null when the decision would take more
   * than {@code budget} elementary steps (pieces examined), for callers that can do without an answer.
   */
  static Boolean isSubset(Relation a, Relation b, long budget) {
    checkArgument(a.space().equals(b.space()), "isSubset: spaces differ: %s vs %s", a.space(), b.space());
    Budget left = new Budget(budget);
    try {
      List<BasicRelation> bs = withKnownDivs(b, left);
      for (BasicRelation p : a.basics()) if (minus(p, bs, 0, null, left)) return false;
      return true;
    } catch (OutOfBudget e) {
      return null;
    }
  }

  /** Work left before giving up. */
  private static final class Budget {
    long left;

    Budget(long left) {
      this.left = left;
    }

    void spend(long n) {
      left -= n;
      if (left < 0) throw new OutOfBudget();
    }
  }

  private static final class OutOfBudget extends RuntimeException {
    private static final long serialVersionUID = 1L;

    OutOfBudget() {
      super(null, null, false, false);
    }
  }

  private static List<BasicRelation> withKnownDivs(Relation b, Budget budget) {
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation q : b.basics()) {
      Relation pieces = DivComputation.computeDivs(q, budget.left);
      if (pieces == null) throw new OutOfBudget();
      budget.spend(pieces.nBasic() + 1);
      for (BasicRelation piece : pieces.basics()) {
        if (piece.hasUnknownLocals()) throw new IllegalStateException("division computation left an unknown local");
        out.add(piece);
      }
    }
    return out;
  }

  /**
   * Subtracts {@code bs[idx..]} from {@code p}. Returns true when some non-empty remainder exists;
   * the remainder pieces are appended to {@code out}, or, when {@code out} is null, the search stops
   * at the first one.
   */
  private static boolean minus(BasicRelation p, List<BasicRelation> bs, int idx, List<BasicRelation> out,
      Budget budget) {
    budget.spend(1);
    if (p.isMarkedEmpty() || p.isEmpty()) return false;
    if (idx == bs.size()) {
      if (out != null) out.add(p);
      return true;
    }
    BasicRelation q = bs.get(idx);
    if (p.intersect(q).isEmpty()) return minus(p, bs, idx + 1, out, budget);
    ConstraintSystem base = ConstraintSystem.of(p);
    int first = base.nCol();
    int nv = 1 + q.nVar();
    for (int i = 0; i < q.nLocal(); i++) {
      long[] num = lift(q.div(i).numerator(), nv, first, first + i + 1);
      base.addLocal(new Div(num, q.div(i).denominator()));
    }
    int width = base.nCol();
    List<long[]> rows = new ArrayList<>();
    for (long[] e : q.equalities()) {
      long[] r = lift(e, nv, first, width);
      rows.add(r);
      rows.add(Ints.negate(r));
    }
    for (long[] e : q.inequalities()) rows.add(lift(e, nv, first, width));
    boolean found = false;
    for (int j = 0; j < rows.size(); j++) {
      ConstraintSystem cs = copy(base);
      for (int i = 0; i < j; i++) cs.ineqs.add(rows.get(i).clone());
      long[] neg = Ints.negate(rows.get(j));
      neg[0] = Ints.sub(neg[0], 1);
      cs.ineqs.add(neg);
      cs.simplify();
      BasicRelation piece = cs.toBasic(p.space());
      if (minus(piece, bs, idx + 1, out, budget)) {
        found = true;
        if (out == null) return true;
      }
    }
    return found;
  }

  /** A row of {@code q} (variables then q's locals) in columns where q's locals start at {@code first}. */
  private static long[] lift(long[] row, int nv, int first, int width) {
    long[] o = new long[width];
    System.arraycopy(row, 0, o, 0, Math.min(nv, row.length));
    for (int i = nv; i < row.length; i++) {
      if (row[i] != 0) o[first + (i - nv)] = row[i];
    }
    return o;
  }

  private static ConstraintSystem copy(ConstraintSystem cs) {
    ConstraintSystem c = new ConstraintSystem(cs.nVar, cs.nLocal);
    for (long[] r : cs.eqs) c.eqs.add(r.clone());
    for (long[] r : cs.ineqs) c.ineqs.add(r.clone());
    c.divs = new ArrayList<>(cs.divs);
    c.empty = cs.empty;
    return c;
  }
}
