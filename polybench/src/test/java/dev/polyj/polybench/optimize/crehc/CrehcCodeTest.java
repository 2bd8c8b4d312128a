package dev.polyj.polybench.optimize.crehc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The OpenMP schedule of a CReHC loop follows the shape of its iterations' work. */
class CrehcCodeTest {
  private static String clause(String... loop) {
    return CrehcCode.scheduleClause(loop, 0, loop.length, "c0");
  }

  @Test
  void aTriangleIsDealtRoundRobin() {
    assertEquals("schedule(static, 1)", clause(
        "for (c0 = 0; c0 <= n - 2; c0 += 1)",
        "  for (c1 = c0 + 1; c1 <= n - 1; c1 += 1) {",
        "    for (c2 = 0; c2 <= 19; c2 += 1)",
        "      k = x[c0] < b[c2] ? c2 : k;",
        "    hist[k] += 1;",
        "  }"));
  }

  @Test
  void evenRowsTakeGuidedChunks() {
    assertEquals("schedule(guided)", clause(
        "for (c0 = 0; c0 <= h - 1; c0 += 1)",
        "  for (c1 = 0; c1 <= w - 1; c1 += 1)",
        "    hist[img[c0][c1]] += 1;"));
    // the iterator in a statement, or in a loop whose name merely contains it, is no triangle
    assertEquals("schedule(guided)", clause(
        "for (c0 = 0; c0 <= h - 1; c0 += 1)",
        "  for (c01 = 0; c01 <= w - 1; c01 += 1)",
        "    hist[img[c0][c01]] += 1;"));
  }
}
