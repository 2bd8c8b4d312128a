package dev.polyj.polyhedral.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.flow.ParametricFlowTest.Event;
import dev.polyj.polyhedral.scop.FlowProblem;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Locally static if conditions ({@code if (i < n)}, {@code n} a scalar assigned in the region and
 * not in the branches) read as the paper reads locally static values (section 4 of Verdoolaege,
 * Nikolov, Stefanov, IMPACT 2013): the condition is the filter value relation over the scalars'
 * values, the reads of the scalars are the filter accesses. Each program runs in {@link CRunOracle}
 * on random data; at every executed read, the parametric relations at the run-time parameter
 * values must give exactly the last writer, and the plain must/may relations must hold it as
 * classified.
 */
class StaticConditionFlowTest {
  /** The analyses of a region and the figures the documentation reports. */
  record Analysed(Scop scop, ParametricFlow parametric, FlowResult plain) {
    int disjuncts() {
      return ParametricFlowTest.disjuncts(parametric.dependence());
    }
  }

  static Analysed analyse(String c) {
    Scop scop = ParametricFlowTest.scopOf(c);
    AccessInfo info = FlowProblem.of(scop);
    Analysed a = new Analysed(scop, Dataflow.computeParametric(info), Dataflow.compute(info));
    if (System.getProperty("polyj.showFlow") != null) {
      System.out.println(scop.functionName() + ": " + a.parametric.parameters() + ", " + a.disjuncts()
          + " disjuncts\n" + a.parametric);
    }
    return a;
  }

  /**
   * The first mismatch over {@code runs} random runs for each value of the parameter {@code p} in
   * {@code 0 .. max} (data in {@code 0 .. values - 1}), or null.
   */
  static String mismatch(String c, Analysed a, String p, int max, int runs, int values, int box) {
    Random random = new Random(17);
    for (long v = 0; v <= max; v++) {
      Map<String, Long> params = new HashMap<>();
      for (String q : a.scop.params()) params.put(q, v);
      assertTrue(a.scop.params().isEmpty() || a.scop.params().equals(List.of(p)), a.scop.params()::toString);
      Map<String, List<long[]>> domains = CRunOracle.domains(a.scop, params, box);
      Map<String, Set<String>> writes = new HashMap<>();
      for (Statement st : a.scop.statements()) {
        for (var w : st.writes()) writes.computeIfAbsent(st.name(), x -> new HashSet<>()).add(w.array());
      }
      for (int r = 0; r < runs; r++) {
        List<Event> run = CRunOracle.run(c, a.scop, params, random, values);
        String bad = CRunOracle.checkPlain(a.plain, run, params, domains);
        if (bad != null) return "plain, " + p + " = " + v + ": " + bad;
        Set<String> sinks = new HashSet<>();
        for (Event e : run) if (!e.write()) sinks.add(e.stmt());
        for (String sink : sinks) {
          bad = ParametricFlowTest.check(a.parametric, run, params, sink, domains, writes);
          if (bad != null) return "parametric, " + p + " = " + v + ": " + bad;
        }
      }
    }
    return null;
  }

  static boolean hasVirtualArray(Scop scop) {
    return scop.arrays().stream().anyMatch(x -> x.name().startsWith("__pj_c"));
  }

  // ---------------------------------------------------------------------------------------------
  // The paper's Listing 1 in the form of its model: the loops run over the declared value bounds
  // of n and m (0..3 here), the conditions i < n and j < m are ifs (section 2, domain (1))

  static final String LISTING1_IFS = """
      void listing1(int K, int vals[101], int g[100], int a[100][100], int h[100][100][100], int n, int m) {
      #pragma scop
        n = vals[0];
        for (int k = 0; k < K; ++k) {
          m = g[k];
          for (int i = 0; i < 4; ++i)
            if (i < m)
              for (int j = 0; j <= 3; ++j)
                if (j <= n)
                  a[j][i] = k + i + j;
          for (int i = 0; i < 3; ++i)
            if (i < n)
              for (int j = 0; j < 4; ++j)
                if (j < m)
                  h[k][i][j] = a[i + 1][j];
          n = vals[k + 1];
        }
      #pragma endscop
      }
      """;

  @Test
  void listing1WithIfConditionsNeedsNoParameter() {
    Analysed a = analyse(LISTING1_IFS);
    assertTrue(!hasVirtualArray(a.scop), a.scop::toString);
    Statement h = a.scop.statement(ParametricFlowTest.statementWith(a.scop, "h[k][i][j] ="));
    // the filter of H: accesses to n and m, values i < n and j < m (section 4, (6)-(8))
    assertEquals(2, h.filter().accesses().size(), h::toString);
    assertEquals(List.of(), a.parametric.parameters(), a.parametric::toString);
    String bad = mismatch(LISTING1_IFS, a, "K", 2, 40, 4, 4);
    assertNull(bad, () -> bad + "\n" + a.parametric);
  }

  // ---------------------------------------------------------------------------------------------
  // A scalar assigned before the loops: the same n guards the write and the read

  static final String BEFORE = """
      void before(int N, int vals[4], int A[100], int B[100], int n) {
      #pragma scop
        n = vals[0];
        for (int i = 0; i < N; i++)
          if (i < n)
            A[i] = i;
        for (int i = 0; i < N; i++)
          if (i < n)
            B[i] = A[i];
          else
            B[i] = -1;
      #pragma endscop
      }
      """;

  @Test
  void aScalarAssignedBeforeTheLoopsGivesExactDependencesWithoutParameters() {
    Analysed a = analyse(BEFORE);
    assertTrue(!hasVirtualArray(a.scop), a.scop::toString);
    assertEquals(List.of(), a.parametric.parameters(), a.parametric::toString);
    // the write of A[i] runs whenever its read does: a must dependence, as the paper's type None
    String w = ParametricFlowTest.statementWith(a.scop, "A[i] = i");
    String r = ParametricFlowTest.statementWith(a.scop, "B[i] = A[i]");
    var must = ParametricFlowTest.between(a.plain.mustDependence(), w, r);
    assertNotNull(must, a.plain::toString);
    assertTrue(must.isEqual(dev.polyj.presburger.set.Relation.parse(
        "[N] -> { " + w + "[i] -> " + r + "[i] : 0 <= i < N }")), a.plain::toString);
    String bad = mismatch(BEFORE, a, "N", 5, 20, 6, 6);
    assertNull(bad, () -> bad + "\n" + a.parametric);
  }

  // ---------------------------------------------------------------------------------------------
  // A scalar assigned inside the outer loop: the else branch reads what an earlier iteration wrote

  static final String INSIDE = """
      void inside(int K, int g[100], int a[100], int b[100], int m) {
      #pragma scop
        for (int k = 0; k < K; k++) {
          m = g[k];
          for (int i = 0; i < 4; i++)
            if (i < m)
              a[i] = k + i;
            else
              b[i] = a[i];
        }
      #pragma endscop
      }
      """;

  @Test
  void aScalarAssignedInsideTheLoopFeedsLaterIterationsExactly() {
    Analysed a = analyse(INSIDE);
    assertTrue(!hasVirtualArray(a.scop), a.scop::toString);
    String bad = mismatch(INSIDE, a, "K", 3, 40, 5, 4);
    assertNull(bad, () -> bad + "\n" + a.parametric);
    // the then branch never feeds the else branch of the same k (i < m and i >= m contradict)
    String w = ParametricFlowTest.statementWith(a.scop, "a[i] = k + i");
    String r = ParametricFlowTest.statementWith(a.scop, "b[i] = a[i]");
    var may = ParametricFlowTest.between(a.plain.mayDependence(), w, r);
    assertTrue(may.isEqual(dev.polyj.presburger.set.Relation.parse(
        "[K] -> { " + w + "[k, i] -> " + r + "[k2, i] : 0 <= k < k2 < K and 0 <= i < 4 }")), a.plain::toString);
  }

  // ---------------------------------------------------------------------------------------------
  // Nested conditions: locally static around data-dependent, and two locally static levels

  static final String NESTED = """
      void nested(int N, int vals[4], int A[100], int B[100], int C[100][100], int s, int n, int m) {
      #pragma scop
        n = vals[0];
        m = vals[1];
        for (int i = 0; i < N; i++)
          if (i < n) {
            if (A[i] > 2)
              s = A[i];
            B[i] = s;
          }
        for (int i = 0; i < N; i++)
          for (int j = 0; j < N; j++)
            if (i < n)
              if (j >= m)
                C[i][j] = B[i];
              else
                C[i][j] = B[j];
      #pragma endscop
      }
      """;

  @Test
  void nestedConditionsAreExactOnRandomRuns() {
    Analysed a = analyse(NESTED);
    String bad = mismatch(NESTED, a, "N", 4, 25, 5, 4);
    assertNull(bad, () -> bad + "\n" + a.parametric);
    // C[i][j] = B[i] under i < n reads the B[i] written under the same i < n: a must dependence
    String w = ParametricFlowTest.statementWith(a.scop, "B[i] = s");
    String r = ParametricFlowTest.statementWith(a.scop, "C[i][j] = B[i]");
    var must = ParametricFlowTest.between(a.plain.mustDependence(), w, r);
    assertTrue(must != null && must.isEqual(dev.polyj.presburger.set.Relation.parse(
        "[N] -> { " + w + "[i] -> " + r + "[i, j] : 0 <= i < N and 0 <= j < N }")), a.plain::toString);
  }

  // ---------------------------------------------------------------------------------------------
  // The last governed statement modifies the scalar; a read after the loop of a scalar set under it

  static final String MODIFIED = """
      void modified(int N, int vals[4], int A[100], int B[100], int C[100], int s, int x, int n) {
      #pragma scop
        n = vals[0];
        for (int i = 0; i < N; i++)
          if (i < n) {
            B[i] = A[i];
            s = i;
            n = n - 1;
          }
        x = s;
        for (int i = 0; i < N; i++)
          if (i < n)
            C[i] = B[i];
      #pragma endscop
      }
      """;

  @Test
  void aScalarModifiedByTheLastGovernedStatementIsExactOnRandomRuns() {
    Analysed a = analyse(MODIFIED);
    assertTrue(!hasVirtualArray(a.scop), a.scop::toString);
    String bad = mismatch(MODIFIED, a, "N", 5, 25, 6, 6);
    assertNull(bad, () -> bad + "\n" + a.parametric);
  }

  /** A condition in the scalars that is not affine is still a data-dependent one (a filter statement). */
  @Test
  void conditionsNotAffineInTheScalarsStayDataDependent() {
    Scop scop = ParametricFlowTest.scopOf("""
        void f(int N, int vals[4], int B[100], int n) {
        #pragma scop
          n = vals[0];
          for (int i = 0; i < N; i++)
            if (i < n + 2 * N)
              B[i] = n;
          for (int i = 0; i < N; i++)
            if (i * i < n)
              B[i] = 0;
        #pragma endscop
        }
        """);
    // the first is locally static (n and N, affine); the second is not affine: a virtual array
    assertEquals(1, scop.arrays().stream().filter(x -> x.name().startsWith("__pj_c")).count(), scop::toString);
  }

  // ---------------------------------------------------------------------------------------------
  // Contradicting parameter values of writes parametrized at different levels (sections 6.3.2 and
  // 6.4, appendix A.4): Q[i] runs when i < n, so P[i, 0] (0 < n) ran after it; Q never feeds R

  static final String LEVELS = """
      void levels(int N, int vals[4], int x[100][100], int s, int n) {
      #pragma scop
        n = vals[0];
        for (int i = 0; i < N; i++) {
          if (i < n)
            s = 2 * i;
          for (int j = 0; j < N; j++) {
            if (j < n)
              s = j;
            x[i][j] = s;
          }
        }
      #pragma endscop
      }
      """;

  @Test
  void writesParametrizedAtDifferentLevelsContradictEachOther() {
    Analysed a = analyse(LEVELS);
    String bad = mismatch(LEVELS, a, "N", 4, 25, 5, 4);
    assertNull(bad, () -> bad + "\n" + a.parametric);
    String q = ParametricFlowTest.statementWith(a.scop, "s = 2 * i");
    String r = ParametricFlowTest.statementWith(a.scop, "x[i][j] = s");
    // the last writer of s at R[i, j] is never Q: whenever Q[i'] ran (i' < n), P[i', 0] ran after it
    var fromQ = ParametricFlowTest.between(a.parametric.dependence(), q, r);
    assertTrue(fromQ == null || fromQ.isEmpty(), a.parametric::toString);
  }

  // ---------------------------------------------------------------------------------------------
  // Listing 1 without N1 (n set before the region): at k = 0 the filters of A and H read the value
  // of n on entry, which is the same for both

  static final String LISTING1_ENTRY = LISTING1_IFS.replace("listing1(", "entry(").replace("  n = vals[0];\n", "");

  @Test
  void filterAccessesReadingTheValueOnEntryAreTheSameValue() {
    assertTrue(!LISTING1_ENTRY.contains("vals[0]"), LISTING1_ENTRY);
    Analysed a = analyse(LISTING1_ENTRY);
    assertEquals(List.of(), a.parametric.parameters(), a.parametric::toString);
    String bad = mismatch(LISTING1_ENTRY, a, "K", 2, 40, 4, 4);
    assertNull(bad, () -> bad + "\n" + a.parametric);
  }

  /** A scalar that may be written in between (under a data-dependent condition) is not the value on entry. */
  static final String MAY_CHANGE = """
      void maychange(int K, int g[100], int a[100], int b[100], int n) {
      #pragma scop
        for (int k = 0; k < K; k++) {
          for (int i = 0; i < 4; i++)
            if (i < n)
              a[i] = k;
          if (g[k] > 1)
            n = g[k];
          for (int i = 0; i < 4; i++)
            if (i < n)
              b[i] = a[i];
        }
      #pragma endscop
      }
      """;

  @Test
  void aScalarThatMayChangeInBetweenIsNotTheValueOnEntry() {
    Analysed a = analyse(MAY_CHANGE);
    String bad = mismatch(MAY_CHANGE, a, "K", 3, 60, 5, 4);
    assertNull(bad, () -> bad + "\n" + a.parametric);
  }
}
