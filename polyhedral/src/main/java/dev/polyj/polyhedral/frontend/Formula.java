package dev.polyj.polyhedral.frontend;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A quantifier-free formula over quasi-affine atoms ({@code e >= 0} or {@code e = 0}) with and, or
 * and not. Negation is pushed to the atoms, where it is exact: divisions are functions of the
 * variables, so {@code not (e >= 0)} is {@code -e - 1 >= 0}.
 */
sealed interface Formula {
  Formula TRUE = new And(ImmutableList.of());
  Formula FALSE = new Or(ImmutableList.of());

  /** {@code e >= 0}, or {@code e = 0} when {@code eq}. */
  record Atom(QAff expr, boolean eq) implements Formula {}

  record And(ImmutableList<Formula> parts) implements Formula {}

  record Or(ImmutableList<Formula> parts) implements Formula {}

  static Formula atom(QAff e, boolean eq) {
    if (e.isConstant()) {
      long c = e.constantTerm();
      return (eq ? c == 0 : c >= 0) ? TRUE : FALSE;
    }
    return new Atom(e, eq);
  }

  /** {@code a >= b}. */
  static Formula ge(QAff a, QAff b) {
    return atom(a.sub(b), false);
  }

  static Formula eq(QAff a, QAff b) {
    return atom(a.sub(b), true);
  }

  static Formula and(Formula... fs) {
    return and(List.of(fs));
  }

  static Formula and(List<Formula> fs) {
    List<Formula> out = new ArrayList<>();
    for (Formula f : fs) {
      if (f.equals(FALSE)) return FALSE;
      if (f instanceof And a) out.addAll(a.parts());
      else out.add(f);
    }
    return out.size() == 1 ? out.get(0) : new And(ImmutableList.copyOf(out));
  }

  static Formula or(Formula... fs) {
    return or(List.of(fs));
  }

  static Formula or(List<Formula> fs) {
    List<Formula> out = new ArrayList<>();
    for (Formula f : fs) {
      if (f.equals(TRUE)) return TRUE;
      if (f instanceof Or o) out.addAll(o.parts());
      else out.add(f);
    }
    return out.size() == 1 ? out.get(0) : new Or(ImmutableList.copyOf(out));
  }

  static Formula not(Formula f) {
    if (f instanceof Atom a) {
      if (a.eq()) return or(atom(a.expr().add(-1), false), atom(a.expr().scale(-1).add(-1), false));
      return atom(a.expr().scale(-1).add(-1), false);
    }
    List<Formula> parts = new ArrayList<>();
    if (f instanceof And a) {
      for (Formula x : a.parts()) parts.add(not(x));
      return or(parts);
    }
    for (Formula x : ((Or) f).parts()) parts.add(not(x));
    return and(parts);
  }

  /** Disjunctive normal form: a list of conjunctions of atoms (empty list: false). */
  static List<List<Atom>> dnf(Formula f) {
    List<List<Atom>> out = new ArrayList<>();
    if (f instanceof Atom a) {
      out.add(List.of(a));
    } else if (f instanceof Or o) {
      for (Formula x : o.parts()) out.addAll(dnf(x));
    } else {
      out.add(List.of());
      for (Formula x : ((And) f).parts()) {
        List<List<Atom>> xs = dnf(x);
        List<List<Atom>> next = new ArrayList<>();
        for (List<Atom> c : out) {
          for (List<Atom> d : xs) {
            List<Atom> cd = new ArrayList<>(c);
            cd.addAll(d);
            next.add(cd);
          }
        }
        out = next;
      }
    }
    return out;
  }

  /** Variables occurring in the formula. */
  static Set<String> variables(Formula f) {
    Set<String> out = new TreeSet<>();
    collect(f, out);
    return out;
  }

  private static void collect(Formula f, Set<String> out) {
    if (f instanceof Atom a) out.addAll(a.expr().variables());
    else if (f instanceof And a) for (Formula x : a.parts()) collect(x, out);
    else for (Formula x : ((Or) f).parts()) collect(x, out);
  }

  /** Truth value under an assignment of all variables. */
  static boolean evaluate(Formula f, java.util.Map<String, Long> env) {
    if (f instanceof Atom a) {
      long v = a.expr().evaluate(env);
      return a.eq() ? v == 0 : v >= 0;
    }
    if (f instanceof And a) {
      for (Formula x : a.parts()) if (!evaluate(x, env)) return false;
      return true;
    }
    for (Formula x : ((Or) f).parts()) if (evaluate(x, env)) return true;
    return false;
  }
}
