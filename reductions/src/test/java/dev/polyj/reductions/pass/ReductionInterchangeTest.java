package dev.polyj.reductions.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.reductions.Reduction;
import dev.polyj.reductions.ReductionDependences;
import dev.polyj.reductions.ReductionDetection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which reductions {@link ReductionInterchange} interchanges: the interval programs whose maxima
 * (minima) over a split point walk a column, in integers; not the same programs in floating point
 * or with sums, not where the terms read elements the interchanged order would update first, and
 * not where the innermost loop already walks rows. Whether the interchanged code computes the
 * original's values is checked by running it (the fragment {@code reduction-interchange.c} of the
 * optimizer's oracle tests, and the PolyBench kernel nussinov).
 */
class ReductionInterchangeTest {
  private static final String NUSSINOV = "for (i = n - 1; i >= 0; i--) {\n  for (j = i + 1; j < n; j++) {\n"
      + "   if (j - 1 >= 0)\n      T[i][j] = T[i][j] >= T[i][j - 1] ? T[i][j] : T[i][j - 1];\n"
      + "   if (i + 1 < n)\n      T[i][j] = T[i][j] >= T[i + 1][j] ? T[i][j] : T[i + 1][j];\n"
      + "   for (k = i + 1; k < j; k++)\n"
      + "      T[i][j] = T[i][j] >= T[i][k] + T[k + 1][j] ? T[i][j] : T[i][k] + T[k + 1][j];\n"
      + "  }\n}";

  private static final String CHAIN = "for (i = n - 1; i >= 0; i--)\n  for (j = i + 1; j < n; j++)\n"
      + "    for (k = i; k < j; k++)\n"
      + "      C[i][j] = C[i][k] + C[k + 1][j] + W[i][j] < C[i][j] ? C[i][k] + C[k + 1][j] + W[i][j] : C[i][j];";

  private static Scop scop(String params, String body) {
    String src = "void f(" + params + ") {\nint i, j, k;\n#pragma scop\n" + body + "\n#pragma endscop\n}\n";
    for (RegionResult r : CFrontEnd.extract(src, "program.c")) {
      if (r.accepted()) return r.scop();
      throw new AssertionError("region rejected: " + r.rejections() + "\n" + src);
    }
    throw new AssertionError("no region in\n" + src);
  }

  private static ScheduleNode interchanged(Scop scop) {
    Dependences deps = Dependences.compute(scop.reads(), scop.mustWrites(), scop.scheduleMap());
    List<Reduction> found = ReductionDetection.detect(scop);
    assertTrue(!found.isEmpty(), "no reduction detected");
    ReductionDependences rd = ReductionDependences.compute(scop, deps.all(), found);
    return ReductionInterchange.interchange(scop, rd, deps.all());
  }

  /** The time of {@code statement}'s instances in {@code tree}, checked against {@code expected}. */
  private static Relation assertTime(ScheduleNode tree, Scop scop, String statement, String expected) {
    for (Relation r : ScheduleMaps.toFlatMap(tree).relations()) {
      if (!r.space().domainTuple().name().equals(statement)) continue;
      Relation time = r.intersectDomain(scop.statement(statement).domain());
      assertTrue(time.isEqual(Relation.parse(expected).intersectDomain(scop.statement(statement).domain())),
          time.toString());
      return time;
    }
    throw new AssertionError("no statement " + statement);
  }

  @Test
  void nussinovsSplitPointMovesOutAndTheColumnIndexInnermost() {
    Scop scop = scop("int n, int T[100][100]", NUSSINOV);
    ScheduleNode tree = interchanged(scop);
    assertNotNull(tree);
    Relation s2 = assertTime(tree, scop, "S2", "[n] -> { S2[i, j, k] -> [-i, k, 2, j] }");
    // the other statements keep their places
    assertTime(tree, scop, "S0", "[n] -> { S0[i, j] -> [-i, j, 0, 0] }");
    assertEquals(0, ReductionInterchange.strided(scop.statement("S2"), s2, 3, s2.space().params()));
  }

  @Test
  void aMatrixChainOfMinimaIsInterchangedAlone() {
    Scop scop = scop("int n, long C[100][100], long W[100][100]", CHAIN);
    ScheduleNode tree = interchanged(scop);
    assertNotNull(tree);
    assertTime(tree, scop, "S0", "[n] -> { S0[i, j, k] -> [-i, k, j] }");
  }

  @Test
  void floatingPointMaximaAndIntegerSumsStayInOrder() {
    // a selection on doubles is not the maximum on NaN and signed zeros; integer sums may overflow
    assertNull(interchanged(scop("int n, double T[100][100]", NUSSINOV)));
    assertNull(interchanged(scop("int n, int T[100][100]", "for (i = n - 1; i >= 0; i--)\n"
        + "  for (j = i + 1; j < n; j++)\n    for (k = i + 1; k < j; k++)\n"
        + "      T[i][j] = T[i][j] + T[i][k] * T[k + 1][j];")));
  }

  @Test
  void termsReadBeforeTheirUpdatesKeepTheOrder() {
    // A[i][j + 1] is read before its own maxima start: the interchanged innermost loop over j
    // would carry that dependence between neighbouring elements
    assertNull(interchanged(scop("int n, int A[100][100], int B[100][100]", "for (i = 0; i < n; i++)\n"
        + "  for (j = 0; j < n - 1; j++)\n    for (k = 0; k < n; k++)\n"
        + "      A[i][j] = A[i][j] >= A[i][j + 1] + B[k][j] ? A[i][j] : A[i][j + 1] + B[k][j];")));
  }

  @Test
  void anAssignmentBeforeTheTermsKeepsTheOrder() {
    // the new innermost loop would run in parallel and walk rows, but H[i][j] = ... must precede
    // every term of H[i][j], and the interchanged order brings term k < j before it
    Scop scop = scop("int n, int H[100][100], int S[100][100]", "for (i = 1; i < n; i++)\n"
        + "  for (j = 1; j < n; j++) {\n    H[i][j] = H[i - 1][j - 1] + S[i][j];\n"
        + "    for (k = 1; k <= i; k++)\n      H[i][j] = H[i][j] >= H[i - k][j] - k ? H[i][j] : H[i - k][j] - k;\n  }");
    assertNull(interchanged(scop));
  }

  @Test
  void rowWalksAreLeftAsTheyAre() {
    assertNull(interchanged(scop("int n, int m[100], int A[100][100]", "for (i = 0; i < n; i++)\n"
        + "  for (k = 0; k < n; k++)\n    m[i] = m[i] >= A[i][k] ? m[i] : A[i][k];")));
  }

  @Test
  void onlyExactReductionsTakePartByDefault() {
    Scop scop = scop("int n, int T[100][100], double D[100]", NUSSINOV + "\nfor (i = 0; i < n; i++)\n"
        + "  for (j = 0; j < n; j++)\n    D[i] = D[i] >= T[j][i] ? D[i] : T[j][i];");
    List<Reduction> exact = ReductionDetection.detectExact(scop);
    assertEquals(List.of("S0", "S1", "S2"), exact.stream().map(Reduction::statement).toList());
    assertEquals(4, ReductionDetection.detect(scop).size());
    assertFalse(ReductionDetection.detect(scop).get(3).exactIn(scop));
  }
}
