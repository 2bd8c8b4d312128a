package dev.polyj.presburger.arith;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.notation.IslParser;
import dev.polyj.presburger.notation.IslPrinter;
import dev.polyj.presburger.pip.Lexopt;
import dev.polyj.presburger.set.UnionRelation;
import org.junit.jupiter.api.Test;

/**
 * {@link ComputeBudget}: the engine's answers under an ample budget are its answers without one;
 * a small budget stops the same computation at the same step every time, and every later step
 * fails too; nothing is counted outside a budget; an inner budget spends the outer one.
 */
class ComputeBudgetTest {
  /** A dependence-like question: the last earlier instance with the same residues, on a strided domain. */
  private static final String QUESTION = "[n] -> { S[i, j] -> S[i', j'] : 0 <= i, i' < n and 0 <= j, j' < n "
      + "and (i + 2j) mod 3 = 0 and (i' + 2j') mod 3 = 0 and (i' - j') mod 2 = (i - j) mod 2 "
      + "and (i' < i or (i' = i and j' < j)) }";

  private static String answer() {
    UnionRelation q = IslParser.parseUnion(QUESTION);
    UnionRelation max = UnionRelation.of(java.util.List.of(Lexopt.lexmaxRelation(q.relations().get(0))));
    return IslPrinter.print(max.coalesce());
  }

  @Test
  void anAmpleBudgetChangesNothing() {
    String free = answer();
    assertEquals(-1, ComputeBudget.spent());
    long[] spent = new long[1];
    String budgeted = ComputeBudget.within(1_000_000_000L, () -> {
      String a = answer();
      spent[0] = ComputeBudget.spent();
      return a;
    });
    assertEquals(free, budgeted);
    assertTrue(spent[0] > 0, "the computation spent no step");
    assertEquals(-1, ComputeBudget.spent());
  }

  @Test
  void aSmallBudgetStopsAtTheSameStepAndStaysSpent() {
    long needed = ComputeBudget.within(1_000_000_000L, () -> {
      answer();
      return ComputeBudget.spent();
    });
    for (int k = 0; k < 2; k++) {
      ComputeBudget.Exceeded e = assertThrows(ComputeBudget.Exceeded.class,
          () -> ComputeBudget.within(needed - 1, ComputeBudgetTest::answer));
      assertEquals(needed - 1, e.limit());
    }
    assertEquals(needed, ComputeBudget.within(needed, () -> {
      answer();
      return ComputeBudget.spent();
    }));
    assertThrows(ComputeBudget.Exceeded.class, () -> ComputeBudget.within(needed - 1, () -> {
      try {
        answer();
      } catch (ComputeBudget.Exceeded first) {
        // a cheaper second try meets the spent budget at its first step
      }
      ComputeBudget.spend(1);
      return null;
    }));
  }

  @Test
  void anInnerBudgetSpendsTheOuterOne() {
    long needed = ComputeBudget.within(1_000_000_000L, () -> {
      answer();
      return ComputeBudget.spent();
    });
    assertThrows(ComputeBudget.Exceeded.class,
        () -> ComputeBudget.within(needed - 1, () -> ComputeBudget.within(1_000_000_000L, ComputeBudgetTest::answer)));
    assertThrows(IllegalArgumentException.class, () -> ComputeBudget.within(0, () -> null));
  }
}
