package dev.polyj.reductions.sdr;

import dev.polyj.presburger.qpoly.DisjointPieces;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.List;

/**
 * The Simplification Transformation of one reduction along one reuse vector (Gautam and
 * Rajopadhye, POPL 2006; Section 4.2 of Yang, Atkinson, Carbin, POPL 2021), on the domain
 * {@code P} of the reduction (or of a residual reduction, a face of the original domain).
 *
 * <p>With {@code P' = P + r} (shift), the elements {@code proj(P ∩ P')} (intersect, project) reuse
 * the element {@code r_X = proj(r)} before them: {@code X[y] = X[y - r_X] + Add[y] - Sub[y]}, where
 * {@code Add} accumulates the body over {@code P - P'} and {@code Sub} over {@code P' - P} (the
 * points {@code z + r} of {@code P'} not in {@code P}, evaluated at {@code z} and accumulated into
 * {@code proj(z) + r_X}); this is exact because the body has the same value at {@code z} and
 * {@code z + r} ({@code r} is in the share space). The other elements, {@code proj(P) - proj(P ∩
 * P')}, have all their points in {@code P - P'}: {@code X[y] = Add[y]}. {@code Add} and {@code Sub}
 * are the residual reductions (Section 4.4); their domains are split into disjoint convex pieces,
 * one per face of {@code P} they lie on (Lemma 5.2), and each is simplified again.
 */
public record SimplificationTransformation(long[] reuse, long[] lhsStep, Relation reuseDomain, Relation addOnlyDomain,
    List<Relation> addPieces, List<Relation> subPieces) {

  /**
   * The transformation of the reduction over {@code piece} (in the statement's space) along
   * {@code r}; {@code proj} maps the statement's space to the left-hand side (with the shift of
   * the residual already applied), {@code projRows} are its rows.
   */
  static SimplificationTransformation of(Relation piece, long[] r, Relation proj, long[][] projRows) {
    int np = piece.space().nParam();
    long[] rx = AffineMaps.linearImage(projRows, np, r);
    Relation shifted = AffineMaps.translate(piece, r);
    Relation reuseDomain = piece.intersect(shifted).apply(proj).coalesce();
    Relation lhs = piece.apply(proj).coalesce();
    Relation addOnly = lhs.subtract(reuseDomain).coalesce();
    Relation add = piece.subtract(shifted).coalesce();
    // points z with z + r outside P whose element proj(z) + r_X reuses
    Relation sub = piece.subtract(AffineMaps.translate(piece, AffineMaps.negate(r)));
    Relation targets = AffineMaps.translate(reuseDomain, AffineMaps.negate(rx));
    sub = sub.intersect(targets.apply(proj.reverse())).coalesce();
    return new SimplificationTransformation(r, rx, reuseDomain, addOnly, pieces(add), pieces(sub));
  }

  /** Disjoint convex pieces of a union. */
  static List<Relation> pieces(Relation r) {
    List<Relation> out = new ArrayList<>();
    if (r.isEmpty()) return out;
    for (BasicRelation b : DisjointPieces.disjoint(r)) {
      Relation p = Relation.of(b).removeRedundancies();
      if (!p.isEmpty()) out.add(p);
    }
    return out;
  }
}
