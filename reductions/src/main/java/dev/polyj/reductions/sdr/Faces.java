package dev.polyj.reductions.sdr;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.List;

/**
 * The faces of a reduction domain (Definition 5.1 of Yang, Atkinson, Carbin, POPL 2021): the
 * domain with a subset of its inequalities turned into equalities. Lemma 5.3 puts the recursive
 * applications of the Simplification Transformation in one-to-one correspondence with them;
 * {@link Sdr} visits the faces its residual reductions live on, this class lists them all (the
 * size of the search space of the exact formulation of Section 5.3).
 */
public final class Faces {
  private Faces() {}

  /**
   * The distinct faces of a convex domain that are non-empty wherever the domain is (not only at
   * particular parameter values), the domain itself first.
   */
  public static List<Relation> of(Relation domain) {
    if (domain.nBasic() != 1) throw new IllegalArgumentException("faces of a convex domain only, got " + domain);
    BasicRelation b = domain.basics().get(0);
    List<long[]> ineqs = b.inequalities();
    if (ineqs.size() > 16) throw new IllegalArgumentException("too many constraints for face enumeration: " + ineqs.size());
    List<Relation> out = new ArrayList<>();
    for (int mask = 0; mask < 1 << ineqs.size(); mask++) {
      BasicRelation.Builder f = BasicRelation.builder(b.space());
      for (int l = 0; l < b.nLocal(); l++) f.addExistential();
      for (long[] eq : b.equalities()) f.addEq(eq);
      for (int k = 0; k < ineqs.size(); k++) {
        if ((mask & (1 << k)) != 0) f.addEq(ineqs.get(k));
        else f.addIneq(ineqs.get(k));
      }
      Relation face = Relation.of(f.build());
      // faces that exist only for particular parameter values (N = 1) are not faces in general
      if (face.isEmpty() || !face.params().isEqual(domain.params())) continue;
      boolean seen = false;
      for (Relation o : out) if (o.isEqual(face)) seen = true;
      if (!seen) out.add(face);
    }
    return out;
  }
}
