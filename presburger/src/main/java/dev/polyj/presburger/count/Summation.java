package dev.polyj.presburger.count;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.qpoly.UnionPwQPolynomial;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;

/**
 * Sums of piecewise quasi-polynomials over the points of their domains (iscc's {@code sum}): for a
 * function on a set space the result is a function of the parameters; on a wrapped relation space
 * {@code [A -> B]}, a function on {@code A} (the sum over B per point of A).
 *
 * <p>Each piece's floor terms that depend on summed dimensions are lifted to dimensions (with
 * their pinning constraints), so the summand is a plain polynomial there; then exact nested
 * summation ({@link NestedSummation}) applies.
 */
public final class Summation {
  private Summation() {}

  /** The space of the result of {@link #sum(PwQPolynomial)}. */
  public static Space resultSpace(Space space) {
    checkArgument(space.isSet(), "sum: the function must be defined on a set space, not %s", space);
    if (space.tuple().isWrapping()) return space.unwrap().domain();
    return space.paramsSpace();
  }

  /**
   * The sum of {@code f} over all points of its domain. As in isl, the sum is {@code NaN} wherever
   * it would run over infinitely many points (at the target points above an unbounded part of a
   * piece) or over an undefined value; a sum of {@code infty} values is {@code infty}.
   */
  public static PwQPolynomial sum(PwQPolynomial f) {
    Space target = resultSpace(f.space());
    int nT = target.nVar();
    // the pieces of f are disjoint, but their sums overlap in the result space: add them
    PwQPolynomial total = PwQPolynomial.zero(target);
    boolean special = false;
    for (PwQPolynomial.Piece p : f.pieces()) {
      List<BasicRelation> basics = p.domain().hasUnknownLocals() ? p.domain().computeDivs().basics() : List.of(p.domain());
      List<BasicRelation> bounded = new ArrayList<>();
      for (BasicRelation b : basics) {
        if (p.qp().isSpecial() || !boundedBeyond(b, nT)) {
          QuasiPolynomial value = p.qp().isInfinite() ? QuasiPolynomial.infinity(target) : QuasiPolynomial.nan(target);
          total = total.add(PwQPolynomial.on(projection(b, target), value));
          special = true;
        } else {
          bounded.add(b);
        }
      }
      if (!bounded.isEmpty()) {
        total = total.add(Counting.sum(Relation.ofBasics(p.domain().space(), bounded), p.qp(), target));
      }
    }
    // NaN absorbs what is added to it: one piece per value reads best
    return special ? total.coalesce() : total;
  }

  /**
   * True when b has finitely many points per value of its first {@code nT} variables: no integer
   * direction of its recession cone moves a later variable or a local (the test of {@link
   * Barvinok#isBounded}, with the locals counted as variables).
   */
  static boolean boundedBeyond(BasicRelation b, int nT) {
    return Barvinok.recessionConeIsZero(b, nT, 1 + b.nVar() + b.nLocal());
  }

  /** The points of the target space (b's first variables) above which b has points. */
  private static Relation projection(BasicRelation b, Space target) {
    int[] varMap = new int[b.nVar()];
    for (int v = 0; v < varMap.length; v++) varMap[v] = v < target.nVar() ? v : -1;
    return b.mapVariables(target, varMap).computeDivs();
  }

  /**
   * The sum of {@code f} over the points of {@code r}: a set in f's space, or a relation whose
   * wrapped space is f's space (then the sum is per domain point of r).
   */
  public static PwQPolynomial sum(PwQPolynomial f, Relation r) {
    Relation set = r.isSet() ? r : wrap(r);
    checkArgument(set.space().tuplesMatch(f.space()), "sum: function on %s, points in %s", f.space(), r.space());
    return sum(f.intersectDomain(set));
  }

  /** Sums every member. */
  public static UnionPwQPolynomial sum(UnionPwQPolynomial f) {
    List<PwQPolynomial> out = new ArrayList<>();
    for (PwQPolynomial g : f.members()) out.add(sum(g));
    UnionPwQPolynomial u = UnionPwQPolynomial.of(out);
    return u.members().isEmpty() ? UnionPwQPolynomial.empty(f.params()) : u;
  }

  /** The relation's points as a set in the wrapped space (same column layout). */
  static Relation wrap(Relation r) {
    Space w = r.space().wrap();
    List<BasicRelation> bs = new ArrayList<>();
    for (BasicRelation b : r.basics()) bs.add(b.withSpace(w));
    return Relation.ofBasics(w, bs);
  }
}
