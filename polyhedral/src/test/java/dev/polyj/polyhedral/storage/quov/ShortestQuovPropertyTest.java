package dev.polyj.polyhedral.storage.quov;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The analytic QUOV against brute force: for random uniform dependence sets of one statement, in
 * a fully tilable space or behind a sequential outer loop, the vector is legal under the tiled
 * schedule of every tile size in a range (every point, every use, enumerated in a box), and no
 * vector of smaller Manhattan length is legal for all those tile sizes.
 */
class ShortestQuovPropertyTest {
  /** A problem: the dimensions and the uses (data-flow vectors of the statement to itself). */
  record Problem(List<ScheduleDim> dims, List<long[]> vectors) {
    @Override
    public String toString() {
      StringBuilder b = new StringBuilder(dims.toString()).append(" uses");
      for (long[] v : vectors) b.append(' ').append(Arrays.toString(v));
      return b.toString();
    }
  }

  static final int TILE_MAX = 3;

  @Provide
  Arbitrary<Problem> problems() {
    return Combinators.combine(Arbitraries.integers().between(1, 3), Arbitraries.of(false, true),
            Arbitraries.longs().between(-2, 2).array(long[].class).ofSize(12).list().ofMinSize(1).ofMaxSize(4))
        .as((d, sequentialOuter, raw) -> {
          boolean seq = sequentialOuter && d >= 2;
          List<ScheduleDim> dims = new ArrayList<>();
          for (int k = 0; k < d; k++) dims.add(seq && k == 0 ? ScheduleDim.sequential() : ScheduleDim.tilable(0));
          List<long[]> vectors = new ArrayList<>();
          for (long[] r : raw) {
            long[] v = new long[d];
            for (int k = 0; k < d; k++) v[k] = r[k];
            // carried by the sequential loop: any inner components; otherwise non-negative (tilable)
            boolean carried = seq && v[0] > 0;
            for (int k = 0; k < d; k++) if (!carried) v[k] = Math.abs(v[k]);
            if (Arrays.stream(v).allMatch(x -> x == 0)) v[d - 1] = 1;
            vectors.add(v);
          }
          return new Problem(dims, vectors);
        });
  }

  @Property(tries = 60)
  void analyticQuovIsLegalForEveryTileSizeAndShortest(@ForAll("problems") Problem p) {
    List<DataflowUse> uses = new ArrayList<>();
    for (long[] v : p.vectors()) uses.add(DataflowUse.self(v));
    long[] u = ShortestQuov.of(p.dims(), uses);
    assertNotNull(u, p.toString());
    assertTrue(legalForAllTiles(p, u), () -> p + ": " + Arrays.toString(u) + " is not legal");
    long len = ShortestQuov.manhattan(u);
    int d = p.dims().size();
    for (long[] w : ball(d, len - 1)) {
      assertFalse(legalForAllTiles(p, w), () -> p + ": " + Arrays.toString(w) + " is shorter than "
          + Arrays.toString(u) + " and legal");
    }
  }

  @Test
  void theoremOneFigureOne() {
    List<ScheduleDim> dims = List.of(ScheduleDim.tilable(0), ScheduleDim.tilable(0));
    List<DataflowUse> uses = List.of(DataflowUse.self(2, 0), DataflowUse.self(2, 1), DataflowUse.self(1, 2),
        DataflowUse.self(0, 2));
    assertArrayEquals(new long[] {2, 2}, ShortestQuov.of(dims, uses));
  }

  @Test
  void sequentialTimeLoopDoubleBuffers() {
    // Jacobi 1-D with its time loop sequential outside a (parallel) space loop: [2, 0], two rows
    List<ScheduleDim> dims = List.of(ScheduleDim.sequential(), ScheduleDim.parallel());
    List<DataflowUse> uses = List.of(DataflowUse.self(1, -1), DataflowUse.self(1, 0), DataflowUse.self(1, 1));
    assertArrayEquals(new long[] {2, 0}, ShortestQuov.of(dims, uses));
  }

  @Test
  void skewedStencilBandValidTiledAndUntiled() {
    // Jacobi 1-D scheduled as (t, t + i), the second member coincident: tiled, [1, 2] would do;
    // untiled, the parallel second loop must not separate a use from the overwriting instance
    List<ScheduleDim> dims = List.of(ScheduleDim.tilable(0), ScheduleDim.tilableCoincident(0));
    List<DataflowUse> uses = List.of(DataflowUse.self(1, 0), DataflowUse.self(1, 1), DataflowUse.self(1, 2));
    assertArrayEquals(new long[] {2, 2}, ShortestQuov.of(dims, uses));
    List<ScheduleDim> tiled = List.of(ScheduleDim.tilable(0), ScheduleDim.tilable(0));
    assertArrayEquals(new long[] {1, 2}, ShortestQuov.of(tiled, uses));
  }

  @Test
  void laterStatementInTheSameIterationNeedsTheNextIteration() {
    // Figure 3b: S1[i] read by S2[i] right after it: a scalar (the vector runs along i)
    List<ScheduleDim> dims = List.of(ScheduleDim.order(), ScheduleDim.tilable(0), ScheduleDim.order());
    assertArrayEquals(new long[] {0, 1, 0},
        ShortestQuov.of(dims, List.of(new DataflowUse(new long[] {0, 0}, true))));
    // read by S2[i+1]: the paper's rule max(1, 1) would give the unsafe [0, 1, 0]
    assertArrayEquals(new long[] {0, 2, 0},
        ShortestQuov.of(dims, List.of(new DataflowUse(new long[] {0, 1}, true))));
    // under a parallel loop no vector exists
    List<ScheduleDim> par = List.of(ScheduleDim.order(), ScheduleDim.parallel(), ScheduleDim.order());
    assertEquals(null, ShortestQuov.of(par, List.of(new DataflowUse(new long[] {0, 0}, true))));
  }

  @Test
  void projectiveMappingSharesCellsExactlyAlongTheVector() {
    for (long[] u : List.of(new long[] {1, 1}, new long[] {2, 0}, new long[] {1, 2}, new long[] {2, 4},
        new long[] {0, 3, 3}, new long[] {1, -1, 2})) {
      ProjectiveMapping m = ProjectiveMapping.along(u);
      int d = u.length;
      for (long[] a : box(d, -3, 3)) {
        for (long[] b : box(d, -3, 3)) {
          boolean same = Arrays.equals(m.cell(a), m.cell(b));
          boolean along = false;
          for (long k = -6; k <= 6 && !along; k++) {
            boolean eq = true;
            for (int j = 0; j < d; j++) eq &= b[j] - a[j] == k * u[j];
            along = eq;
          }
          assertEquals(along, same, () -> m + " " + Arrays.toString(a) + " " + Arrays.toString(b));
        }
      }
    }
  }

  /** Whether {@code w} is a legal occupancy vector under the tiled schedule of every size in 1..TILE_MAX. */
  static boolean legalForAllTiles(Problem p, long[] w) {
    int d = p.dims().size();
    int side = d == 3 ? 7 : 9;
    List<long[]> points = box(d, 0, side - 1);
    int tiled = 0;
    for (ScheduleDim dim : p.dims()) if (dim.kind() == ScheduleDim.Kind.TILABLE) tiled++;
    for (long[] sizes : box(tiled, 1, TILE_MAX + 1)) {
      for (int k = 0; k < sizes.length; k++) if (sizes[k] == TILE_MAX + 1) sizes[k] = side; // untiled
      for (long[] z : points) {
        long[] over = add(z, w);
        if (!inBox(over, side)) continue;
        long[] overKey = key(p, sizes, over);
        if (compare(key(p, sizes, z), overKey) >= 0) return false;
        for (long[] v : p.vectors()) {
          long[] use = add(z, v);
          if (!inBox(use, side) || Arrays.equals(use, over)) continue;
          if (compare(key(p, sizes, use), overKey) >= 0) return false;
        }
      }
    }
    return true;
  }

  /** The time of point {@code z}: sequential coordinates, tile coordinates, point coordinates. */
  static long[] key(Problem p, long[] sizes, long[] z) {
    int d = z.length;
    long[] k = new long[2 * d];
    int o = 0;
    int t = 0;
    List<Integer> band = new ArrayList<>();
    for (int j = 0; j < d; j++) {
      if (p.dims().get(j).kind() == ScheduleDim.Kind.TILABLE) {
        band.add(j);
      } else {
        k[o++] = z[j];
      }
    }
    for (int j : band) k[o++] = Math.floorDiv(z[j], sizes[t++]);
    for (int j : band) k[o++] = z[j];
    return k;
  }

  static int compare(long[] a, long[] b) {
    return Arrays.compare(a, b);
  }

  static long[] add(long[] a, long[] b) {
    long[] out = new long[a.length];
    for (int k = 0; k < a.length; k++) out[k] = a[k] + b[k];
    return out;
  }

  static boolean inBox(long[] z, int side) {
    for (long x : z) if (x < 0 || x >= side) return false;
    return true;
  }

  static List<long[]> box(int d, long lo, long hi) {
    List<long[]> out = new ArrayList<>();
    long[] z = new long[d];
    Arrays.fill(z, lo);
    while (true) {
      out.add(z.clone());
      int k = d - 1;
      while (k >= 0 && z[k] == hi) z[k--] = lo;
      if (k < 0) return out;
      z[k]++;
    }
  }

  /** The non-zero vectors of Manhattan length at most {@code len}. */
  static List<long[]> ball(int d, long len) {
    List<long[]> out = new ArrayList<>();
    if (len <= 0) return out;
    for (long[] w : box(d, -len, len)) {
      long l = ShortestQuov.manhattan(w);
      if (l > 0 && l <= len) out.add(w);
    }
    return out;
  }
}
