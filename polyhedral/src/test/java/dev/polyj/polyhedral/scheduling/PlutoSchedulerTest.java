package dev.polyj.polyhedral.scheduling;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.testing.BruteForce;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Pluto scheduler on PolyBench-style kernels. Oracle: every dependence pair, enumerated for
 * small parameter values, must go strictly forward in the new schedule's lexicographic order; and
 * a level claimed parallel must not carry any pair that is not already ordered by outer levels.
 */
class PlutoSchedulerTest {
  static Scop scop(String resource) throws IOException {
    try (InputStream in = PlutoSchedulerTest.class.getResourceAsStream("/dev/polyj/polyhedral/frontend/" + resource)) {
      String src = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      for (RegionResult r : CFrontEnd.extract(src, resource)) if (r.accepted()) return r.scop();
    }
    throw new AssertionError("no scop in " + resource);
  }

  @ParameterizedTest
  @ValueSource(strings = {"gemm.c", "jacobi1d.c", "seidel.c", "lu.c"})
  void schedulesRespectEveryDependence(String kernel) throws IOException {
    Scop scop = scop(kernel);
    Dependences deps = Dependences.compute(scop.reads(), scop.mustWrites(), scop.scheduleMap());
    List<Relation> domains = new ArrayList<>();
    for (Statement s : scop.statements()) domains.add(s.domain());
    AffineSchedule sched = PlutoScheduler.schedule(domains, deps.all(), new BisectionLexmin(1 << 10));
    assertTrue(sched.nLevel() >= 1);
    // enumerate dependence pairs for small parameters (every parameter in 1..5)
    int np = sched.params().size();
    for (Relation dep : deps.all().alignParams(sched.params()).relations()) {
      String src = dep.space().domainTuple().name();
      String dst = dep.space().rangeTuple().name();
      int ms = dep.space().nIn();
      BruteForce.forEachPoint(dep.space().nVar(), -1, 5, p -> {
        for (int k = 0; k < np; k++) if (p[k] < 1) return;
        if (!dep.contains(p)) return;
        long[] params = Arrays.copyOfRange(p, 0, np);
        long[] s = Arrays.copyOfRange(p, np, np + ms);
        long[] t = Arrays.copyOfRange(p, np + ms, p.length);
        long[] ts = time(sched, src, params, s);
        long[] tt = time(sched, dst, params, t);
        assertTrue(Arrays.compare(ts, tt) < 0, () -> kernel + ": dependence " + src + Arrays.toString(s) + " -> "
            + dst + Arrays.toString(t) + " at " + Arrays.toString(params) + " goes from " + Arrays.toString(ts)
            + " to " + Arrays.toString(tt));
        for (int l = 0; l < ts.length; l++) {
          if (ts[l] != tt[l]) {
            assertFalse(sched.levels().get(l).coincident(), () -> kernel + ": level carrying a dependence marked parallel");
            break;
          }
        }
      });
    }
  }

  /** The schedule tree orders instances like the flat schedule (both flattened, compared pointwise). */
  @ParameterizedTest
  @ValueSource(strings = {"gemm.c", "jacobi1d.c", "lu.c"})
  void treeOrdersLikeTheFlatSchedule(String kernel) throws IOException {
    Scop scop = scop(kernel);
    Dependences deps = Dependences.compute(scop.reads(), scop.mustWrites(), scop.scheduleMap());
    List<Relation> domains = new ArrayList<>();
    for (Statement s : scop.statements()) domains.add(s.domain());
    AffineSchedule sched = PlutoScheduler.schedule(domains, deps.all(), new BisectionLexmin(1 << 10));
    UnionRelation fromTree = dev.polyj.polyhedral.schedule.ScheduleMaps.toFlatMap(sched.toTree());
    UnionRelation flat = sched.toMap();
    // same order: for every pair of instances, the lexicographic comparison agrees
    UnionRelation before = precedes(flat);
    UnionRelation beforeTree = precedes(fromTree);
    assertTrue(before.isEqual(beforeTree), () -> kernel + ": " + flat + " vs " + fromTree);
  }

  /** { x -> y : schedule(x) lexicographically before schedule(y) } for a schedule with one range space. */
  static UnionRelation precedes(UnionRelation schedule) {
    dev.polyj.presburger.space.Space range = schedule.relations().get(0).space().range();
    for (Relation r : schedule.relations()) assertTrue(r.space().range().equals(range), "one range space");
    UnionRelation lt = UnionRelation.of(Relation.lexLt(range, range));
    return schedule.apply(lt).apply(schedule.reverse());
  }

  static long[] time(AffineSchedule s, String stmt, long[] params, long[] iters) {
    long[] t = new long[s.nLevel()];
    for (int l = 0; l < t.length; l++) {
      long[] row = s.levels().get(l).rows().get(stmt);
      long v = row[0];
      for (int k = 0; k < params.length; k++) v += row[1 + k] * params[k];
      for (int k = 0; k < iters.length; k++) v += row[1 + params.length + k] * iters[k];
      t[l] = v;
    }
    return t;
  }

  @ParameterizedTest
  @ValueSource(strings = {"gemm.c"})
  void gemmHasAnOuterParallelLoop(String kernel) throws IOException {
    Scop scop = scop(kernel);
    Dependences deps = Dependences.compute(scop.reads(), scop.mustWrites(), scop.scheduleMap());
    List<Relation> domains = new ArrayList<>();
    for (Statement s : scop.statements()) domains.add(s.domain());
    AffineSchedule sched = PlutoScheduler.schedule(domains, deps.all(), new BisectionLexmin(1 << 10));
    boolean parallel = false;
    for (AffineSchedule.Level l : sched.levels()) parallel |= l.coincident();
    assertTrue(parallel, () -> "no parallel level in " + sched.toMap());
    UnionRelation unused = sched.toMap();
    assertFalse(unused.isEmpty());
  }
}
