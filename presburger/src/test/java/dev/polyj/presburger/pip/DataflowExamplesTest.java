package dev.polyj.presburger.pip;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import dev.polyj.presburger.testing.BruteForce;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The dependences of Listing 1 of Verdoolaege, Nikolov and Stefanov, "On Demand Parametric Array
 * Dataflow Analysis" (IMPACT 2013), computed as partial lexicographic maxima {@code (R, E) =
 * partial_lexmax(Dmem, U)} of the memory-based dependences on the sink accesses, and compared
 * point by point with the relations the paper states.
 *
 * <pre>
 *  N1: n = f();
 *  for (k = 0; k < 100; ++k) {
 *    M: m = g();
 *    for (i = 0; i < m; ++i)
 *      for (j = 0; j <= n; ++j)
 *        A: a[j][i] = g();
 *    for (i = 0; i < n; ++i)
 *      for (j = 0; j < m; ++j)
 *        H: h(i, j, a[i + 1][j]);
 *    N2: n = f();
 *  }
 * </pre>
 * with {@code 0 <= n <= 99} and {@code 0 <= m <= 100}.
 */
class DataflowExamplesTest {
  static final Tuple H = Tuple.of("H", "k", "i", "j");
  static final String H_DOMAIN = "0 <= k <= 99";
  static final String H_J = "0 <= j <= 99";
  static final String H_I = "0 <= i < 99";

  static Tuple access(Tuple stmt, String array) {
    return Tuple.wrap(null, stmt, Tuple.of(array));
  }

  /** The sink accesses {@code { (H(k, i, j) -> name()) }} on the iteration domain of H, eq. (1). */
  static Relation sink(String array) {
    Space s = Space.set(List.of(), access(H, array));
    return Relation.of(Rel.in(s, H_DOMAIN, H_I, H_J));
  }

  /** Read of n by H (the bound of loop i), source N2: the paper's (R, E) of section 3. */
  @Test
  void readOfNByHHasSourceN2OfThePreviousIteration() {
    Tuple n2 = access(Tuple.of("N2", "k2"), "n");
    Space s = Space.map(List.of(), access(H, "n"), n2);
    // Dmem = { (H(k,i,j) -> n()) -> (N2(k') -> n()) | 0 <= k, k', i, j <= 99 and k' < k }
    Relation dmem = Relation.of(Rel.in(s, H_DOMAIN, H_I, H_J, "0 <= k2 <= 99", "k2 < k"));
    Lexopt.Partial p = Lexopt.partialLexmax(dmem, sink("n"));
    // R = { (H(k,i,j) -> n()) -> (N2(k - 1) -> n()) | k > 0 } and E = { (H(0,i,j) -> n()) }
    forEachSink(sink("n"), (point, k) -> {
      Optional<long[]> v = p.optimum().evaluate(point);
      assertEquals(k > 0, v.isPresent(), () -> "source at k = " + k + ": " + p.optimum());
      if (k > 0) assertArrayEquals(new long[] {k - 1}, v.get());
      assertEquals(k == 0, p.noImage().contains(point));
    });
    assertEquals(1, p.optimum().nPiece(), () -> p.optimum().toString());
    // E then finds its source in N1: { (H(0,i,j) -> n()) -> (N1() -> n()) }
    Space s1 = Space.map(List.of(), access(H, "n"), access(Tuple.of("N1"), "n"));
    Relation fromN1 = Relation.of(Rel.in(s1, H_DOMAIN, H_I, H_J));
    Lexopt.Partial q = Lexopt.partialLexmax(fromN1, p.noImage());
    assertTrue(q.noImage().isEmpty());
    forEachSink(sink("n"), (point, k) -> assertEquals(k == 0, q.optimum().evaluate(point).isPresent()));
  }

  /** Read of a[i + 1][j] by H, source A(k, j, i + 1) in the same iteration of k. */
  @Test
  void readOfAByHHasSourceAOfTheSameIteration() {
    Tuple a = access(Tuple.of("A", "k2", "i2", "j2"), "a");
    Space s = Space.map(List.of(), access(H, "a"), a);
    // A writes a[j2][i2]; same element as a[i + 1][j]; A(k2, ...) runs before H(k, ...) iff k2 <= k
    Relation dmem = Relation.of(Rel.in(s, H_DOMAIN, H_I, H_J, "0 <= k2 <= 99", "0 <= i2 <= 99", "0 <= j2 <= 99",
        "j2 = i + 1", "i2 = j", "k2 <= k"));
    Lexopt.Partial p = Lexopt.partialLexmax(dmem, sink("a"));
    assertTrue(p.noImage().isEmpty());
    forEachSink(sink("a"), (point, k) -> {
      long i = point[1];
      long j = point[2];
      assertArrayEquals(new long[] {k, j, i + 1}, p.optimum().evaluate(point).orElseThrow());
    });
    assertEquals(1, p.optimum().nPiece());
  }

  /** Read of m by H (the bound of loop j), source M(k). */
  @Test
  void readOfMByHHasSourceMOfTheSameIteration() {
    Space s = Space.map(List.of(), access(H, "m"), access(Tuple.of("M", "k2"), "m"));
    Relation dmem = Relation.of(Rel.in(s, H_DOMAIN, H_I, H_J, "0 <= k2 <= k"));
    Lexopt.Partial p = Lexopt.partialLexmax(dmem, sink("m"));
    assertTrue(p.noImage().isEmpty());
    forEachSink(sink("m"), (point, k) -> assertArrayEquals(new long[] {k}, p.optimum().evaluate(point).orElseThrow()));
  }

  /**
   * The read of n by A (the bound of loop j) has two potential sources, N1 and N2, considered
   * together as one union over a common time: the schedule puts N1 at (-1) and N2(k') at (k').
   * The lexmax over the union picks N2(k - 1) for k > 0 and N1 for k = 0, equation (2).
   */
  @Test
  void unionOfSourcesPicksTheLastWriter() {
    Tuple a = Tuple.of("A", "k", "i", "j");
    Space set = Space.set(List.of(), access(a, "n"));
    Relation sinkA = Relation.of(Rel.in(set, "0 <= k <= 99", "0 <= i <= 99", "0 <= j <= 99"));
    Space time = Space.map(List.of(), access(a, "n"), Tuple.of(null, "t"));
    Relation times = Rel.union(
        Rel.in(time, "0 <= k <= 99", "0 <= i <= 99", "0 <= j <= 99", "t = -1"),
        Rel.in(time, "0 <= k <= 99", "0 <= i <= 99", "0 <= j <= 99", "0 <= t < k"));
    Lexopt.Partial p = Lexopt.partialLexmax(times, sinkA);
    assertTrue(p.noImage().isEmpty());
    forEachSink(sinkA, (point, k) -> assertArrayEquals(new long[] {k - 1}, p.optimum().evaluate(point).orElseThrow()));
  }

  interface SinkCheck {
    void check(long[] point, long k);
  }

  /** Every sink point in a sample of the iteration domain (all of k, a few i and j). */
  static void forEachSink(Relation sink, SinkCheck c) {
    BruteForce.forEachPoint(3, -1, 100, p -> {
      if (p[1] % 17 != 3 && p[1] != 98 && p[1] != -1) return;
      if (p[2] % 23 != 5 && p[2] != 99 && p[2] != 100) return;
      if (!sink.contains(p)) return;
      c.check(p, p[0]);
    });
  }
}
