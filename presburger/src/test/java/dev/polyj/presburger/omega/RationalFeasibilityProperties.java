package dev.polyj.presburger.omega;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.testing.BruteForce;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The rational emptiness test never rejects a system that has an integer point (enumerated in a box). */
class RationalFeasibilityProperties {
  @Provide
  Arbitrary<List<long[]>> systems() {
    return Arbitraries.integers().between(1, 4).flatMap(n -> Arbitraries.longs().between(-4, 4).array(long[].class)
        .ofSize(1 + n).list().ofMinSize(1).ofMaxSize(7));
  }

  @Property(tries = 400)
  void neverRejectsASystemWithAnIntegerPoint(@ForAll("systems") List<long[]> rows) {
    int n = rows.get(0).length - 1;
    boolean[] found = {false};
    BruteForce.forEachPoint(n, -4, 4, p -> {
      if (found[0]) return;
      boolean ok = true;
      for (long[] r : rows) ok &= Ints.evaluate(r, p) >= 0;
      found[0] = ok;
    });
    if (found[0]) assertFalse(OmegaTest.isRationallyEmpty(n, List.of(), rows));
  }
}
