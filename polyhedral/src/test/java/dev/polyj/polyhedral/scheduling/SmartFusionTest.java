package dev.polyj.polyhedral.scheduling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.polyhedral.tiling.Tiling;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Smart fusion of strongly connected components: components are scheduled apart when apart they
 * get a longer permutable band, and stay fused otherwise. Legality of every schedule (and of its
 * tiling) is checked exactly against the dependences by {@link TreeDependences}.
 */
class SmartFusionTest {
  private record Scheduled(Scop scop, UnionRelation deps, AffineSchedule schedule, ScheduleNode tree) {}

  private static Scheduled schedule(String kernel) throws IOException {
    Scop scop = PlutoSchedulerTest.scop(kernel);
    Dependences deps = Dependences.compute(scop.reads(), scop.mustWrites(), scop.scheduleMap());
    List<Relation> domains = new ArrayList<>();
    for (Statement s : scop.statements()) domains.add(s.domain());
    AffineSchedule sched = PlutoScheduler.schedule(domains, deps.all(), new BisectionLexmin(1 << 10),
        scop.scheduleMap());
    ScheduleNode tree = TreeDependences.annotate(sched.toTree(), deps.all());
    return new Scheduled(scop, deps.all(), sched, tree);
  }

  /** Every band node of the tree with the statements it schedules. */
  private static void bands(ScheduleNode node, List<ScheduleNode.Band> out) {
    if (node instanceof ScheduleNode.Band b) out.add(b);
    for (ScheduleNode c : node.children()) bands(c, out);
  }

  private static Set<String> statements(ScheduleNode.Band band) {
    Set<String> names = new HashSet<>();
    for (Relation r : band.members().get(0).relations()) names.add(r.space().domainTuple().name());
    return names;
  }

  /** The longest permutable band scheduling each statement. */
  private static Map<String, ScheduleNode.Band> deepestBand(ScheduleNode tree) {
    List<ScheduleNode.Band> all = new ArrayList<>();
    bands(tree, all);
    Map<String, ScheduleNode.Band> deepest = new HashMap<>();
    for (ScheduleNode.Band b : all) {
      for (String st : statements(b)) {
        ScheduleNode.Band old = deepest.get(st);
        if (old == null || b.nMember() > old.nMember()) deepest.put(st, b);
      }
    }
    return deepest;
  }

  @Test
  void twoMatrixProductsGetSeparateFullBands() throws IOException {
    Scheduled s = schedule("mm2.c");
    Map<String, ScheduleNode.Band> deepest = deepestBand(s.tree());
    List<String> products = new ArrayList<>();
    for (Statement st : s.scop().statements()) {
      if (st.domain().space().nOut() == 3) products.add(st.name());
    }
    assertEquals(2, products.size(), "2mm has two product statements");
    for (String p : products) {
      ScheduleNode.Band band = deepest.get(p);
      assertEquals(3, band.nMember(), () -> p + " should have a 3-d band in " + s.schedule().toMap());
      assertTrue(band.permutable(), () -> p + ": band not permutable");
      assertEquals(Set.of(p), statements(band), () -> p + " shares its band: " + s.schedule().toMap());
    }
    // the tiled tree is checked exactly too: tiling each 3-d band is legal
    Tiling.Result tiled = Tiling.tile(s.tree(), Tiling.fixedSizes(4), s.deps());
    for (String p : products) assertEquals(3, tiled.addedDims(p), () -> p + " not tiled in 3-d");
    TreeDependences.check(tiled.tree(), tiled.liftDependences(s.deps()));
  }

  @Test
  void producerConsumerWithAFullFusedBandStaysFused() throws IOException {
    Scheduled s = schedule("fusable.c");
    Map<String, ScheduleNode.Band> deepest = deepestBand(s.tree());
    for (Statement st : s.scop().statements()) {
      ScheduleNode.Band band = deepest.get(st.name());
      assertEquals(2, band.nMember(), () -> st.name() + ": " + s.schedule().toMap());
      assertEquals(2, statements(band).size(), () -> "fusion lost: " + s.schedule().toMap());
    }
  }
}
