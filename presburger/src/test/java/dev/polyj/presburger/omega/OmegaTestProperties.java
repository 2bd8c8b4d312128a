package dev.polyj.presburger.omega;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.testing.BruteForce;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The Omega test against enumeration: systems confined to a box have a point iff enumeration finds one. */
class OmegaTestProperties {
  static final long BOX = 6;

  @Property(tries = 400)
  void emptinessMatchesEnumeration(@ForAll("systems") List<long[]> rows) {
    int nVar = rows.get(0).length - 1;
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    // first row is an equality when its constant is even, keeps a mix of both kinds
    for (int i = 0; i < rows.size(); i++) (i == 0 && rows.get(0)[0] % 2 == 0 ? eqs : ineqs).add(rows.get(i));
    List<long[]> boxed = boxed(ineqs, nVar, BOX);
    boolean[] found = {false};
    BruteForce.forEachPoint(nVar, -BOX, BOX, p -> {
      if (found[0]) return;
      for (long[] r : eqs) if (Ints.evaluate(r, p) != 0) return;
      for (long[] r : ineqs) if (Ints.evaluate(r, p) < 0) return;
      found[0] = true;
    });
    assertEquals(!found[0], OmegaTest.isIntegerEmpty(nVar, eqs, boxed));
    assertEquals(!found[0], OmegaTest.isIntegerEmptyByElimination(nVar, eqs, boxed));
    assertEquals(!found[0], OmegaTest.isIntegerEmptyByBasisReduction(nVar, eqs, boxed));
    BranchAndBound.Answer bb = BranchAndBound.decide(nVar, eqs, boxed, 1000);
    if (bb != BranchAndBound.Answer.UNKNOWN) assertEquals(!found[0], bb == BranchAndBound.Answer.EMPTY);
  }

  /**
   * Equalities solved once ({@link OmegaTest#withEqualities}), then several inequality systems
   * decided with them: each answer is enumeration's, as for the whole system decided at once.
   */
  @Property(tries = 300)
  void sharedEqualitiesMatchEnumeration(@ForAll("systems") List<long[]> eqRows, @ForAll("systems") List<long[]> rows) {
    int nVar = rows.get(0).length - 1;
    List<long[]> eqs = new ArrayList<>();
    for (long[] r : eqRows.subList(0, Math.min(2, eqRows.size()))) {
      long[] e = java.util.Arrays.copyOf(r, nVar + 1);
      e[0] = e[0] / 3;
      eqs.add(e);
    }
    OmegaTest.Members members = OmegaTest.withEqualities(nVar, eqs);
    // the whole system, then each prefix of its inequalities (the same rows given again)
    for (int k = rows.size(); k >= 0; k--) {
      List<long[]> ineqs = rows.subList(0, k);
      boolean[] found = {false};
      BruteForce.forEachPoint(nVar, -BOX, BOX, p -> {
        if (found[0]) return;
        for (long[] r : eqs) if (Ints.evaluate(r, p) != 0) return;
        for (long[] r : ineqs) if (Ints.evaluate(r, p) < 0) return;
        found[0] = true;
      });
      assertEquals(!found[0], members.isIntegerEmpty(boxed(ineqs, nVar, BOX)));
    }
  }

  /** The rows with {@code -box <= x_v <= box} for every variable. */
  static List<long[]> boxed(List<long[]> rows, int nVar, long box) {
    List<long[]> out = new ArrayList<>(rows);
    for (int v = 0; v < nVar; v++) {
      long[] lo = new long[nVar + 1];
      lo[0] = box;
      lo[1 + v] = 1;
      long[] hi = new long[nVar + 1];
      hi[0] = box;
      hi[1 + v] = -1;
      out.add(lo);
      out.add(hi);
    }
    return out;
  }

  @Provide
  Arbitrary<List<long[]>> systems() {
    return Arbitraries.integers().between(1, 3).flatMap(n -> Arbitraries.longs().between(-5, 5)
        .array(long[].class).ofSize(n + 1).map(r -> {
          r[0] = r[0] * 3;
          return r;
        }).list().ofMinSize(1).ofMaxSize(5));
  }

  /**
   * Dense systems in many variables, where Fourier-Motzkin squares the number of rows at each
   * step: the elimination must hand over to the basis reduction search within its row budget
   * (without it, memory runs out) and still decide as enumeration does.
   */
  @Property(tries = 25)
  void denseSystemsMatchEnumeration(@ForAll("denseSystems") List<long[]> rows) {
    int nVar = rows.get(0).length - 1;
    long box = 2;
    List<long[]> boxed = boxed(rows, nVar, box);
    boolean[] found = {false};
    BruteForce.forEachPoint(nVar, -box, box, p -> {
      if (found[0]) return;
      for (long[] r : rows) if (Ints.evaluate(r, p) < 0) return;
      found[0] = true;
    });
    assertEquals(!found[0], OmegaTest.isIntegerEmptyByElimination(nVar, List.of(), boxed));
  }

  @Provide
  Arbitrary<List<long[]>> denseSystems() {
    return Arbitraries.longs().between(-7, 7).array(long[].class).ofSize(8).map(r -> {
      r[0] = r[0] * 2 + 6; // the origin is near: a mix of empty and non-empty systems
      return r;
    }).list().ofMinSize(14).ofMaxSize(18);
  }

  /** Thin slivers between two parallel-ish constraints with large coefficients: where splinters matter. */
  @Property(tries = 1500)
  void sliversMatchEnumeration(@ForAll("slivers") List<long[]> rows) {
    emptinessMatchesEnumeration(rows);
  }

  @Provide
  Arbitrary<List<long[]>> slivers() {
    return Arbitraries.integers().between(2, 3).flatMap(n -> Arbitraries.longs().between(-9, 9)
        .array(long[].class).ofSize(n + 1).list().ofMinSize(2).ofMaxSize(4).map(rows -> {
          // add the near-opposite of the first row, leaving a gap of a few units
          long[] first = rows.get(0);
          long[] opp = new long[first.length];
          for (int i = 1; i < first.length; i++) opp[i] = -first[i];
          opp[0] = -first[0] + Math.abs(first[0] % 4);
          List<long[]> out = new ArrayList<>(rows);
          out.set(0, new long[first.length]); // equality slot left trivial
          out.add(first);
          out.add(opp);
          return out;
        }));
  }

  /** The BigInteger rows (the fallback past 64 bits) decide exactly like enumeration. */
  @Property(tries = 300)
  void bigIntegerRowsMatchEnumeration(@ForAll("slivers") List<long[]> rows) {
    int nVar = rows.get(0).length - 1;
    boolean[] found = {false};
    BruteForce.forEachPoint(nVar, -BOX, BOX, p -> {
      for (long[] r : rows) if (Ints.evaluate(r, p) < 0) return;
      found[0] = true;
    });
    assertEquals(!found[0], OmegaTest.isIntegerEmptyWithBigIntegers(nVar, List.of(), boxed(rows, nVar)));
    assertEquals(!found[0], OmegaTest.isIntegerEmptyByBasisReduction(nVar, List.of(), boxed(rows, nVar)));
  }

  /**
   * Coefficients near 2^62: the 64-bit computation overflows and the BigInteger fallback must give
   * the answer that exact evaluation over the box gives.
   */
  @Property(tries = 100)
  void overflowingCoefficientsFallBack(@ForAll("smallInts") int a, @ForAll("smallInts") int b,
      @ForAll("smallInts") int c, @ForAll("smallInts") int ylo, @ForAll("smallInts") int yhi) {
    long big = 1L << 62;
    List<long[]> rows = List.of(
        new long[] {c, a, big}, // a x + 2^62 y + c >= 0
        new long[] {-c, b, big}, // b x + 2^62 y - c >= 0
        new long[] {BOX, 1, 0}, new long[] {BOX, -1, 0},
        new long[] {-ylo, 0, 1}, new long[] {yhi, 0, -1});
    boolean found = false;
    for (long x = -BOX; x <= BOX; x++) {
      for (long y = ylo; y <= yhi; y++) {
        boolean ok = true;
        for (long[] r : rows) {
          java.math.BigInteger v = java.math.BigInteger.valueOf(r[0])
              .add(java.math.BigInteger.valueOf(r[1]).multiply(java.math.BigInteger.valueOf(x)))
              .add(java.math.BigInteger.valueOf(r[2]).multiply(java.math.BigInteger.valueOf(y)));
          if (v.signum() < 0) ok = false;
        }
        found |= ok;
      }
    }
    assertEquals(!found, OmegaTest.isIntegerEmpty(2, List.of(), rows));
  }

  @Provide
  Arbitrary<Integer> smallInts() {
    return Arbitraries.integers().between(-3, 3);
  }

  static List<long[]> boxed(List<long[]> rows, int nVar) {
    return boxed(rows, nVar, BOX);
  }

  @Property(tries = 200)
  void unboundedSystemsAgreeWithBoxedSearchWhenBoxHasPoint(@ForAll("systems") List<long[]> rows) {
    int nVar = rows.get(0).length - 1;
    boolean[] found = {false};
    BruteForce.forEachPoint(nVar, -BOX, BOX, p -> {
      if (found[0]) return;
      for (long[] r : rows) if (Ints.evaluate(r, p) < 0) return;
      found[0] = true;
    });
    if (found[0]) assertEquals(false, OmegaTest.isIntegerEmpty(nVar, List.of(), rows));
  }

  /**
   * Unbounded systems (no box): the basis reduction search (recession cone split off) decides like
   * the Omega test's elimination, which is exact on unbounded systems with small coefficients, and
   * never calls a system empty when enumeration finds a point.
   */
  @Property(tries = 400)
  void basisReductionMatchesEliminationOnUnboundedSystems(@ForAll("unboundedSystems") List<long[]> rows) {
    int nVar = rows.get(0).length - 1;
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) (i == 0 && rows.get(0)[0] % 2 == 0 ? eqs : ineqs).add(rows.get(i));
    boolean[] found = {false};
    BruteForce.forEachPoint(nVar, -BOX, BOX, p -> {
      if (found[0]) return;
      for (long[] r : eqs) if (Ints.evaluate(r, p) != 0) return;
      for (long[] r : ineqs) if (Ints.evaluate(r, p) < 0) return;
      found[0] = true;
    });
    boolean byReduction = OmegaTest.isIntegerEmptyByBasisReduction(nVar, eqs, ineqs);
    if (found[0]) assertEquals(false, byReduction);
    assertEquals(OmegaTest.isIntegerEmptyByElimination(nVar, eqs, ineqs), byReduction);
  }

  @Provide
  Arbitrary<List<long[]>> unboundedSystems() {
    return Arbitraries.integers().between(1, 4).flatMap(n -> Arbitraries.longs().between(-6, 6)
        .array(long[].class).ofSize(n + 1).list().ofMinSize(1).ofMaxSize(6));
  }

  /**
   * The exact simplex certifies its optimum: the point satisfies the constraints, and the dual
   * values (non-positive on inequalities) combine the rows into the objective with the same value.
   */
  @Property(tries = 400)
  void exactSimplexOptimaAreCertified(@ForAll("unboundedSystems") List<long[]> rows, @ForAll("objectives") long[] c) {
    int nVar = rows.get(0).length - 1;
    List<BigInteger[]> eqs = new ArrayList<>();
    List<BigInteger[]> ineqs = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) (i == 0 && rows.get(0)[0] % 2 == 0 ? eqs : ineqs).add(BigRows.of(rows.get(i)));
    BigInteger[] obj = new BigInteger[1 + nVar];
    obj[0] = BigInteger.ZERO;
    for (int j = 0; j < nVar; j++) obj[1 + j] = BigInteger.valueOf(c[j % c.length]);
    ExactLp.Solution s = ExactLp.maximize(nVar, eqs, ineqs, obj);
    ExactLp.Solution f = ExactLp.feasible(nVar, eqs, ineqs);
    assertEquals(f.feasible(), s.feasible());
    if (!f.feasible()) {
      // no rational point: in particular none of the box
      BruteForce.forEachPoint(nVar, -BOX, BOX, p -> {
        boolean ok = true;
        for (int i = 0; i < rows.size(); i++) {
          long v = Ints.evaluate(rows.get(i), p);
          ok &= i == 0 && !eqs.isEmpty() ? v == 0 : v >= 0;
        }
        assertFalse(ok, "a point of an infeasible system");
      });
      return;
    }
    if (s.status() != ExactLp.Status.OPTIMAL) return;
    BigInteger lcm = BigInteger.ONE;
    for (BigInteger d : s.pointDen()) lcm = lcm.divide(lcm.gcd(d)).multiply(d);
    BigInteger[] x = new BigInteger[nVar]; // point times lcm
    for (int j = 0; j < nVar; j++) x[j] = s.pointNum()[j].multiply(lcm.divide(s.pointDen()[j]));
    List<BigInteger[]> all = new ArrayList<>(eqs);
    all.addAll(ineqs);
    BigInteger[] combo = new BigInteger[1 + nVar];
    java.util.Arrays.fill(combo, BigInteger.ZERO);
    for (int k = 0; k < all.size(); k++) {
      BigInteger[] r = all.get(k);
      BigInteger v = r[0].multiply(lcm);
      for (int j = 0; j < nVar; j++) v = v.add(r[1 + j].multiply(x[j]));
      if (k < eqs.size()) assertEquals(0, v.signum(), "equality at the optimum");
      else assertTrue(v.signum() >= 0, "inequality at the optimum");
      BigInteger w = s.dualNum()[k];
      if (k >= eqs.size()) assertTrue(w.signum() <= 0, "dual sign");
      if (w.signum() != 0) assertTrue(k < eqs.size() || v.signum() == 0, "complementary slackness");
      for (int j = 0; j <= nVar; j++) combo[j] = combo[j].add(w.multiply(r[j]));
    }
    for (int j = 1; j <= nVar; j++) assertEquals(obj[j].multiply(s.dualDen()), combo[j], "objective as a combination");
    // value = c . x = -sum w_k b_k / dualDen
    BigInteger cx = BigInteger.ZERO;
    for (int j = 0; j < nVar; j++) cx = cx.add(obj[1 + j].multiply(x[j]));
    assertEquals(cx.multiply(s.valueDen()), s.valueNum().multiply(lcm), "value at the point");
    assertEquals(combo[0].negate().multiply(s.valueDen()), s.valueNum().multiply(s.dualDen()), "dual value");
  }

  @Provide
  Arbitrary<long[]> objectives() {
    return Arbitraries.longs().between(-4, 4).array(long[].class).ofSize(4);
  }

  /**
   * A small system S over y, boxed or not, and its image with huge coefficients: each variable y_v
   * optionally scaled ({@code S(scale * y)}, scale 1 or K), then a chain of unimodular shears
   * {@code y_i = z_i + K' z_j} (K, K' in 2^40..2^61, coefficients up to about 2^125). The shears
   * map integer points one to one, so the image is empty iff the scaled system is: enumeration of
   * the box for boxed systems, the elimination on the small rows for unbounded ones (not scaled).
   */
  @Property(tries = 200)
  void shearedAndScaledImagesKeepEmptiness(@ForAll("images") Image c) {
    int n = c.nVar();
    List<BigInteger[]> eqs = new ArrayList<>();
    List<BigInteger[]> ineqs = new ArrayList<>();
    for (int i = 0; i < c.rows().size(); i++) {
      BigInteger[] r = c.scaled(c.rows().get(i));
      (i == 0 && c.firstIsEq() ? eqs : ineqs).add(r);
    }
    if (c.boxed()) {
      for (int v = 0; v < n; v++) {
        BigInteger[] lo = BasisReductionSearch.zeros(1 + n);
        lo[0] = BigInteger.valueOf(BOX);
        lo[1 + v] = BigInteger.ONE;
        ineqs.add(lo);
        ineqs.add(BasisReductionSearch.negate(lo));
        ineqs.get(ineqs.size() - 1)[0] = BigInteger.valueOf(BOX);
      }
    }
    boolean expected;
    if (c.boxed()) {
      boolean[] found = {false};
      BruteForce.forEachPoint(n, -BOX, BOX, p -> {
        if (found[0]) return;
        for (BigInteger[] r : eqs) if (value(r, p).signum() != 0) return;
        for (BigInteger[] r : ineqs) if (value(r, p).signum() < 0) return;
        found[0] = true;
      });
      expected = !found[0];
    } else { // unscaled: the elimination on the small rows
      List<long[]> le = new ArrayList<>();
      List<long[]> li = new ArrayList<>();
      for (int i = 0; i < c.rows().size(); i++) (i == 0 && c.firstIsEq() ? le : li).add(c.rows().get(i));
      expected = OmegaTest.isIntegerEmptyByElimination(n, le, li);
    }
    List<BigInteger[]> se = new ArrayList<>();
    List<BigInteger[]> si = new ArrayList<>();
    for (BigInteger[] r : eqs) se.add(c.sheared(r));
    for (BigInteger[] r : ineqs) si.add(c.sheared(r));
    assertEquals(expected, OmegaTest.isIntegerEmptyBig(n, se, si));
    assertEquals(expected, BasisReductionSearch.isIntegerEmpty(n, se, si));
    List<long[]> le = longRows(se);
    List<long[]> li = longRows(si);
    if (le != null && li != null) assertEquals(expected, OmegaTest.isIntegerEmpty(n, le, li)); // the 64-bit entry
  }

  /** The rows as {@code long[]}, or null when a coefficient needs more than 64 bits. */
  private static List<long[]> longRows(List<BigInteger[]> rows) {
    List<long[]> out = new ArrayList<>();
    for (BigInteger[] r : rows) {
      long[] o = new long[r.length];
      for (int j = 0; j < r.length; j++) {
        if (r[j].bitLength() > 63) return null;
        o[j] = r[j].longValue();
      }
      out.add(o);
    }
    return out;
  }

  private static BigInteger value(BigInteger[] r, long[] p) {
    BigInteger v = r[0];
    for (int j = 0; j < p.length; j++) v = v.add(r[1 + j].multiply(BigInteger.valueOf(p[j])));
    return v;
  }

  /** A small system, scale factors, and shears {@code (dst, src, K)}: y_dst = z_dst + K z_src. */
  record Image(int nVar, List<long[]> rows, boolean firstIsEq, boolean boxed, long[] scale, List<long[]> shears) {
    BigInteger[] scaled(long[] r) {
      BigInteger[] o = BigRows.of(r);
      for (int v = 0; v < nVar; v++) o[1 + v] = o[1 + v].multiply(BigInteger.valueOf(scale[v]));
      return o;
    }

    /** The row a . y + c with y = U z: a_src += K a_dst, shear after shear. */
    BigInteger[] sheared(BigInteger[] r) {
      BigInteger[] o = r.clone();
      for (long[] s : shears) o[(int) s[1]] = o[(int) s[1]].add(BigInteger.valueOf(s[2]).multiply(o[(int) s[0]]));
      return o;
    }
  }

  private static long[] ones(int n) {
    long[] o = new long[n];
    java.util.Arrays.fill(o, 1);
    return o;
  }

  @Provide
  Arbitrary<Image> images() {
    Arbitrary<Long> factor = Arbitraries.integers().between(40, 61).flatMap(b -> Arbitraries.longs()
        .between(1L << b, (1L << b) + ((1L << b) - 1)).flatMap(k -> Arbitraries.of(k, -k)));
    return Arbitraries.integers().between(2, 4).flatMap(n -> {
      Arbitrary<long[]> row = Arbitraries.longs().between(-4, 4).array(long[].class).ofSize(n + 1);
      Arbitrary<long[]> shear = Combinators.combine(Arbitraries.integers().between(1, n), Arbitraries.integers().between(1, n), factor)
          .as((a, b, k) -> new long[] {a, b, k}).filter(s -> s[0] != s[1]);
      Arbitrary<long[]> scale = factor.flatMap(k -> Arbitraries.of(1L, k).array(long[].class).ofSize(n));
      return Combinators.combine(row.list().ofMinSize(1).ofMaxSize(5), Arbitraries.of(true, false), Arbitraries.of(true, false),
              scale, shear.list().ofMinSize(1).ofMaxSize(3))
          .as((rows, eq, boxed, sc, sh) -> new Image(n, rows, eq, boxed, boxed ? sc : ones(n), sh));
    });
  }
}
