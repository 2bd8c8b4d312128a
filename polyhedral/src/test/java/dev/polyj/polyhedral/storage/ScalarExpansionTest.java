package dev.polyj.polyhedral.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.BisectionLexmin;
import dev.polyj.polyhedral.scheduling.PlutoScheduler;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.DimKind;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ScalarExpansion} and {@link StorageContraction} against the exact dependences and against
 * an enumeration oracle: the statement instances of small programs are run in the order of a
 * schedule (the program's own, or the Pluto schedule of the expanded program) with every value a
 * token naming the instance that wrote it, and every read of the scalar, of its expanded array and
 * of the contracted array must see the token the original program's read sees; the scalar's value
 * after the region (after the copies) must be the original's last write.
 */
class ScalarExpansionTest {
  private static final String SYMM = """
      #pragma scop
      for (i = 0; i < M; i++)
        for (j = 0; j < N; j++) {
          temp2 = 0;
          for (k = 0; k < i; k++) {
            C[k][j] += alpha * B[i][j] * A[i][k];
            temp2 += B[k][j] * A[i][k];
          }
          C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
        }
      #pragma endscop
      """;

  private static final String PASSES = """
      #pragma scop
      for (i = 0; i < M; i++) {
        y = 0.0;
        for (j = 0; j < N; j++) {
          Y[i][j] = X[i][j] + 0.5 * y;
          y = Y[i][j];
        }
      }
      for (j = 0; j < N; j++) {
        y = 0.0;
        for (i = 0; i < M; i++) {
          Z[i][j] = Y[i][j] + 0.25 * y;
          y = Z[i][j];
        }
      }
      #pragma endscop
      """;

  private static final String CARRIED = """
      #pragma scop
      for (t = 0; t < M; t++) {
        for (i = 0; i < N; i++)
          if (t >= 1)
            B[i][t] = x * A[i][t];
        for (i = 0; i < N; i++)
          x = A[i][t] * 0.5;
      }
      #pragma endscop
      """;

  private static final String READ_AFTER = """
      #pragma scop
      for (i = 0; i < M; i++) {
        s = A[i] * 2.0;
        for (j = 0; j < N; j++)
          B[j][i] = B[j][i] + s * C[j];
      }
      #pragma endscop
      """;

  private static Scop scop(String source) {
    return CFrontEnd.extract(source, "fragment.c").get(0).scop();
  }

  private static ExpandedArray array(ScalarExpansion.Result r, String name) {
    for (ExpandedArray a : r.arrays()) if (a.name().equals(name)) return a;
    throw new AssertionError("no array " + name + " in " + r.arrays());
  }

  @Test
  void symmsAccumulatorIsExpandedAlongBothLoops() {
    ScalarExpansion.Result r = ScalarExpansion.expand(scop(SYMM));
    ExpandedArray a = array(r, "temp2_x");
    assertEquals(List.of("M", "N"), a.extents());
    assertEquals(List.of("i", "j"), a.subscripts().get("S0"));
    assertTrue(r.after() != null && !r.after().statements().isEmpty(), "no copy of the last value");
  }

  @Test
  void eachPassOfAReusedScalarGetsItsOwnVariable() {
    ScalarExpansion.Result r = ScalarExpansion.expand(scop(PASSES));
    // the row pass could only be expanded along i, which no array has as its last subscript
    assertEquals(List.of(), array(r, "y_x0").extents());
    assertEquals(List.of("N"), array(r, "y_x1").extents());
  }

  @Test
  void aScalarCarriedAcrossTheOuterLoopKeepsItsStorage() {
    ScalarExpansion.Result r = ScalarExpansion.expand(scop(CARRIED));
    assertFalse(r.changed(), r.arrays().toString());
  }

  /**
   * The expanded program's dependences on an expanded array (flow, anti and output) only link
   * instances that access the same element: the false dependences between iterations are gone,
   * while the original scalar had them.
   */
  @ParameterizedTest
  @ValueSource(strings = {"symm", "passes", "read-after"})
  void dependencesOnAnExpandedArrayStayWithinOneElement(String name) {
    Scop original = scop(source(name));
    ScalarExpansion.Result r = ScalarExpansion.expand(original);
    assertTrue(r.changed());
    for (ExpandedArray a : r.arrays()) {
      if (a.rank() == 0) continue;
      UnionRelation acc = accesses(r.scop(), a.name(), false);
      Dependences d = Dependences.compute(accesses(r.scop(), a.name(), true), writes(r.scop(), a.name()),
          r.scop().scheduleMap());
      UnionRelation elements = acc.reverse().apply(d.all()).apply(acc);
      for (Relation e : elements.relations()) {
        assertTrue(e.isSubset(e.domain().identity()), a.name() + ": dependences between elements " + e);
      }
    }
    UnionRelation scalar = Dependences.compute(accesses(original, scalarOf(r), true), writes(original, scalarOf(r)),
        original.scheduleMap()).anti();
    assertFalse(scalar.isEmpty(), "the original scalar has no anti dependence");
  }

  private static String scalarOf(ScalarExpansion.Result r) {
    return r.arrays().get(0).scalar();
  }

  private static String source(String name) {
    return switch (name) {
      case "symm" -> SYMM;
      case "passes" -> PASSES;
      case "read-after" -> READ_AFTER;
      default -> throw new IllegalArgumentException(name);
    };
  }

  private static UnionRelation accesses(Scop scop, String array, boolean readsOnly) {
    UnionRelation u = UnionRelation.empty(scop.params());
    for (Statement st : scop.statements()) {
      for (Access a : st.accesses()) {
        if (a.array().equals(array) && (!readsOnly || a.isRead())) u = u.union(UnionRelation.of(a.relation()));
      }
    }
    return u;
  }

  private static UnionRelation writes(Scop scop, String array) {
    UnionRelation u = UnionRelation.empty(scop.params());
    for (Statement st : scop.statements()) {
      for (Access a : st.accesses()) if (a.array().equals(array) && a.isWrite()) u = u.union(UnionRelation.of(a.relation()));
    }
    return u;
  }

  /**
   * Every read of the expanded and contracted storage sees the value the original program's read
   * sees, in the program's order and in the Pluto schedule's (run sequentially), and the scalar
   * ends with the original's last value.
   */
  @ParameterizedTest
  @ValueSource(strings = {"symm", "passes", "read-after"})
  void expandedAndContractedStorageReadTheOriginalValues(String name) {
    Scop original = scop(source(name));
    ScalarExpansion.Result r = ScalarExpansion.expand(original);
    Dependences deps = Dependences.compute(r.scop().reads(), r.scop().mustWrites(), r.scop().scheduleMap());
    List<Relation> domains = new ArrayList<>();
    for (Statement s : r.scop().statements()) domains.add(s.domain());
    ScheduleNode pluto = TreeDependences.annotate(PlutoScheduler.schedule(domains, deps.all(),
        new BisectionLexmin(1 << 12), r.scop().scheduleMap()).toTree(), deps.all());
    for (ScheduleNode tree : List.of(r.scop().schedule(), pluto)) {
      Scop run = ScalarExpansion.followedBy(r.scop(), tree, r.after());
      List<StorageContraction.Contracted> contracted = new ArrayList<>();
      for (ExpandedArray a : r.arrays()) contracted.add(StorageContraction.contract(a, List.of(run), List.of(run.schedule())));
      Scop small = StorageContraction.apply(run, contracted);
      for (long[] params : List.of(new long[] {3, 4}, new long[] {1, 2}, new long[] {4, 1}, new long[] {0, 3})) {
        Map<String, String> expected = simulate(original, original.schedule(), params);
        assertEquals(expected, simulate(run, run.schedule(), params), name + " expanded at " + Arrays.toString(params));
        assertEquals(expected, simulate(small, small.schedule(), params), name + " contracted " + contracted + " at "
            + Arrays.toString(params));
      }
    }
  }

  @Test
  void symmInTheProgramOrderNeedsOneScalar() {
    ScalarExpansion.Result r = ScalarExpansion.expand(scop(SYMM));
    Scop run = ScalarExpansion.followedBy(r.scop(), r.scop().schedule(), r.after());
    StorageContraction.Contracted c = StorageContraction.contract(array(r, "temp2_x"), List.of(run),
        List.of(run.schedule()));
    assertEquals(List.of(), c.kept());
  }

  /**
   * Runs the instances of {@code scop} in the order of {@code tree} with parameters {@code params}:
   * every write of a statement stores the token of its instance (a copy statement, whose body is
   * one assignment of a read, stores the token it reads); returns, per read instance of a scalar
   * or an expanded array, the token read, and the final token of each scalar under the key "final
   * name". Reads and writes of other arrays are ignored.
   */
  private static Map<String, String> simulate(Scop scop, ScheduleNode tree, long[] params) {
    UnionRelation flat = ScheduleMaps.toFlatMap(tree);
    TreeMap<String, String[]> order = new TreeMap<>();
    record Instance(Statement st, long[] point) {}
    Map<String, Instance> byKey = new HashMap<>();
    for (Statement st : scop.statements()) {
      boolean tracked = false;
      for (Access a : st.accesses()) tracked |= tracked(scop, a.array());
      if (!tracked) continue;
      Relation domain = st.domain();
      Relation time = null;
      for (Relation m : flat.relations()) if (m.space().domainTuple().name().equals(st.name())) time = m;
      int np = domain.space().nParam();
      for (long[] p : points(domain, params)) {
        Relation at = time.alignParams(domain.space().params());
        for (int k = 0; k < np; k++) at = at.fix(DimKind.PARAM, k, p[k]);
        for (int k = 0; k < st.depth(); k++) at = at.fix(DimKind.IN, k, p[np + k]);
        long[] t = at.range().samplePoint().orElseThrow();
        long[] tv = Arrays.copyOfRange(t, t.length - at.space().nOut(), t.length);
        StringBuilder key = new StringBuilder();
        for (long v : tv) key.append(String.format("%08d,", v + 1000));
        key.append(st.name());
        order.put(key.toString(), null);
        byKey.put(key.toString(), new Instance(st, Arrays.copyOfRange(p, np, p.length)));
      }
    }
    Map<String, String> memory = new HashMap<>();
    Map<String, String> seen = new TreeMap<>();
    for (String key : order.keySet()) {
      Instance in = byKey.get(key);
      String id = in.st().name() + Arrays.toString(in.point());
      boolean copy = isCopy(in.st());
      String value = id;
      for (Access a : in.st().accesses()) {
        if (!a.isRead() || !tracked(scop, a.array())) continue;
        String v = memory.get(location(in.st(), a, in.point()));
        if (!copy) seen.put(id + " reads " + scalarName(a.array()), v);
        value = v;
      }
      for (Access a : in.st().accesses()) {
        if (!a.isWrite() || !tracked(scop, a.array())) continue;
        memory.put(location(in.st(), a, in.point()), copy ? value : id);
      }
    }
    for (var e : memory.entrySet()) {
      if (!e.getKey().contains("[") && !e.getKey().contains("_x")) seen.put("final " + e.getKey(), e.getValue());
    }
    return seen;
  }

  /** Whether {@code st} is a copy after the region: it reads an expanded array and writes a scalar. */
  private static boolean isCopy(Statement st) {
    return st.accesses().size() == 2 && st.reads().size() == 1 && st.reads().get(0).array().contains("_x")
        && st.writes().size() == 1 && st.writes().get(0).relation().space().nOut() == 0
        && !st.writes().get(0).array().contains("_x");
  }

  private static boolean tracked(Scop scop, String array) {
    return scop.array(array).isScalar() || array.contains("_x");
  }

  private static String scalarName(String array) {
    int k = array.indexOf("_x");
    return k < 0 ? array : array.substring(0, k);
  }

  /** The storage location an access touches at {@code point}. */
  private static String location(Statement st, Access a, long[] point) {
    if (a.relation().space().nOut() == 0) return a.array();
    Relation at = a.relation();
    for (int k = 0; k < st.depth(); k++) at = at.fix(DimKind.IN, k, point[k]);
    long[] e = at.range().samplePoint().orElseThrow();
    return a.array() + Arrays.toString(Arrays.copyOfRange(e, e.length - at.space().nOut(), e.length));
  }

  /** The points (dimensions only) of {@code domain} at the parameter values {@code params} (ordered as its parameters). */
  private static List<long[]> points(Relation domain, long[] params) {
    int np = domain.space().nParam();
    int n = domain.space().nOut();
    List<long[]> out = new ArrayList<>();
    BruteForce.forEachPoint(n, -1, 6, x -> {
      long[] p = new long[np + n];
      System.arraycopy(params, 0, p, 0, np);
      System.arraycopy(x, 0, p, np, n);
      if (domain.contains(p)) out.add(p);
    });
    return out;
  }
}
