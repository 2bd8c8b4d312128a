package dev.polyj.codegen.ast;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What the code generated so far guarantees at a point of the AST: a union of basic sets over the
 * scan space (the context on the parameters, the bounds and strides of the enclosing loops, the
 * values of eliminated dimensions and the enclosing guards). Guards implied by it are left out of
 * the generated code; it must therefore never claim more than the code enforces.
 */
final class BuildContext {
  private final List<BasicRelation> parts;

  BuildContext(List<BasicRelation> parts) {
    List<BasicRelation> keep = new ArrayList<>();
    for (BasicRelation p : parts) {
      BasicRelation c = Rows.mergeEqualDivisions(p);
      if (!c.isEmpty()) keep.add(c);
    }
    this.parts = List.copyOf(keep);
  }

  List<BasicRelation> parts() {
    return parts;
  }

  boolean isEmpty() {
    return parts.isEmpty();
  }

  /** This context intersected with {@code b}. */
  BuildContext and(BasicRelation b) {
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation p : parts) out.add(p.intersect(b));
    return new BuildContext(out);
  }

  /** The union over {@code alternatives} of this context intersected with each. */
  BuildContext andAny(List<BasicRelation> alternatives) {
    List<BasicRelation> alts = alternatives;
    if (alts.size() > 1 && parts.size() * alts.size() > MAX_PARTS) alts = List.of(commonConstraints(alts));
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation a : alts) {
      for (BasicRelation p : parts) out.add(p.intersect(a));
    }
    return new BuildContext(out);
  }

  /** Beyond this many parts a union of alternatives is replaced by a convex superset. */
  private static final int MAX_PARTS = 16;

  /**
   * A convex superset of the union of the alternatives: the constraints of each alternative that
   * every other alternative satisfies too. A context may always claim less than the code
   * enforces, and without this the parts multiply at every level of a nest whose loops each
   * combine several pieces' bounds.
   */
  private static BasicRelation commonConstraints(List<BasicRelation> alternatives) {
    BasicRelation out = BasicRelation.universe(alternatives.get(0).space());
    for (BasicRelation a : alternatives) {
      for (long[] r : a.inequalities()) {
        if (holdsOnAll(alternatives, a, r)) out = out.intersect(Rows.withRows(a, List.of(), List.of(r)));
      }
      for (long[] r : a.equalities()) {
        if (holdsOnAll(alternatives, a, r) && holdsOnAll(alternatives, a, Ints.negate(r))) {
          out = out.intersect(Rows.withRows(a, List.of(r), List.of()));
        }
      }
    }
    return out;
  }

  private static boolean holdsOnAll(List<BasicRelation> alternatives, BasicRelation owner, long[] row) {
    if (!Rows.allDivsKnown(owner)) return false;
    BasicRelation violated = Rows.withRows(owner, List.of(), List.of(Rows.negate(row)));
    for (BasicRelation b : alternatives) {
      if (b != owner && !b.intersect(violated).isEmpty()) return false;
    }
    return true;
  }

  /** True when no point of the context lies in {@code b}. */
  boolean isDisjoint(BasicRelation b) {
    for (BasicRelation p : parts) if (!BasicRelation.isIntersectionEmpty(List.of(p, b))) return false;
    return true;
  }

  /**
   * {@link #entails} with {@code extra} given as rows over the columns of {@code owner} (with its
   * divisions): the context, the rows and the divisions imply {@code row >= 0} (or {@code = 0}).
   * Decided on the rows as they are, without building (and simplifying) the relation they form.
   */
  boolean entailsGiven(BasicRelation owner, List<long[]> eqs, List<long[]> ineqs, long[] row, boolean eq) {
    if (!Rows.allDivsKnown(owner)) return false;
    List<long[]> base = new ArrayList<>(ineqs);
    base.addAll(divisionRows(owner));
    List<Predicate<List<long[]>>> empty = new ArrayList<>();
    for (BasicRelation p : parts) empty.add(all -> BasicRelation.isIntersectionEmpty(List.of(p), owner.nLocal(), eqs, all));
    return negationsEmpty(base, row, eq, empty);
  }

  /**
   * {@link #entailsGiven} for many tests with the same {@code owner} and equalities and varying
   * inequalities (the rows of one gist): the equalities of each part with {@code eqs} are solved
   * once, not once per test. The rows given to the test must not be modified afterwards.
   */
  Entailment entailmentGiven(BasicRelation owner, List<long[]> eqs) {
    if (!Rows.allDivsKnown(owner)) return (ineqs, row, eq) -> false;
    List<long[]> base = divisionRows(owner);
    List<Predicate<List<long[]>>> empty = new ArrayList<>();
    for (BasicRelation p : parts) empty.add(BasicRelation.intersectionEmptiness(List.of(p), owner.nLocal(), eqs, base));
    return (ineqs, row, eq) -> negationsEmpty(ineqs, row, eq, empty);
  }

  /** Per number of extra locals: each part's emptiness tests with its equalities solved once. */
  private final Map<Integer, List<Predicate<List<long[]>>>> alone = new HashMap<>();

  /**
   * True when the context alone (with the divisions of {@code owner}) implies {@code row >= 0}
   * (or {@code = 0}): a sufficient condition for {@link #entailsGiven} with any rows, decided with
   * each part's equalities solved once for all the tests on this context.
   */
  boolean entailsAlone(BasicRelation owner, long[] row, boolean eq) {
    if (!Rows.allDivsKnown(owner)) return false;
    List<Predicate<List<long[]>>> empty = alone.computeIfAbsent(owner.nLocal(), n -> {
      List<Predicate<List<long[]>>> out = new ArrayList<>();
      for (BasicRelation p : parts) out.add(BasicRelation.intersectionEmptiness(List.of(p), n, List.of(), List.of()));
      return out;
    });
    return negationsEmpty(divisionRows(owner), row, eq, empty);
  }

  /**
   * Whether {@code rows} with the negation of {@code row >= 0} (with {@code eq}, of either side of
   * {@code row = 0}) is empty by every test of {@code empty}: the rows imply the constraint there.
   */
  private static boolean negationsEmpty(List<long[]> rows, long[] row, boolean eq, List<Predicate<List<long[]>>> empty) {
    List<long[]> negations = eq ? List.of(Rows.negate(row), Rows.negate(Ints.negate(row))) : List.of(Rows.negate(row));
    for (long[] neg : negations) {
      List<long[]> all = new ArrayList<>(rows);
      all.add(neg);
      for (Predicate<List<long[]>> e : empty) if (!e.test(all)) return false;
    }
    return true;
  }

  /** Whether the context, fixed equalities and the inequalities imply {@code row >= 0} (or {@code = 0}). */
  interface Entailment {
    boolean entails(List<long[]> ineqs, long[] row, boolean eq);
  }

  /** The definition of each division of {@code owner}: 0 <= num - d * e <= d - 1. */
  private static List<long[]> divisionRows(BasicRelation owner) {
    List<long[]> base = new ArrayList<>();
    int firstLocal = 1 + owner.nVar();
    int width = owner.nCol();
    for (int i = 0; i < owner.nLocal(); i++) {
      long[] num = Arrays.copyOf(owner.div(i).numerator(), width);
      long d = owner.div(i).denominator();
      long[] lo = num.clone();
      lo[firstLocal + i] = Ints.sub(lo[firstLocal + i], d);
      long[] hi = Ints.negate(lo);
      hi[0] = Ints.add(hi[0], d - 1);
      base.add(lo);
      base.add(hi);
    }
    return base;
  }

  /**
   * True when the context intersected with {@code extra} (may be null) implies the constraint
   * {@code row >= 0} (or {@code row = 0} when {@code eq}); the row is over the columns of {@code
   * owner}, whose divisions it may use.
   */
  boolean entails(BasicRelation extra, BasicRelation owner, long[] row, boolean eq) {
    if (!Rows.allDivsKnown(owner)) return false;
    List<BasicRelation> negations = new ArrayList<>();
    negations.add(Rows.withRows(owner, List.of(), List.of(Rows.negate(row))));
    if (eq) negations.add(Rows.withRows(owner, List.of(), List.of(Rows.negate(Ints.negate(row)))));
    for (BasicRelation neg : negations) {
      if (neg.isMarkedEmpty()) continue;
      for (BasicRelation p : parts) {
        List<BasicRelation> all = extra == null ? List.of(p, neg) : List.of(p, extra, neg);
        if (!BasicRelation.isIntersectionEmpty(all)) return false;
      }
    }
    return true;
  }
}
