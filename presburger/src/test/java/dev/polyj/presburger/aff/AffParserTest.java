package dev.polyj.presburger.aff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.testing.BruteForce;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Reading piecewise quasi-affine functions in isl notation. Values are checked against the graph
 * read by the relation parser (an independent reader of the same text), point by point.
 */
class AffParserTest {
  /** The function read by {@link PwMultiAff#parse} takes exactly the values of the graph that {@link Relation#parse} reads. */
  static void agreesWithGraph(String text, long lo, long hi) {
    PwMultiAff f = PwMultiAff.parse(text);
    Relation graph = Relation.parse(text);
    int nDom = f.domainSpace().nVar();
    int nOut = f.size();
    BruteForce.forEachPoint(nDom, lo, hi, dom -> {
      Optional<long[]> v = f.evaluate(dom);
      long[][] image = {null};
      int[] count = {0};
      BruteForce.forEachPoint(nOut, 3 * lo - 3, 3 * hi + 3, out -> {
        long[] p = Arrays.copyOf(dom, nDom + nOut);
        System.arraycopy(out, 0, p, nDom, nOut);
        if (graph.contains(p)) {
          image[0] = out;
          count[0]++;
        }
      });
      String where = text + " at " + Arrays.toString(dom);
      assertTrue(count[0] <= 1, () -> "not a function: " + where);
      assertEquals(count[0] == 1, v.isPresent(), () -> "defined: " + where);
      if (v.isPresent()) assertArrayEquals(image[0], v.get(), () -> "value: " + where);
    });
  }

  @Test
  void piecewiseFunctionsReadAsTheirGraphs() {
    agreesWithGraph("[N] -> { [i] -> [(i + 1)] : i > 0 }", -2, 2);
    agreesWithGraph("[N] -> { S[i] -> A[(N - i), (0)] : i >= 0; S[i] -> A[(0), (-i)] : i <= -1 }", -2, 2);
    agreesWithGraph("{ [i, j] -> [(i + j), (2i), (-3j + 1)] }", -2, 2);
    agreesWithGraph("[N, M] -> { R[a, b] -> W[(floor((a)/2)), (b)] : a - 2*floor((a)/2) = 0 and 0 <= b < M }", -2, 2);
    agreesWithGraph("{ [i] -> [(floor((i + 1)/3) + 2*floor((i)/2))] }", -3, 3);
    agreesWithGraph("{ [i] -> [(-ceil((i)/2))] : i >= -1 or i <= -3 }", -3, 3);
    agreesWithGraph("[N] -> { [(N), (2N - 1)] : N >= 0 }", -2, 2);
    agreesWithGraph("{ [H[k, i] -> n[]] -> [(k), (-1 + i)] : k >= 1 }", -2, 2);
  }

  @Test
  void rationalValuesAndPrinting() {
    PwAff f = PwAff.parse("{ [i] -> [((1 + i)/2)] }");
    assertArrayEquals(new long[] {3, 2}, f.pieces().get(0).value().evaluateRational(new long[] {2}));
    assertEquals("{ [i] -> [((1 + i)/2)] }", f.toString());
    MultiAff m = MultiAff.parse("{ [i, j] -> [(i + j), (2i)] }");
    assertEquals("{ [i, j] -> [(i + j), (2i)] }", m.toString());
    assertArrayEquals(new long[] {5, 4}, m.evaluate(new long[] {2, 3}));
    Aff a = Aff.parse("[N] -> { [i] -> [(N - floor((i)/2))] }");
    assertEquals(7 - 2, a.evaluate(new long[] {7, 5}));
  }

  @Test
  void emptyFunctionsReadBackEmpty() {
    PwMultiAff f = PwMultiAff.parse("[N] -> { S[i] -> A[o0, o1] : false }");
    assertTrue(f.isEmpty());
    assertEquals(2, f.size());
    assertEquals("[N] -> { S[i] -> A[o0, o1] : false }", f.toString());
  }

  @Test
  void errorsNameTheProblem() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PwMultiAff.parse("{ [i] -> [(i + k)] }"));
    assertTrue(e.getMessage().contains("unknown name k"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> MultiAff.parse("{ [i] -> [(i)] : i > 0 }"));
    assertThrows(IllegalArgumentException.class, () -> PwAff.parse("{ [i] -> [(i), (i)] }"));
    assertThrows(IllegalArgumentException.class, () -> PwMultiAff.parse("{ [i] -> [(i +)] }"));
    assertFalse(PwMultiAff.parse("{ [i] -> [(i)] : i > 0; [i] -> [(0)] : i <= 0 }").isEmpty());
  }
}
