package dev.polyj.polyhedral.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.flow.DataflowProperties.Instance;
import dev.polyj.polyhedral.flow.DataflowProperties.Kind;
import dev.polyj.polyhedral.flow.DataflowProperties.Stmt;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Filtered accesses (dynamic conditions) with may semantics, against interpreters that run the
 * programs for every (or many random) outcomes of the dynamic conditions: every last writer seen in
 * a run is a may dependence, a must dependence is the last writer in every run (where the value
 * read was not killed), a sink without a
 * writer in some run is in {@code may_no_source}; and every may dependence is the last writer in
 * some run.
 */
class FilterTest {
  /**
   * Listing 2 of the paper with {@code T} iterations of the loop: {@code I: state = 0}, then per
   * iteration {@code S0} reads {@code state} into {@code t0[i]}, {@code D} writes {@code state} when
   * {@code t0[i] = 1} and {@code C} writes it when {@code t0[i] = 0}.
   */
  @Test
  void listing2DependencesOfTheConditionOnState() {
    String bounds = "0 <= i < T";
    AccessInfo info = new AccessInfo(
        UnionRelation.parse("[T] -> { S0[i] -> state[] : " + bounds + " }"),
        UnionRelation.parse("[T] -> { I[] -> state[]; D[i] -> state[] : " + bounds + "; C[i] -> state[] : " + bounds + " }"),
        null, null,
        UnionRelation.parse("[T] -> { I[] -> [0, 0, 0]; S0[i] -> [1, i, 0]; D[i] -> [1, i, 1]; C[i] -> [1, i, 2] }"))
        .withFilters(List.of(
            new Filter(List.of(Relation.parse("[T] -> { D[i] -> t0[i] }")), Relation.parse("[T] -> { D[i] -> [1] }")),
            new Filter(List.of(Relation.parse("[T] -> { C[i] -> t0[i] }")), Relation.parse("[T] -> { C[i] -> [0] }"))));
    FlowResult r = Dataflow.compute(info);
    for (int t = 1; t <= 4; t++) {
      // every outcome of the conditions t0[0..t-1]
      Set<String> seen = new HashSet<>();
      Set<String> always = null;
      for (int outcome = 0; outcome < (1 << t); outcome++) {
        Set<String> run = new HashSet<>();
        String last = "I[]";
        for (int i = 0; i < t; i++) {
          run.add(last + "->S0[" + i + "]");
          last = ((outcome >> i) & 1) == 1 ? "D[" + i + "]" : "C[" + i + "]";
        }
        seen.addAll(run);
        if (always == null) always = new HashSet<>(run); else always.retainAll(run);
      }
      for (String dep : seen) assertTrue(contains(r.mayDependence(), dep, t), () -> dep + " not in " + r);
      for (String dep : pairs(r.mustDependence(), t)) assertTrue(always.contains(dep), () -> "must " + dep + " in " + r);
      assertEquals(always, pairs(r.mustDependence(), t), r::toString);
      assertTrue(r.mayNoSource().isEmpty(), r::toString);
    }
  }

  /**
   * Listing 1 of the paper, scaled down: {@code K} iterations of {@code k}, {@code n} in [0, 2] and
   * {@code m} in [0, 2] chosen at run time by {@code N1}, {@code N2} and {@code M}; {@code A} writes
   * {@code a[j][i]} for {@code i < m, j <= n}; {@code H} reads {@code a[i + 1][j]} for
   * {@code i < n, j < m}. With the writes of {@code n} and {@code m} in the problem, the filters of
   * H and A read the same {@code n} and {@code m} in the same iteration of {@code k}, H's filter
   * implies A's, and the paper's dependence {@code A(k, j, i + 1) -> H(k, i, j)} is definite.
   * Without them, {@code n} and {@code m} hold their values on entry throughout (a program that
   * does not change them), which both filters read: the same dependence is definite.
   */
  @Test
  void listing1ReadOfAByH() {
    for (boolean withWriters : List.of(false, true)) {
      FlowResult r = listing1(withWriters);
      Relation definite = r.mustDependence().relation(Relation.parse("[K] -> { A[k, i, j] -> H[k2, i2, j2] }").space());
      assertTrue(definite.isEqual(Relation.parse(
          "[K] -> { A[k, i2, j2] -> H[k, i, j] : i2 = j and j2 = i + 1 and 0 <= k < K and 0 <= i < 2 and 0 <= j < 2 }")), r::toString);
      checkListing1AgainstRuns(r, definite, !withWriters);
    }
  }

  private static FlowResult listing1(boolean withWriters) {
    String a = "[K] -> { A[k, i, j] -> a[j, i] : 0 <= k < K and 0 <= i < 2 and 0 <= j <= 2 }";
    String h = "[K] -> { H[k, i, j] -> a[i + 1, j] : 0 <= k < K and 0 <= i < 2 and 0 <= j < 2 }";
    String writers = "; N1[] -> n[]; M[k] -> m[] : 0 <= k < K; N2[k] -> n[] : 0 <= k < K";
    String schedule = "[K] -> { A[k, i, j] -> [1, k, 1, i, j]; H[k, i, j] -> [1, k, 2, i, j]"
        + (withWriters ? "; N1[] -> [0, 0, 0, 0, 0]; M[k] -> [1, k, 0, 0, 0]; N2[k] -> [1, k, 3, 0, 0]" : "") + " }";
    AccessInfo info = new AccessInfo(UnionRelation.parse(h),
        UnionRelation.parse(a.replace(" }", withWriters ? writers + " }" : " }")),
        null, null, UnionRelation.parse(schedule))
        .withFilters(List.of(
            new Filter(List.of(Relation.parse("{ A[k, i, j] -> m[] }"), Relation.parse("{ A[k, i, j] -> n[] }")),
                Relation.parse("{ A[k, i, j] -> [m, n] : i < m and j <= n }")),
            new Filter(List.of(Relation.parse("{ H[k, i, j] -> n[] }"), Relation.parse("{ H[k, i, j] -> m[] }")),
                Relation.parse("{ H[k, i, j] -> [n, m] : i < n and j < m }"))));
    return Dataflow.compute(info);
  }

  /** Runs Listing 1 with random values of n and m: last writers against the computed relations. */
  private static void checkListing1AgainstRuns(FlowResult r, Relation definite, boolean constant) {
    Relation may = r.mayDependence().relation(Relation.parse("[K] -> { A[k, i, j] -> H[k2, i2, j2] }").space());
    Relation mayNo = r.mayNoSource().relation(Relation.parse("[K] -> { H[k, i, j] -> a[x, y] }").space());
    Random random = new Random(5);
    for (int bigK = 1; bigK <= 2; bigK++) {
      for (int run = 0; run < 200; run++) {
        long n = random.nextInt(3);
        long fixedM = random.nextInt(3);
        Map<String, int[]> writer = new HashMap<>();
        for (int k = 0; k < bigK; k++) {
          long m = constant ? fixedM : random.nextInt(3);
          for (int i = 0; i < m; i++) for (int j = 0; j <= n; j++) writer.put(j + "," + i, new int[] {k, i, j});
          for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
              int[] w = writer.get((i + 1) + "," + j);
              long[] sink = {bigK, k, i, j, i + 1, j};
              if (w == null) {
                assertTrue(mayNo.contains(sink), () -> "no writer for H" + Arrays.toString(sink) + " in " + r);
              } else {
                long[] pair = {bigK, w[0], w[1], w[2], k, i, j};
                assertTrue(may.contains(pair), () -> Arrays.toString(pair) + " not in " + r);
              }
              for (int k2 = 0; k2 < bigK; k2++) {
                for (int i2 = 0; i2 < 2; i2++) {
                  for (int j2 = 0; j2 <= 2; j2++) {
                    long[] pair = {bigK, k2, i2, j2, k, i, j};
                    boolean last = w != null && w[0] == k2 && w[1] == i2 && w[2] == j2;
                    if (definite.contains(pair)) assertTrue(last, () -> "must " + Arrays.toString(pair) + " in " + r);
                  }
                }
              }
            }
          }
          if (!constant) n = random.nextInt(3);
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Random loop nests with filtered writes

  /** A filter on a statement: runs when its flag is 1 ({@code always} from iteration 1 on: every instance with i >= 1 runs). */
  record Flagged(Stmt stmt, boolean filtered, boolean fromOne) {
    boolean alwaysRuns(Instance x) {
      return !filtered || (fromOne && x.i() >= 1);
    }

    Filter filter() {
      String iter = stmt.iter();
      String cond = fromOne ? "v = 1 or i >= 1" : "v = 1";
      return new Filter(List.of(Relation.parse("[N] -> { " + iter + " -> flag_" + stmt.name() + "[] }")),
          Relation.parse("[N] -> { " + iter + " -> [v] : " + cond + " }"));
    }
  }

  @Provide
  Arbitrary<List<Flagged>> filteredPrograms() {
    return new DataflowProperties().programs().flatMap(prog -> {
      List<Arbitrary<Flagged>> out = new ArrayList<>();
      for (Stmt s : prog) {
        Stmt t = s.kind() == Kind.MAY ? new Stmt(s.name(), s.depth(), s.a(), s.b(), s.c(), s.pos(), Kind.MUST) : s;
        boolean read = s.kind() == Kind.READ;
        out.add(Combinators.combine(Arbitraries.of(true, true, false), Arbitraries.of(true, false))
            .as((f, one) -> new Flagged(t, f && !read, one)));
      }
      return Combinators.combine(out).as(l -> l);
    });
  }

  @Property(tries = 50)
  void filteredWritesAgainstRuns(@ForAll("filteredPrograms") List<Flagged> flagged) {
    List<Stmt> prog = new ArrayList<>();
    List<Filter> filters = new ArrayList<>();
    for (Flagged f : flagged) {
      prog.add(f.stmt());
      if (f.filtered()) filters.add(f.filter());
    }
    AccessInfo info = new AccessInfo(DataflowProperties.unionOf(prog, Kind.READ, true),
        DataflowProperties.unionOf(prog, Kind.MUST, true), null, DataflowProperties.unionOf(prog, Kind.KILL, true),
        DataflowProperties.unionOf(prog, null, false)).withFilters(filters);
    FlowResult r = Dataflow.compute(info);
    Stmt read = prog.stream().filter(s -> s.kind() == Kind.READ).findFirst().orElseThrow();
    Map<Stmt, Flagged> flags = new HashMap<>();
    for (Flagged f : flagged) flags.put(f.stmt(), f);
    Random random = new Random(42);
    for (long n = 1; n <= 3; n++) {
      List<Instance> all = new ArrayList<>();
      for (Stmt s : prog) {
        for (long i = 0; i < n; i++) {
          if (s.depth() == 1) all.add(new Instance(s, i, 0));
          else for (long j = 0; j < n; j++) all.add(new Instance(s, i, j));
        }
      }
      all.sort((x, y) -> DataflowProperties.LEX.compare(x.time(), y.time()));
      Set<String> mayPairs = new HashSet<>();
      Set<String> mustPairs = new HashSet<>();
      for (Flagged f : flagged) {
        if (f.stmt().kind() != Kind.MUST) continue;
        for (Instance src : all) {
          if (src.stmt() != f.stmt()) continue;
          for (Instance dst : all) {
            if (dst.stmt() != read) continue;
            long[] pt = DataflowProperties.concat(n, src.iters(), dst.iters());
            if (DataflowProperties.contains(r.mayDependence(), f.stmt(), read, pt)) mayPairs.add(DataflowProperties.key(src, dst));
            if (DataflowProperties.contains(r.mustDependence(), f.stmt(), read, pt)) mustPairs.add(DataflowProperties.key(src, dst));
          }
        }
      }
      Set<String> realised = new HashSet<>();
      // random runs, then for every may dependence the run where its source is the only optional instance that runs
      List<Set<Instance>> runs = new ArrayList<>();
      for (int k = 0; k < 20; k++) {
        Set<Instance> running = new HashSet<>();
        for (Instance x : all) if (flags.get(x.stmt()).alwaysRuns(x) || random.nextBoolean()) running.add(x);
        runs.add(running);
      }
      for (Instance x : all) {
        Set<Instance> running = new HashSet<>();
        for (Instance y : all) if (y == x || flags.get(y.stmt()).alwaysRuns(y)) running.add(y);
        runs.add(running);
      }
      for (Set<Instance> running : runs) {
        for (int at = 0; at < all.size(); at++) {
          Instance sink = all.get(at);
          if (sink.stmt() != read) continue;
          long elem = read.element(sink.i(), 0);
          Instance last = null;
          for (int w = 0; w < at; w++) {
            Instance x = all.get(w);
            if (x.stmt().kind() != Kind.READ && running.contains(x) && x.stmt().element(x.i(), x.j()) == elem) last = x;
          }
          long[] access = {n, sink.i(), elem};
          boolean inMayNo = r.mayNoSource().relation(DataflowProperties.spaceOf(r.mayNoSource(), read)).contains(access);
          boolean inMustNo = r.mustNoSource().relation(DataflowProperties.spaceOf(r.mustNoSource(), read)).contains(access);
          if (last == null) {
            assertTrue(inMayNo, () -> "no writer in a run but not in may_no_source: " + Arrays.toString(access) + " " + r);
          } else if (last.stmt().kind() == Kind.MUST) { // after a kill there is no source: nothing to check
            assertFalse(inMustNo, () -> "a source in a run but in must_no_source: " + Arrays.toString(access) + " " + r);
            String k = DataflowProperties.key(last, sink);
            realised.add(k);
            assertTrue(mayPairs.contains(k), () -> k + " seen in a run, not a may dependence: " + r);
          }
          boolean killed = last != null && last.stmt().kind() == Kind.KILL; // a dead value: any source will do
          for (String k : mustPairs) {
            if (!killed && k.endsWith("->" + Arrays.toString(sink.iters()))) {
              assertTrue(last != null && k.equals(DataflowProperties.key(last, sink)), () -> "must " + k + " not the last writer in a run: " + r);
            }
          }
        }
      }
      assertEquals(mayPairs, realised, () -> "may dependences never seen: " + r);
    }
  }

  // ---------------------------------------------------------------------------------------------

  private static boolean contains(UnionRelation u, String dep, long t) {
    return pairs(u, t).contains(dep);
  }

  /** The pairs of a dependence relation of Listing 2 for T = t, as "I[]->S0[i]" strings. */
  private static Set<String> pairs(UnionRelation u, long t) {
    Set<String> out = new HashSet<>();
    for (Relation r : u.relations()) {
      String src = r.space().domainTuple().name();
      int nIn = r.space().nIn();
      int nParam = r.space().nParam();
      for (long i = 0; i < t; i++) {
        for (long i2 = 0; i2 < t; i2++) {
          long[] p = new long[nParam + nIn + 1];
          if (nParam == 1) p[0] = t;
          if (nIn == 1) p[nParam] = i2;
          p[nParam + nIn] = i;
          if (r.contains(p)) out.add(src + (nIn == 1 ? "[" + i2 + "]" : "[]") + "->S0[" + i + "]");
        }
      }
    }
    return out;
  }
}
