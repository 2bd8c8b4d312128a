package dev.polyj.presburger.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Malformed inputs are rejected with the line and column of the offending token. */
class IslParserErrorTest {
  private static void assertError(Function<String, ?> parse, String text, int line, int column, String fragment) {
    ParseException e = assertThrows(ParseException.class, () -> parse.apply(text), text);
    assertEquals(line + ":" + column, e.line() + ":" + e.column(), () -> text + " gave " + e.getMessage());
    assertTrue(e.getMessage().startsWith(line + ":" + column + ": "), e.getMessage());
    assertTrue(e.detail().contains(fragment), () -> text + " gave " + e.getMessage());
    assertTrue(e instanceof IllegalArgumentException);
  }

  private static void assertError(String text, int line, int column, String fragment) {
    assertError(IslParser::parseUnion, text, line, column, fragment);
  }

  @Test
  void missingPartsOfExpressionsAndBraces() {
    assertError("{ [i] : i > }", 1, 13, "expected an affine expression but found '}'");
    assertError("{ [i] : i > 0 and }", 1, 19, "expected an affine expression but found '}'");
    assertError("{ [i] : i > 0", 1, 14, "expected ';' or '}' but found end of input");
    assertError("{ [i] : (i > 0 }", 1, 16, "expected ')' but found '}'");
    assertError("{ [i] : (i > 0)) }", 1, 16, "expected ';' or '}' but found ')'");
    assertError("[N] { [i] }", 1, 5, "expected '->' after the parameters but found '{'");
    assertError("S[i]", 1, 1, "expected '{' but found 'S'");
  }

  @Test
  void tupleErrors() {
    assertError("{ [N] -> [k : k > 0] }", 1, 13, "expected ']' but found ':'");
    assertError("{ [i] -> i + 1 }", 1, 10, "expected a tuple after '->' but found 'i'");
    assertError("{ 5 }", 1, 3, "expected a tuple");
    assertError("[N + 1] -> { [i] }", 1, 4, "expected ']' but found '+'");
    assertError("[1] -> { [i] }", 1, 2, "parameters must be named");
    assertError("[N, N] -> { [i] }", 1, 5, "parameters must be named");
    assertError("[[N] -> [M]] -> { [i] }", 1, 1, "parameter tuples cannot be named or nested");
    assertError("P[N] -> { [i] }", 1, 1, "expected '{' but found 'P'");
  }

  @Test
  void unknownIdentifiersAreNotTakenForParameters() {
    assertError("{ [i] : j > 0 }", 1, 9, "unknown identifier 'j'");
    assertError("{ [i] :\n  i >= 0 and\n  k < 3 }", 3, 3, "unknown identifier 'k'");
    assertError("{ [i] -> [2n] }", 1, 12, "unknown identifier 'n'");
    assertError("{ [i] : exists (e : e > 0) and e < 3 }", 1, 32, "unknown identifier 'e'");
    assertError("{ [i] : i > 0; [j] : i > 0 }", 1, 22, "unknown identifier 'i'");
  }

  @Test
  void badTokensAndOperators() {
    assertError("{ [i] : i @ 0 }", 1, 11, "expected a comparison operator but found '@'");
    assertError("{ [i] : i ~ 0 }", 1, 11, "expected a comparison operator but found '~'");
    assertError("{ [i] : i >= 99999999999999999999 }", 1, 14, "too large");
    assertError("{ [i] : i mod 0 = 1 }", 1, 15, "division by zero");
    assertError("{ [i] : i mod j = 1 }", 1, 15, "expected a constant but found 'j'");
    assertError("{ [i] : i * i = 1 }", 1, 13, "expected a constant but found 'i'");
    assertError("{ [i, j] : i, j << 1 }", 1, 17, "lists of different lengths");
    assertError("{ [i] : exists (i : i > 0) }", 1, 17, "'i' is already defined");
    assertError("{ rat: [i] }", 1, 3, "rational sets are not supported");
    assertError("{ [i] : i < infty }", 1, 13, "infinity");
    assertError("{ [i] : i > 0 } x", 1, 17, "unexpected 'x' after the closing '}'");
  }

  @Test
  void unionsMustNotMixSetsAndMaps() {
    assertError("{ [i]; [i] -> [j] }", 1, 8, "cannot combine a map with sets");
    assertError("{ [i] -> [j]; S[i] }", 1, 15, "cannot combine a set with maps");
  }

  @Test
  void parseRelationWantsExactlyOneSpace() {
    assertError(IslParser::parseRelation, "{ A[i]; B[i] }", 1, 9, "expected a single space but found 2");
    assertError(IslParser::parseRelation, "{ }", 1, 1, "no space");
  }

  @Test
  void positionsInsideALargerTextAreRelativeToTheWholeText() {
    String text = "foo\nbar := { [i] : j > 0 };";
    assertError(t -> IslParser.parseUnionAt(t, t.indexOf('{')), text, 2, 16, "unknown identifier 'j'");
  }

  @Test
  void coefficientOverflowIsAParseError() {
    assertThrows(ParseException.class,
        () -> IslParser.parseUnion("{ [i] : 9223372036854775807i + 9223372036854775807 >= 1 + 9223372036854775807 }"));
  }
}
