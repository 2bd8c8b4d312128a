package dev.polyj.polyhedral.tiling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.AffineSchedule;
import dev.polyj.polyhedral.scheduling.BisectionLexmin;
import dev.polyj.polyhedral.scheduling.PlutoScheduler;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Wavefronts are made only for tile bands that no enclosing loop carries a dependence around:
 * floyd-warshall's (i, j) band, run once per iteration of the sequential k loop, stays a plain
 * sequential tiling; jacobi-1d's time-skewed band, outermost, still gets its parallel wavefront.
 * Legality and parallelism of the tiled trees are computed exactly by {@link TreeDependences}.
 */
class NestedWavefrontTest {
  private static int parallelMembers(String kernel) throws IOException {
    Scop scop;
    try (InputStream in = NestedWavefrontTest.class.getResourceAsStream("/dev/polyj/polyhedral/frontend/" + kernel)) {
      String src = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      scop = CFrontEnd.extract(src, kernel).stream().filter(RegionResult::accepted).findFirst().orElseThrow().scop();
    }
    UnionRelation deps = Dependences.compute(scop.reads(), scop.mustWrites(), scop.scheduleMap()).all();
    List<Relation> domains = new ArrayList<>();
    for (Statement s : scop.statements()) domains.add(s.domain());
    AffineSchedule sched = PlutoScheduler.schedule(domains, deps, new BisectionLexmin(1 << 10), scop.scheduleMap());
    ScheduleNode tree = TreeDependences.annotate(sched.toTree(), deps);
    Tiling.Result tiled = Tiling.tile(tree, Tiling.fixedSizes(4), deps);
    // exact: the tiled tree respects every dependence, and its parallel loops are recomputed
    ScheduleNode annotated = TreeDependences.annotate(tiled.tree(), tiled.liftDependences(deps));
    return count(annotated);
  }

  private static int count(ScheduleNode node) {
    int n = 0;
    if (node instanceof ScheduleNode.Band b) for (boolean c : b.coincident()) if (c) n++;
    for (ScheduleNode c : node.children()) n += count(c);
    return n;
  }

  @Test
  void bandInsideASequentialLoopGetsNoWavefront() throws IOException {
    assertEquals(0, parallelMembers("floyd.c"), "floyd-warshall: no loop can be parallel without a wavefront");
  }

  @Test
  void outermostBandStillGetsItsWavefront() throws IOException {
    assertTrue(parallelMembers("jacobi1d.c") > 0, "jacobi-1d: the wavefront's second tile loop is parallel");
  }
}
