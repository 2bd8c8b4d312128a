package dev.polyj.polyhedral.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.scop.SourcePos;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Regions that are not static control parts give every applicable cause at its position. */
class RejectionTest {
  private static RegionResult only(String src) {
    List<RegionResult> rs = CFrontEnd.extract(src, "t.c");
    assertEquals(1, rs.size());
    return rs.get(0);
  }

  private static Set<RejectionCause> causes(RegionResult r) {
    Set<RejectionCause> out = EnumSet.noneOf(RejectionCause.class);
    for (Rejection x : r.rejections()) out.add(x.cause());
    return out;
  }

  private static Rejection first(RegionResult r, RejectionCause c) {
    return r.rejections().stream().filter(x -> x.cause() == c).findFirst().orElseThrow();
  }

  private static void assertAt(Rejection r, int line, int column) {
    assertEquals(new SourcePos("t.c", line, column), r.pos(), r::toString);
  }

  @Test
  void nonAffineSubscript() {
    RegionResult r = only("""
        void f(int n, double A[100]) {
          int i, j;
        #pragma scop
          for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
              A[i * j] = 0;
        #pragma endscop
        }
        """);
    assertFalse(r.accepted());
    assertEquals(EnumSet.of(RejectionCause.NON_AFFINE_EXPRESSION), causes(r));
    assertAt(first(r, RejectionCause.NON_AFFINE_EXPRESSION), 6, 9);
  }

  @Test
  void pointerAliasing() {
    RegionResult r = only("""
        void a(int n, int *A, int *B) {
          int i;
        #pragma scop
          for (i = 1; i < n; i++)
            A[i] = 3 * B[i];
        #pragma endscop
        }
        """);
    assertEquals(EnumSet.of(RejectionCause.ALIASING), causes(r));
    assertEquals(2, r.rejections().size());
    assertAt(r.rejections().get(0), 5, 5);
  }

  @Test
  void restrictPointersAndArrayParametersAreAccepted() {
    RegionResult r = only("""
        void a(int n, int *restrict A, int *restrict B, double C[n]) {
          int i;
        #pragma scop
          for (i = 1; i < n; i++)
            A[i] = 3 * B[i] + C[i];
        #pragma endscop
        }
        """);
    assertTrue(r.accepted(), () -> r.rejections().toString());
  }

  @Test
  void callsWithSideEffectsButNotMathFunctions() {
    RegionResult r = only("""
        double sqrt(double);
        int printf(const char *, ...);
        void f(int n, double A[10]) {
          int i;
        #pragma scop
          for (i = 0; i < n; i++) {
            A[i] = sqrt(A[i]);
            printf("%f", A[i]);
          }
        #pragma endscop
        }
        """);
    assertEquals(EnumSet.of(RejectionCause.FUNCTION_CALL), causes(r));
    assertAt(first(r, RejectionCause.FUNCTION_CALL), 8, 5);
  }

  @Test
  void unstructuredControlFlow() {
    RegionResult r = only("""
        void f(int n, double A[10]) {
          int i;
        #pragma scop
          i = 0;
          switch (n) {
            case 1: A[n * n] = 0;
          }
          for (i = 0; i < n; i++) {
            if (A[0] > 1) goto out;
          }
        out:
          A[1] = 2;
        #pragma endscop
        }
        """);
    Set<RejectionCause> c = causes(r);
    assertTrue(c.contains(RejectionCause.COMPLEX_CONTROL_FLOW), c::toString);
    assertTrue(c.contains(RejectionCause.NON_AFFINE_EXPRESSION), c::toString);
    long cfg = r.rejections().stream().filter(x -> x.cause() == RejectionCause.COMPLEX_CONTROL_FLOW).count();
    assertEquals(4, cfg, r.rejections()::toString);
    assertAt(first(r, RejectionCause.COMPLEX_CONTROL_FLOW), 5, 3);
  }

  @Test
  void unsignedComparison() {
    RegionResult r = only("""
        void f(unsigned n, double A[10]) {
          int i;
        #pragma scop
          for (i = 0; i < n; i++)
            A[i] = 0;
        #pragma endscop
        }
        """);
    assertEquals(EnumSet.of(RejectionCause.UNSIGNED_COMPARISON), causes(r));
    assertAt(first(r, RejectionCause.UNSIGNED_COMPARISON), 4, 15);
  }

  @Test
  void nonCanonicalLoopsAndNonAffineBounds() {
    RegionResult r = only("""
        void f(int n, double A[100]) {
          int i, j;
        #pragma scop
          for (i = 1; i < n; i *= 2)
            A[i] = 0;
          for (i = 0; i < n * n; i++)
            A[i] = 1;
          for (i = 0; i < n; i++)
            for (j = 0; j < n; j++) {
              A[j] = 2;
              i = j;
            }
        #pragma endscop
        }
        """);
    assertEquals(EnumSet.of(RejectionCause.NON_CANONICAL_INDUCTION_VARIABLE, RejectionCause.NON_AFFINE_LOOP_BOUND),
        causes(r));
    assertAt(first(r, RejectionCause.NON_CANONICAL_INDUCTION_VARIABLE), 4, 22);
    assertAt(first(r, RejectionCause.NON_AFFINE_LOOP_BOUND), 6, 19);
  }

  @Test
  void allCausesOfOneRegionAreReported() {
    RegionResult r = only("""
        struct s { int x; };
        int g(int);
        void f(int n, double *A, double *B, struct s *p, unsigned u) {
          int i;
        #pragma scop
          for (i = 0; i < n; i++) {
            A[i * i] = B[i];
            A[i] = g(i);
            p->x = 1;
            if (i < u) A[i] = 0;
          }
          for (i = 0; i < n % i; i++) A[0] = 1;
          while (n) { A[0] = 0; break; }
          for (i = n; i < 0; i *= 2) A[0] = 1;
        #pragma endscop
        }
        """);
    assertEquals(EnumSet.allOf(RejectionCause.class), causes(r), r.rejections()::toString);
  }

  @Test
  void syntaxErrorsHavePositions() {
    CSourceException e = assertThrows(CSourceException.class, () -> CFrontEnd.extract("""
        void f(int n, double A[10]) {
          int i;
          for (i = 0; i < n; i++)
            A[i] = 0
        }
        """, "bad.c"));
    assertEquals(new SourcePos("bad.c", 5, 1), e.pos());
    assertTrue(e.getMessage().startsWith("bad.c:5:1: error: expected ';'"), e.getMessage());
  }

  @Test
  void undeclaredArrayIsAnError() {
    CSourceException e = assertThrows(CSourceException.class, () -> CFrontEnd.extract("""
        void f(int n) {
          int i;
        #pragma scop
          for (i = 0; i < n; i++)
            X[i] = 0;
        #pragma endscop
        }
        """, "u.c"));
    assertEquals(new SourcePos("u.c", 5, 5), e.pos());
    assertTrue(e.getMessage().contains("'X' undeclared"), e.getMessage());
  }

  @Test
  void lineMarkersGivePositionsInTheUserFile() {
    CSourceException e = assertThrows(CSourceException.class, () -> CFrontEnd.extract(
        "# 1 \"main.c\"\nint x;\n# 1 \"/usr/include/h.h\" 1 3 4\nint h(void) { return 0; }\n"
            + "# 40 \"main.c\" 2\nint y = ;\n", "main.c"));
    assertEquals(new SourcePos("main.c", 40, 9), e.pos());
  }

  @Test
  void unparsableConstructsOfSystemHeadersAreSkipped() {
    List<RegionResult> rs = CFrontEnd.extract(
        "# 1 \"main.c\"\n# 1 \"/usr/include/h.h\" 1 3 4\ntypedef int v4si __attribute__((vector_size(16)));\n"
            + "extern int weird(int x) __asm__(\"w\") = @;\n"
            + "# 3 \"main.c\" 2\nvoid f(int n, double A[5]) {\n  int i;\n#pragma scop\n  for (i = 0; i < n; i++) A[i] = 1;\n"
            + "#pragma endscop\n}\n", "main.c");
    assertEquals(1, rs.size());
    assertTrue(rs.get(0).accepted());
  }
}
