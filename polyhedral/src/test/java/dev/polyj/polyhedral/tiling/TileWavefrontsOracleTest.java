package dev.polyj.polyhedral.tiling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The counted wavefront profile against brute force: the iterations of the domain are enumerated
 * for fixed parameter values, each is mapped to its tile with exact floor division, and the
 * distinct tiles are grouped by wavefront.
 */
class TileWavefrontsOracleTest {
  static final Relation JACOBI_1D = Relation.parse("[N, T] -> { [t, i] : 0 <= t < T and 0 <= i < N }");
  static final Relation TRIANGLE = Relation.parse("[N] -> { [i, j] : 0 <= j <= i < N }");
  static final Relation SKEWED_STRIP =
      Relation.parse("[N, M] -> { [i, j] : 0 <= i < N and i <= j < i + M and j <= 2i + 3 }");

  /** Wavefront index to the set of its tiles, by enumeration of the iterations in a box. */
  static TreeMap<Long, Set<List<Long>>> bruteForce(
      Relation domain, long[][] h, long[] sizes, long[] f, long[] params, long lo, long hi) {
    Relation fixed = domain;
    int np = params.length;
    int n = domain.space().nDim();
    TreeMap<Long, Set<List<Long>>> out = new TreeMap<>();
    BruteForce.forEachPoint(n, lo, hi, x -> {
      long[] point = new long[np + n];
      System.arraycopy(params, 0, point, 0, np);
      System.arraycopy(x, 0, point, np, n);
      if (!fixed.contains(point)) return;
      List<Long> tile = new ArrayList<>();
      long w = 0;
      for (int k = 0; k < h.length; k++) {
        long v = 0;
        long[] row = h[k];
        if (row.length == n) {
          for (int j = 0; j < n; j++) v += row[j] * x[j];
        } else {
          v = row[0];
          for (int p = 0; p < np; p++) v += row[1 + p] * params[p];
          for (int j = 0; j < n; j++) v += row[1 + np + j] * x[j];
        }
        long a = Math.floorDiv(v, sizes[k]);
        tile.add(a);
        w += f[k] * a;
      }
      out.computeIfAbsent(w, k -> new HashSet<>()).add(tile);
    });
    return out;
  }

  static void check(TileWavefronts tw, Relation domain, long[][] h, long[] sizes, long[] f, long[] params,
      long lo, long hi) {
    TreeMap<Long, Set<List<Long>>> expected = bruteForce(domain, h, sizes, f, params, lo, hi);
    TileWavefronts.Profile p = tw.profile(params);
    String ctx = Arrays.toString(params) + " h=" + Arrays.deepToString(h) + " s=" + Arrays.toString(sizes)
        + " f=" + Arrays.toString(f);
    if (expected.isEmpty()) {
      assertEquals(0, p.tiles(), ctx);
      return;
    }
    long[] counts = p.tilesPerWavefront();
    assertEquals(expected.firstKey(), p.first(), ctx);
    assertEquals(expected.lastKey() - expected.firstKey() + 1, counts.length, ctx);
    long total = 0;
    for (int i = 0; i < counts.length; i++) {
      Set<List<Long>> ts = expected.get(p.first() + i);
      assertEquals(ts == null ? 0 : ts.size(), counts[i], ctx + " wavefront " + (p.first() + i));
      if (ts != null) total += ts.size();
    }
    assertEquals(expected.size(), p.wavefronts(), ctx);
    long[] pt = params.clone();
    assertEquals(total, tw.tileCount().evaluate(pt).numerator().longValueExact(), ctx);
    // Every enumerated tile is in the tile set, with its wavefront.
    for (var e : expected.entrySet()) {
      for (List<Long> t : e.getValue()) {
        long[] q = new long[params.length + 1 + t.size()];
        System.arraycopy(params, 0, q, 0, params.length);
        q[params.length] = e.getKey();
        for (int k = 0; k < t.size(); k++) q[params.length + 1 + k] = t.get(k);
        assertTrue(tw.tilesPerWavefront().contains(q), ctx + " tile " + t);
      }
    }
  }

  @Test
  void pipelinedJacobi() {
    long[][] h = {{1, 0}, {1, 1}};
    long[] f = {1, 1};
    for (long[] s : new long[][] {{1, 1}, {2, 4}, {3, 2}, {2, 7}}) {
      TileWavefronts tw = TileWavefronts.of(JACOBI_1D, h, s, f);
      for (long[] p : new long[][] {{1, 1}, {5, 3}, {9, 7}, {13, 4}, {4, 11}, {0, 3}}) {
        check(tw, JACOBI_1D, h, s, f, p, -1, 14);
      }
    }
  }

  @Test
  void diamondJacobi() {
    long[][] h = {{1, 1}, {1, -1}};
    long[] f = {1, 1};
    for (long[] s : new long[][] {{2, 2}, {3, 3}, {4, 4}, {2, 5}}) {
      TileWavefronts tw = TileWavefronts.of(JACOBI_1D, h, s, f);
      for (long[] p : new long[][] {{1, 1}, {6, 4}, {12, 5}, {5, 12}}) {
        check(tw, JACOBI_1D, h, s, f, p, -1, 13);
      }
    }
  }

  @Test
  void affineHyperplanesOnATriangle() {
    // Rows [constant, N, i, j]: tile by i + 1 and by j - i + N.
    long[][] h = {{1, 0, 1, 0}, {0, 1, -1, 1}};
    long[] s = {3, 2};
    for (long[] f : new long[][] {{1, 1}, {2, 1}, {1, -1}, {0, 1}}) {
      TileWavefronts tw = TileWavefronts.of(TRIANGLE, h, s, f);
      for (long n = 0; n <= 9; n += 3) check(tw, TRIANGLE, h, s, f, new long[] {n}, -1, 10);
    }
  }

  /** Pairs of independent rows with coefficients in {-1, 0, 1}. */
  @Provide
  Arbitrary<long[][]> hyperplanes() {
    return Arbitraries.of(
        new long[][] {{1, 0}, {0, 1}}, new long[][] {{0, 1}, {1, 0}}, new long[][] {{1, 0}, {1, 1}},
        new long[][] {{1, 1}, {0, 1}}, new long[][] {{1, -1}, {0, 1}}, new long[][] {{1, 1}, {1, -1}},
        new long[][] {{1, 0}, {-1, 1}}, new long[][] {{0, -1}, {1, 1}});
  }

  @Provide
  Arbitrary<long[]> sizes() {
    return Arbitraries.longs().between(1, 4).array(long[].class).ofSize(2);
  }

  @Provide
  Arbitrary<long[]> wavefronts() {
    return Arbitraries.longs().between(-1, 2).array(long[].class).ofSize(2);
  }

  @Provide
  Arbitrary<long[]> params() {
    return Combinators.combine(Arbitraries.longs().between(0, 7), Arbitraries.longs().between(0, 5))
        .as((a, b) -> new long[] {a, b});
  }

  @Property(tries = 20)
  void randomTilingsOfASkewedStrip(@ForAll("hyperplanes") long[][] h, @ForAll("sizes") long[] s,
      @ForAll("wavefronts") long[] f, @ForAll("params") long[] p) {
    TileWavefronts tw = TileWavefronts.of(SKEWED_STRIP, h, s, f);
    check(tw, SKEWED_STRIP, h, s, f, p, -1, 13);
    check(tw, SKEWED_STRIP, h, s, f, new long[] {p[0] + 2, p[1] + 1}, -1, 13);
  }

  static final Relation JACOBI_1D_DEPS = Relation.parse(
      "[N, T] -> { [t, i] -> [t + 1, i2] : 0 <= t < T - 1 and 0 <= i < N and 0 <= i2 < N and -1 <= i2 - i <= 1 }");

  /** The wavefront legality test against brute force over the dependences. */
  @Test
  void wavefrontLegality() {
    long[][][] hs = {{{1, 0}, {1, 1}}, {{1, 1}, {1, -1}}, {{1, 0}, {0, 1}}};
    long[][] fs = {{1, 1}, {1, 0}, {0, 1}, {2, 1}, {1, -1}};
    for (long[][] h : hs) {
      for (long[] f : fs) {
        long[] sizes = {2, 3};
        TileWavefronts tw = TileWavefronts.of(JACOBI_1D, h, sizes, f);
        boolean expected = true;
        for (long n = 1; n <= 7; n += 3) {
          for (long t = 1; t <= 6; t += 2) {
            for (long tt = 0; tt < t - 1; tt++) {
              for (long i = 0; i < n; i++) {
                for (long i2 = Math.max(0, i - 1); i2 <= Math.min(n - 1, i + 1); i2++) {
                  long[] x = {tt, i};
                  long[] y = {tt + 1, i2};
                  long wx = 0;
                  long wy = 0;
                  boolean sameTile = true;
                  for (int k = 0; k < 2; k++) {
                    long ax = Math.floorDiv(h[k][0] * x[0] + h[k][1] * x[1], sizes[k]);
                    long ay = Math.floorDiv(h[k][0] * y[0] + h[k][1] * y[1], sizes[k]);
                    sameTile &= ax == ay;
                    wx += f[k] * ax;
                    wy += f[k] * ay;
                  }
                  if (!sameTile && wy <= wx) expected = false;
                }
              }
            }
          }
        }
        String ctx = Arrays.deepToString(h) + " f=" + Arrays.toString(f);
        if (expected) {
          // No violation for small sizes; the parametric answer may still find one for larger ones.
          Relation v = tw.wavefrontViolations(JACOBI_1D_DEPS);
          for (long n = 1; n <= 7; n += 3) {
            for (long t = 1; t <= 6; t += 2) {
              Relation fixed = v.intersectParams(Relation.parse("[N, T] -> { : N = " + n + " and T = " + t + " }"));
              assertTrue(fixed.isEmpty(), ctx + " N=" + n + " T=" + t);
            }
          }
        } else {
          assertTrue(!tw.respects(JACOBI_1D_DEPS), ctx);
        }
      }
    }
    assertTrue(TileWavefronts.of(JACOBI_1D, hs[0], new long[] {2, 3}, fs[0]).respects(JACOBI_1D_DEPS));
    assertTrue(TileWavefronts.of(JACOBI_1D, hs[1], new long[] {2, 3}, fs[0]).respects(JACOBI_1D_DEPS));
    assertTrue(!TileWavefronts.of(JACOBI_1D, hs[2], new long[] {2, 3}, fs[0]).respects(JACOBI_1D_DEPS));
  }
}
