package dev.polyj.codegen.ast;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.List;

/**
 * The real shadow of a basic set along one variable (Fourier–Motzkin elimination over the
 * rationals): a superset of the integer projection, used for the bounds of outer loops when the
 * exact integer projection would need new divisions or splinters (tiles of skewed loops: the
 * rows combine coefficients other than one on both sides).
 *
 * <p>Scanning stays exact: an outer loop bounded by a superset of the projection only visits
 * extra values for which the inner loops, bounded by the exact set at the innermost level, are
 * empty; every decision the generator takes on a superset (a guard implied, pieces disjoint, a
 * piece entirely before another) also holds on the exact set.
 */
final class RealShadow {
  private RealShadow() {}

  /**
   * The real shadow of {@code b} along column {@code col} (the column's coefficients zero in the
   * result, same space), or null when {@code b} has locals or when the integer projection is
   * exact anyway (every lower or every upper bound has coefficient one) and should be taken.
   */
  static BasicRelation project(BasicRelation b, int col) {
    if (b.nLocal() > 0) return null;
    for (long[] e : b.equalities()) if (e[col] != 0) return null; // substitution: exact path
    List<long[]> lowers = new ArrayList<>();
    List<long[]> uppers = new ArrayList<>();
    List<long[]> others = new ArrayList<>();
    boolean unitLowers = true;
    boolean unitUppers = true;
    for (long[] r : b.inequalities()) {
      if (r[col] > 0) {
        lowers.add(r);
        unitLowers &= r[col] == 1;
      } else if (r[col] < 0) {
        uppers.add(r);
        unitUppers &= r[col] == -1;
      } else {
        others.add(r);
      }
    }
    if (unitLowers || unitUppers) return null;
    List<long[]> ineqs = new ArrayList<>(others);
    for (long[] lo : lowers) {
      for (long[] up : uppers) {
        long a = lo[col];
        long c = -up[col];
        long g = Ints.gcd(a, c);
        long[] row = new long[lo.length];
        for (int k = 0; k < row.length; k++) {
          row[k] = Ints.add(Ints.mul(c / g, lo[k]), Ints.mul(a / g, up[k]));
        }
        row[col] = 0;
        ineqs.add(row);
      }
    }
    BasicRelation.Builder out = BasicRelation.builder(b.space());
    for (long[] e : b.equalities()) out.addEq(e.clone());
    for (long[] r : ineqs) out.addIneq(r);
    BasicRelation shadow = out.build();
    Relation simple = Relation.of(shadow).removeRedundancies();
    return simple.nBasic() == 1 ? simple.basics().get(0) : shadow;
  }
}
