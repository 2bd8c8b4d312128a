package dev.polyj.polyhedral.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.schedule.ScheduleYaml;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;

/**
 * The schedule tree of a region, its flat map, and the tree rebuilt from the 2d+1 map all order the
 * executed instances as the interpreter executed them.
 */
class ScheduleOracleTest {
  @ParameterizedTest
  @ValueSource(strings = {"gemm.c", "jacobi1d.c", "lu.c", "seidel.c", "bounds.c", "pluto.c"})
  void treeAndFlatMapsOrderInstancesAsExecuted(String program) throws IOException {
    TranslationUnit unit = ExtractionOracleTest.parseResource(program);
    RegionResult r = ScopExtractor.extract(unit).get(0);
    Scop scop = r.scop();
    FunctionDef f = unit.functions().stream().filter(x -> x.name().equals(r.functionName())).findFirst().orElseThrow();
    UnionRelation fromTree = ScheduleMaps.toFlatMap(scop.schedule());
    ScheduleNode rebuilt = ScheduleMaps.fromFlatMap(scop.scheduleMap(), scop.domains());
    UnionRelation fromRebuilt = ScheduleMaps.toFlatMap(rebuilt);
    IdentityHashMap<Expr, Boolean> bodies = new IdentityHashMap<>();
    IdentityHashMap<Expr, Statement> byBody = new IdentityHashMap<>();
    for (Statement s : scop.statements()) {
      bodies.put(s.body(), true);
      byBody.put(s.body(), s);
    }
    int compared = 0;
    for (long[] vals : new long[][] {{3, 2, 4}, {6, 5, 3}, {8, 3, 7}}) {
      Map<String, Long> params = new HashMap<>();
      for (int k = 0; k < scop.params().size(); k++) params.put(scop.params().get(k), vals[k % vals.length]);
      long[][] prev = null;
      for (LoopNestInterpreter.Instance inst : LoopNestInterpreter.run(f, bodies, params)) {
        Statement s = byBody.get(inst.body());
        long[] point = new long[scop.params().size() + s.depth()];
        for (int k = 0; k < scop.params().size(); k++) point[k] = params.get(scop.params().get(k));
        for (int k = 0; k < s.depth(); k++) point[scop.params().size() + k] = inst.env().get(s.iterators().get(k));
        long[][] times = {
          ExtractionOracleTest.image(member(fromTree, s), point),
          ExtractionOracleTest.image(member(fromRebuilt, s), point)
        };
        if (prev != null) {
          for (int t = 0; t < times.length; t++) {
            int tt = t;
            long[][] pp = prev;
            assertTrue(ExtractionOracleTest.lexLess(pp[t], times[t]),
                () -> "schedule " + tt + " misorders " + s.name() + " at " + inst.env());
          }
          compared++;
        }
        prev = times;
      }
    }
    assertTrue(compared > 0);
  }

  private static Relation member(UnionRelation u, Statement s) {
    for (Relation r : u.relations()) if (r.space().domainTuple().name().equals(s.name())) return r;
    throw new AssertionError("no schedule for " + s.name());
  }

  @ParameterizedTest
  @ValueSource(strings = {"gemm.c", "bounds.c"})
  void treeYamlHasIslKeys(String program) throws IOException {
    Scop scop = ScopExtractor.extract(ExtractionOracleTest.parseResource(program)).get(0).scop();
    String yaml = ScheduleYaml.write(scop.schedule());
    Object doc = new Yaml().load(yaml);
    // walk the loaded document in parallel with the tree
    check(scop.schedule(), doc);
  }

  @SuppressWarnings("unchecked")
  private static void check(ScheduleNode n, Object doc) {
    Map<String, Object> m = (Map<String, Object>) doc;
    if (n instanceof ScheduleNode.Domain d) {
      assertTrue(m.containsKey("domain"));
      checkChild(d.child(), m);
    } else if (n instanceof ScheduleNode.Band b) {
      String sched = (String) m.get("schedule");
      assertTrue(sched.contains("[{") && sched.endsWith("}]"), sched);
      checkChild(b.child(), m);
    } else if (n instanceof ScheduleNode.Sequence s) {
      List<Object> items = (List<Object>) m.get("sequence");
      assertEquals(s.filters().size(), items.size());
      for (int k = 0; k < items.size(); k++) {
        Map<String, Object> fm = (Map<String, Object>) items.get(k);
        assertTrue(fm.containsKey("filter"));
        checkChild(s.filters().get(k).child(), fm);
      }
    }
  }

  private static void checkChild(ScheduleNode child, Map<String, Object> m) {
    if (child instanceof ScheduleNode.Leaf) {
      assertTrue(!m.containsKey("child"));
    } else {
      check(child, m.get("child"));
    }
  }

  static List<String> names(List<Statement> ss) {
    List<String> out = new ArrayList<>();
    for (Statement s : ss) out.add(s.name());
    return out;
  }
}
