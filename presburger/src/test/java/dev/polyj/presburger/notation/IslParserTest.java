package dev.polyj.presburger.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Examples of isl notation read by the parser, each checked point by point against the meaning of
 * the text written as a Java predicate over (parameters..., dimensions...).
 */
class IslParserTest {
  private static void check(String text, long lo, long hi, Predicate<long[]> meaning) {
    Points.assertMeaning(IslParser.parseRelation(text), lo, hi, meaning, text);
  }

  private static boolean divides(long d, long x) {
    return Math.floorMod(x, d) == 0;
  }

  // -- spaces and tuples -----------------------------------------------------------------------

  @Test
  void namedSetWithParameters() {
    Relation r = IslParser.parseRelation("[N, M] -> { S[i, j] : 0 <= i < N and j <= M }");
    assertEquals(Space.set(List.of("N", "M"), Tuple.of("S", "i", "j")), r.space());
    assertEquals(List.of("i", "j"), r.space().tuple().dimNames());
    Points.assertMeaning(r, -3, 3, p -> 0 <= p[2] && p[2] < p[0] && p[3] <= p[1], "S");
  }

  @Test
  void mapsWithExpressionsInTheRange() {
    Relation r = IslParser.parseRelation("{ S[i] -> A[i + 1, 2i - 1] }");
    assertEquals(Space.map(List.of(), Tuple.of("S", "i"), Tuple.anonymous("A", 2)), r.space());
    Points.assertMeaning(r, -4, 4, p -> p[1] == p[0] + 1 && p[2] == 2 * p[0] - 1, "map");
  }

  @Test
  void repeatedNameInATupleMeansEquality() {
    check("{ [i, i] }", -4, 4, p -> p[0] == p[1]);
    check("{ [i, j] -> [j, i] }", -2, 2, p -> p[2] == p[1] && p[3] == p[0]);
  }

  @Test
  void parameterInATupleMeansEquality() {
    check("[N] -> { [N, i] : i > N }", -3, 3, p -> p[1] == p[0] && p[2] > p[0]);
  }

  @Test
  void tupleEntriesOfManyKinds() {
    check("{ [i] -> [*, floor(i/2)] }", -4, 4, p -> p[2] == Math.floorDiv(p[0], 2));
    check("{ [i] -> [j = i + 2] : j < 3 }", -4, 4, p -> p[1] == p[0] + 2 && p[1] < 3);
    check("{ A[i][j] : i < j }", -3, 3, p -> p[0] < p[1]);
    check("{ [i'] -> [i] : i' < i }", -3, 3, p -> p[0] < p[1]);
    check("{ [] }", 0, 0, p -> true);
    check("{ [5, -2] }", -6, 6, p -> p[0] == 5 && p[1] == -2);
  }

  @Test
  void primesAreDroppedFromDimensionNames() {
    Relation r = IslParser.parseRelation("{ [i] -> [i'] }");
    assertEquals(List.of("i"), r.space().rangeTuple().dimNames());
  }

  @Test
  void rangesPiecesAndConditionalsInTuples() {
    check("{ [0:4] }", -6, 6, p -> 0 <= p[0] && p[0] <= 4);
    check("{ [i = 0:3, j = i:] : j < 3 }", -5, 5, p -> 0 <= p[0] && p[0] <= 3 && p[0] <= p[1] && p[1] < 3);
    check("{ [i] -> [i:i + 2] }", -4, 4, p -> p[0] <= p[1] && p[1] <= p[0] + 2);
    check("{ [i] -> [i:] }", -4, 4, p -> p[1] >= p[0]);
    check("{ [i] -> [:i] }", -4, 4, p -> p[1] <= p[0]);
    check("{ [i] -> [i > 0 ? i : -i] }", -4, 4, p -> p[1] == Math.abs(p[0]));
    check("{ [i] -> [i : i > 0; -i : i < -1] }", -4, 4, p -> p[0] > 0 ? p[1] == p[0] : p[0] < -1 && p[1] == -p[0]);
    check("{ [i] -> [(i : i > 0)] }", -4, 4, p -> p[0] > 0 && p[1] == p[0]);
  }

  @Test
  void nestedTuples() {
    Relation r = IslParser.parseRelation("{ [S[i] -> T[j]] -> A[k] : k = i + j }");
    assertTrue(r.space().domainTuple().isWrapping());
    assertEquals("S", r.space().domainTuple().nestedDomain().name());
    Points.assertMeaning(r, -3, 3, p -> p[2] == p[0] + p[1], "nested");
    Relation w = IslParser.parseRelation("{ [[i] -> [j]] : i < j }");
    Points.assertMeaning(w, -3, 3, p -> p[0] < p[1], "wrapped set");
  }

  @Test
  void unionsOverSpaces() {
    UnionRelation u = IslParser.parseUnion("[N] -> { S[i] : 0 <= i < N; T[i, j] : i = j; S[i] : i = 10; }");
    assertEquals(2, u.size());
    assertEquals(List.of("N"), u.paramNames());
    Relation s = u.relation(Space.set(List.of("N"), Tuple.anonymous("S", 1)));
    Points.assertMeaning(s, -2, 12, p -> (0 <= p[1] && p[1] < p[0]) || p[1] == 10, "S");
    Relation t = u.relation(Space.set(List.of("N"), Tuple.anonymous("T", 2)));
    Points.assertMeaning(t, -3, 3, p -> p[1] == p[2], "T");
    UnionRelation maps = IslParser.parseUnion("{ S[i] -> A[i]; S[i] -> B[i, i] }");
    assertTrue(maps.isMapUnion());
    assertEquals(2, maps.size());
  }

  @Test
  void sameNameWithOtherArityIsAnotherSpace() {
    UnionRelation u = IslParser.parseUnion("{ S[i] : i > 0; S[i, j] : i > j }");
    assertEquals(2, u.size());
    Points.assertMeaning(u.relation(Space.set(List.of(), Tuple.anonymous("S", 2))), -3, 3, p -> p[0] > p[1], "S2");
  }

  @Test
  void emptyUnionsAndEmptySets() {
    assertTrue(IslParser.parseUnion("{ }").isEmpty());
    assertEquals(List.of("N"), IslParser.parseUnion("[N] -> {  }").paramNames());
    Relation r = IslParser.parseRelation("{ S[i] : false }");
    assertTrue(r.isEmpty());
    assertEquals(Space.set(List.of(), Tuple.anonymous("S", 1)), r.space());
    check("{ S[i] : }", -2, 2, p -> true);
  }

  @Test
  void parameterValuesAndParameterDomains() {
    check("[N = 5] -> { [i] : i < N }", -6, 6, p -> p[0] == 5 && p[1] < 5);
    check("[N, M = N + 1] -> { [i] : N <= i <= M }", -3, 3, p -> p[1] == p[0] + 1 && p[0] <= p[2] && p[2] <= p[1]);
    Relation d = IslParser.parseRelation("[N] -> { : N > 0 }");
    assertTrue(d.space().isParams());
    Points.assertMeaning(d, -3, 3, p -> p[0] > 0, "params");
    check("[N] -> { : }", -3, 3, p -> true);
    check("[N] -> { [i] | i < N }", -3, 3, p -> p[1] < p[0]);
  }

  // -- conditions ------------------------------------------------------------------------------

  @Test
  void chainedComparisons() {
    check("[N] -> { [i, j] : 0 <= i < j <= N }", -3, 4, p -> 0 <= p[1] && p[1] < p[2] && p[2] <= p[0]);
    check("{ [i, j] : i >= j > 0 = 0 }", -3, 3, p -> p[0] >= p[1] && p[1] > 0);
    check("{ [i, j] : i == j + 1 }", -3, 3, p -> p[0] == p[1] + 1);
    check("{ [i, j] : i != j }", -3, 3, p -> p[0] != p[1]);
  }

  @Test
  void listsCompareEveryPairAsIslDoes() {
    check("{ [i, j] : i, j >= 0 }", -3, 3, p -> p[0] >= 0 && p[1] >= 0);
    // "i >= 0, j >= 0" is the chain i >= {0, j} >= 0 in isl: it also requires i >= j
    check("{ [i, j] : i >= 0, j >= 0 }", -3, 3, p -> p[0] >= 0 && p[0] >= p[1] && p[1] >= 0);
    check("{ [i, j] : 0 <= i, j < 3 }", -4, 4, p -> 0 <= p[0] && p[0] < 3 && 0 <= p[1] && p[1] < 3);
  }

  @Test
  void lexicographicComparisonsOfLists() {
    check("{ [i, j] : i, j << 1, 2 }", -3, 3, p -> p[0] < 1 || (p[0] == 1 && p[1] < 2));
    check("{ [i, j] : i, j <<= 1, 2 }", -3, 3, p -> p[0] < 1 || (p[0] == 1 && p[1] <= 2));
    check("{ [i, j] : i, j >> 1, 2 }", -3, 3, p -> p[0] > 1 || (p[0] == 1 && p[1] > 2));
    check("{ [i, j] : i, j >>= 1, 2 }", -3, 3, p -> p[0] > 1 || (p[0] == 1 && p[1] >= 2));
  }

  @Test
  void connectives() {
    check("{ [i] : i <= 0 or i >= 3 }", -5, 5, p -> p[0] <= 0 || p[0] >= 3);
    check("{ [i] : i >= -2 && i < 2 || i = 4 }", -5, 5, p -> (p[0] >= -2 && p[0] < 2) || p[0] == 4);
    check("{ [i] : i >= -2 & i < 2 | i = 4 }", -5, 5, p -> (p[0] >= -2 && p[0] < 2) || p[0] == 4);
    check("{ [i] : i >= -2 /\\ i < 2 \\/ i = 4 }", -5, 5, p -> (p[0] >= -2 && p[0] < 2) || p[0] == 4);
    check("{ [i] : not (0 <= i <= 2) }", -5, 5, p -> !(0 <= p[0] && p[0] <= 2));
    check("{ [i] : i > -3 and !(i = 1) }", -5, 5, p -> p[0] > -3 && p[0] != 1);
    check("{ [i, j] : i > 0 implies j > i }", -3, 3, p -> p[0] <= 0 || p[1] > p[0]);
    check("{ [i] : (i > 0 or i < -2) and (i < 3) }", -5, 5, p -> (p[0] > 0 || p[0] < -2) && p[0] < 3);
    check("{ [i] : true and not false }", -2, 2, p -> true);
    check("{ [i] : FALSE Or I >= 0 }".replace("I", "i"), -2, 2, p -> p[0] >= 0);
    check("{ [i] : ((i) + 1 > 0) }", -3, 3, p -> p[0] + 1 > 0);
  }

  @Test
  void integerDivisionsAndModulo() {
    check("{ [i] : i mod 3 = 1 }", -7, 7, p -> Math.floorMod(p[0], 3) == 1);
    check("{ [i] : i % 3 = 2 }", -7, 7, p -> Math.floorMod(p[0], 3) == 2);
    check("{ [i, j] : j = floor((i + 1)/3) }", -7, 7, p -> p[1] == Math.floorDiv(p[0] + 1, 3));
    check("{ [i, j] : j = ceil(i/2) }", -7, 7, p -> p[1] == -Math.floorDiv(-p[0], 2));
    check("{ [i, j] : j = floord(i, 4) }", -7, 7, p -> p[1] == Math.floorDiv(p[0], 4));
    check("{ [i, j] : j = ceild(i - 1, 3) }", -7, 7, p -> p[1] == -Math.floorDiv(-(p[0] - 1), 3));
    check("{ [i, j] : j = [i/2] }", -7, 7, p -> p[1] == Math.floorDiv(p[0], 2));
    check("{ [i, j] : j = i // 2 }", -7, 7, p -> p[1] == Math.floorDiv(p[0], 2));
    check("{ [i, j] : 2j = (i + 2) mod 4 }", -7, 7, p -> 2 * p[1] == Math.floorMod(p[0] + 2, 4));
    check("{ [i] : floor(floor(i/2)/2) = 1 }", -9, 9, p -> Math.floorDiv(Math.floorDiv(p[0], 2), 2) == 1);
  }

  @Test
  void rationalCoefficientsInComparisons() {
    check("{ [i] : i/2 >= 1 }", -5, 5, p -> p[0] >= 2);
    // as in isl, a constant directly followed by '/' is not a fraction; a parenthesised one is
    check("{ [i] : i/2 = (1)/3 }", -5, 5, p -> false);
    check("{ [i] : i/2 = (4)/2 }", -5, 5, p -> p[0] == 4);
    check("{ [i] : 2i/3 > 1 }", -5, 5, p -> 2 * p[0] > 3);
  }

  @Test
  void minAndMax() {
    check("{ [i, j] : min(i, j) >= 0 }", -3, 3, p -> Math.min(p[0], p[1]) >= 0);
    check("{ [i, j] : max(i, j, 1) = 2 }", -3, 3, p -> Math.max(Math.max(p[0], p[1]), 1) == 2);
    check("{ [i] -> [min(i, 2 - i)] }", -4, 4, p -> p[1] == Math.min(p[0], 2 - p[0]));
  }

  @Test
  void existentialQuantifiers() {
    check("{ [i] : exists (e : i = 3e) }", -7, 7, p -> divides(3, p[0]));
    check("{ [i] : exists e : i = 3e + 1 }", -7, 7, p -> divides(3, p[0] - 1));
    check("{ [i] : exists (e0 = floor(i/4): 4e0 = i) }", -9, 9, p -> divides(4, p[0]));
    check("{ [i, j] : exists (a, b : i = 2a and j = 3b and a + b = 1) }", -6, 6,
        p -> divides(2, p[0]) && divides(3, p[1]) && p[0] / 2 + p[1] / 3 == 1);
    check("{ [i] : exists (e : 0 <= e <= 2 and i = 5e) }", -12, 12, p -> p[0] == 0 || p[0] == 5 || p[0] == 10);
    check("{ [i] : not exists (e : i = 2e) }", -7, 7, p -> !divides(2, p[0]));
    check("{ [i, j] : exists (e : i = 2e and not exists (f : e = 3f + j)) }", -4, 4,
        p -> divides(2, p[0]) && !divides(3, p[0] / 2 - p[1]));
    check("{ [i] : i >= 0 and not exists (e : 3e <= i < 3e + 2) }", -8, 8, p -> p[0] >= 0 && Math.floorMod(p[0], 3) == 2);
  }

  @Test
  void lexicalDetails() {
    check("{ [i] :  # a comment\n i >= 2^2 }", -6, 6, p -> p[0] >= 4);
    check("{ [i] : i -1 >= 0 }", -3, 3, p -> p[0] - 1 >= 0);
    check("{ [i] : 2 * i - -3 = 5 }", -3, 3, p -> 2 * p[0] + 3 == 5);
    check("{ [i] : 2*3*i = 6 }", -3, 3, p -> p[0] == 1);
    check("{ [i] : i*2*2 = 4 }", -3, 3, p -> p[0] == 1);
    check("{ [i] : -i >= -1 }", -3, 3, p -> p[0] <= 1);
    check("{ S_1[i] : i EXISTS_NOT_A_KEYWORD >= 0 }".replace(" EXISTS_NOT_A_KEYWORD", ""), -3, 3, p -> p[0] >= 0);
  }

  @Test
  void keywordsMayNameTuples() {
    Relation r = IslParser.parseRelation("{ min[i] -> and[i] }");
    assertEquals("min", r.space().domainTuple().name());
    assertEquals("and", r.space().rangeTuple().name());
  }

  @Test
  void parseUnionAtReadsOneObjectInsideALargerText() {
    String text = "A := [N] -> { S[i] : i < N } + { S[0] };";
    ParseResult r = IslParser.parseUnionAt(text, 5);
    assertEquals(text.indexOf('}') + 1, r.end());
    assertEquals(1, r.relations().size());
    ParseResult second = IslParser.parseUnionAt(text, text.indexOf('+') + 1);
    assertEquals(text.length() - 1, second.end());
    assertFalse(second.union().isEmpty());
  }

  @Test
  void sameSpaceMembersAreUnited() {
    Relation r = IslParser.parseRelation("{ S[i] : i < 0; S[j] : j > 5 }");
    Points.assertMeaning(r, -3, 8, p -> p[0] < 0 || p[0] > 5, "S");
    assertEquals(List.of("i"), r.space().tuple().dimNames());
  }
}
