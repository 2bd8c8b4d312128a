package dev.polyj.polyhedral.tiling;

import dev.polyj.presburger.count.Counting;
import dev.polyj.presburger.set.Relation;
import java.util.concurrent.*;
import org.junit.jupiter.api.Test;

class ExploreTest {
  @Test
  void explore() throws Exception {
    Relation d = TileWavefrontsOracleTest.SKEWED_STRIP;
    long[][][] hs = {{{1, 0}, {0, 1}}, {{1, 0}, {1, 1}}, {{1, -1}, {0, 1}}, {{1, 1}, {1, -1}}, {{0, -1}, {1, 1}}, {{1, 0}, {-1, 1}}};
    ExecutorService ex = Executors.newSingleThreadExecutor(r -> { Thread t = new Thread(r); t.setDaemon(true); return t; });
    for (long[][] h : hs) for (long s : new long[] {1, 2, 3, 4}) for (int mode = 0; mode < 1; mode++) {
      final int m = mode;
      TileWavefronts tw = TileWavefronts.of(d, h, new long[] {s, s + 1}, new long[] {1, 1});
      long t0 = System.nanoTime();
      Future<String> f = ex.submit(() -> {
        Relation r = tw.tilesPerWavefront();
        r = r.computeDivs().coalesce();
        return r.basics().size() + " basics, " + Counting.card(r).pieces().size() + " pieces";
      });
      String res;
      try { res = f.get(20, TimeUnit.SECONDS); } catch (TimeoutException e) { res = "TIMEOUT"; f.cancel(true); ex = Executors.newSingleThreadExecutor(r -> { Thread t = new Thread(r); t.setDaemon(true); return t; }); }
      System.out.println(java.util.Arrays.deepToString(h) + " s=" + s + " mode=" + m + ": " + res + " " + (System.nanoTime() - t0) / 1e6 + " ms; basics " + tw.tilesPerWavefront().basics().size());
    }
  }
}
