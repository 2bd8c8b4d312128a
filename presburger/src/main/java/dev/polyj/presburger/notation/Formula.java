package dev.polyj.presburger.notation;

import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.List;

/**
 * A first-order formula over the variables of a {@link VarTable}, as read from the constraints of
 * isl notation before it is brought to disjunctive normal form. Atoms are integer affine rows
 * ({@code row = 0} or {@code row >= 0}); integer divisions appear as variables of the table.
 */
sealed interface Formula {
  Formula TRUE = new Const(true);
  Formula FALSE = new Const(false);

  record Const(boolean value) implements Formula {}

  /** {@code row . (1, x) = 0} (eq) or {@code >= 0}; row indexed like {@link Aff#numerator()}. */
  record Atom(long[] row, boolean eq) implements Formula {}

  record And(List<Formula> parts) implements Formula {}

  record Or(List<Formula> parts) implements Formula {}

  record Not(Formula f) implements Formula {}

  /**
   * Existential quantification: every unknown existential variable of the body with id at least
   * {@code firstLocal} is bound here; existential variables with smaller ids belong to outer scopes.
   */
  record Exists(int firstLocal, Formula body) implements Formula {}

  static Formula atom(long[] row, boolean eq) {
    if (Ints.isZero(row, 1, row.length)) {
      return (eq ? row[0] == 0 : row[0] >= 0) ? TRUE : FALSE;
    }
    return new Atom(row, eq);
  }

  static Formula and(Formula a, Formula b) {
    return and(List.of(a, b));
  }

  static Formula and(List<Formula> fs) {
    List<Formula> parts = new ArrayList<>();
    for (Formula f : fs) {
      if (f == FALSE || f.equals(FALSE)) return FALSE;
      if (f.equals(TRUE)) continue;
      if (f instanceof And a) parts.addAll(a.parts());
      else parts.add(f);
    }
    if (parts.isEmpty()) return TRUE;
    if (parts.size() == 1) return parts.get(0);
    return new And(List.copyOf(parts));
  }

  static Formula or(Formula a, Formula b) {
    return or(List.of(a, b));
  }

  static Formula or(List<Formula> fs) {
    List<Formula> parts = new ArrayList<>();
    for (Formula f : fs) {
      if (f.equals(TRUE)) return TRUE;
      if (f.equals(FALSE)) continue;
      if (f instanceof Or o) parts.addAll(o.parts());
      else parts.add(f);
    }
    if (parts.isEmpty()) return FALSE;
    if (parts.size() == 1) return parts.get(0);
    return new Or(List.copyOf(parts));
  }

  static Formula not(Formula f) {
    if (f.equals(TRUE)) return FALSE;
    if (f.equals(FALSE)) return TRUE;
    if (f instanceof Not n) return n.f();
    return new Not(f);
  }

  /** The comparison {@code a op b} of two (rational) affine expressions over integer variables. */
  static Formula compare(Aff a, Token.Kind op, Aff b) {
    Aff d = a.sub(b);
    long[] row = d.numerator(); // the denominator is positive: the sign of d is that of its numerator
    switch (op) {
      case EQ, EQ_EQ:
        return atom(row, true);
      case GE:
        return atom(row, false);
      case GT:
        return atom(minusOne(row), false);
      case LE:
        return atom(Ints.negate(row), false);
      case LT:
        return atom(minusOne(Ints.negate(row)), false);
      case NE:
        return or(atom(minusOne(row), false), atom(minusOne(Ints.negate(row)), false));
      default:
        throw new IllegalArgumentException("not a comparison: " + op);
    }
  }

  private static long[] minusOne(long[] row) {
    long[] r = row.clone();
    r[0] = Ints.sub(r[0], 1);
    return r;
  }
}
