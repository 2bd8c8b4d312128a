package dev.polyj.presburger.count;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.qpoly.DisjointPieces;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;

/**
 * Ranking polynomials: the rank of a point x of a set S is the number of points of S
 * lexicographically smaller than x, a piecewise quasi-polynomial over S's space (zero outside S
 * and at its lexicographic minimum), as used to collapse loop nests into one counter.
 *
 * <p>It is the card, per x, of the relation {@code { x -> y : x in S, y in S, y <<lex x }}, built
 * from disjoint pieces: S's disjoint pieces for x and for y, and for each position k the order
 * piece {@code y_0 = x_0, ..., y_(k-1) = x_(k-1), y_k < x_k}.
 */
public final class Ranking {
  private Ranking() {}

  public static PwQPolynomial rank(Relation set) {
    checkArgument(set.isSet(), "rank: expected a set, got %s", set.space());
    Space sp = set.space();
    int np = sp.nParam();
    int d = sp.nOut();
    Space mapSpace = Space.map(sp.params(), sp.tuple(), sp.tuple());
    List<BasicRelation> known = new ArrayList<>();
    for (BasicRelation b : set.basics()) {
      if (!b.hasUnknownLocals()) known.add(b);
      else known.addAll(b.computeDivs().basics());
    }
    List<BasicRelation> pieces = DisjointPieces.disjoint(known);
    int[] toIn = new int[np + d];
    int[] toOut = new int[np + d];
    for (int v = 0; v < np; v++) {
      toIn[v] = v;
      toOut[v] = v;
    }
    for (int i = 0; i < d; i++) {
      toIn[np + i] = np + i;
      toOut[np + i] = np + d + i;
    }
    List<BasicRelation> order = new ArrayList<>();
    for (BasicRelation bx : pieces) {
      BasicRelation x = bx.mapVariables(mapSpace, toIn);
      for (BasicRelation by : pieces) {
        BasicRelation xy = x.intersect(by.mapVariables(mapSpace, toOut));
        if (DisjointPieces.surelyEmpty(xy)) continue;
        for (int k = 0; k < d; k++) {
          BasicRelation.Builder bld = xy.toBuilder();
          for (int j = 0; j <= k; j++) {
            long[] row = new long[1 + np + 2 * d];
            row[1 + np + j] = 1; // x_j
            row[1 + np + d + j] = -1; // - y_j
            if (j < k) {
              bld.addEq(row);
            } else {
              row[0] = -1; // x_k - y_k - 1 >= 0
              bld.addIneq(row);
            }
          }
          BasicRelation piece = bld.build();
          if (!DisjointPieces.surelyEmpty(piece)) order.add(piece);
        }
      }
    }
    Space target = mapSpace.domain();
    return Counting.sumDisjoint(order, QuasiPolynomial.constant(mapSpace, Rational.ONE), target);
  }
}
