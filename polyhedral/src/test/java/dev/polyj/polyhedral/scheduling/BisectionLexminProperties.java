package dev.polyj.polyhedral.scheduling;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The scheduler's integer lexicographic minimum against enumeration: random systems over three
 * unknowns, some of them declared non-negative by sign rows (as the scheduler's programs are), all
 * of them boxed in [-B, B] so that enumerating the box finds every point. The pruning of implied
 * rows must keep the same integer points.
 */
class BisectionLexminProperties {
  static final int N = 3;
  static final int B = 4;

  @Provide
  Arbitrary<List<long[]>> rows() {
    return Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(1 + N).list().ofMinSize(0).ofMaxSize(8);
  }

  @Provide
  Arbitrary<boolean[]> signs() {
    return Arbitraries.of(true, false).list().ofSize(N).map(l -> {
      boolean[] s = new boolean[N];
      for (int j = 0; j < N; j++) s[j] = l.get(j);
      return s;
    });
  }

  @Property(tries = 400)
  void lexminMatchesEnumeration(@ForAll("rows") List<long[]> cuts, @ForAll("signs") boolean[] nonNegative) {
    List<long[]> ineqs = system(cuts, nonNegative);
    Optional<long[]> got = new BisectionLexmin(1 << 12).lexmin(N, List.of(), ineqs);
    long[] want = null;
    for (long[] x : box()) {
      if (satisfies(ineqs, x)) {
        want = x; // the box is enumerated in lexicographic order
        break;
      }
    }
    assertEquals(want != null, got.isPresent());
    if (want != null) assertArrayEquals(want, got.get());
  }

  /**
   * With equalities among the rows, the search on rows with the fixed values substituted agrees
   * with enumeration and with the search that simplifies the relation again for every probe.
   */
  @Property(tries = 400)
  void lexminWithEqualitiesMatchesEnumeration(@ForAll("rows") List<long[]> cuts, @ForAll("equalities") List<long[]> eqs,
      @ForAll("signs") boolean[] nonNegative) {
    List<long[]> ineqs = system(cuts, nonNegative);
    BisectionLexmin ilp = new BisectionLexmin(1 << 12);
    Optional<long[]> got = ilp.lexmin(N, eqs, ineqs);
    Optional<long[]> slow = ilp.lexmin(N, eqs, ineqs, true);
    long[] want = null;
    for (long[] x : box()) {
      if (satisfies(ineqs, x) && zero(eqs, x)) {
        want = x;
        break;
      }
    }
    assertEquals(want != null, got.isPresent());
    assertEquals(want != null, slow.isPresent());
    if (want != null) {
      assertArrayEquals(want, got.get());
      assertArrayEquals(want, slow.get());
    }
  }

  @Provide
  Arbitrary<List<long[]>> equalities() {
    return Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(1 + N).list().ofMinSize(0).ofMaxSize(2);
  }

  private static boolean zero(List<long[]> eqs, long[] x) {
    for (long[] r : eqs) if (Ints.evaluate(r, x) != 0) return false;
    return true;
  }

  @Property(tries = 400)
  void pruningKeepsThePoints(@ForAll("rows") List<long[]> cuts, @ForAll("signs") boolean[] nonNegative) {
    List<long[]> ineqs = system(cuts, nonNegative);
    // rows implied by others: multiples and shifts of the random rows
    List<long[]> more = new ArrayList<>(ineqs);
    for (long[] r : cuts) {
      long[] shifted = r.clone();
      shifted[0] += 2;
      for (int j = 0; j < N; j++) if (nonNegative[j]) shifted[1 + j] += 1;
      more.add(shifted);
      more.add(r.clone());
    }
    List<long[]> pruned = BisectionLexmin.withoutDominated(N, more);
    for (long[] x : box()) assertEquals(satisfies(more, x), satisfies(pruned, x));
  }

  private static List<long[]> system(List<long[]> cuts, boolean[] nonNegative) {
    List<long[]> ineqs = new ArrayList<>(cuts);
    for (int j = 0; j < N; j++) {
      long[] up = new long[1 + N];
      up[0] = B;
      up[1 + j] = -1;
      ineqs.add(up);
      long[] down = new long[1 + N];
      down[0] = nonNegative[j] ? 0 : B;
      down[1 + j] = 1;
      ineqs.add(down);
    }
    return ineqs;
  }

  private static List<long[]> box() {
    List<long[]> points = new ArrayList<>();
    for (long a = -B; a <= B; a++) {
      for (long b = -B; b <= B; b++) {
        for (long c = -B; c <= B; c++) points.add(new long[] {a, b, c});
      }
    }
    return points;
  }

  private static boolean satisfies(List<long[]> ineqs, long[] x) {
    for (long[] r : ineqs) if (Ints.evaluate(r, x) < 0) return false;
    return true;
  }
}
