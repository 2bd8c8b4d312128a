package dev.polyj.presburger.omega;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link RationalRedundancy#withoutRedundant}: the one-tableau test drops exactly the rows the
 * row-by-row reference drops (one fresh simplex per row, on the homogenized system), and the kept
 * rows have the same integer points as all of them in a box. The systems mix random rows with
 * non-negative combinations of them made looser, which are redundant.
 */
class RationalRedundancyProperties {
  record Sys(List<long[]> eqs, List<long[]> ineqs) {
    @Override
    public String toString() {
      StringBuilder b = new StringBuilder();
      for (long[] e : eqs) b.append(Arrays.toString(e)).append(" = 0\n");
      for (long[] r : ineqs) b.append(Arrays.toString(r)).append(" >= 0\n");
      return b.toString();
    }
  }

  @Provide
  Arbitrary<Sys> systems() {
    return Arbitraries.integers().between(1, 4).flatMap(n -> {
      Arbitrary<long[]> row = Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(1 + n);
      Arbitrary<List<long[]>> eqs = row.list().ofMaxSize(2);
      Arbitrary<List<long[]>> base = row.list().ofMinSize(1).ofMaxSize(8);
      Arbitrary<List<int[]>> combos = Arbitraries.integers().between(0, 3).array(int[].class).ofSize(4).list().ofMaxSize(6);
      return Combinators.combine(eqs, base, combos).as((e, b, cs) -> {
        List<long[]> ineqs = new ArrayList<>(b);
        for (int[] c : cs) {
          // c[0..2] times the first three rows, the constant loosened by c[3]: implied by them
          long[] sum = new long[1 + n];
          for (int k = 0; k < 3 && k < b.size(); k++) sum = Ints.combine(1, sum, c[k], b.get(k));
          sum[0] += c[3];
          ineqs.add(c[3] % ineqs.size(), sum);
        }
        return new Sys(e, ineqs);
      });
    });
  }

  @Property(tries = 1500)
  void oneTableauDropsWhatRowByRowDrops(@ForAll("systems") Sys s) {
    List<long[]> fast = RationalRedundancy.withoutRedundant(s.eqs(), s.ineqs());
    List<long[]> reference = RationalRedundancy.withoutRedundantOneByOne(s.eqs(), s.ineqs());
    assertEquals(rows(reference), rows(fast), s.toString());
  }

  @Property(tries = 800)
  void bigIntegerTableauDropsWhatRowByRowDrops(@ForAll("systems") Sys s) {
    List<long[]> reference = RationalRedundancy.withoutRedundantOneByOne(s.eqs(), s.ineqs());
    boolean[] redundant = ExactLp.redundantInequalities(s.ineqs().get(0).length - 1, BigRows.of(s.eqs()), BigRows.of(s.ineqs()));
    if (redundant == null) return; // no rational point: the reference's answer is another convention
    List<long[]> kept = new ArrayList<>();
    for (int k = 0; k < redundant.length; k++) if (!redundant[k]) kept.add(s.ineqs().get(k));
    assertEquals(rows(reference), rows(kept), s.toString());
  }

  @Property(tries = 600)
  void keptRowsHaveTheSameIntegerPoints(@ForAll("systems") Sys s) {
    List<long[]> kept = RationalRedundancy.withoutRedundant(s.eqs(), s.ineqs());
    int n = s.ineqs().get(0).length - 1;
    BruteForce.forEachPoint(n, -5, 5, p -> assertEquals(holds(s.eqs(), s.ineqs(), p), holds(s.eqs(), kept, p),
        () -> "at " + Arrays.toString(p) + " of\n" + s));
  }

  private static boolean holds(List<long[]> eqs, List<long[]> ineqs, long[] p) {
    for (long[] e : eqs) if (Ints.evaluate(e, p) != 0) return false;
    for (long[] r : ineqs) if (Ints.evaluate(r, p) < 0) return false;
    return true;
  }

  private static List<String> rows(List<long[]> rows) {
    List<String> out = new ArrayList<>();
    for (long[] r : rows) out.add(Arrays.toString(r));
    return out;
  }
}
