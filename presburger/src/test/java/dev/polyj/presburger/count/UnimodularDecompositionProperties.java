package dev.polyj.presburger.count;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.qpoly.Rational;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The signed unimodular decomposition against membership: at points off every cone's boundary
 * hyperplanes, the signed count of cones containing the point is 1 inside the cone and 0 outside;
 * every cone is unimodular. Also the Bernoulli numbers and the constant term of a cone's series.
 */
class UnimodularDecompositionProperties {
  @Provide
  Arbitrary<long[][]> cones() {
    return Arbitraries.integers().between(2, 3).flatMap(d ->
        Arbitraries.longs().between(-6, 6).array(long[].class).ofSize(d).array(long[][].class).ofSize(d)
            .filter(g -> UnimodularDecomposition.determinant(g) != 0));
  }

  /** The coordinates of y in the basis of the rows of g (null when a coordinate is zero). */
  static Rational[] coordinates(long[][] g, long[] y) {
    int d = g.length;
    long[][] gt = new long[d][d];
    for (int i = 0; i < d; i++) for (int k = 0; k < d; k++) gt[k][i] = g[i][k];
    Rational[][] rhs = new Rational[d][1];
    for (int k = 0; k < d; k++) rhs[k][0] = Rational.of(y[k]);
    Rational[][] x = Barvinok.solve(gt, rhs);
    Rational[] out = new Rational[d];
    for (int i = 0; i < d; i++) {
      if (x[i][0].isZero()) return null;
      out[i] = x[i][0];
    }
    return out;
  }

  static boolean inside(Rational[] coords) {
    for (Rational c : coords) if (c.signum() < 0) return false;
    return true;
  }

  @Property(tries = 300)
  void signedCountIsTheIndicator(@ForAll("cones") long[][] g, @ForAll("points") long[] y0) {
    int d = g.length;
    long[] y = Arrays.copyOf(y0, d);
    List<UnimodularDecomposition.Cone> cones = UnimodularDecomposition.decompose(g);
    Rational[] cy = coordinates(g, y);
    Assume.that(cy != null);
    int total = 0;
    for (UnimodularDecomposition.Cone c : cones) {
      assertEquals(1, Math.abs(UnimodularDecomposition.determinant(c.generators())));
      Rational[] ci = coordinates(c.generators(), y);
      Assume.that(ci != null);
      if (inside(ci)) total += c.sign();
    }
    assertEquals(inside(cy) ? 1 : 0, total, () -> Arrays.deepToString(g) + " at " + Arrays.toString(y));
  }

  @Provide
  Arbitrary<long[][]> bigCones() {
    return Arbitraries.integers().between(2, 4).flatMap(d ->
        Arbitraries.longs().between(-15, 15).array(long[].class).ofSize(d).array(long[][].class).ofSize(d)
            .filter(g -> UnimodularDecomposition.determinant(g) != 0));
  }

  /** The same with every group element chosen from a reduced lattice basis (no enumeration). */
  @Property(tries = 100)
  void signedCountIsTheIndicatorWithReducedBases(@ForAll("bigCones") long[][] g, @ForAll("points") long[] y0) {
    int d = g.length;
    long[] y = Arrays.copyOf(y0, d);
    if (d == 4) y[3] = y0[0] - y0[1] + 7;
    List<UnimodularDecomposition.Cone> cones = UnimodularDecomposition.decompose(g, 1);
    Rational[] cy = coordinates(g, y);
    Assume.that(cy != null);
    int total = 0;
    for (UnimodularDecomposition.Cone c : cones) {
      assertEquals(1, Math.abs(UnimodularDecomposition.determinant(c.generators())));
      Rational[] ci = coordinates(c.generators(), y);
      Assume.that(ci != null);
      if (inside(ci)) total += c.sign();
    }
    assertEquals(inside(cy) ? 1 : 0, total, () -> Arrays.deepToString(g) + " at " + Arrays.toString(y));
  }

  @Provide
  Arbitrary<long[]> points() {
    return Arbitraries.longs().between(-40, 40).array(long[].class).ofSize(3);
  }

  @Property(tries = 1)
  void bernoulliNumbers() {
    assertEquals(Rational.of(-1, 2), ConeSeries.bernoulli(1));
    assertEquals(Rational.of(1, 6), ConeSeries.bernoulli(2));
    assertEquals(Rational.ZERO, ConeSeries.bernoulli(3));
    assertEquals(Rational.of(-1, 30), ConeSeries.bernoulli(4));
    assertEquals(Rational.of(1, 42), ConeSeries.bernoulli(6));
  }
}
