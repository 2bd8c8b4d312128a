package dev.polyj.presburger.qpoly;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Evaluation of a piecewise quasi-polynomial at the points of a finite set (iscc's {@code q(s)}
 * and {@code q @ s}): the result is the function that is defined on exactly those points, each
 * carrying the constant value of {@code q} there. Parameters count as coordinates of the points,
 * so {@code [N] -> { : N = 5 }} is one point of a function of N.
 *
 * <p>Points are listed by sampling a point and removing it, so the set must be finite (at most
 * {@code limit} points, parameters included).
 */
public final class PointEvaluation {
  private PointEvaluation() {}

  /** Thrown when the set has more than the allowed number of points (or infinitely many). */
  public static final class TooManyPointsException extends RuntimeException {
    TooManyPointsException(String message) {
      super(message);
    }
  }

  /** The values of {@code f} at the points of the members of {@code points} in f's spaces. */
  public static UnionPwQPolynomial at(UnionPwQPolynomial f, UnionRelation points, int limit) {
    List<String> ps = Space.mergeParams(f.params(), points.paramNames());
    UnionPwQPolynomial fa = f.alignParams(ps);
    UnionRelation pa = points.alignParams(ps);
    List<PwQPolynomial> out = new ArrayList<>();
    for (Relation r : pa.relations()) {
      if (!r.space().isSet() && !r.space().isParams()) continue;
      for (PwQPolynomial g : fa.members()) {
        if (g.space().tuplesMatch(r.space())) out.add(at(g, r.withSpace(g.space()), limit));
      }
    }
    UnionPwQPolynomial u = UnionPwQPolynomial.of(out);
    return u.members().isEmpty() ? UnionPwQPolynomial.empty(ps) : u;
  }

  /** The values of {@code f} at the points of {@code set} (in f's space). */
  public static PwQPolynomial at(PwQPolynomial f, Relation set, int limit) {
    checkArgument(set.space().equals(f.space()), "points in %s, function on %s", set.space(), f.space());
    Space sp = f.space();
    List<PwQPolynomial.Piece> pieces = new ArrayList<>();
    for (long[] p : points(set, limit)) {
      QuasiPolynomial special = specialAt(f, p);
      if (special != null) {
        pieces.add(new PwQPolynomial.Piece(point(sp, p), special));
        continue;
      }
      Rational v = f.evaluate(p);
      if (v.isZero()) continue;
      pieces.add(new PwQPolynomial.Piece(point(sp, p), QuasiPolynomial.constant(sp, v)));
    }
    return PwQPolynomial.ofDisjoint(sp, pieces);
  }

  /** {@code infty} or {@code NaN} when that is f's value at p (NaN when both meet there), else null. */
  private static QuasiPolynomial specialAt(PwQPolynomial f, long[] p) {
    QuasiPolynomial out = null;
    for (PwQPolynomial.Piece piece : f.terms()) {
      if (!piece.qp().isSpecial() || !piece.domain().contains(p)) continue;
      out = out == null || piece.qp().isNaN() ? piece.qp() : out;
    }
    return out;
  }

  /** All points (parameters then dimensions) of a finite set. */
  public static List<long[]> points(Relation set, int limit) {
    List<long[]> out = new ArrayList<>();
    Relation rest = set;
    while (true) {
      Optional<long[]> p = rest.samplePoint();
      if (p.isEmpty()) return out;
      if (out.size() == limit) {
        throw new TooManyPointsException("the set has more than " + limit + " points (parameters included)");
      }
      out.add(p.get());
      rest = rest.subtract(Relation.of(point(set.space(), p.get())));
    }
  }

  /** The basic set holding the single point {@code p}. */
  static BasicRelation point(Space sp, long[] p) {
    BasicRelation.Builder b = BasicRelation.builder(sp);
    for (int v = 0; v < p.length; v++) {
      long[] row = new long[1 + p.length];
      row[0] = Ints.neg(p[v]);
      row[1 + v] = 1;
      b.addEq(row);
    }
    return b.build();
  }
}
