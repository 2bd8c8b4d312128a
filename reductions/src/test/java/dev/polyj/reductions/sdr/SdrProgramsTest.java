package dev.polyj.reductions.sdr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.presburger.set.Relation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SDR on small programs: the choices of the heuristic and the reductions it leaves alone. */
class SdrProgramsTest {
  static Scop scop(String src) {
    List<RegionResult> rs = CFrontEnd.extract(src, "program.c");
    assertEquals(1, rs.size());
    assertTrue(rs.get(0).accepted(), () -> rs.get(0).rejections().toString());
    return rs.get(0).scop();
  }

  /** A function around a region, with {@code g} declared pure. */
  static String program(String params, String body) {
    return "#pragma polyj pure(g)\nlong g(long x);\nvoid f(" + params + ") {\n  int i, j, k;\n#pragma scop\n" + body
        + "\n#pragma endscop\n}\n";
  }

  static final String PREFIX = "for (i = 0; i < N; i++) {\n  B[i] = 0;\n  for (j = 0; j <= i; j++)\n    B[i] += A[j];\n"
      + "  if (i < N - 1)\n    A[i + 1] = g(B[i]);\n}";

  static final String SUFFIX = "for (i = N - 1; i >= 0; i--) {\n  B[i] = 0;\n  for (j = i; j < N; j++)\n"
      + "    B[i] += A[j];\n  if (i > 0)\n    A[i - 1] = g(B[i]);\n}";

  @Test
  void dependentPrefixSumReusesForwards() {
    SdrResult r = Sdr.simplify(scop(program("int N, long A[N], long B[N]", PREFIX)));
    FaceReport top = r.faces().get(0);
    assertArrayEquals(new long[] {1, 0}, top.reuse());
    assertEquals("O(N^2)", top.before().toString());
    assertEquals("O(N)", top.after().toString());
    // the residual face j = i (Listing 6's S1Add) has no reuse left
    FaceReport residual = r.faces().get(1);
    assertTrue(residual.face().isEqual(Relation.parse("[N] -> { S1[i, j] : 0 <= i < N and j = i }")));
    assertNull(residual.reuse());
    assertEquals("O(N)", r.after().toString());
  }

  @Test
  void dependentSuffixSumReusesBackwards() {
    SdrResult r = Sdr.simplify(scop(program("int N, long A[N], long B[N]", SUFFIX)));
    assertArrayEquals(new long[] {-1, 0}, r.faces().get(0).reuse());
    assertEquals("O(N)", r.after().toString());
  }

  @Test
  void theScheduleOfTheLeftHandSideDecidesTheDirection() {
    AugmentedProgram prefix = AugmentedProgram.of(PolyhedralProgram.of(scop(program("int N, long A[N], long B[N]", PREFIX))));
    assertEquals(1, prefix.direction("S1", new long[] {1}));
    assertEquals(-1, prefix.direction("S1", new long[] {-1}));
    AugmentedProgram suffix = AugmentedProgram.of(PolyhedralProgram.of(scop(program("int N, long A[N], long B[N]", SUFFIX))));
    assertEquals(-1, suffix.direction("S1", new long[] {1}));
  }

  @Test
  void constantThicknessGivesNoGain() {
    SdrResult r = Sdr.simplify(scop(program("int N, long A[N], long B[N]",
        "for (i = 0; i < N; i++) {\n  B[i] = 0;\n  for (j = 0; j < 4; j++)\n    B[i] += A[j];\n}")));
    assertFalse(r.changed());
    assertTrue(r.faces().get(0).reason().startsWith("no complexity gain"), r.report());
  }

  /**
   * A prefix sum over an array of constant extent accumulates at most that many values per
   * element: below {@link Sdr#SMALL_REDUCTION} the optimizer's variant leaves it alone (no
   * asymptotic gain under the array's bounds), above it simplifies it.
   */
  @Test
  void sumsOverFewValuesBoundedByTheArraysAreLeftAlone() {
    String prefix = "for (i = 0; i < N; i++) {\n  B[i] = 0;\n  for (j = 0; j <= i; j++)\n    B[i] += A[j];\n}";
    SdrResult small = Sdr.simplifyWhereProfitable(scop(program("int N, long A[16], long B[N]", prefix)));
    assertFalse(small.changed(), small.report());
    assertTrue(small.report().contains("accumulates at most 16 values"), small.report());
    SdrResult shifted = Sdr.simplifyWhereProfitable(scop(program("int N, long A[40], long B[N]",
        prefix.replace("A[j]", "A[2 * j + 1]"))));
    assertFalse(shifted.changed(), shifted.report());
    assertTrue(shifted.report().contains("accumulates at most 20 values"), shifted.report());
    SdrResult large = Sdr.simplifyWhereProfitable(scop(program("int N, long A[1000], long B[N]", prefix)));
    assertTrue(large.changed(), large.report());
    assertEquals("O(N)", large.after().toString());
    // the paper's algorithm (the sdr command) simplifies whatever lowers the complexity in the parameters
    assertTrue(Sdr.simplify(scop(program("int N, long A[16], long B[N]", prefix))).changed());
  }

  @Test
  void aBodyUsingTheIteratorAsAValueHasNoReuse() {
    SdrResult r = Sdr.simplify(scop(program("int N, long A[N], long B[N]",
        "for (i = 0; i < N; i++) {\n  B[i] = 0;\n  for (j = 0; j <= i; j++)\n    B[i] += A[j] * i;\n}")));
    assertFalse(r.changed(), r.report());
  }

  @Test
  void readsOfOverwrittenValuesAreNotShared() {
    // A[j] changes while the sums run (written at every i): the IR needs fixed inputs
    SdrResult r = Sdr.simplify(scop(program("int N, long A[N], long B[N]",
        "for (i = 0; i < N; i++) {\n  B[i] = 0;\n  for (j = 0; j <= i; j++)\n    B[i] += A[j];\n"
            + "  for (j = 0; j < N; j++)\n    A[j] = g(A[j]);\n}")));
    assertFalse(r.changed());
    assertTrue(r.skipped().get("S1").contains("writes twice"), r.report());
  }

  @Test
  void maxOnUnsignedElementsHasNoIdentity() {
    // the temporaries of a max start from the smallest value of the type, which polyj spells for signed
    // integer and floating-point types only
    SdrResult r = Sdr.simplify(scop(program("int N, unsigned long A[N], unsigned long B[N]",
        "for (i = 0; i < N; i++) {\n  B[i] = 0;\n  for (j = 0; j <= i; j++)\n    B[i] = max(B[i], A[j]);\n}")));
    assertFalse(r.changed());
    assertTrue(r.skipped().get("S1").contains("no identity"), r.report());
  }

  @Test
  void pureUserFunctionsNeedADeclaration() {
    String body = "for (i = 0; i < N; i++)\n  B[i] = h(A[i]);";
    String undeclared = "long h(long x);\nvoid f(int N, long A[N], long B[N]) {\n  int i;\n#pragma scop\n" + body
        + "\n#pragma endscop\n}\n";
    assertFalse(CFrontEnd.extract(undeclared, "p.c").get(0).accepted());
    assertTrue(CFrontEnd.extract("#pragma polyj pure(h)\n" + undeclared, "p.c").get(0).accepted());
  }

  @Test
  void dataDependentBodiesAreSimplified() {
    SdrResult r = Sdr.simplify(scop(program("int N, int K, long z[N], long C[K][N]",
        "for (i = 0; i < N; i++)\n  for (k = 0; k < K; k++) {\n    C[k][i] = 0;\n    for (j = 0; j < i; j++)\n"
            + "      C[k][i] += (z[j] == k);\n  }")));
    assertArrayEquals(new long[] {1, 0, 0}, r.faces().get(0).reuse());
    assertEquals("O(N^2 K)", r.before().toString());
    assertEquals("O(N K)", r.after().toString());
  }

  /** Equation (16): the faces f1..f7 of the prefix sum's domain (f8 is empty). */
  @Test
  void facesOfThePrefixSumDomain() {
    List<Relation> faces = Faces.of(Relation.parse("[N] -> { S1[i, j] : 0 <= i < N and 0 <= j <= i }"));
    String[] expected = {
        "[N] -> { S1[i, j] : 0 <= i < N and 0 <= j <= i }",
        "[N] -> { S1[i, j] : 0 <= i < N and j = 0 }",
        "[N] -> { S1[i, j] : 0 <= i < N and j = i }",
        "[N] -> { S1[i, j] : i = N - 1 and 0 <= j <= i }",
        "[N] -> { S1[i, j] : i = 0 and j = 0 and N > 0 }",
        "[N] -> { S1[i, j] : i = N - 1 and j = 0 and N > 0 }",
        "[N] -> { S1[i, j] : i = N - 1 and j = N - 1 and N > 0 }"};
    assertEquals(expected.length, faces.size(), faces.toString());
    for (String e : expected) {
      Relation f = Relation.parse(e);
      assertTrue(faces.stream().anyMatch(x -> x.isEqual(f)), e + " not in " + faces);
    }
  }

  /** Section 2.1: the reuse direction against the schedule closes a dependence cycle (Figure 3). */
  @Test
  void newDependencesRespectTheScheduleOnlyInTheChosenDirection() {
    for (String body : new String[] {PREFIX, SUFFIX}) {
      Scop s = scop(program("int N, long A[N], long B[N]", body));
      SdrResult right = Sdr.simplify(s);
      assertTrue(right.changed());
      assertEquals(List.of(), NewDependences.violations(right));
      SdrResult wrong = Sdr.simplifyAgainstSchedule(s);
      assertTrue(wrong.changed());
      assertFalse(NewDependences.violations(wrong).isEmpty(), wrong.report());
    }
  }
}
