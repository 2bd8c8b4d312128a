package dev.polyj.polyhedral.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The paper's parametric dataflow (IMPACT 2013, sections 5 and 6) against an interpreter: programs
 * with dynamic conditions run on random outcomes; at every read that runs, the parameters get their
 * run-time values (the last executed instance of each parametrized write among those writing the
 * element read, and the number of time dimensions it shares with the read) and the dependence
 * relation at those values must give exactly the last writer, {@code noSource} exactly the reads
 * without one. Listing 1 needs no parameter and Listing 2 four, as the paper's Table 1 says.
 */
class ParametricFlowTest {
  /** An executed statement instance: name, iteration vector, time vector, element written or read. */
  record Event(String stmt, long[] iters, long[] time, String element, boolean write) {}

  /**
   * Checks the result against one run (events in execution order); returns the first mismatch or
   * null. {@code params} holds the problem's own parameter values.
   */
  static String check(ParametricFlow f, List<Event> run, Map<String, Long> params, String sinkStmt,
      Map<String, List<long[]>> domains) {
    return check(f, run, params, sinkStmt, domains, null);
  }

  /**
   * {@link #check} for a sink statement reading several arrays: a read of an element of array
   * {@code x} is checked against the dependences from the statements writing {@code x}
   * ({@code writes}: statement -> arrays it writes; null when every source writes the array read).
   */
  static String check(ParametricFlow f, List<Event> run, Map<String, Long> params, String sinkStmt,
      Map<String, List<long[]>> domains, Map<String, Set<String>> writes) {
    Map<String, Event> lastWriter = new HashMap<>();
    Map<String, Map<String, Event>> lastOf = new HashMap<>(); // element -> statement -> last instance
    for (Event e : run) {
      if (e.write) {
        lastWriter.put(e.element, e);
        lastOf.computeIfAbsent(e.element, x -> new HashMap<>()).put(e.stmt, e);
        continue;
      }
      if (!e.stmt.equals(sinkStmt)) continue;
      Map<String, Long> values = new HashMap<>(params);
      for (String p : f.parameters()) {
        String stmt = p.startsWith("lambda_") ? p.substring(7, p.lastIndexOf('_')) : p.substring(6);
        Event last = lastOf.getOrDefault(e.element, Map.of()).get(stmt);
        if (p.startsWith("sigma_")) {
          values.put(p, last == null ? -1L : (long) shared(last.time, e.time));
        } else {
          int d = Integer.parseInt(p.substring(p.lastIndexOf('_') + 1));
          values.put(p, last == null ? 0L : last.iters[d]);
        }
      }
      Event w = lastWriter.get(e.element);
      Set<String> sources = new HashSet<>();
      for (Relation r : f.dependence().relations()) {
        String src = r.space().domainTuple().name();
        if (!r.space().rangeTuple().name().equals(sinkStmt)) continue;
        String array = e.element.substring(0, e.element.indexOf('['));
        if (writes != null && !writes.getOrDefault(src, Set.of()).contains(array)) continue;
        // every instance of the source statement, run or not
        for (long[] it : domains.getOrDefault(src, List.of())) {
          if (r.contains(point(r, values, it, e.iters))) sources.add(src + java.util.Arrays.toString(it));
        }
      }
      boolean none = false;
      for (Relation r : f.noSource().relations()) {
        boolean sameArray = r.space().rangeTuple().name().equals(e.element.substring(0, e.element.indexOf('[')));
        if (r.space().domainTuple().name().equals(sinkStmt) && sameArray) {
          none |= r.contains(point(r, values, e.iters, elementOf(e)));
        }
      }
      String expected = w == null ? null : key(w);
      if (w == null ? !sources.isEmpty() || !none : !sources.equals(Set.of(expected)) || none) {
        return "read " + sinkStmt + java.util.Arrays.toString(e.iters) + " of " + e.element + " at " + values
            + ": last writer " + expected + ", relation gives " + sources + (none ? " and no source" : "");
      }
    }
    return null;
  }


  private static long[] elementOf(Event e) {
    String inside = e.element.substring(e.element.indexOf('[') + 1, e.element.length() - 1);
    if (inside.isEmpty()) return new long[0];
    String[] parts = inside.split(",");
    long[] out = new long[parts.length];
    for (int k = 0; k < parts.length; k++) out[k] = Long.parseLong(parts[k].trim());
    return out;
  }

  private static int shared(long[] a, long[] b) {
    int k = 0;
    while (k < a.length && k < b.length && a[k] == b[k]) k++;
    return k;
  }

  private static long[] point(Relation r, Map<String, Long> values, long[] in, long[] out) {
    List<String> ps = r.space().params();
    long[] p = new long[ps.size() + in.length + out.length];
    for (int k = 0; k < ps.size(); k++) {
      String name = ps.get(k);
      Long v = values.get(name);
      assertNotNull(v, () -> "no value for parameter " + name);
      p[k] = v;
    }
    System.arraycopy(in, 0, p, ps.size(), in.length);
    System.arraycopy(out, 0, p, ps.size() + in.length, out.length);
    return p;
  }

  private static String key(Event e) {
    return e.stmt + java.util.Arrays.toString(e.iters);
  }

  // ---------------------------------------------------------------------------------------------
  // Listing 2: state = 0; while (1) { S0: t0 = t(state); if (t0) D: state = ...; else C: state = ...; }

  static AccessInfo listing2(boolean wrongFilterOnC) {
    return listing2(wrongFilterOnC, "0 <= v <= 1");
  }

  /** Listing 2 with the outcomes of the condition known to satisfy {@code outcomes} (over {@code v}). */
  static AccessInfo listing2(boolean wrongFilterOnC, String outcomes) {
    String b = "0 <= i < T";
    Filter c = wrongFilterOnC
        ? new Filter(List.of(Relation.parse("[T] -> { C[i] -> t0[i] }")), Relation.parse("[T] -> { C[i] -> [v] }"))
        : new Filter(List.of(Relation.parse("[T] -> { C[i] -> t0[i] }")), Relation.parse("[T] -> { C[i] -> [0] }"));
    c = c.withPossibleValues(Relation.parse("[T] -> { C[i] -> [v] : " + outcomes + " }"));
    Filter d = new Filter(List.of(Relation.parse("[T] -> { D[i] -> t0[i] }")), Relation.parse("[T] -> { D[i] -> [1] }"))
        .withPossibleValues(Relation.parse("[T] -> { D[i] -> [v] : " + outcomes + " }"));
    return new AccessInfo(
        UnionRelation.parse("[T] -> { S0[i] -> state[] : " + b + " }"),
        UnionRelation.parse("[T] -> { I[] -> state[]; D[i] -> state[] : " + b + "; C[i] -> state[] : " + b
            + "; S0[i] -> t0[i] : " + b + " }"),
        null, null,
        UnionRelation.parse("[T] -> { I[] -> [0, 0, 0]; S0[i] -> [1, i, 0]; D[i] -> [1, i, 1]; C[i] -> [1, i, 2] }"))
        .withFilters(List.of(d, c));
  }

  /** Runs Listing 2 for {@code t} iterations with the given outcomes (bit i: t0[i]). */
  static List<Event> runListing2(int t, int outcome) {
    List<Event> run = new ArrayList<>();
    run.add(new Event("I", new long[0], new long[] {0, 0, 0}, "state[]", true));
    for (int i = 0; i < t; i++) {
      run.add(new Event("S0", new long[] {i}, new long[] {1, i, 0}, "state[]", false));
      boolean d = ((outcome >> i) & 1) == 1;
      run.add(new Event(d ? "D" : "C", new long[] {i}, new long[] {1, i, d ? 1 : 2}, "state[]", true));
    }
    return run;
  }

  static Map<String, List<long[]>> listing2Domains(int t) {
    Map<String, List<long[]>> out = new HashMap<>();
    out.put("I", List.of(new long[0]));
    for (String s : List.of("C", "D")) {
      List<long[]> l = new ArrayList<>();
      for (long i = 0; i < t; i++) l.add(new long[] {i});
      out.put(s, l);
    }
    return out;
  }

  @Test
  void listing2NeedsFourParametersAndGivesTheLastWriter() {
    ParametricFlow f = Dataflow.computeParametric(listing2(false));
    if (System.getProperty("polyj.showFlow") != null) System.out.println(f);
    assertEquals(4, f.parameters().size(), f::toString);
    assertEquals(Set.of("lambda_C_0", "sigma_C", "lambda_D_0", "sigma_D"), new HashSet<>(f.parameters()));
    for (int t = 1; t <= 5; t++) {
      for (int outcome = 0; outcome < (1 << t); outcome++) {
        String bad = check(f, runListing2(t, outcome), Map.of("T", (long) t), "S0", listing2Domains(t));
        assertNull(bad, () -> bad + "\n" + f);
      }
    }
  }

  @Test
  void aWrongFilterIsCaughtByTheInterpreter() {
    // C's filter accepting every outcome: C is taken to run always, its writes definite, no parameter
    ParametricFlow f = Dataflow.computeParametric(listing2(true));
    String firstBad = null;
    for (int t = 1; t <= 3 && firstBad == null; t++) {
      for (int outcome = 0; outcome < (1 << t) && firstBad == null; outcome++) {
        firstBad = check(f, runListing2(t, outcome), Map.of("T", (long) t), "S0", listing2Domains(t));
      }
    }
    assertNotNull(firstBad, f::toString);
  }

  // ---------------------------------------------------------------------------------------------
  // Listing 1 (scaled: n, m in [0, 2]): the filters of H imply those of A, no parameter is needed

  static AccessInfo listing1() {
    String a = "[K] -> { A[k, i, j] -> a[j, i] : 0 <= k < K and 0 <= i < 2 and 0 <= j <= 2 }";
    String h = "[K] -> { H[k, i, j] -> a[i + 1, j] : 0 <= k < K and 0 <= i < 2 and 0 <= j < 2 }";
    String writers = "; N1[] -> n[]; M[k] -> m[] : 0 <= k < K; N2[k] -> n[] : 0 <= k < K }";
    String schedule = "[K] -> { A[k, i, j] -> [1, k, 1, i, j]; H[k, i, j] -> [1, k, 2, i, j]; N1[] -> [0, 0, 0, 0, 0];"
        + " M[k] -> [1, k, 0, 0, 0]; N2[k] -> [1, k, 3, 0, 0] }";
    return new AccessInfo(UnionRelation.parse(h), UnionRelation.parse(a.replace(" }", writers)), null, null,
        UnionRelation.parse(schedule))
        .withFilters(List.of(
            new Filter(List.of(Relation.parse("{ A[k, i, j] -> m[] }"), Relation.parse("{ A[k, i, j] -> n[] }")),
                Relation.parse("{ A[k, i, j] -> [m, n] : i < m and j <= n }")),
            new Filter(List.of(Relation.parse("{ H[k, i, j] -> n[] }"), Relation.parse("{ H[k, i, j] -> m[] }")),
                Relation.parse("{ H[k, i, j] -> [n, m] : i < n and j < m }"))));
  }

  @Test
  void listing1NeedsNoParameter() {
    ParametricFlow f = Dataflow.computeParametric(listing1());
    assertEquals(List.of(), f.parameters(), f::toString);
    Random random = new Random(3);
    for (int bigK = 1; bigK <= 2; bigK++) {
      for (int r = 0; r < 60; r++) {
        List<Event> run = new ArrayList<>();
        long n = random.nextInt(3);
        for (int k = 0; k < bigK; k++) {
          long m = random.nextInt(3);
          for (int i = 0; i < m; i++) {
            for (int j = 0; j <= n; j++) {
              run.add(new Event("A", new long[] {k, i, j}, new long[] {1, k, 1, i, j}, "a[" + j + "," + i + "]", true));
            }
          }
          for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
              run.add(new Event("H", new long[] {k, i, j}, new long[] {1, k, 2, i, j}, "a[" + (i + 1) + "," + j + "]",
                  false));
            }
          }
          n = random.nextInt(3);
        }
        Map<String, List<long[]>> domains = new HashMap<>();
        List<long[]> as = new ArrayList<>();
        for (long k = 0; k < bigK; k++) {
          for (long i = 0; i < 2; i++) for (long j = 0; j <= 2; j++) as.add(new long[] {k, i, j});
        }
        domains.put("A", as);
        String bad = check(f, run, Map.of("K", (long) bigK), "H", domains);
        assertNull(bad, () -> bad + "\n" + f);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Listing 3 (example E1 of the paper's reference [1]): a while loop inside a for loop
  //   for (x1 = 0; x1 < n; x1++) { S1: s = f(); W: while (P(x1, x2)) S2: s = g(s); R: h(s); }

  static AccessInfo listing3() {
    String b = "0 <= x1 < n";
    return new AccessInfo(
        UnionRelation.parse("[n] -> { R[x1] -> s[] : " + b + "; S2[x1, x2] -> s[] : " + b + " and x2 >= 0 }"),
        UnionRelation.parse("[n] -> { S1[x1] -> s[] : " + b + "; S2[x1, x2] -> s[] : " + b + " and x2 >= 0;"
            + " W[x1, x2] -> t0[x1, x2] : " + b + " and x2 >= 0 }"),
        null, null,
        UnionRelation.parse("[n] -> { S1[x1] -> [x1, 0, 0, 0]; W[x1, x2] -> [x1, 1, x2, 0]; S2[x1, x2] -> [x1, 1, x2, 1];"
            + " R[x1] -> [x1, 2, 0, 0] }"))
        .withFilters(List.of(
            new Filter(List.of(Relation.parse("[n] -> { W[x1, x2] -> t0[x1, a] : 0 <= a < x2 }")),
                Relation.parse("[n] -> { W[x1, x2] -> [1] }")),
            new Filter(List.of(Relation.parse("[n] -> { S2[x1, x2] -> t0[x1, a] : 0 <= a <= x2 }")),
                Relation.parse("[n] -> { S2[x1, x2] -> [1] }"))));
  }

  @Test
  void listing3WhileLoopInsideAForLoop() {
    ParametricFlow f = Dataflow.computeParametric(listing3());
    // the read in R needs the last iteration of the while loop; S2 reading s from its previous
    // iteration or from S1 needs none (its own filter implies the earlier iterations ran)
    assertEquals(Set.of("lambda_S2_1", "sigma_S2"), new HashSet<>(f.parameters()), f::toString);
    Random random = new Random(11);
    for (int n = 1; n <= 3; n++) {
      for (int r = 0; r < 40; r++) {
        List<Event> run = new ArrayList<>();
        Map<String, List<long[]>> domains = new HashMap<>();
        List<long[]> s1 = new ArrayList<>();
        List<long[]> s2 = new ArrayList<>();
        for (int x1 = 0; x1 < n; x1++) {
          s1.add(new long[] {x1});
          for (int x2 = 0; x2 < 6; x2++) s2.add(new long[] {x1, x2});
          run.add(new Event("S1", new long[] {x1}, new long[] {x1, 0, 0, 0}, "s[]", true));
          int trips = random.nextInt(5);
          for (int x2 = 0; x2 < trips; x2++) {
            run.add(new Event("S2", new long[] {x1, x2}, new long[] {x1, 1, x2, 1}, "s[]", false));
            run.add(new Event("S2", new long[] {x1, x2}, new long[] {x1, 1, x2, 1}, "s[]", true));
          }
          run.add(new Event("R", new long[] {x1}, new long[] {x1, 2, 0, 0}, "s[]", false));
        }
        domains.put("S1", s1);
        domains.put("S2", s2);
        for (String sink : List.of("R", "S2")) {
          String bad = check(f, run, Map.of("n", (long) n), sink, domains);
          assertNull(bad, () -> bad + "\n" + f);
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // A C region through the front end: a scalar set under a data-dependent condition

  @Test
  void conditionalScalarFromTheFrontEnd() {
    var regions = dev.polyj.polyhedral.frontend.CFrontEnd.extract("""
        void f(int n, int A[100], int B[100], int s) {
        #pragma scop
          for (int i = 0; i < n; i++) {
            if (A[i] > 0)
              s = A[i];
            B[i] = s;
          }
        #pragma endscop
        }
        """, "t.c");
    var scop = regions.get(0).scop();
    assertNotNull(scop, () -> regions.get(0).rejections().toString());
    AccessInfo info = dev.polyj.polyhedral.scop.FlowProblem.of(scop);
    ParametricFlow f = Dataflow.computeParametric(info);
    assertEquals(Set.of("lambda_S1_0", "sigma_S1"), new HashSet<>(f.parameters()), f::toString);
    FlowResult plain = Dataflow.compute(info);
    Relation may = plain.mayDependence().relation(Relation.parse("[n] -> { S1[i] -> S2[j] }").space());
    Relation must = plain.mustDependence().relation(Relation.parse("[n] -> { S1[i] -> S2[j] }").space());
    assertTrue(must.isEmpty(), plain::toString); // S1 may not run: no definite source of s
    Random random = new Random(7);
    for (int n = 1; n <= 5; n++) {
      List<long[]> s1 = new ArrayList<>();
      for (long i = 0; i < n; i++) s1.add(new long[] {i});
      for (int r = 0; r < 30; r++) {
        List<Event> run = new ArrayList<>();
        Integer last = null;
        for (int i = 0; i < n; i++) {
          if (random.nextBoolean()) {
            run.add(new Event("S1", new long[] {i}, new long[] {0, i, 1}, "s[]", true));
            last = i;
          }
          run.add(new Event("S2", new long[] {i}, new long[] {0, i, 2}, "s[]", false));
          if (last != null) assertTrue(may.contains(new long[] {n, last, i}), plain::toString);
        }
        String bad = check(f, run, Map.of("n", (long) n), "S2", Map.of("S1", s1));
        assertNull(bad, () -> bad + "\n" + f);
      }
    }
  }

  /** The then branch never feeds the else branch of the same iteration (contradicting filters). */
  @Test
  void thenBranchIsNoSourceOfTheElseBranchOfItsIteration() {
    var regions = dev.polyj.polyhedral.frontend.CFrontEnd.extract("""
        void f(int n, int A[100], int B[100], int x) {
        #pragma scop
          for (int i = 0; i < n; i++)
            if (A[i] > 0)
              x = A[i];
            else
              B[i] = x;
        #pragma endscop
        }
        """, "t.c");
    var scop = regions.get(0).scop();
    assertNotNull(scop, () -> regions.get(0).rejections().toString());
    AccessInfo info = dev.polyj.polyhedral.scop.FlowProblem.of(scop);
    FlowResult plain = Dataflow.compute(info);
    Relation may = plain.mayDependence().relation(Relation.parse("[n] -> { S1[i] -> S2[j] }").space());
    assertTrue(may.isEqual(Relation.parse("[n] -> { S1[i] -> S2[j] : 0 <= i < j < n }")), plain::toString);
    ParametricFlow f = Dataflow.computeParametric(info);
    Random random = new Random(9);
    for (int n = 1; n <= 5; n++) {
      List<long[]> s1 = new ArrayList<>();
      for (long i = 0; i < n; i++) s1.add(new long[] {i});
      for (int r = 0; r < 30; r++) {
        List<Event> run = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          if (random.nextBoolean()) run.add(new Event("S1", new long[] {i}, new long[] {0, i, 1}, "x[]", true));
          else run.add(new Event("S2", new long[] {i}, new long[] {0, i, 2}, "x[]", false));
        }
        String bad = check(f, run, Map.of("n", (long) n), "S2", Map.of("S1", s1));
        assertNull(bad, () -> bad + "\n" + f);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Listing 1 from its C text: n and m locally static, read as filter accesses to n and m

  static final String LISTING1_C = """
      void f(int K, int vals[101], int g[100], double a[100][100], double h[100][100][100], int n, int m) {
      #pragma scop
        n = vals[0];
        for (int k = 0; k < K; ++k) {
          m = g[k];
          for (int i = 0; i < m; ++i)
            for (int j = 0; j <= n; ++j)
              a[j][i] = k + i + j;
          for (int i = 0; i < n; ++i)
            for (int j = 0; j < m; ++j)
              h[k][i][j] = a[i + 1][j];
          n = vals[k + 1];
        }
      #pragma endscop
      }
      """;

  static dev.polyj.polyhedral.scop.Scop scopOf(String c) {
    var regions = dev.polyj.polyhedral.frontend.CFrontEnd.extract(c, "t.c");
    var scop = regions.get(0).scop();
    assertNotNull(scop, () -> regions.get(0).rejections().toString());
    return scop;
  }

  /** The name of the statement of {@code scop} whose body contains {@code text}. */
  static String statementWith(dev.polyj.polyhedral.scop.Scop scop, String text) {
    for (var s : scop.statements()) {
      if (dev.polyj.polyhedral.scop.ExprPrinter.print(s.body()).contains(text)) return s.name();
    }
    throw new AssertionError("no statement with " + text + " in " + scop.statements());
  }

  /** Runs Listing 1 with the given values of n (K + 1 of them) and m (K): the writes of a, the reads of h's statement. */
  static List<Event> runListing1(String aStmt, String hStmt, long[] ns, long[] ms, boolean aUpToN) {
    List<Event> run = new ArrayList<>();
    for (int k = 0; k < ms.length; k++) {
      for (int i = 0; i < ms[k]; i++) {
        for (int j = 0; aUpToN ? j <= ns[k] : j < ns[k]; j++) {
          run.add(new Event(aStmt, new long[] {k, i, j}, new long[] {1, k, 1, i, 0, j, 0}, "a[" + j + "," + i + "]", true));
        }
      }
      for (int i = 0; i < ns[k]; i++) {
        for (int j = 0; j < ms[k]; j++) {
          run.add(new Event(hStmt, new long[] {k, i, j}, new long[] {1, k, 2, i, 0, j, 0}, "a[" + (i + 1) + "," + j + "]",
              false));
        }
      }
    }
    return run;
  }

  /** The first mismatch of {@code f} with random runs of Listing 1 (values of n and m in 0..3), or null. */
  static String checkListing1(ParametricFlow f, String aStmt, String hStmt, boolean aUpToN) {
    Random random = new Random(5);
    for (int bigK = 1; bigK <= 2; bigK++) {
      List<long[]> as = new ArrayList<>();
      for (long k = 0; k < bigK; k++) {
        for (long i = 0; i < 4; i++) for (long j = 0; j <= 4; j++) as.add(new long[] {k, i, j});
      }
      for (int r = 0; r < 60; r++) {
        long[] ns = new long[bigK + 1];
        long[] ms = new long[bigK];
        for (int k = 0; k <= bigK; k++) ns[k] = random.nextInt(4);
        for (int k = 0; k < bigK; k++) ms[k] = random.nextInt(4);
        String bad = check(f, runListing1(aStmt, hStmt, ns, ms, aUpToN), Map.of("K", (long) bigK), hStmt, Map.of(aStmt, as));
        if (bad != null) return bad;
      }
    }
    return null;
  }

  @Test
  void listing1FromTheFrontEndNeedsNoParameter() {
    var scop = scopOf(LISTING1_C);
    String aStmt = statementWith(scop, "a[j][i] =");
    String hStmt = statementWith(scop, "h[k][i][j] =");
    // no statement evaluates the bounds: their variables are the filter accesses
    assertEquals(5, scop.statements().size(), scop::toString);
    ParametricFlow f = Dataflow.computeParametric(dev.polyj.polyhedral.scop.FlowProblem.of(scop));
    assertEquals(List.of(), f.parameters(), f::toString);
    String bad = checkListing1(f, aStmt, hStmt, true);
    assertNull(bad, () -> bad + "\n" + f);
  }

  @Test
  void aWrongBoundFromTheFrontEndIsCaughtByTheInterpreter() {
    // the analysis reads j <= n where the program runs j < n: the writes of a[n][*] are taken to
    // run whenever h's statement runs, and the interpreter finds reads they do not feed
    var scop = scopOf(LISTING1_C);
    ParametricFlow f = Dataflow.computeParametric(dev.polyj.polyhedral.scop.FlowProblem.of(scop));
    assertNotNull(checkListing1(f, statementWith(scop, "a[j][i] ="), statementWith(scop, "h[k][i][j] ="), false),
        f::toString);
  }

  // ---------------------------------------------------------------------------------------------
  // Sections 6.3.2 and 6.4 (appendix A.4): parameter values of two sources that contradict each other

  /** {@code u} with every parameter but {@code kept} projected out, as one relation per space. */
  static UnionRelation withoutLastParams(UnionRelation u, List<String> kept) {
    return ParametricFlow.keepParams(u, kept);
  }

  static Relation between(UnionRelation deps, String source, String sink) {
    Relation out = null;
    for (Relation r : deps.relations()) {
      if (r.space().domainTuple().name().equals(source) && r.space().rangeTuple().name().equals(sink)) {
        out = out == null ? r : out.union(r);
      }
    }
    return out;
  }

  @Test
  void listing2DependsOnThePreviousIterationOnlyAsInThePaper() {
    // the paper (section 5): S0(i) depends on C only if C's last execution was in iteration i - 1,
    // and likewise on D; I feeds S0(0) only
    ParametricFlow f = Dataflow.computeParametric(listing2(false));
    UnionRelation plain = withoutLastParams(f.dependence(), List.of("T"));
    assertTrue(between(plain, "C", "S0").isEqual(Relation.parse("[T] -> { C[i] -> S0[i + 1] : 0 <= i <= T - 2 }")),
        plain::toString);
    assertTrue(between(plain, "D", "S0").isEqual(Relation.parse("[T] -> { D[i] -> S0[i + 1] : 0 <= i <= T - 2 }")),
        plain::toString);
    assertTrue(between(plain, "I", "S0").isEqual(Relation.parse("[T] -> { I[] -> S0[0] : T > 0 }")), plain::toString);
    assertEquals(5, disjuncts(f.dependence()), f::toString);
    // without knowing that the outcomes are 0 or 1, no pair of parameter values contradicts another:
    // C and D may feed any later iteration, and I any iteration
    ParametricFlow loose = Dataflow.computeParametric(listing2(false, "v = v"));
    UnionRelation loosePlain = withoutLastParams(loose.dependence(), List.of("T"));
    assertTrue(between(loosePlain, "C", "S0").isEqual(Relation.parse("[T] -> { C[i] -> S0[j] : 0 <= i < j < T }")),
        loosePlain::toString);
    assertTrue(between(loosePlain, "I", "S0").isEqual(Relation.parse("[T] -> { I[] -> S0[j] : 0 <= j < T }")),
        loosePlain::toString);
    assertEquals(6, disjuncts(loose.dependence()), loose::toString);
    for (ParametricFlow x : List.of(f, loose)) {
      for (int t = 1; t <= 5; t++) {
        for (int outcome = 0; outcome < (1 << t); outcome++) {
          String bad = check(x, runListing2(t, outcome), Map.of("T", (long) t), "S0", listing2Domains(t));
          assertNull(bad, () -> bad + "\n" + x);
        }
      }
    }
  }

  @Test
  void wrongOutcomeBoundsAreCaughtByTheInterpreter() {
    // outcomes taken to be always 1: D would have to run whenever it is a candidate, so the
    // parameter values of runs where C ran are removed as inconsistent
    ParametricFlow f = Dataflow.computeParametric(listing2(false, "v = 1"));
    String firstBad = null;
    for (int t = 1; t <= 3 && firstBad == null; t++) {
      for (int outcome = 0; outcome < (1 << t) && firstBad == null; outcome++) {
        firstBad = check(f, runListing2(t, outcome), Map.of("T", (long) t), "S0", listing2Domains(t));
      }
    }
    assertNotNull(firstBad, f::toString);
  }

  static int disjuncts(UnionRelation u) {
    int n = 0;
    for (Relation r : u.relations()) n += r.coalesce().basics().size();
    return n;
  }

  /** Both branches write the scalar: one of them ran in the read's own iteration. */
  @Test
  void bothBranchesWritingAScalarFeedTheReadOfTheirIterationOnly() {
    var scop = scopOf("""
        void f(int n, double A[100], double B[100], double s) {
        #pragma scop
          for (int i = 0; i < n; i++) {
            if (A[i] > 0)
              s = A[i];
            else
              s = -A[i];
            B[i] = s;
          }
        #pragma endscop
        }
        """);
    String then = statementWith(scop, "s = A[i]");
    String otherwise = statementWith(scop, "s = -A[i]");
    String read = statementWith(scop, "B[i] = s");
    ParametricFlow f = Dataflow.computeParametric(dev.polyj.polyhedral.scop.FlowProblem.of(scop));
    UnionRelation plain = withoutLastParams(f.dependence(), List.of("n"));
    String same = "[n] -> { %s[i] -> %s[i] : 0 <= i < n }";
    assertTrue(between(plain, then, read).isEqual(Relation.parse(String.format(same, then, read))), plain::toString);
    assertTrue(between(plain, otherwise, read).isEqual(Relation.parse(String.format(same, otherwise, read))),
        plain::toString);
    assertTrue(withoutLastParams(f.noSource(), List.of("n")).relations().stream()
        .noneMatch(r -> r.space().domainTuple().name().equals(read) && !r.isEmpty()), f::toString);
    Random random = new Random(13);
    for (int n = 1; n <= 4; n++) {
      List<long[]> all = new ArrayList<>();
      for (long i = 0; i < n; i++) all.add(new long[] {i});
      for (int r = 0; r < 20; r++) {
        List<Event> run = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          boolean t = random.nextBoolean();
          run.add(new Event(t ? then : otherwise, new long[] {i}, new long[] {0, i, t ? 1 : 2}, "s[]", true));
          run.add(new Event(read, new long[] {i}, new long[] {0, i, 3}, "s[]", false));
        }
        String bad = check(f, run, Map.of("n", (long) n), read, Map.of(then, all, otherwise, all));
        assertNull(bad, () -> bad + "\n" + f);
      }
    }
  }
}
