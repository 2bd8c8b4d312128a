package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Exact clean-up of the locals left by projections: an unknown existential with a unit coefficient
 * in an equality is substituted away (wherever it sits in the equality, not only as its last
 * column), and locals with the same division definition are merged. Both steps keep the point set;
 * the core simplifier then drops locals that became one-sided or unused.
 */
final class Existentials {
  private Existentials() {}

  static Relation tidy(Relation r) {
    List<BasicRelation> out = new ArrayList<>();
    boolean changed = false;
    for (BasicRelation b : r.basics()) {
      BasicRelation t = tidy(b);
      changed |= t != b;
      if (!t.isMarkedEmpty()) out.add(t);
    }
    return changed ? Relation.ofBasics(r.space(), out) : r;
  }

  static BasicRelation tidy(BasicRelation b) {
    if (b.nLocal() == 0 || b.isMarkedEmpty()) return b;
    try {
      return tidyLong(b);
    } catch (CoefficientOverflowException e) {
      return b; // a substitution left 64 bits: b keeps the same points untidied
    }
  }

  private static BasicRelation tidyLong(BasicRelation b) {
    ConstraintSystem cs = ConstraintSystem.of(b);
    boolean changed = false;
    for (int guard = 0; guard < 4 * b.nLocal() + 4; guard++) {
      if (substituteUnitLocal(cs)) {
        changed = true;
        cs.simplify();
        if (cs.empty) return BasicRelation.empty(b.space());
        continue;
      }
      if (mergeEqualDivisions(cs)) {
        changed = true;
        cs.simplify();
        if (cs.empty) return BasicRelation.empty(b.space());
        continue;
      }
      break;
    }
    return changed ? cs.toBasic(b.space()) : b;
  }

  /** Substitutes one unknown local that has coefficient +-1 in some equality; false when there is none. */
  private static boolean substituteUnitLocal(ConstraintSystem cs) {
    for (long[] e : cs.eqs) {
      for (int col = cs.nVar + 1; col < cs.nCol(); col++) {
        if (Math.abs(e[col]) != 1 || cs.divs.get(col - 1 - cs.nVar) != null || referencedByDivision(cs, col)) continue;
        long[] eq = e[col] == 1 ? e : Ints.negate(e); // col + rest = 0
        List<long[]> eqs = new ArrayList<>();
        for (long[] r : cs.eqs) {
          if (r == e) continue;
          eqs.add(r[col] == 0 ? r : Ints.combine(1, r, Ints.neg(r[col]), eq));
        }
        cs.eqs = eqs;
        final int c = col;
        cs.ineqs.replaceAll(r -> r[c] == 0 ? r : Ints.combine(1, r, Ints.neg(r[c]), eq));
        cs.removeLocal(col);
        return true;
      }
    }
    return false;
  }

  private static boolean referencedByDivision(ConstraintSystem cs, int col) {
    for (Div d : cs.divs) if (d != null && d.numeratorRaw()[col] != 0) return true;
    return false;
  }

  /** Equates two locals with identical division definitions (the simplifier then drops one). */
  private static boolean mergeEqualDivisions(ConstraintSystem cs) {
    for (int i = 0; i < cs.nLocal; i++) {
      Div a = cs.divs.get(i);
      if (a == null) continue;
      for (int j = i + 1; j < cs.nLocal; j++) {
        Div b = cs.divs.get(j);
        if (b == null || b.denominator() != a.denominator() || !Arrays.equals(a.numeratorRaw(), b.numeratorRaw())) continue;
        if (referencedByDivision(cs, 1 + cs.nVar + j)) continue;
        long[] eq = new long[cs.nCol()];
        eq[1 + cs.nVar + i] = 1;
        eq[1 + cs.nVar + j] = -1;
        cs.eqs.add(eq);
        return true;
      }
    }
    return false;
  }
}
