package dev.polyj.reductions.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.reductions.ReductionDependences;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Read-reuse fusion of the program's nests: which nests fuse, and the order of the fused program
 * against an enumeration of its instances (for n = 3 and 4, every instance of the second nest
 * right after the instance of the first that reads the same element, and every pair of the
 * relaxed dependences, enumerated, with its source first: none in mvt, the flow dependences of
 * gemver's update of A to its product with the transpose).
 */
class ReadFusionTest {
  private static Scop scop(String body) {
    String src = "void f(int n, double A[100][100], double x1[100], double x2[100], double y1[100], double y2[100]) {\n"
        + "int i, j;\n#pragma scop\n" + body + "\n#pragma endscop\n}\n";
    for (RegionResult r : CFrontEnd.extract(src, "program.c")) {
      if (r.accepted()) return r.scop();
      throw new AssertionError("region rejected: " + r.rejections() + "\n" + src);
    }
    throw new AssertionError("no region in\n" + src);
  }

  private static final String ROWS = "for (i = 0; i < n; i++)\n  for (j = 0; j < n; j++)\n    x1[i] = x1[i] + A[i][j] * y1[j];\n";

  private static UnionRelation relaxed(Scop scop) {
    return ReductionDependences.compute(scop, Dependences.compute(scop.reads(), scop.mayWrites(), scop.scheduleMap())).relaxed();
  }

  /** The instances of {@code tree} for parameter {@code n}, in the order of its flat schedule. */
  private static List<String> order(ScheduleNode tree, long n) {
    UnionRelation flat = ScheduleMaps.toFlatMap(tree);
    List<long[]> times = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (Relation r : flat.relations()) {
      for (long i = 0; i < n; i++) {
        for (long j = 0; j < n; j++) {
          long[] in = {n, i, j};
          for (long[] t : points(r, in)) {
            times.add(t);
            names.add(r.space().domainTuple().name() + "[" + i + "," + j + "]");
          }
        }
      }
    }
    List<Integer> idx = new ArrayList<>();
    for (int k = 0; k < times.size(); k++) idx.add(k);
    idx.sort(Comparator.comparing(k -> times.get(k), java.util.Arrays::compare));
    List<String> out = new ArrayList<>();
    for (int k : idx) out.add(names.get(k));
    return out;
  }

  /** The time vectors {@code r} gives instance {@code (n; i, j)}: enumerated over a box of times. */
  private static List<long[]> points(Relation r, long[] paramAndIn) {
    int nOut = r.space().nOut();
    List<long[]> out = new ArrayList<>();
    long[] t = new long[nOut];
    enumerate(r, paramAndIn, t, 0, out);
    return out;
  }

  private static void enumerate(Relation r, long[] pin, long[] t, int d, List<long[]> out) {
    if (d == t.length) {
      long[] point = new long[pin.length + t.length];
      System.arraycopy(pin, 0, point, 0, pin.length);
      System.arraycopy(t, 0, point, pin.length, t.length);
      if (r.contains(point)) out.add(t.clone());
      return;
    }
    for (long v = 0; v < 5; v++) {
      t[d] = v;
      enumerate(r, pin, t, d + 1, out);
    }
  }

  @Test
  void mvtsSecondProductRunsBesideTheFirstAtTheTransposedInstance() {
    // no dependence between the products: the order is all there is to check
    Scop mvt = scop(ROWS + "for (i = 0; i < n; i++)\n  for (j = 0; j < n; j++)\n    x2[i] = x2[i] + A[j][i] * y2[j];");
    assertTransposedBeside(mvt, false);
  }

  @Test
  void gemversProductWithTheTransposeRunsAfterTheUpdateOfEachElement() {
    // the first nest writes A, the second reads it transposed: each flow dependence stays forward
    Scop gemver = scop("for (i = 0; i < n; i++)\n  for (j = 0; j < n; j++)\n    A[i][j] = A[i][j] + y1[i] * y2[j];\n"
        + "for (i = 0; i < n; i++)\n  for (j = 0; j < n; j++)\n    x2[i] = x2[i] + A[j][i] * y2[j];");
    assertTransposedBeside(gemver, true);
  }

  /** The second nest's (j, i) right after the first's (i, j), and every relaxed dependence forward. */
  private static void assertTransposedBeside(Scop scop, boolean dependent) {
    ScheduleNode fused = ReadFusion.fuse(scop, relaxed(scop));
    assertNotNull(fused);
    for (long n : new long[] {3, 4}) {
      List<String> expected = new ArrayList<>();
      for (long i = 0; i < n; i++) {
        for (long j = 0; j < n; j++) {
          expected.add("S0[" + i + "," + j + "]");
          expected.add("S1[" + j + "," + i + "]");
        }
      }
      List<String> order = order(fused, n);
      assertEquals(expected, order);
      assertEquals(dependent, forward(relaxed(scop), order, n) > 0);
    }
  }

  /**
   * Checks that every pair of {@code deps} with its instances in the box {@code [0, n)} has its
   * source before its sink in {@code order}; the number of pairs checked.
   */
  private static int forward(UnionRelation deps, List<String> order, long n) {
    int checked = 0;
    for (Relation d : deps.relations()) {
      int nIn = d.space().nIn();
      int nOut = d.space().nOut();
      long[] point = new long[1 + nIn + nOut];
      point[0] = n;
      for (long code = 0; code < Math.round(Math.pow(n, nIn + nOut)); code++) {
        long c = code;
        for (int k = 1; k < point.length; k++, c /= n) point[k] = c % n;
        if (!d.contains(point)) continue;
        String src = d.space().domainTuple().name() + "[" + point[1] + "," + point[2] + "]";
        String dst = d.space().rangeTuple().name() + "[" + point[1 + nIn] + "," + point[2 + nIn] + "]";
        assertTrue(order.indexOf(src) >= 0 && order.indexOf(src) < order.indexOf(dst), src + " -> " + dst);
        checked++;
      }
    }
    return checked;
  }

  @Test
  void aNestWhoseWritesTheFirstStillReadsIsNotFused() {
    // the second nest writes y1, which every row of the first reads: fused, a row would read new values
    Scop scop = scop(ROWS + "for (i = 0; i < n; i++)\n  for (j = 0; j < n; j++)\n    y1[i] = y1[i] + A[j][i] * y2[j];");
    assertNull(ReadFusion.fuse(scop, relaxed(scop)));
  }

  @Test
  void nestsOverDifferentDomainsOrWithoutACommonMatrixAreNotFused() {
    Scop triangle = scop(ROWS + "for (i = 0; i < n; i++)\n  for (j = 0; j <= i; j++)\n    x2[i] = x2[i] + A[j][i] * y2[j];");
    assertNull(ReadFusion.fuse(triangle, relaxed(triangle)));
    Scop vectors = scop(ROWS + "for (i = 0; i < n; i++)\n  for (j = 0; j < n; j++)\n    x2[i] = x2[i] + y1[i] * y2[j];");
    assertNull(ReadFusion.fuse(vectors, relaxed(vectors)));
  }
}
