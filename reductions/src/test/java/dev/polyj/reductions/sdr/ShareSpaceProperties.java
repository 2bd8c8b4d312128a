package dev.polyj.reductions.sdr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The kernel against brute force: every basis vector solves {@code M r = 0}, and every integer
 * solution in a box lies in the span of the basis (adding it to the basis leaves the rank alone).
 */
class ShareSpaceProperties {
  @Provide
  Arbitrary<List<long[]>> matrices() {
    Arbitrary<long[]> row = Arbitraries.longs().between(-2, 2).array(long[].class).ofSize(3);
    return row.list().ofMinSize(0).ofMaxSize(3);
  }

  @Property(tries = 200)
  void kernelIsExact(@ForAll("matrices") List<long[]> m) {
    int n = 3;
    List<long[]> basis = ShareSpace.kernel(m, n);
    for (long[] v : basis) for (long[] row : m) assertEquals(0, dot(row, v));
    int rankOfBasis = n - ShareSpace.kernel(basis, n).size();
    assertEquals(basis.size(), rankOfBasis, "basis vectors are independent");
    for (long a = -2; a <= 2; a++) {
      for (long b = -2; b <= 2; b++) {
        for (long c = -2; c <= 2; c++) {
          long[] u = {a, b, c};
          boolean solves = true;
          for (long[] row : m) if (dot(row, u) != 0) solves = false;
          if (!solves) continue;
          List<long[]> more = new ArrayList<>(basis);
          more.add(u);
          assertEquals(rankOfBasis, n - ShareSpace.kernel(more, n).size(), "solution outside the span");
        }
      }
    }
  }

  private static long dot(long[] a, long[] b) {
    long s = 0;
    for (int k = 0; k < a.length; k++) s += a[k] * b[k];
    return s;
  }
}
