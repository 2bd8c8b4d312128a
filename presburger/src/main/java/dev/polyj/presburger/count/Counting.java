package dev.polyj.presburger.count;

import dev.polyj.presburger.qpoly.DisjointPieces;
import dev.polyj.presburger.qpoly.Polynomial;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.qpoly.UnionPwQPolynomial;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;

/**
 * Number of integer points (iscc's {@code card}): of a set, as a piecewise quasi-polynomial in the
 * parameters; of a relation, per point of its domain (a piecewise quasi-polynomial over the domain
 * space). Exact for any affine constraints, unions (overlapping pieces counted once) and
 * existentially quantified variables.
 *
 * <p>Method: existentials become known divisions by exact projection ({@link
 * BasicRelation#computeDivs()}); the pieces are made disjoint ({@link DisjointPieces}). Each piece
 * is rewritten as a polytope without locals and equalities ({@link PolytopeForm}: divisions lifted
 * to dimensions, equalities removed by lattice compression, leaving congruences and equalities on
 * the parameters as a condition) and counted by Barvinok's algorithm ({@link Barvinok}) or, when a
 * cheap rule on the coefficients predicts it is faster, by exact nested summation ({@link
 * NestedSummation}, which also computes sums of non-constant quasi-polynomials). An unbounded
 * piece counts {@code infty} wherever it has points; on 64-bit overflow in the polytope form the
 * piece goes to nested summation directly.
 */
public final class Counting {
  private Counting() {}

  /** The space of the result of {@code card(r)}: the parameters for a set, the domain for a map. */
  public static Space resultSpace(Space space) {
    return space.isMap() ? space.domain() : space.paramsSpace();
  }

  /** The number of points of a set (per parameter value) or of images per domain point of a map. */
  public static PwQPolynomial card(Relation r) {
    Space target = resultSpace(r.space());
    return sum(r, QuasiPolynomial.constant(r.space(), Rational.ONE), target);
  }

  /** card of every member; members with the same result space are added (isl's union card). */
  public static UnionPwQPolynomial card(UnionRelation u) {
    List<PwQPolynomial> fs = new ArrayList<>();
    for (Relation r : u.relations()) fs.add(card(r));
    UnionPwQPolynomial out = UnionPwQPolynomial.of(fs);
    return out.members().isEmpty() ? UnionPwQPolynomial.empty(u.paramNames()) : out;
  }

  /**
   * The sum of {@code q} (over r's variables) on the points of {@code r}, over the first
   * {@code target.nVar()} variables of r's space.
   */
  static PwQPolynomial sum(Relation r, QuasiPolynomial q, Space target) {
    List<BasicRelation> known = new ArrayList<>();
    for (BasicRelation b : r.basics()) {
      if (!b.hasUnknownLocals()) known.add(b);
      else known.addAll(b.computeDivs().basics());
    }
    return sumDisjoint(DisjointPieces.disjoint(known), q, target);
  }

  /** Like {@link #sum(Relation, QuasiPolynomial, Space)} for pairwise disjoint basic relations. */
  static PwQPolynomial sumDisjoint(List<BasicRelation> disjoint, QuasiPolynomial q, Space target) {
    NestedSummation ns = new NestedSummation(target);
    PwQPolynomial counted = PwQPolynomial.zero(target);
    boolean counting = q.isConstant() && q.polynomial().constantTerm().isOne();
    for (BasicRelation b : disjoint) {
      PwQPolynomial c = counting ? count(b, target) : weightedSum(b, q, target);
      if (c != null) counted = counted.add(c);
      else ns.add(b, q);
    }
    return counted.add(ns.result());
  }

  /**
   * {@code infty} wherever the unbounded b has a point: on its projection onto the target (its
   * recession cone does not depend on the target, so every point lies on an infinite ray).
   */
  static PwQPolynomial infinite(BasicRelation b, Space target) {
    int[] varMap = new int[b.nVar()];
    for (int v = 0; v < varMap.length; v++) varMap[v] = v < target.nVar() ? v : -1;
    Relation dom = b.mapVariables(target, varMap).computeDivs();
    return PwQPolynomial.on(dom, QuasiPolynomial.infinity(target));
  }

  /**
   * The number of points of b per value of the target variables by Barvinok's algorithm
   * ({@code infty} where b is unbounded), or null when it does not apply (arithmetic beyond 64
   * bits).
   */
  static PwQPolynomial countByBarvinok(BasicRelation b, Space target) {
    return count(b, target, false);
  }

  /**
   * The number of points of b per value of the target variables: its polytope form counted by
   * nested summation or by Barvinok's algorithm, whichever {@link #preferNestedSummation} picks;
   * null as for {@link #countByBarvinok}.
   */
  static PwQPolynomial count(BasicRelation b, Space target) {
    return count(b, target, true);
  }

  /**
   * The cheap rule choosing the method: nested summation when every constraint has at most one
   * counted variable with a coefficient other than 0 and +-1. Then the variables with unit
   * coefficients are summed away without residue classes, and nested summation is several times
   * faster than Barvinok's algorithm (no vertex enumeration, chambers or cone decompositions); with
   * several non-unit coefficients in one constraint (knapsack-like shapes) the residue classes of
   * nested summation multiply while Barvinok's algorithm stays polynomial in fixed dimension.
   */
  static boolean preferNestedSummation(BasicRelation p, int nT) {
    for (long[] r : p.inequalities()) {
      int nonUnit = 0;
      for (int c = 1 + nT; c < 1 + p.nVar(); c++) if (Math.abs(r[c]) > 1) nonUnit++;
      if (nonUnit > 1) return false;
    }
    return true;
  }

  private static PwQPolynomial nested(BasicRelation p, Polynomial weight, Space target) {
    NestedSummation ns = new NestedSummation(target);
    ns.add(p, QuasiPolynomial.of(p.space(), weight == null ? Polynomial.ONE : weight));
    return ns.result();
  }

  /**
   * The sum of q on the points of b per value of the target variables, through b's polytope form
   * (q's floor terms lifted to dimensions, its polynomial carried through the lattice
   * compression), by nested summation or by Barvinok's algorithm with a polynomial weight as
   * {@link #preferNestedSummation} picks; null when b is unbounded (an infinite or undefined sum,
   * reported by nested summation) or on 64-bit overflow.
   */
  static PwQPolynomial weightedSum(BasicRelation b, QuasiPolynomial q, Space target) {
    return count(b, q, target, true);
  }

  /** As {@link #weightedSum} always using Barvinok's algorithm for the polytope. */
  static PwQPolynomial weightedSumByBarvinok(BasicRelation b, QuasiPolynomial q, Space target) {
    return count(b, q, target, false);
  }

  private static PwQPolynomial count(BasicRelation b, Space target, boolean choose) {
    return count(b, null, target, choose);
  }

  private static PwQPolynomial count(BasicRelation b, QuasiPolynomial q, Space target, boolean choose) {
    int nT = target.nVar();
    PolytopeForm.Form f;
    try {
      f = PolytopeForm.of(b, target, q);
    } catch (dev.polyj.presburger.arith.CoefficientOverflowException e) {
      return null;
    }
    if (f == null) return null;
    BasicRelation p = f.polytope();
    Polynomial weight = f.weight();
    if (p.isMarkedEmpty()) return PwQPolynomial.zero(target);
    if (!Barvinok.isBounded(p, nT)) return q == null ? infinite(b, target) : null;
    PwQPolynomial count;
    if (p.nVar() == nT) {
      // nothing left to sum over: one point wherever the constraints on the target hold
      BasicRelation dom = BasicRelation.of(target, List.of(), p.inequalities());
      count = PwQPolynomial.on(Relation.of(dom), QuasiPolynomial.of(target, weight == null ? Polynomial.ONE : weight));
    } else if (choose && preferNestedSummation(p, nT)) {
      count = nested(p, weight, target);
    } else {
      count = Barvinok.sumOfBounded(p, weight, target, piece -> nested(piece, weight, target));
      if (count == null) return null;
    }
    if (f.condition().isUniverse()) return count;
    return count.intersectDomain(Relation.of(f.condition()));
  }
}
