package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
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
  void theArrayItselfOrAnotherArrayWithTheSameSuffix() {
    assertNull(element("s", "c1", "f(s);", "s[c0] = s[c0] + 1;"));
    assertEquals("tmp[c0]", element("tmp", "c1", "tmp[c0] = tmp[c0] + xtmp[c1] + a.tmp[c1];"));
    assertNull(element("q", "c1", "s[c1] = s[c1] + r[c0];"));
  }
}
