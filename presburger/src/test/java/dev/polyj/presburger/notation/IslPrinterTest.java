package dev.polyj.presburger.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The printer's isl style on typical cases; every printed text also reads back to the same points. */
class IslPrinterTest {
  private static void assertPrints(String input, String expected) {
    Relation r = IslParser.parseRelation(input);
    assertEquals(expected, IslPrinter.print(r), input);
    assertEquals(expected, r.toString());
    Points.assertSamePoints(r, IslParser.parseRelation(expected), expected);
  }

  @Test
  void boundsAreChainedAndStrictWhereShorter() {
    assertPrints("[N] -> { S[i, j] : 0 <= i and i <= N - 1 and j >= i }", "[N] -> { S[i, j] : 0 <= i < N and j >= i }");
    assertPrints("{ [i] : 2i >= 1 }", "{ [i] : i > 0 }");
    assertPrints("[N] -> { : N >= 1 }", "[N] -> { : N > 0 }");
  }

  @Test
  void piecesAreJoinedByOr() {
    assertPrints("{ [i] : i <= 0 or i >= 10 }", "{ [i] : i <= 0 or i >= 10 }");
    assertPrints("{ [i, j] : (i > 0 and j > 0) or (i < 0 and j < 0) }",
        "{ [i, j] : (i > 0 and j > 0) or (i < 0 and j < 0) }");
  }

  @Test
  void fixedDimensionsAreWrittenInTheTuple() {
    assertPrints("{ [i] -> [j] : j = i + 1 }", "{ [i] -> [i + 1] }");
    assertPrints("{ [i] -> [o] : 2o <= i <= 2o + 1 }", "{ [i] -> [floor((i)/2)] }");
    assertPrints("{ [i] -> [(i + 1) mod 3] }", "{ [i] -> [(i + 1) mod 3] }");
    assertPrints("[N] -> { S[i, j] : j = 5 and i < N }", "[N] -> { S[i, 5] : i < N }");
    assertPrints("[N] -> { [i] -> [j] : (0 <= i < N and j = i) or (i > N and j = 2i) }",
        "[N] -> { [i] -> [i] : 0 <= i < N; [i] -> [2i] : i > N }");
  }

  @Test
  void divisionsAndExistentials() {
    assertPrints("[N] -> { [i] : 0 <= i < N and exists (e : i = 2e) }", "[N] -> { [i] : 0 <= i < N and (i) mod 2 = 0 }");
    assertPrints("{ [i, j] : exists (e : i <= 3e <= j) }", "{ [i, j] : exists (e0: i <= 3e0 <= j) }");
    assertPrints("{ [i, j] : 3*floor((i + j)/4) <= j - 1 }", "{ [i, j] : j > 3*floor((i + j)/4) }");
  }

  @Test
  void universeEmptyAndParameterDomains() {
    assertPrints("{ S[i] : i = i }", "{ S[i] }");
    assertPrints("{ S[i] : 1 = 0 }", "{ S[i] : false }");
    assertPrints("[N] -> { : }", "[N] -> {  :  }");
    assertPrints("{ : false }", "{ : false }");
    assertEquals("{  }", IslPrinter.print(IslParser.parseUnion("{ }")));
    assertEquals("[N] -> {  }", IslPrinter.print(UnionRelation.empty(List.of("N"))));
  }

  @Test
  void defaultNamesAndClashes() {
    Space s = Space.set(List.of("N"), Tuple.of("S", "N", "", "i0"));
    assertEquals("[N] -> { S[N', i1, i0] }", IslPrinter.print(Relation.universe(s)));
    Space m = Space.map(List.of(), Tuple.anonymous(null, 2), Tuple.anonymous("A", 1));
    assertEquals("{ [i0, i1] -> A[o0] }", IslPrinter.print(Relation.universe(m)));
    Relation back = IslParser.parseRelation("[N] -> { S[N', i1, i0] : N' < N }");
    assertEquals(List.of("N", "i1", "i0"), back.space().tuple().dimNames());
  }

  @Test
  void unionsListTheirSpaces() {
    UnionRelation u = IslParser.parseUnion("[N] -> { S[i] : i < N; T[]; A[i, j] : i = j }");
    assertEquals("[N] -> { S[i] : i < N; T[]; A[i, j] : j = i }", IslPrinter.print(u));
    assertEquals(IslPrinter.print(u), u.toString());
  }
}
