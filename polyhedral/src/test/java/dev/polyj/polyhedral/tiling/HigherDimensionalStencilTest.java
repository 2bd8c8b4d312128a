package dev.polyj.polyhedral.tiling;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.Relation;
import org.junit.jupiter.api.Test;

/**
 * Tilings of a five-point Jacobi stencil on an N x N grid over 8 time steps (dependence distances
 * (1,0,0), (1,+-1,0), (1,0,+-1)), as discussed by Wonnacott and Strout for higher-dimensional
 * codes: pipelined tiling gains concurrency only with a diagonal of the grid, a diamond tube only
 * with one data dimension, and the concurrent-start tiling (face normals whose sum is the time
 * direction) with the whole grid. Each tiling's profile is first checked against brute force.
 */
class HigherDimensionalStencilTest {
  static final Relation JACOBI_2D = Relation.parse("[N] -> { [t, i, j] : 0 <= t < 8 and 0 <= i < N and 0 <= j < N }");

  static final Relation DEPS = Relation.parse("[N] -> { [t, i, j] -> [t + 1, i2, j2] : 0 <= t < 7 and "
      + "0 <= i < N and 0 <= j < N and 0 <= i2 < N and 0 <= j2 < N and -1 <= i2 - i <= 1 and "
      + "-1 <= j2 - j <= 1 and -1 <= i2 - i + j2 - j <= 1 and -1 <= i2 - i - j2 + j <= 1 }");

  private static TileWavefronts checked(long[][] h, long[] sizes, long[] f) {
    TileWavefronts tw = TileWavefronts.of(JACOBI_2D, h, sizes, f);
    assertTrue(tw.respects(DEPS), "legal wavefront order");
    for (long n : new long[] {1, 5, 9}) {
      TileWavefrontsOracleTest.check(tw, JACOBI_2D, h, sizes, f, new long[] {n}, -1, 10);
    }
    return tw;
  }

  @Test
  void pipelinedTilingIsNotWeaklyScalable() {
    TileWavefronts tw = checked(new long[][] {{1, 0, 0}, {1, 1, 0}, {1, 0, 1}}, new long[] {4, 4, 4},
        new long[] {1, 1, 1});
    TileWavefronts.Scaling s = tw.weakScaling(new int[] {0}, new long[] {32}, 3);
    long[] c = s.maxConcurrency();
    assertTrue(c[3] > c[2] && c[2] > c[1], s.toString());
    assertFalse(s.weaklyScalable(), s.toString());
  }

  @Test
  void diamondTubeScalesWithOneDataDimensionOnly() {
    // Diamonds in (t, i), untiled along j.
    TileWavefronts tw = checked(new long[][] {{1, 1, 0}, {1, -1, 0}}, new long[] {4, 4}, new long[] {1, 1});
    TileWavefronts.Scaling s = tw.weakScaling(new int[] {0}, new long[] {32}, 3);
    long[] c = s.maxConcurrency();
    assertTrue(c[3] > c[2] && c[2] > c[1], s.toString());
    assertFalse(s.weaklyScalable(), s.toString());
  }

  @Test
  void tilingAlongJWithoutWavefrontInJIsIllegal() {
    TileWavefronts tw = TileWavefronts.of(JACOBI_2D, new long[][] {{1, 1, 0}, {1, -1, 0}, {0, 0, 1}},
        new long[] {4, 4, 4}, new long[] {1, 1, 0});
    assertFalse(tw.respects(DEPS));
  }

  @Test
  void concurrentStartTilingIsWeaklyScalable() {
    // (1,1,0) + (1,0,1) + (1,-1,-1) = (3,0,0): the tiles of one time band start together.
    TileWavefronts tw = checked(new long[][] {{1, 1, 0}, {1, 0, 1}, {1, -1, -1}}, new long[] {4, 4, 4},
        new long[] {1, 1, 1});
    TileWavefronts.Scaling s = tw.weakScaling(new int[] {0}, new long[] {32}, 3);
    assertTrue(s.weaklyScalable(), s.toString());
  }
}
