package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Redundant constraint removal and implicit equality detection for one basic relation, exact over
 * the integers (locals are treated as ordinary variables of the system, which is sound: a
 * constraint implied in the lifted system is implied after projection).
 *
 * <p>Implicit equalities: an inequality {@code e >= 0} such that the system with {@code e >= 1}
 * has no integer point holds with equality everywhere. Redundancy: an inequality {@code c >= 0} is
 * dropped when the other constraints together with {@code -c - 1 >= 0} have no integer point
 * (tested one by one against the constraints kept so far). Both tests are skipped when the sign
 * test of {@link Rows#canDecrease} already shows that the constraint can be left. Equalities in
 * normal form are never redundant (their pivot occurs in no other row), and the inequalities
 * implied by the definition of a known division are kept (they pin it down).
 */
final class Redundancy {
  private Redundancy() {}

  static BasicRelation simplify(BasicRelation b) {
    try {
      return simplifyLong(b);
    } catch (CoefficientOverflowException e) {
      // a test row (a negated or shifted constraint) left 64 bits: keep b as it is, which is exact
      return b.isEmpty() ? BasicRelation.empty(b.space()) : b;
    }
  }

  private static BasicRelation simplifyLong(BasicRelation b) {
    if (b.isMarkedEmpty()) return b;
    if (b.isEmpty()) return BasicRelation.empty(b.space());
    if (b.nIneq() == 0) return b;
    BasicRelation cur = b;
    // new equalities tighten other rows through the normal form, which may reveal more
    for (BasicRelation next = withImplicitEqualities(cur); next != cur; next = withImplicitEqualities(cur)) {
      cur = next;
      if (cur.isMarkedEmpty()) return cur;
    }
    // dropping rows can let the normal form eliminate a local, whose shadow may be redundant again
    for (int round = 0; round < 4; round++) {
      BasicRelation next = withoutRedundant(withoutRedundantCongruences(cur));
      boolean again = next.nLocal() < cur.nLocal() && !next.isMarkedEmpty();
      if (again) next = withImplicitEqualities(next);
      cur = next;
      if (!again) break;
    }
    return cur;
  }

  /** b with its implicit equalities made explicit (b non-empty). */
  static BasicRelation withImplicitEqualities(BasicRelation b) {
    List<long[]> eqs = Arrays.asList(b.eqsRaw());
    List<long[]> ineqs = Arrays.asList(b.ineqsRaw());
    List<long[]> found = new ArrayList<>();
    for (long[] e : ineqs) {
      if (Rows.canDecrease(Ints.negate(e), eqs, ineqs)) continue; // e can grow past 0
      List<long[]> test = new ArrayList<>(ineqs);
      test.add(Rows.shifted(e, -1));
      if (Rows.isEmpty(b.nCol(), eqs, test)) found.add(e);
    }
    if (found.isEmpty()) return b;
    ConstraintSystem cs = ConstraintSystem.of(b);
    cs.ineqs.removeIf(r -> found.stream().anyMatch(f -> f == r));
    for (long[] f : found) cs.eqs.add(f.clone());
    cs.ineqs.replaceAll(long[]::clone);
    cs.simplify();
    return cs.toBasic(b.space());
  }

  /**
   * b without the congruences implied by the other constraints (b non-empty). A congruence is an
   * equality {@code e(x) - m q = 0} whose pivot is a local {@code q} with {@code |m| > 1} occurring
   * in no other row or definition: it says {@code e(x) = 0 (mod m)}. It is implied when the other
   * constraints with {@code 1 <= e(x) - m q <= m - 1} (q now free) have no integer point, e.g.
   * {@code (N - 1) mod 2 = 0} next to {@code 2j = N + 3}.
   */
  static BasicRelation withoutRedundantCongruences(BasicRelation b) {
    List<long[]> eqs = new ArrayList<>(Arrays.asList(b.eqsRaw()));
    List<long[]> ineqs = Arrays.asList(b.ineqsRaw());
    int firstLocal = 1 + b.nVar();
    boolean removed = false;
    for (int i = 0; i < eqs.size(); ) {
      long[] e = eqs.get(i);
      int k = e.length - 1;
      while (k > 0 && e[k] == 0) k--;
      if (k < firstLocal || Math.abs(e[k]) <= 1 || occursElsewhere(b, eqs, ineqs, e, k)) {
        i++;
        continue;
      }
      long[] c = e[k] > 0 ? Ints.negate(e) : e; // e(x) - m q with m > 0
      long m = -c[k];
      List<long[]> others = new ArrayList<>(eqs);
      others.remove(i);
      List<long[]> test = new ArrayList<>(ineqs);
      test.add(Rows.shifted(c, -1)); // c >= 1
      long[] upper = Ints.negate(c);
      upper[0] = Ints.add(upper[0], m - 1); // c <= m - 1
      test.add(upper);
      if (Rows.isEmpty(b.nCol(), others, test)) {
        eqs.remove(i);
        removed = true;
      } else {
        i++;
      }
    }
    if (!removed) return b;
    ConstraintSystem cs = ConstraintSystem.of(b);
    cs.eqs = new ArrayList<>();
    for (long[] r : eqs) cs.eqs.add(r.clone());
    cs.simplify();
    return cs.toBasic(b.space());
  }

  private static boolean occursElsewhere(BasicRelation b, List<long[]> eqs, List<long[]> ineqs, long[] e, int k) {
    for (long[] r : eqs) if (r != e && r[k] != 0) return true;
    for (long[] r : ineqs) if (r[k] != 0) return true;
    for (int j = 0; j < b.nLocal(); j++) {
      Div d = b.div(j);
      if (d != null && k < d.width() && d.coefficient(k) != 0) return true;
    }
    return false;
  }

  /** b without the inequalities implied by the others (b non-empty). */
  static BasicRelation withoutRedundant(BasicRelation b) {
    List<long[]> eqs = Arrays.asList(b.eqsRaw());
    List<long[]> kept = new ArrayList<>(Arrays.asList(b.ineqsRaw()));
    boolean removed = false;
    for (int i = 0; i < kept.size(); ) {
      long[] c = kept.get(i);
      if (Rows.isPinningOf(b, c) || Rows.canDecrease(c, eqs, kept)) {
        i++;
        continue;
      }
      List<long[]> test = new ArrayList<>(kept);
      test.set(i, Rows.negation(c));
      if (Rows.isEmpty(b.nCol(), eqs, test)) {
        kept.remove(i);
        removed = true;
      } else {
        i++;
      }
    }
    if (!removed) return b;
    ConstraintSystem cs = ConstraintSystem.of(b);
    cs.ineqs = new ArrayList<>();
    for (long[] r : kept) cs.ineqs.add(r.clone());
    cs.simplify();
    return cs.toBasic(b.space());
  }
}
