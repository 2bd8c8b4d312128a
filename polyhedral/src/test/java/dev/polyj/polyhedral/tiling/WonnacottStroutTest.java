package dev.polyj.polyhedral.tiling;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.Relation;
import org.junit.jupiter.api.Test;

/**
 * The claims of Wonnacott and Strout's analysis of the scalability of loop tiling, reproduced on
 * the three-point Jacobi stencil: N data elements (0 <= i < N) updated over T time steps
 * (0 <= t < T). The pipelined tiling (Pluto's) skews the space loop by time and tiles the result
 * into tau x sigma tiles, {@code a = floor(t / tau), b = floor((t + i) / sigma)}, executed in
 * wavefronts {@code a + b}. The paper's Figure 5 takes P = 8 processors, sigma = 2 tau,
 * N = P (sigma + tau) and T = 8 tau.
 */
class WonnacottStroutTest {
  static final long TAU = 2;
  static final long SIGMA = 2 * TAU;
  static final long P = 8;
  static final long N5 = P * (SIGMA + TAU);
  static final long T5 = 8 * TAU;

  static final TileWavefronts PIPELINED = TileWavefronts.of(TileWavefrontsOracleTest.JACOBI_1D,
      new long[][] {{1, 0}, {1, 1}}, new long[] {TAU, SIGMA}, new long[] {1, 1});

  @Test
  void figure5Has23WavefrontsOfAtMost8Tiles() {
    TileWavefronts.Profile p = PIPELINED.profile(N5, T5);
    assertEquals(23, p.wavefronts());
    assertEquals(P, p.maxConcurrency());
    assertEquals(23, p.steps(P));
    // The upper-right region mirrors the lower-left one.
    long[] c = p.tilesPerWavefront();
    for (int k = 0; k < c.length; k++) assertEquals(c[k], c[c.length - 1 - k]);
  }

  @Test
  void figure5CountsDoNotDependOnTheTileScale() {
    for (long tau = 1; tau <= 3; tau++) {
      long sigma = 2 * tau;
      long n = P * (sigma + tau);
      long t = 8 * tau;
      TileWavefronts tw = TileWavefronts.of(TileWavefrontsOracleTest.JACOBI_1D,
          new long[][] {{1, 0}, {1, 1}}, new long[] {tau, sigma}, new long[] {1, 1});
      assertEquals(23, tw.profile(n, t).wavefronts(), "tau " + tau);
      assertEquals(P, tw.profile(n, t).maxConcurrency(), "tau " + tau);
      assertEquals(35, tw.profile(2 * n, t).steps(2 * P), "tau " + tau);
      assertEquals(24, tw.profile(n + sigma, t).wavefronts(), "tau " + tau);
    }
  }

  @Test
  void doublingNAndPTakes35StepsInsteadOf23() {
    TileWavefronts.Profile p = PIPELINED.profile(2 * N5, T5);
    // Twice as tall but no wider: the concurrency stays at 8, and 16 processors need 35 steps.
    assertEquals(P, p.maxConcurrency());
    assertEquals(35, p.wavefronts());
    assertEquals(35, p.steps(2 * P));
    // ... for twice the work.
    assertEquals(N5 * T5, PIPELINED.iterationCount().evaluate(new long[] {N5, T5}).numerator().longValueExact());
    assertEquals(2 * N5 * T5, PIPELINED.iterationCount().evaluate(new long[] {2 * N5, T5}).numerator().longValueExact());
  }

  @Test
  void oneMoreRowOrColumnOfTilesNeedsAtLeast24Wavefronts() {
    // One more row of tiles (N + sigma): exactly 24.
    assertEquals(24, PIPELINED.profile(N5 + SIGMA, T5).wavefronts());
    // One more column (T + tau): the skew makes it 25, so at least 24 as the paper says.
    assertEquals(25, PIPELINED.profile(N5, T5 + TAU).wavefronts());
    // No larger problem of whole rows and columns of tiles runs in 23 steps, whatever the number
    // of processors, and twice the work never does on 16 processors.
    long base = PIPELINED.profile(N5, T5).tiles();
    for (long n = N5; n <= 3 * N5; n += SIGMA) {
      for (long t = T5; t <= 3 * T5; t += TAU) {
        if (n == N5 && t == T5) continue;
        TileWavefronts.Profile p = PIPELINED.profile(n, t);
        assertTrue(p.wavefronts() >= 24, n + " " + t);
        if (p.tiles() >= 2 * base) assertTrue(p.steps(2 * P) > 23, n + " " + t);
      }
    }
  }

  @Test
  void largeProblemsNearlyFullyParallel() {
    // N = 10000 sigma, T = 1000 tau, P = 100: over 99% of the tiles run with 100-fold parallelism.
    TileWavefronts.Profile p = PIPELINED.profile(10000 * SIGMA, 1000 * TAU);
    assertTrue(p.shareWithParallelism(100) > 0.99, String.valueOf(p.shareWithParallelism(100)));
    // Ten times N and P: still over 98% with 1000-fold parallelism.
    TileWavefronts.Profile q = PIPELINED.profile(100000 * SIGMA, 1000 * TAU);
    assertTrue(q.shareWithParallelism(1000) > 0.98, String.valueOf(q.shareWithParallelism(1000)));
    // The concurrency is capped by the 1000 rows of time tiles: no 10,000-fold parallelism, and
    // growing N further does not change that.
    assertEquals(1000, p.maxConcurrency());
    assertEquals(1000, q.maxConcurrency());
    TileWavefronts.Scaling s = PIPELINED.weakScaling(new int[] {0}, new long[] {10000 * SIGMA, 1000 * TAU}, 2);
    assertArrayEquals(new long[] {1000, 1000, 1000}, s.maxConcurrency());
    assertFalse(s.weaklyScalable());
  }

  @Test
  void scalingTimeStepsToo() {
    // N = 38730 sigma, T = 25820 tau (about 10^9 tiles): 10,000-fold parallelism for only about
    // 85% of the tiles.
    TileWavefronts.Profile p = PIPELINED.profile(38730 * SIGMA, 25820 * TAU);
    assertTrue(Math.abs(p.tiles() - 1_000_000_000L) < 1_000_000L, String.valueOf(p.tiles()));
    double share = p.shareWithParallelism(10000);
    assertTrue(share > 0.84 && share < 0.86, String.valueOf(share));
  }

  @Test
  void no100000FoldParallelismOn10To10Tiles() {
    // With R = N / sigma rows and C = T / tau columns of tiles, R C = 10^10; the widest wavefront
    // holds min(C, about 2R/3) tiles, largest when C is about 81650. Around that balance point the
    // concurrency stays below 100,000.
    for (long c : new long[] {70000, 81650, 95000}) {
      long r = 10_000_000_000L / c;
      long max = PIPELINED.profile(r * SIGMA, c * TAU).maxConcurrency();
      assertTrue(max < 100000, c + ": " + max);
    }
  }

  @Test
  void pipelinedJacobiIsNotWeaklyScalable() {
    // T fixed, N doubled: the concurrency stays at T / tau while the work doubles.
    TileWavefronts.Scaling s = PIPELINED.weakScaling(new int[] {0}, new long[] {N5, T5}, 3);
    assertFalse(s.weaklyScalable(), s.toString());
    assertEquals(P, s.maxConcurrency()[3]);
    // Scaling N and T together does raise the concurrency, but only with the square root of the
    // work: still not weak scaling in Gustafson's sense.
    TileWavefronts.Scaling both = PIPELINED.weakScaling(new int[] {0, 1}, new long[] {N5, T5}, 3);
    long[] c = both.maxConcurrency();
    assertTrue(c[3] > c[2] && c[2] > c[1], both.toString());
    assertFalse(both.weaklyScalable(), both.toString());
  }

  @Test
  void diamondJacobiIsWeaklyScalableWithConcurrentStart() {
    // Diamond tiles: a = floor((t + i) / s), b = floor((t - i) / s); the tiles of one time band
    // (a + b constant) are independent.
    long s = 4;
    TileWavefronts diamond = TileWavefronts.of(TileWavefrontsOracleTest.JACOBI_1D,
        new long[][] {{1, 1}, {1, -1}}, new long[] {s, s}, new long[] {1, 1});
    assertTrue(diamond.respects(TileWavefrontsOracleTest.JACOBI_1D_DEPS));
    assertTrue(PIPELINED.respects(TileWavefrontsOracleTest.JACOBI_1D_DEPS));
    TileWavefronts.Scaling sc = diamond.weakScaling(new int[] {0}, new long[] {N5, T5}, 3);
    assertTrue(sc.weaklyScalable(), sc.toString());
    // Concurrent start: the first wavefront already holds a number of tiles proportional to N.
    long first = diamond.profile(N5, T5).tilesPerWavefront()[0];
    long firstDoubled = diamond.profile(2 * N5, T5).tilesPerWavefront()[0];
    assertTrue(first >= N5 / (2 * s) && firstDoubled >= 2 * first - 1, first + " " + firstDoubled);
    // Fewer wavefronts than the pipelined tiling of the same problem, independent of N.
    assertEquals(diamond.profile(N5, T5).wavefronts(), diamond.profile(4 * N5, T5).wavefronts());
  }

  @Test
  void embarrassinglyParallelLoopScales() {
    // Figure 1/2: no dependence between data elements, tau x sigma tiles all run at once.
    Relation d = TileWavefrontsOracleTest.JACOBI_1D;
    TileWavefronts tw = TileWavefronts.of(d, new long[][] {{1, 0}, {0, 1}}, new long[] {5, 4}, new long[] {1, 0});
    TileWavefronts.Profile p = tw.profile(8, 5);
    assertEquals(1, p.wavefronts());
    assertEquals(2, p.maxConcurrency());
    assertTrue(tw.weakScaling(new int[] {0}, new long[] {8, 5}, 3).weaklyScalable());
  }
}
