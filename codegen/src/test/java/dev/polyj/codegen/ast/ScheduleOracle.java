package dev.polyj.codegen.ast;

import static com.google.common.base.Preconditions.checkState;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The order a schedule map prescribes, by enumeration: the statement instances in a box, each
 * with its schedule point (found coordinate by coordinate), sorted by schedule point, then
 * statement (member order), then coordinates.
 */
public final class ScheduleOracle {
  private ScheduleOracle() {}

  public static List<AstInterpreter.Call> expectedOrder(UnionRelation schedule, Map<String, Long> params, long lo,
      long hi) {
    List<AstInterpreter.Call> out = new ArrayList<>();
    for (Inst i : instances(schedule, params, lo, hi)) out.add(new AstInterpreter.Call(i.name(), i.x()));
    return out;
  }

  /**
   * The instances in schedule order, cut into blocks of equal schedule points: the order within a
   * block is free (statements the schedule puts at the same point).
   */
  public static List<List<AstInterpreter.Call>> expectedBlocks(UnionRelation schedule, Map<String, Long> params,
      long lo, long hi) {
    List<List<AstInterpreter.Call>> out = new ArrayList<>();
    long[] last = null;
    for (Inst i : instances(schedule, params, lo, hi)) {
      if (last == null || !Arrays.equals(last, i.t())) out.add(new ArrayList<>());
      last = i.t();
      out.get(out.size() - 1).add(new AstInterpreter.Call(i.name(), i.x()));
    }
    return out;
  }

  private record Inst(long[] t, int stmt, long[] x, String name) {}

  private static List<Inst> instances(UnionRelation schedule, Map<String, Long> params, long lo, long hi) {
    List<Inst> all = new ArrayList<>();
    int nSchedule = 0;
    for (Relation r : schedule.relations()) nSchedule = Math.max(nSchedule, r.space().nOut());
    List<Relation> members = schedule.relations();
    for (int s = 0; s < members.size(); s++) {
      Relation r = members.get(s);
      Space sp = r.space();
      int np = sp.nParam();
      int m = sp.nIn();
      int n = sp.nOut();
      String name = sp.domainTuple().hasName() ? sp.domainTuple().name() : "S" + s;
      long[] pv = new long[np];
      for (int i = 0; i < np; i++) {
        Long v = params.get(sp.params().get(i));
        checkState(v != null, "no value for parameter %s", sp.params().get(i));
        pv[i] = v;
      }
      Set<List<Long>> seen = new HashSet<>();
      for (BasicRelation b : r.basics()) {
        List<BasicRelation> prefixes = new ArrayList<>(); // [params, x, t0..tk], rest existential
        for (int k = -1; k < n; k++) {
          Space ps = Space.set(sp.params(), m + k + 1);
          int[] map = new int[sp.nVar()];
          for (int v = 0; v < map.length; v++) map[v] = v < np + m + k + 1 ? v : -1;
          prefixes.add(b.mapVariables(ps, map));
        }
        final int si = s;
        final int ns = nSchedule;
        BruteForce.forEachPoint(m, lo, hi, x -> {
          long[] p = concat(pv, x, new long[0]);
          if (!prefixes.get(0).contains(p)) return;
          long[] t = new long[ns];
          for (int k = 0; k < n; k++) {
            boolean found = false;
            for (long v = lo; v <= hi && !found; v++) {
              t[k] = v;
              if (prefixes.get(k + 1).contains(concat(pv, x, Arrays.copyOf(t, k + 1)))) found = true;
            }
            checkState(found, "schedule value of %s%s outside [%s, %s]", name, Arrays.toString(x), lo, hi);
          }
          List<Long> key = new ArrayList<>();
          key.add((long) si);
          for (long v : x) key.add(v);
          if (seen.add(key)) all.add(new Inst(t, si, x, name));
        });
      }
    }
    all.sort((a, b) -> {
      int c = Arrays.compare(a.t(), b.t());
      if (c != 0) return c;
      c = Integer.compare(a.stmt(), b.stmt());
      return c != 0 ? c : Arrays.compare(a.x(), b.x());
    });
    return all;
  }

  private static long[] concat(long[] a, long[] b, long[] c) {
    long[] o = new long[a.length + b.length + c.length];
    System.arraycopy(a, 0, o, 0, a.length);
    System.arraycopy(b, 0, o, a.length, b.length);
    System.arraycopy(c, 0, o, a.length + b.length, c.length);
    return o;
  }
}
