package dev.polyj.polybench.optimize;

import dev.polyj.codegen.transform.ScalarPromotion;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.testing.BruteForce;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which element an innermost loop may keep in a local variable ({@link
 * ScalarPromotion#invariantElement}): only one referenced identically everywhere in the loop, with
 * subscripts that do not move with the loop. The generated programs are checked against the
 * originals end to end by {@link StreamingOrderTest} and {@link OptimizerEndToEndTest}.
 */
class ScalarPromotionTest {
  private static String element(String array, String iterator, String... lines) {
    return ScalarPromotion.invariantElement(array, List.of(List.of(lines)), iterator);
  }

  @Test
  void theAccumulatorOfADotProduct() {
    assertEquals("tmp[c2]", element("tmp", "c3", "tmp[c2] = tmp[c2] + A[c2][c3] * x[c3];"));
    assertEquals("C[c3][c4]", element("C", "c5", "C[c3][c4] += alpha * A[c3][c5] * A[c4][c5];"));
  }

  @Test
  void anElementThatMovesWithTheLoop() {
    assertNull(element("y", "c3", "y[c3] = y[c3] + A[c2][c3] * tmp[c2];"));
    assertNull(element("y", "c3", "y[c2 + c3 - 1] = y[c2 + c3 - 1] + 1;"));
  }

  @Test
  void anotherElementOfTheSameArray() {
    assertNull(element("x", "c1", "x[c0] -= L[c0][c1] * x[c1];"));
    assertNull(element("A", "c2", "A[c0][c1] -= A[c0][c2] * A[c1][c2];"));
  }

  @Test
  void anElementWhoseSubscriptTheLoopAssigns() {
    List<List<String>> loop = List.of(List.of("l_x = fmax(fabs(t3_x), fabs(t4_x));"),
        List.of("t1_x <= 1.0 ? q[l_x] = q[l_x] + 1.0 : 0;"));
    assertTrue(ScalarPromotion.mentionsAssigned("q[l_x]", loop));
    assertTrue(ScalarPromotion.mentionsAssigned("q[k]", List.of(List.of("k++;"))));
    assertTrue(ScalarPromotion.mentionsAssigned("q[k]", List.of(List.of("k += 2;"))));
    assertFalse(ScalarPromotion.mentionsAssigned("q[c0]", loop));
    assertFalse(ScalarPromotion.mentionsAssigned("q[k]", List.of(List.of("s = s + (k == 1) + (k <= 2) + q[k];"))));
  }

  @Test
  void theArrayItselfOrAnotherArrayWithTheSameSuffix() {
    assertNull(element("s", "c1", "f(s);", "s[c0] = s[c0] + 1;"));
    assertEquals("tmp[c0]", element("tmp", "c1", "tmp[c0] = tmp[c0] + xtmp[c1] + a.tmp[c1];"));
    assertNull(element("q", "c1", "s[c1] = s[c1] + r[c0];"));
  }

  /** The instance/element pairs of {@code access} on the statement's domain inside a small box. */
  private static Set<String> pairs(Statement st, Access access) {
    Set<String> out = new HashSet<>();
    for (long[] p : BruteForce.points(access.relation().intersectDomain(st.domain()), -1, 6)) {
      out.add(Arrays.toString(p));
    }
    return out;
  }

  /**
   * The proof that a statement's reads of the array it updates stay apart from the updated element,
   * against enumeration: every read touches, at every instance of a small box, either always the
   * written element or never. The fragment has both kinds (a substitution and a factorization that
   * read only earlier elements, updates that read their own element on the diagonal).
   */
  @Test
  void readsApartFromTheWriteAgainstEnumeration() throws Exception {
    Path file = Path.of(ScalarPromotionTest.class.getResource("/fragments/triangular-self-reads.c").toURI());
    Scop scop = CFrontEnd.extract(file, List.of()).get(0).scop();
    int proven = 0;
    int refused = 0;
    for (Statement st : scop.statements()) {
      for (Access w : st.writes()) {
        if (w.relation().space().nOut() == 0) continue;
        Set<String> written = pairs(st, w);
        boolean apart = true;
        for (Access r : st.accesses()) {
          if (r == w || !r.array().equals(w.array())) continue;
          Set<String> read = pairs(st, r);
          Set<String> common = new HashSet<>(read);
          common.retainAll(written);
          apart &= common.isEmpty() || read.equals(written);
        }
        boolean claimed = ScalarPromotion.readsApartFromWrite(st, w.array());
        if (claimed) assertTrue(apart, st.name() + " " + w.array());
        if (apart) proven += claimed ? 1 : 0;
        else refused += claimed ? 0 : 1;
      }
    }
    assertTrue(proven >= 3 && refused >= 2, "proven " + proven + ", refused " + refused);
  }

  @Test
  void theAssignedElementAmongReadsThatMove() throws Exception {
    Path file = Path.of(ScalarPromotionTest.class.getResource("/fragments/triangular-self-reads.c").toURI());
    Scop scop = CFrontEnd.extract(file, List.of()).get(0).scop();
    Statement x = null;
    Statement z = null;
    for (Statement st : scop.statements()) {
      for (Access w : st.writes()) {
        if (w.array().equals("x") && st.reads().stream().anyMatch(r -> r.array().equals("L")) && st.depth() == 2) x = st;
        if (w.array().equals("z")) z = st;
      }
    }
    assertEquals("x[c0]", ScalarPromotion.provenElement("x", List.of("x[c0] -= L[c0][c1] * x[c1];"), "c1", x));
    assertNull(ScalarPromotion.provenElement("x", List.of("x[c1] -= L[c0][c1] * x[c0];"), "c1", x));
    assertNull(ScalarPromotion.provenElement("z", List.of("z[c0] = z[c0] * 0.5 + z[N - c1 - 1];"), "c1", z));
  }

  @Test
  void streamingIsMovingAlongTheLastSubscriptOnly() {
    assertTrue(ScalarPromotion.streams(List.of("A[c0][c1] -= A[c0][c2] * A[c1][c2];"), "c2"));
    assertTrue(ScalarPromotion.streams(List.of("x[c0] -= L[c0][c1] * x[c1];"), "c1"));
    assertFalse(ScalarPromotion.streams(List.of("t[c1][c0] = t[c1][c0] >= t[c1][c2] + t[c2 + 1][c0] ? 1 : 0;"), "c2"));
    assertFalse(ScalarPromotion.streams(List.of("s[c0] += B[c2][c0] * y[c2];"), "c2"));
  }
}
