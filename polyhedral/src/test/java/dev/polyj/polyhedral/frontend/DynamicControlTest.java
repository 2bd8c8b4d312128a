package dev.polyj.polyhedral.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.flow.Filter;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Data-dependent conditions, while loops and indirect subscripts in the front end. */
class DynamicControlTest {
  private static RegionResult only(String src) {
    List<RegionResult> rs = CFrontEnd.extract(src, "t.c");
    assertEquals(1, rs.size());
    return rs.get(0);
  }

  private static Scop scop(String src) {
    RegionResult r = only(src);
    assertTrue(r.accepted(), () -> r.rejections().toString());
    return r.scop();
  }

  @Test
  void dataDependentIfGivesAFilterStatementAndFilteredBranches() {
    Scop s = scop("""
        void f(int n, double A[100], double B[100], double C[100]) {
        #pragma scop
          for (int i = 0; i < n; i++)
            if (A[i] > 0.5)
              B[i] = A[i];
            else
              C[i] = 1;
        #pragma endscop
        }
        """);
    assertEquals(3, s.statements().size());
    Statement cond = s.statement("S0");
    assertNull(cond.filter());
    assertTrue(cond.accesses().stream().anyMatch(a -> a.isRead() && a.array().equals("A")));
    String virtual = cond.writes().get(0).array();
    assertTrue(cond.writes().get(0).relation().isEqual(
        Relation.parse("[n] -> { S0[i] -> " + virtual + "[i] : 0 <= i < n }")), cond::toString);
    Filter then = s.statement("S1").filter();
    Filter otherwise = s.statement("S2").filter();
    assertNotNull(then);
    assertTrue(then.accesses().get(0).isEqual(Relation.parse("[n] -> { S1[i] -> " + virtual + "[i] : 0 <= i < n }")));
    assertTrue(then.values().isEqual(Relation.parse("[n] -> { S1[i] -> [1] : 0 <= i < n }")), then::toString);
    assertTrue(otherwise.values().isEqual(Relation.parse("[n] -> { S2[i] -> [0] : 0 <= i < n }")), otherwise::toString);
    // the governed statements evaluate the condition again: they read what it reads
    assertTrue(s.statement("S2").reads().stream().anyMatch(a -> a.array().equals("A")));
    assertFalse(then.multiValued());
  }

  @Test
  void nestedConditionsCombineTheirOutcomes() {
    Scop s = scop("""
        void f(int n, int A[100], int B[100]) {
        #pragma scop
          for (int i = 0; i < n; i++)
            if (A[i] > 0)
              if (B[i] < 3)
                B[i] = 0;
        #pragma endscop
        }
        """);
    Filter f = s.statement("S2").filter();
    assertEquals(2, f.accesses().size());
    assertTrue(f.values().isEqual(Relation.parse("[n] -> { S2[i] -> [1, 1] : 0 <= i < n }")), f::toString);
    assertEquals(1, s.statement("S1").filter().accesses().size());
  }

  @Test
  void whileLoopGetsAnImplicitIteratorAndAMultiValuedFilter() {
    Scop s = scop("""
        void f(int n, double A[100]) {
        #pragma scop
          for (int i = 0; i < n; i++)
            while (A[i] > 1.0)
              A[i] = A[i] / 2;
        #pragma endscop
        }
        """);
    Statement cond = s.statement("S0");
    Statement body = s.statement("S1");
    assertEquals(2, body.depth());
    assertTrue(body.domain().isEqual(Relation.parse("[n] -> { S1[i, t] : 0 <= i < n and t >= 0 }")), body::toString);
    String c = cond.writes().get(0).array();
    assertTrue(body.filter().accesses().get(0).isEqual(
        Relation.parse("[n] -> { S1[i, t] -> " + c + "[i, a] : 0 <= i < n and 0 <= a <= t }")), body.filter()::toString);
    assertTrue(cond.filter().accesses().get(0).isEqual(
        Relation.parse("[n] -> { S0[i, t] -> " + c + "[i, a] : 0 <= i < n and 0 <= a < t }")), cond.filter()::toString);
    assertTrue(body.filter().multiValued());
  }

  @Test
  void doWhileRunsItsBodyBeforeTheFirstTest() {
    Scop s = scop("""
        void f(int n, double A[100]) {
        #pragma scop
          for (int i = 0; i < n; i++)
            do
              A[i] = A[i] / 2;
            while (A[i] > 1.0);
        #pragma endscop
        }
        """);
    // the body first, then the condition; both at t when the outcomes of 0..t-1 were 1
    Statement body = s.statement("S0");
    Statement cond = s.statement("S1");
    String c = cond.writes().get(0).array();
    assertTrue(body.filter().accesses().get(0).isEqual(
        Relation.parse("[n] -> { S0[i, t] -> " + c + "[i, a] : 0 <= i < n and 0 <= a < t }")), body.filter()::toString);
    assertTrue(cond.filter().accesses().get(0).isEqual(
        Relation.parse("[n] -> { S1[i, t] -> " + c + "[i, a] : 0 <= i < n and 0 <= a < t }")), cond.filter()::toString);
  }

  @Test
  void whileLoopsCollapseIntoCompoundStatementsForCodeGeneration() {
    RegionResult r = only("""
        void f(int n, double A[100], int C[100], double B[100]) {
        #pragma scop
          for (int i = 0; i < n; i++) {
            while (A[i] > 1.0) {
              A[i] = A[i] / 2;
              for (int k = 0; k < 3; k++)
                C[i + k] += 1;
            }
          }
          for (int i = 0; i < n; i++)
            B[i] = A[i];
        #pragma endscop
        }
        """);
    assertTrue(r.accepted(), () -> r.rejections().toString());
    WhileCollapse w = r.whileCollapse();
    assertNotNull(w);
    assertEquals(1, w.loops().size());
    WhileCollapse.Loop loop = w.loops().get(0);
    assertEquals(List.of("i"), loop.iterators());
    assertEquals(List.of("int"), loop.iteratorTypes());
    assertFalse(loop.doWhile());
    Scop outer = w.outer();
    assertEquals(2, outer.statements().size());
    Statement compound = outer.statement("S0");
    assertEquals(loop.name() + "(i)", dev.polyj.polyhedral.scop.ExprPrinter.print(compound.body()));
    // the loop's accesses projected onto i: all may, the inner loop's C[i + k] over k
    assertTrue(compound.accesses().stream().allMatch(Access::may), compound::toString);
    assertTrue(compound.writes().stream().anyMatch(a -> a.array().equals("C") && a.relation().isEqual(
        Relation.parse("[n] -> { S0[i] -> C[o] : 0 <= i < n and i <= o <= i + 2 }"))), compound::toString);
    assertTrue(compound.accesses().stream().noneMatch(a -> a.array().startsWith("__pj_c")), compound::toString);
    // the body is a region of its own, i a parameter
    Scop body = loop.body().scop();
    assertTrue(body.params().contains("i"), body.params()::toString);
    assertEquals(2, body.statements().size());
  }

  @Test
  void forLoopWithALocallyStaticBoundIsFilteredByItsVariable() {
    // Listing 1 of the paper: m is assigned in the region, not in the loop
    RegionResult r = only("""
        void f(int K, int g[100], double a[100][100]) {
          int m;
        #pragma scop
          for (int k = 0; k < K; ++k) {
            m = g[k];
            for (int i = 0; i < m; ++i)
              a[k][i] = i;
          }
        #pragma endscop
        }
        """);
    assertTrue(r.accepted(), () -> r.rejections().toString());
    Scop s = r.scop();
    // m = g[k]; the body, filtered by the value of m it reads (no statement for the condition)
    assertEquals(2, s.statements().size(), s::toString);
    var filter = s.statement("S1").filter();
    assertEquals(1, filter.accesses().size());
    assertEquals("m", filter.accesses().get(0).space().rangeTuple().name());
    assertTrue(filter.values().isEqual(
        dev.polyj.presburger.set.Relation.parse("[K] -> { S1[k, i] -> [m] : 0 <= k < K and 0 <= i < m }")), filter::toString);
    assertTrue(s.statement("S1").writes().get(0).isMust(), s.statement("S1")::toString);
    assertTrue(s.statement("S1").reads().stream().anyMatch(a -> a.array().equals("m")), s.statement("S1")::toString);
    // the code comes from the reading as a while loop after its initialization
    WhileCollapse.Loop loop = r.whileCollapse().loops().get(0);
    assertEquals("++i", dev.polyj.polyhedral.scop.ExprPrinter.print(loop.step()));
    // in the body, the iterator is a parameter: the access is exact
    Scop body = loop.body().scop();
    assertTrue(body.params().containsAll(List.of("i", "k")), body.params()::toString);
    assertTrue(body.statement("S0").writes().get(0).isMust());
  }

  @Test
  void boundsTheLoopModifiesOrALowerBoundInARegionVariableAreDataDependentConditions() {
    // m is modified in the loop: not locally static; n in the lower bound: not an affine start
    for (String loop : List.of("for (int i = 0; i < m; ++i) { a[k][i] = i; m = m - 1; }",
        "for (int i = n; i < m; ++i) a[k][i] = i;")) {
      RegionResult r = only("""
          void f(int K, int g[100], double a[100][100]) {
            int m, n;
          #pragma scop
            for (int k = 0; k < K; ++k) {
              m = g[k];
              n = g[k + 1];
              LOOP
            }
          #pragma endscop
          }
          """.replace("LOOP", loop));
      assertTrue(r.accepted(), () -> loop + ": " + r.rejections());
      assertTrue(r.scop().statements().stream().anyMatch(st -> st.filter() != null && st.filter().multiValued()),
          r.scop()::toString);
      assertNotNull(r.whileCollapse(), loop);
    }
  }

  @Test
  void indirectSubscriptsAreMayAccessesOverTheDeclaredRange() {
    Scop s = scop("""
        void f(int n, int idx[100], int H[16], double w[100]) {
        #pragma scop
          for (int i = 0; i < n; i++)
            H[idx[i]] += w[i];
        #pragma endscop
        }
        """);
    Statement st = s.statement("S0");
    Access write = st.writes().get(0);
    assertFalse(write.isMust());
    assertTrue(write.relation().isEqual(Relation.parse("[n] -> { S0[i] -> H[h] : 0 <= i < n and 0 <= h < 16 }")),
        write::toString);
    assertTrue(st.reads().stream().anyMatch(a -> a.array().equals("idx") && a.isMust()));
  }

  @Test
  void nonAffineSubscriptWithoutDataStaysRejected() {
    RegionResult r = only("""
        void f(int n, double A[100]) {
        #pragma scop
          for (int i = 0; i < n; i++)
            A[i * i] = 0;
        #pragma endscop
        }
        """);
    assertFalse(r.accepted());
  }

  @Test
  void conditionModifiedBeforeTheLastGovernedStatementIsRejected() {
    RegionResult r = only("""
        void f(int n, double A[100], double B[100]) {
        #pragma scop
          for (int i = 0; i < n; i++)
            if (A[i] > 0) {
              A[i] = 0;
              B[i] = 1;
            }
        #pragma endscop
        }
        """);
    assertFalse(r.accepted());
    assertEquals(RejectionCause.NON_AFFINE_EXPRESSION, r.rejections().get(0).cause());
    // modified by the last statement only: accepted
    assertTrue(only("""
        void f(int n, double A[100], double B[100]) {
        #pragma scop
          for (int i = 0; i < n; i++)
            if (A[i] > 0) {
              B[i] = 1;
              A[i] = 0;
            }
        #pragma endscop
        }
        """).accepted());
  }
}
