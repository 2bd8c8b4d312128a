package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Test oracle for transitive closures: for a map whose pairs lie in a box (for each parameter value
 * in the box), the true closure is computed on the enumerated graph by breadth-first search.
 */
final class ClosureOracle {
  private ClosureOracle() {}

  /** Checks closure against the true closure of {@code r} in the box: always a superset, equal when exact. */
  static void check(Relation r, TransitiveClosure.Result result, long lo, long hi) {
    Space s = r.space();
    Relation t = result.closure();
    assertEquals(s, t.space(), "closure space");
    int p = s.nParam();
    int d = s.nIn();
    BruteForce.forEachPoint(p, lo, hi, params -> {
      Map<List<Long>, List<List<Long>>> succ = new HashMap<>();
      List<List<Long>> nodes = new ArrayList<>();
      BruteForce.forEachPoint(d, lo, hi, x -> nodes.add(list(x)));
      for (List<Long> x : nodes) {
        for (List<Long> y : nodes) {
          if (r.contains(point(params, x, y))) succ.computeIfAbsent(x, k -> new ArrayList<>()).add(y);
        }
      }
      for (List<Long> x : nodes) {
        Set<List<Long>> reach = new HashSet<>();
        Deque<List<Long>> work = new ArrayDeque<>(succ.getOrDefault(x, List.of()));
        while (!work.isEmpty()) {
          List<Long> z = work.pop();
          if (reach.add(z)) work.addAll(succ.getOrDefault(z, List.of()));
        }
        for (List<Long> y : nodes) {
          boolean truth = reach.contains(y);
          boolean got = t.contains(point(params, x, y));
          if (truth) {
            assertTrue(got, () -> "closure misses " + Arrays.toString(params) + " " + x + " -> " + y + "\nR = " + r + "\nT = " + t);
          } else if (result.exact()) {
            assertTrue(!got, () -> "exact closure has extra " + Arrays.toString(params) + " " + x + " -> " + y + "\nR = " + r + "\nT = " + t);
          }
        }
      }
    });
    Relation box = BruteForce.box(s, lo, hi);
    if (result.exact() && BoundedInclusion.isSubset(r, box)) {
      assertTrue(BoundedInclusion.isSubset(t, box), () -> "exact closure leaves the box of its relation: " + t);
    }
  }

  /** Checks a union closure against the enumerated closure of the graph over all member spaces. */
  static void checkUnion(UnionRelation u, TransitiveClosure.UnionResult result, long lo, long hi) {
    List<Relation> maps = new ArrayList<>();
    for (Relation r : u.relations()) if (r.space().isMap()) maps.add(r);
    List<dev.polyj.presburger.space.Tuple> tuples = new ArrayList<>();
    for (Relation r : maps) {
      if (!tuples.contains(r.space().domainTuple())) tuples.add(r.space().domainTuple());
      if (!tuples.contains(r.space().rangeTuple())) tuples.add(r.space().rangeTuple());
    }
    int p = u.paramNames().size();
    BruteForce.forEachPoint(p, lo, hi, params -> {
      List<List<Object>> nodes = new ArrayList<>();
      for (int t = 0; t < tuples.size(); t++) {
        int tt = t;
        BruteForce.forEachPoint(tuples.get(t).arity(), lo, hi, x -> nodes.add(List.of(tt, list(x))));
      }
      Map<List<Object>, List<List<Object>>> succ = new HashMap<>();
      for (Relation r : maps) {
        int a = tuples.indexOf(r.space().domainTuple());
        int b = tuples.indexOf(r.space().rangeTuple());
        for (List<Object> x : nodes) {
          if ((int) x.get(0) != a) continue;
          for (List<Object> y : nodes) {
            if ((int) y.get(0) != b) continue;
            if (r.contains(point(params, coords(x), coords(y)))) succ.computeIfAbsent(x, k -> new ArrayList<>()).add(y);
          }
        }
      }
      for (List<Object> x : nodes) {
        Set<List<Object>> reach = new HashSet<>();
        Deque<List<Object>> work = new ArrayDeque<>(succ.getOrDefault(x, List.of()));
        while (!work.isEmpty()) {
          List<Object> z = work.pop();
          if (reach.add(z)) work.addAll(succ.getOrDefault(z, List.of()));
        }
        for (List<Object> y : nodes) {
          Space s = Space.map(u.paramNames(), tuples.get((int) x.get(0)), tuples.get((int) y.get(0)));
          Relation t = result.closure().relation(s);
          boolean truth = reach.contains(y);
          boolean got = t.contains(point(params, coords(x), coords(y)));
          if (truth) {
            assertTrue(got, () -> "union closure misses " + Arrays.toString(params) + " " + x + " -> " + y);
          } else if (result.exact()) {
            assertTrue(!got, () -> "exact union closure has extra " + Arrays.toString(params) + " " + x + " -> " + y);
          }
        }
      }
    });
  }

  @SuppressWarnings("unchecked")
  private static List<Long> coords(List<Object> node) {
    return (List<Long>) node.get(1);
  }

  static List<Long> list(long[] x) {
    List<Long> l = new ArrayList<>();
    for (long v : x) l.add(v);
    return l;
  }

  static long[] point(long[] params, List<Long> x, List<Long> y) {
    long[] pt = new long[params.length + x.size() + y.size()];
    System.arraycopy(params, 0, pt, 0, params.length);
    for (int i = 0; i < x.size(); i++) pt[params.length + i] = x.get(i);
    for (int i = 0; i < y.size(); i++) pt[params.length + x.size() + i] = y.get(i);
    return pt;
  }
}
