package dev.polyj.presburger.pip;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The in-place changes of a solved relaxation ({@link LongTableau#negateVariable},
 * {@link Tableau#removeRow}) against the systems they stand for, and the redundancy removal of
 * {@link PieceSimplifier} built on them against enumeration: a sequence of removals of constraints
 * and then the negation of one, on a copy of one tableau, is compared with the changed system
 * itself (a point found must satisfy it, "empty" must hold on every point of a box).
 */
class IncrementalTableauProperties {
  static final long BOX = 4;

  /** A system over 1-3 variables: up to 5 inequalities (coefficients in [-3, 3]) and at most one equality. */
  record System3(int n, List<long[]> eqs, List<long[]> ineqs, List<Integer> ops) {
    @Override
    public String toString() {
      StringBuilder s = new StringBuilder("n=" + n + " eqs=");
      for (long[] e : eqs) s.append(Arrays.toString(e));
      s.append(" ineqs=");
      for (long[] e : ineqs) s.append(Arrays.toString(e));
      return s.append(" ops=").append(ops).toString();
    }
  }

  @Provide
  Arbitrary<System3> systems() {
    return Arbitraries.integers().between(1, 3).flatMap(n -> {
      Arbitrary<long[]> row = Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(1 + n)
          .map(r -> {
            r[0] = r[0] * 2;
            return r;
          });
      return Combinators.combine(row.list().ofMaxSize(1), row.list().ofMinSize(1).ofMaxSize(5),
          Arbitraries.integers().between(0, 10).list().ofMaxSize(4))
          .as((e, i, ops) -> new System3(n, e, i, ops));
    });
  }

  /**
   * Removes the constraints chosen by all but the last of {@code ops} (those whose variable is
   * basic), then negates the constraint chosen by the last one, on copies of one solved
   * relaxation; each answer is checked against the system it stands for.
   */
  @Property(tries = 400)
  void negationAndRemovalMatchTheSystem(@ForAll("systems") System3 s) {
    LongTableau base;
    try {
      base = IntegerSampler.relaxation(s.n(), s.eqs(), s.ineqs());
    } catch (CoefficientOverflowException e) {
      return;
    }
    if (base == null) {
      assertTrue(noPoint(s.n(), s.eqs(), s.ineqs()), () -> "rationally empty but has points: " + s);
      return;
    }
    List<Integer> alive = new ArrayList<>();
    for (int k = 0; k < s.ineqs().size(); k++) alive.add(k);
    List<Integer> ops = s.ops().isEmpty() ? List.of(0) : s.ops();
    for (int i = 0; i + 1 < ops.size() && alive.size() > 1; i++) {
      int k = alive.get(ops.get(i) % alive.size());
      int v = s.n() + k;
      if (!base.isBasic(v)) continue;
      base.removeRow(base.rowOf(v));
      alive.remove(Integer.valueOf(k));
      // the copy without the constraint still describes the remaining system
      check(base.copy(), s, alive, -1);
    }
    int negated = alive.get(ops.get(ops.size() - 1) % alive.size());
    LongTableau t = base.copy();
    t.negateVariable(s.n() + negated);
    check(t, s, alive, negated);
  }

  /** Solves {@code t} (restore and cuts with a pivot limit) and compares with the system it stands for. */
  private static void check(LongTableau t, System3 s, List<Integer> alive, int negated) {
    List<long[]> in = new ArrayList<>();
    for (int k : alive) in.add(k == negated ? complement(s.ineqs().get(k)) : s.ineqs().get(k));
    t.pivotsLeft = 500;
    long[] p;
    try {
      p = IntegerSampler.restoreAndCut(t, 50);
    } catch (CoefficientOverflowException | Tableau.PivotLimitException e) {
      return; // undecided: nothing claimed
    }
    if (p == null) {
      assertTrue(noPoint(s.n(), s.eqs(), in), () -> "claimed empty but has points: " + s + " negated " + negated);
    } else if (p != IntegerSampler.UNKNOWN) {
      assertTrue(satisfies(p, s.eqs(), in), () -> "point " + Arrays.toString(p) + " outside " + s + " negated " + negated);
    }
  }

  /**
   * Systems with larger coefficients inside the box {@code [-3, 3]^n}: their relaxations often
   * have non-integral vertices, and branch and bound always decides them.
   */
  @Provide
  Arbitrary<System3> boxedSystems() {
    return Arbitraries.integers().between(1, 3).flatMap(n -> {
      Arbitrary<long[]> row = Arbitraries.longs().between(-7, 7).array(long[].class).ofSize(1 + n);
      return Combinators.combine(row.list().ofMaxSize(1), row.list().ofMinSize(1).ofMaxSize(4))
          .as((e, i) -> {
            List<long[]> in = new ArrayList<>(i);
            for (int v = 0; v < n; v++) {
              long[] lo = new long[1 + n];
              lo[0] = 3;
              lo[1 + v] = 1;
              long[] hi = new long[1 + n];
              hi[0] = 3;
              hi[1 + v] = -1;
              in.add(lo);
              in.add(hi);
            }
            return new System3(n, e, in, List.of());
          });
    });
  }

  /** Branch and bound decides bounded systems: a point of the system, or none exactly when the box has none. */
  @Property(tries = 400)
  void branchAndBoundDecidesBoundedSystems(@ForAll("boxedSystems") System3 s) {
    long[] p;
    try {
      LongTableau base = IntegerSampler.relaxation(s.n(), s.eqs(), s.ineqs());
      p = base == null ? null : IntegerSampler.branchAndBound(base, 10_000);
    } catch (CoefficientOverflowException e) {
      return;
    }
    assertTrue(p != IntegerSampler.UNKNOWN, () -> "undecided: " + s);
    if (p == null) {
      assertTrue(noPoint(s.n(), s.eqs(), s.ineqs()), () -> "claimed empty: " + s);
    } else {
      assertTrue(satisfies(p, s.eqs(), s.ineqs()), () -> "point " + Arrays.toString(p) + " outside " + s);
    }
  }

  /** Branch and bound from a solved relaxation: its points satisfy the system, its "empty" agrees with the Omega test. */
  @Property(tries = 300)
  void branchAndBoundAgreesWithTheSystem(@ForAll("systems") System3 s) {
    LongTableau base;
    long[] p;
    try {
      base = IntegerSampler.relaxation(s.n(), s.eqs(), s.ineqs());
      if (base == null) return;
      p = IntegerSampler.branchAndBound(base, 200);
    } catch (CoefficientOverflowException e) {
      return;
    }
    if (p == IntegerSampler.UNKNOWN) return;
    if (p == null) {
      assertTrue(dev.polyj.presburger.omega.OmegaTest.isIntegerEmpty(s.n(), s.eqs(), s.ineqs()), () -> "claimed empty: " + s);
    } else {
      assertTrue(satisfies(p, s.eqs(), s.ineqs()), () -> "point " + Arrays.toString(p) + " outside " + s);
    }
  }

  /** The exact emptiness test of rationally non-empty, possibly unbounded systems against the Omega test. */
  @Property(tries = 300)
  void boundedDirectionsAgreeWithOmega(@ForAll("systems") System3 s) {
    List<long[]> rows = new ArrayList<>(s.ineqs());
    for (long[] e : s.eqs()) {
      rows.add(e);
      rows.add(Ints.negate(e));
    }
    try {
      if (IntegerSampler.relaxation(s.n(), s.eqs(), s.ineqs()) == null) return; // outside the contract
    } catch (CoefficientOverflowException e) {
      return;
    }
    Boolean empty = BoundedDirections.isEmpty(s.n(), rows);
    if (empty == null) return; // undecided: nothing claimed
    assertEquals(dev.polyj.presburger.omega.OmegaTest.isIntegerEmpty(s.n(), s.eqs(), s.ineqs()), empty, () -> s.toString());
  }

  /** Dropping redundant constraints keeps the points of a basic set (with known divisions) and drops no equality it needs. */
  @Property(tries = 300)
  void withoutRedundantKeepsThePoints(@ForAll("basicSets") BasicRelation b) {
    for (BasicRelation p : b.computeDivs().basics()) {
      BasicRelation w = PieceSimplifier.withoutRedundant(p);
      assertTrue(w.inequalities().size() <= p.inequalities().size() + 2 * p.nLocal(), () -> "more constraints in " + w);
      BruteForce.forEachPoint(p.nVar(), -BOX, BOX, x -> assertEquals(p.contains(x), w.contains(x),
          () -> Arrays.toString(x) + " in " + p + " vs " + w));
    }
  }

  @Provide
  Arbitrary<BasicRelation> basicSets() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 2))
        .as((np, d) -> Space.set(List.of("N").subList(0, np), d))
        .flatMap(space -> PresburgerArbitraries.basicRelations(space, 3, 5, 1));
  }

  private static boolean noPoint(int n, List<long[]> eqs, List<long[]> ineqs) {
    boolean[] found = {false};
    BruteForce.forEachPoint(n, -3 * BOX, 3 * BOX, x -> {
      if (!found[0] && satisfies(x, eqs, ineqs)) found[0] = true;
    });
    return !found[0];
  }

  private static boolean satisfies(long[] x, List<long[]> eqs, List<long[]> ineqs) {
    for (long[] e : eqs) if (evaluate(e, x) != 0) return false;
    for (long[] e : ineqs) if (evaluate(e, x) < 0) return false;
    return true;
  }

  private static long evaluate(long[] r, long[] x) {
    long v = r[0];
    for (int i = 0; i < x.length && 1 + i < r.length; i++) v = Ints.add(v, Ints.mul(r[1 + i], x[i]));
    return v;
  }

  private static long[] complement(long[] c) {
    long[] n = Ints.negate(c);
    n[0] = Ints.sub(n[0], 1);
    return n;
  }
}
