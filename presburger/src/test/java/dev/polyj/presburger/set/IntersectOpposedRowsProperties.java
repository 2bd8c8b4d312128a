package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * The shortcut of {@link BasicRelation#intersect} for relations with opposite bounds that leave no
 * room ({@link BasicRelation#opposedRows}) gives exactly the relation the full simplification
 * gives (the same normal form, not only the same points), and that relation has the points common
 * to both in a box. The pieces are built with an equality {@code k x = c} and bounds {@code x >= c}
 * or {@code x <= c} on the first two variables, so that the shortcut is often taken and often not;
 * the pieces with divisions are conjunctions of residue conditions and bounds on divisions
 * (nested ones too) drawn from a few definitions shared by both pieces, in either order, so
 * that equal divisions sit at different local positions.
 */
class IntersectOpposedRowsProperties {
  record Pair(Space space, BasicRelation a, BasicRelation b) {}

  private static Arbitrary<BasicRelation> pieces(Space space) {
    return Arbitraries.integers().between(0, 2).flatMap(nLocal -> {
      int width = 1 + space.nVar() + nLocal;
      Arbitrary<long[]> row = Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(width);
      // k x_v + c = 0 with x_v in {0, 1}, v one of the first two variables, sometimes with a local added (then it fixes nothing alone)
      Arbitrary<long[]> fixing = Combinators.combine(Arbitraries.integers().between(0, Math.min(1, space.nVar() - 1)),
          Arbitraries.of(1L, 2L, -1L), Arbitraries.longs().between(0, 1), Arbitraries.of(false, false, true))
          .as((v, k, x, withLocal) -> {
            long[] r = new long[width];
            r[1 + v] = k;
            r[0] = -k * x;
            if (withLocal && nLocal > 0) r[width - 1] = 1;
            return r;
          });
      Arbitrary<List<long[]>> eqs = Combinators.combine(fixing.list().ofMaxSize(1), row.list().ofMaxSize(1))
          .as((f, e) -> {
            List<long[]> all = new ArrayList<>(f);
            all.addAll(e);
            return all;
          });
      // +-x_v + c >= 0, sometimes with a second variable
      Arbitrary<long[]> bound = Combinators.combine(Arbitraries.integers().between(0, Math.min(1, space.nVar() - 1)),
          Arbitraries.of(1L, -1L, 2L), Arbitraries.longs().between(-2, 2), Arbitraries.of(0L, 0L, 1L))
          .as((v, k, c, other) -> {
            long[] r = new long[width];
            r[1 + v] = k;
            r[0] = c;
            if (space.nVar() > 2) r[3] = other;
            return r;
          });
      Arbitrary<List<long[]>> ineqs = Combinators.combine(bound.list().ofMaxSize(2), row.list().ofMaxSize(2))
          .as((b, i) -> {
            List<long[]> all = new ArrayList<>(b);
            all.addAll(i);
            return all;
          });
      return Combinators.combine(eqs, ineqs).as((e, i) -> BasicRelation.of(space, nLocal, null, e, i));
    });
  }

  @Provide
  Arbitrary<Pair> pairs() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 3))
        .as((p, d) -> Space.set(List.of("N").subList(0, p), d))
        .flatMap(s -> Combinators.combine(pieces(s), pieces(s)).as((a, b) -> new Pair(s, a, b)));
  }

  @Property(tries = 400)
  void shortcutGivesTheSimplifiedIntersection(@ForAll("pairs") Pair p) {
    checkAgainstSimplification(p, 3);
  }

  /**
   * The intersection equals the full simplification's and has the points of both operands in a
   * box of half-width {@code box}; a shortcut taken means the simplification marks it empty. Both
   * branches must be exercised, or the comparison proves nothing.
   */
  private static void checkAgainstSimplification(Pair p, int box) {
    boolean shortcut = BasicRelation.opposedRows(p.a(), p.b());
    Statistics.collect(shortcut);
    Statistics.coverage(c -> {
      c.check(true).percentage(pct -> pct > 5);
      c.check(false).percentage(pct -> pct > 5);
    });
    BasicRelation fast = p.a().intersect(p.b());
    // intersect answers marked-empty and universe operands without simplifying, as before the shortcut
    BasicRelation full = p.a().isMarkedEmpty() ? p.a() : p.b().isMarkedEmpty() ? p.b()
        : p.b().isUniverse() ? p.a() : p.a().isUniverse() ? p.b() : p.a().intersectBySimplifying(p.b());
    assertEquals(full, fast, () -> p.a() + " and " + p.b());
    if (shortcut) assertTrue(full.isMarkedEmpty(), () -> "shortcut taken but " + full + " is not marked empty");
    BruteForce.forEachPoint(p.space().nVar(), -box, box, x ->
        assertEquals(p.a().contains(x) && p.b().contains(x), fast.contains(x), () -> java.util.Arrays.toString(x)));
  }

  private static final String[] TERMS = {"i", "j", "i + j", "2i + 1", "N + 1", "floor((i)/2)", "floor((i + j)/3)"};

  private static Arbitrary<String> divisionCondition() {
    Arbitrary<String> term = Arbitraries.of(TERMS);
    Arbitrary<String> residue = Combinators.combine(term, Arbitraries.of(2, 3), Arbitraries.integers().between(0, 2),
        Arbitraries.of("=", "=", ">=", "<="))
        .as((e, m, r, op) -> "(" + e + ") mod " + m + " " + op + " " + Math.min(r, m - 1));
    Arbitrary<String> quotient = Combinators.combine(term, Arbitraries.of(2, 3), Arbitraries.integers().between(-1, 2),
        Arbitraries.of("<=", ">=", "="))
        .as((e, m, c, op) -> "floor((" + e + ")/" + m + ") " + op + " " + c);
    Arbitrary<String> bound = Combinators.combine(Arbitraries.of("i", "j", "i + j", "i - j"), Arbitraries.of("<=", ">=", "="),
        Arbitraries.integers().between(-1, 2)).as((e, op, c) -> e + " " + op + " " + c);
    return Arbitraries.oneOf(residue, residue, quotient, bound);
  }

  @Provide
  Arbitrary<Pair> divisionPairs() {
    Arbitrary<List<String>> conditions = divisionCondition().list().ofMinSize(1).ofMaxSize(3);
    // a residue condition of one term, and one of the same term and modulus, often with another residue
    Arbitrary<String[]> residues = Combinators.combine(Arbitraries.of(TERMS), Arbitraries.of(2, 3),
        Arbitraries.integers().between(0, 2), Arbitraries.integers().between(0, 2), Arbitraries.of("=", ">="))
        .as((e, m, r, t, op) -> new String[] {"(" + e + ") mod " + m + " = " + Math.min(r, m - 1),
            "(" + e + ") mod " + m + " " + op + " " + Math.min(t, m - 1)});
    return Combinators.combine(conditions, conditions, residues, Arbitraries.of(false, true)).as((x, y, r, shared) -> {
      // often the same other conditions, listed the other way round: equal divisions at other positions
      List<String> xs = new ArrayList<>(x);
      List<String> ys = shared ? new ArrayList<>(x) : new ArrayList<>(y);
      java.util.Collections.reverse(ys);
      xs.add(r[0]);
      ys.add(r[1]);
      Space space = Relation.parse("[N] -> { [i, j] }").space();
      return new Pair(space, parsePiece(xs), parsePiece(ys));
    });
  }

  private static BasicRelation parsePiece(List<String> conditions) {
    Relation r = Relation.parse("[N] -> { [i, j] : " + String.join(" and ", conditions) + " }");
    return r.basics().isEmpty() ? BasicRelation.empty(r.space()) : r.basics().get(0);
  }

  @Property(tries = 300)
  void shortcutWithDivisionsGivesTheSimplifiedIntersection(@ForAll("divisionPairs") Pair p) {
    checkAgainstSimplification(p, 4);
  }

  @Test
  void oppositeResiduesAreEmpty() {
    BasicRelation a = Relation.parse("[n] -> { [i, j] : (i + j) mod 2 = 0 and (n + 1) mod 3 = 1 and 0 <= j }").basics().get(0);
    BasicRelation b = Relation.parse("[n] -> { [i, j] : (n + 1) mod 3 >= 2 and (i + j) mod 2 = 0 }").basics().get(0);
    BasicRelation c = Relation.parse("[n] -> { [i, j] : (n + 1) mod 3 >= 1 and j <= 3 }").basics().get(0);
    assertTrue(BasicRelation.opposedRows(a, b));
    assertTrue(a.intersect(b).isMarkedEmpty());
    assertTrue(!BasicRelation.opposedRows(a, c));
    assertEquals(Relation.parse("[n] -> { [i, j] : (i + j) mod 2 = 0 and (n + 1) mod 3 = 1 and 0 <= j <= 3 }")
        .basics().get(0), a.intersect(c));
  }

  @Test
  void oppositeBoundsWithoutRoomAreEmpty() {
    BasicRelation a = Relation.parse("[n] -> { [i, j] : i + j <= n and 0 <= j }").basics().get(0);
    BasicRelation b = Relation.parse("[n] -> { [i, j] : i + j >= n + 1 }").basics().get(0);
    BasicRelation c = Relation.parse("[n] -> { [i, j] : i + j >= n }").basics().get(0);
    assertTrue(BasicRelation.opposedRows(a, b));
    assertTrue(a.intersect(b).isMarkedEmpty());
    assertTrue(!BasicRelation.opposedRows(a, c));
    assertEquals(Relation.parse("[n] -> { [i, j] : i + j = n and 0 <= j }").basics().get(0), a.intersect(c));
  }

  @Test
  void differentConstantsOfOneVariableAreEmpty() {
    Relation a = Relation.parse("{ [i, j] : i = 2 and 0 <= j <= 5 }");
    Relation b = Relation.parse("{ [i, j] : 2i = 6 and j >= 1 }");
    Relation c = Relation.parse("{ [i, j] : i = 2 and j >= 3 }");
    assertTrue(BasicRelation.opposedRows(a.basics().get(0), b.basics().get(0)));
    assertTrue(a.basics().get(0).intersect(b.basics().get(0)).isMarkedEmpty());
    assertTrue(!BasicRelation.opposedRows(a.basics().get(0), c.basics().get(0)));
    assertEquals(Relation.parse("{ [i, j] : i = 2 and 3 <= j <= 5 }").basics().get(0),
        a.basics().get(0).intersect(c.basics().get(0)));
  }
}
