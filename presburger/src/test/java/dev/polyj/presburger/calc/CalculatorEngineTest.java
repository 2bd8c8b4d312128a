package dev.polyj.presburger.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.TransitiveClosure;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The calculator against the engine: each operator's result must equal the engine's own operation
 * on the parsed operands. While the engine (or the isl notation parser) lacks an operation, the
 * calculator must report it as a clean "not supported yet" error instead; the comparison is then
 * skipped.
 */
class CalculatorEngineTest {
  /** The operands every script starts with, by variable name. */
  static final Map<String, String> OPERANDS = new LinkedHashMap<>();

  static {
    OPERANDS.put("A", "[N] -> { [i] : 0 <= i < N }");
    OPERANDS.put("B", "{ [i] : exists (e : i = 2e) and -3 <= i <= 12 }");
    OPERANDS.put("C", "{ [i] : 0 <= i < 10; [i, j] : 0 <= i < j < 5 }");
    OPERANDS.put("D", "{ [i] : 3 <= i <= 7; [i, j] : i = j }");
    OPERANDS.put("P", "[N] -> { : N >= 4 }");
    OPERANDS.put("M", "{ [i] -> [i + 1] : 0 <= i < 10 }");
    OPERANDS.put("K", "[N] -> { [i] -> [j] : 0 <= j <= i < N }");
    OPERANDS.put("Q", "{ [i] -> [2i] : i >= -5; [i, j] -> [j, i] : i <= j }");
    OPERANDS.put("S", "{ S[i] -> A[i + 1] : 0 <= i < 5; T[i] -> A[i] : i >= 0 }");
    OPERANDS.put("T", "{ S[i] : i >= 2; T[i] : i <= 3 }");
    OPERANDS.put("W", "{ [[i] -> [j]] -> [[k] -> [l]] : i + j = k and l = 0 }");
  }

  static UnionRelation u(String name) {
    return UnionRelation.parse(OPERANDS.get(name));
  }

  static String prelude() {
    StringBuilder sb = new StringBuilder();
    OPERANDS.forEach((name, text) -> sb.append(name).append(" := ").append(text).append(";\n"));
    return sb.toString();
  }

  /**
   * Runs {@code R := expr; R;} after the operands and checks R against the engine's result. When
   * computing the expected result needs an operation the engine does not have yet, checks that the
   * calculator reported "not supported yet", then skips.
   */
  static UnionRelation agrees(String expr, Supplier<UnionRelation> oracle) {
    CalcRun r = CalcRun.of(prelude() + "R := " + expr + ";\nR;\n");
    UnionRelation expected;
    try {
      expected = oracle.get();
    } catch (UnsupportedOperationException e) {
      assertTrue(r.err().stream().anyMatch(l -> l.contains(": not supported yet")), "expected a clean error, got " + r.err());
      assertTrue(r.calculator().variable("R").isEmpty());
      Assumptions.abort("not in the engine yet: " + e.getMessage());
      throw new AssertionError(e);
    }
    assertEquals(List.of(), r.err(), expr);
    Value v = r.variable("R");
    assertInstanceOf(UnionValue.class, v, expr);
    UnionRelation actual = ((UnionValue) v).union();
    assertTrue(actual.equals(expected) || actual.isEqual(expected), expr + ": got " + actual + ", expected " + expected);
    assertEquals(List.of(new UnionValue(actual).print()), r.out(), expr);
    assertTrue(actual.isEqual(UnionRelation.parse(r.out().get(0))), expr + ": printed " + r.out());
    return actual;
  }

  /** A check that needs the engine; skipped while the engine lacks an operation it uses. */
  static boolean engineSays(Supplier<Boolean> check) {
    try {
      return check.get();
    } catch (UnsupportedOperationException e) {
      Assumptions.abort("not in the engine yet: " + e.getMessage());
      throw new AssertionError(e);
    }
  }

  /** An expected result given as a literal, for an expression that needs {@code op} from the engine. */
  static Supplier<UnionRelation> literalNeeding(Runnable op, String literal) {
    return () -> {
      op.run();
      return UnionRelation.parse(literal);
    };
  }

  static Stream<Arguments> operations() {
    List<Arguments> a = new ArrayList<>();
    a.add(Arguments.of("A + B", (Supplier<UnionRelation>) () -> u("A").union(u("B"))));
    a.add(Arguments.of("A * B", (Supplier<UnionRelation>) () -> u("A").intersect(u("B"))));
    a.add(Arguments.of("A - B", (Supplier<UnionRelation>) () -> u("A").subtract(u("B"))));
    a.add(Arguments.of("B - A", (Supplier<UnionRelation>) () -> u("B").subtract(u("A"))));
    a.add(Arguments.of("C - D", (Supplier<UnionRelation>) () -> u("C").subtract(u("D"))));
    a.add(Arguments.of("C + D", (Supplier<UnionRelation>) () -> u("C").union(u("D"))));
    a.add(Arguments.of("C * D", (Supplier<UnionRelation>) () -> u("C").intersect(u("D"))));
    a.add(Arguments.of("M + K", (Supplier<UnionRelation>) () -> u("M").union(u("K"))));
    a.add(Arguments.of("M * K", (Supplier<UnionRelation>) () -> u("M").intersect(u("K"))));
    a.add(Arguments.of("K - M", (Supplier<UnionRelation>) () -> u("K").subtract(u("M"))));
    a.add(Arguments.of("M * B", (Supplier<UnionRelation>) () -> u("M").intersectDomain(u("B"))));
    a.add(Arguments.of("K - B", (Supplier<UnionRelation>) () -> u("K").subtractDomain(u("B"))));
    a.add(Arguments.of("M ->* B", (Supplier<UnionRelation>) () -> u("M").intersectRange(u("B"))));
    a.add(Arguments.of("K ->- B", (Supplier<UnionRelation>) () -> u("K").subtractRange(u("B"))));
    a.add(Arguments.of("S * T", (Supplier<UnionRelation>) () -> u("S").intersectDomain(u("T"))));
    a.add(Arguments.of("M . K", (Supplier<UnionRelation>) () -> u("M").apply(u("K"))));
    a.add(Arguments.of("M before K", (Supplier<UnionRelation>) () -> u("M").apply(u("K"))));
    a.add(Arguments.of("M after K", (Supplier<UnionRelation>) () -> u("K").apply(u("M"))));
    a.add(Arguments.of("K(A)", (Supplier<UnionRelation>) () -> u("A").apply(u("K"))));
    a.add(Arguments.of("S(T)", (Supplier<UnionRelation>) () -> u("T").apply(u("S"))));
    a.add(Arguments.of("K(M)", (Supplier<UnionRelation>) () -> u("M").apply(u("K"))));
    a.add(Arguments.of("Q^-1", (Supplier<UnionRelation>) () -> u("Q").reverse()));
    a.add(Arguments.of("M^2", (Supplier<UnionRelation>) () -> u("M").apply(u("M"))));
    a.add(Arguments.of("M^3", (Supplier<UnionRelation>) () -> u("M").apply(u("M")).apply(u("M"))));
    a.add(Arguments.of("M^-2", (Supplier<UnionRelation>) () -> u("M").reverse().apply(u("M").reverse())));
    a.add(Arguments.of("A -> B", (Supplier<UnionRelation>) () -> u("A").mapTo(u("B"))));
    a.add(Arguments.of("A cross B", (Supplier<UnionRelation>) () -> u("A").cross(u("B"))));
    a.add(Arguments.of("M cross K", (Supplier<UnionRelation>) () -> u("M").cross(u("K"))));
    Runnable intersectParams = () -> u("M").single().alignParams(List.of("N")).intersectParams(u("P").single());
    a.add(Arguments.of("C * P", literalNeeding(intersectParams,
        "[N] -> { [i] : 0 <= i < 10 and N >= 4; [i, j] : 0 <= i < j < 5 and N >= 4 }")));
    a.add(Arguments.of("P * C", literalNeeding(intersectParams,
        "[N] -> { [i] : 0 <= i < 10 and N >= 4; [i, j] : 0 <= i < j < 5 and N >= 4 }")));
    a.add(Arguments.of("M * P", literalNeeding(intersectParams, "[N] -> { [i] -> [i + 1] : 0 <= i < 10 and N >= 4 }")));
    a.add(Arguments.of("dom K", (Supplier<UnionRelation>) () -> u("K").domain()));
    a.add(Arguments.of("domain S", (Supplier<UnionRelation>) () -> u("S").domain()));
    a.add(Arguments.of("ran Q", (Supplier<UnionRelation>) () -> u("Q").range()));
    a.add(Arguments.of("range S", (Supplier<UnionRelation>) () -> u("S").range()));
    a.add(Arguments.of("params A", (Supplier<UnionRelation>) () -> u("A").params()));
    a.add(Arguments.of("params K", (Supplier<UnionRelation>) () -> u("K").params()));
    a.add(Arguments.of("identity C", (Supplier<UnionRelation>) () -> u("C").identity()));
    a.add(Arguments.of("deltas Q", (Supplier<UnionRelation>) () -> u("Q").deltas()));
    a.add(Arguments.of("deltas_map K", (Supplier<UnionRelation>) () -> u("K").deltasMap()));
    a.add(Arguments.of("domain_map S", (Supplier<UnionRelation>) () -> u("S").domainMap()));
    a.add(Arguments.of("range_map S", (Supplier<UnionRelation>) () -> u("S").rangeMap()));
    a.add(Arguments.of("wrap S", (Supplier<UnionRelation>) () -> u("S").wrap()));
    a.add(Arguments.of("unwrap wrap S", (Supplier<UnionRelation>) () -> u("S").wrap().unwrap()));
    a.add(Arguments.of("zip W", (Supplier<UnionRelation>) () -> u("W").zip()));
    a.add(Arguments.of("coalesce C", (Supplier<UnionRelation>) () -> u("C").coalesce()));
    a.add(Arguments.of("coalesce (C + D)", (Supplier<UnionRelation>) () -> u("C").union(u("D")).coalesce()));
    a.add(Arguments.of("aff D", (Supplier<UnionRelation>) () -> u("D").map(r -> Relation.of(r.affineHull()))));
    // one precedence, left to right: (A + B) * C
    a.add(Arguments.of("A + B * C", (Supplier<UnionRelation>) () -> u("A").union(u("B")).intersect(u("C"))));
    a.add(Arguments.of("dom K + B", (Supplier<UnionRelation>) () -> u("K").domain().union(u("B"))));
    return a.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("operations")
  void operatorsAgreeWithTheEngine(String expr, Supplier<UnionRelation> oracle) {
    agrees(expr, oracle);
  }

  /** The defining property of gist: {@code (X % Y) * Y = X * Y}. */
  @ParameterizedTest(name = "{0} % {1}")
  @org.junit.jupiter.params.provider.CsvSource({"C, D", "A, B", "M, K"})
  void gistKeepsTheIntersectionWithTheContext(String x, String y) {
    UnionRelation g = agrees(x + " % " + y, () -> u(x).gist(u(y)));
    assertTrue(engineSays(() -> g.intersect(u(y)).isEqual(u(x).intersect(u(y)))));
  }

  @Test
  void gistOfAMapWithASetUsesTheDomain() {
    UnionRelation g = agrees("K % B", () -> {
      UnionRelation context = UnionRelation.of(Relation.universe(u("K").single().space())).intersectDomain(u("B"));
      return u("K").gist(context);
    });
    assertTrue(engineSays(() -> g.intersectDomain(u("B")).isEqual(u("K").intersectDomain(u("B")))));
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @org.junit.jupiter.params.provider.CsvSource({
      "C, =, C", "C, =, D", "C, <=, C + D", "C + D, <=, C", "C, <, C + D", "C, <, C",
      "C + D, >=, D", "D, >=, C + D", "C + D, >, D", "D, >, D", "M, <=, M + K", "K, =, K * K"})
  void comparisonsAgreeWithTheEngine(String x, String op, String y) {
    CalcRun r = CalcRun.of(prelude() + "(" + x + ") " + op + " (" + y + ");\n");
    boolean expected;
    try {
      UnionRelation a = evalDirectly(x);
      UnionRelation b = evalDirectly(y);
      expected = switch (op) {
        case "=" -> a.isEqual(b);
        case "<=" -> a.isSubset(b);
        case "<" -> a.isSubset(b) && !b.isSubset(a);
        case ">=" -> b.isSubset(a);
        case ">" -> b.isSubset(a) && !a.isSubset(b);
        default -> throw new AssertionError(op);
      };
    } catch (UnsupportedOperationException e) {
      assertTrue(r.err().stream().anyMatch(l -> l.contains(": not supported yet")), r.err().toString());
      Assumptions.abort("not in the engine yet: " + e.getMessage());
      return;
    }
    assertEquals(List.of(), r.err());
    assertEquals(List.of(expected ? "True" : "False"), r.out());
  }

  /** Operands of the comparison test: a variable or a union or intersection of two. */
  private static UnionRelation evalDirectly(String e) {
    String[] parts = e.split(" ");
    if (parts.length == 1) return u(parts[0]);
    return parts[1].equals("+") ? u(parts[0]).union(u(parts[2])) : u(parts[0]).intersect(u(parts[2]));
  }

  @Test
  void transitiveClosurePrintsTheMapAndItsExactness() {
    CalcRun r = CalcRun.of(prelude() + "M^+;\nR := M^+;\nF := (M^+)[0];\nE := (M^+)[1];\nG := dom (M^+);\n");
    TransitiveClosure.UnionResult expected;
    try {
      expected = u("M").transitiveClosure();
    } catch (UnsupportedOperationException e) {
      assertTrue(r.err().stream().anyMatch(l -> l.endsWith(": not supported yet")), r.err().toString());
      Assumptions.abort("not in the engine yet: " + e.getMessage());
      return;
    }
    assertEquals(List.of(), r.err());
    String flag = expected.exact() ? "True" : "False";
    assertEquals(List.of("(" + new UnionValue(expected.closure()).print() + ", " + flag + ")"), r.out());
    assertEquals("list", r.variable("R").typeName());
    assertEquals(new UnionValue(expected.closure()), r.variable("F"));
    assertEquals(BoolValue.of(expected.exact()), r.variable("E"));
    // a pair (map, exact) stands for its map
    assertEquals(new UnionValue(expected.closure().domain()), r.variable("G"));
  }

  @Test
  void lexicographicOrderBetweenSetsAgreesWithEnumeration() {
    String[] ops = {"<<", "<<=", ">>", ">>="};
    CalcRun r = CalcRun.of("X := { [i, j] : 0 <= i, j <= 2 };\nY := { [i, j] : 0 <= i <= 2 and j = 1 };\n"
        + "L0 := X << Y; L1 := X <<= Y; L2 := X >> Y; L3 := X >>= Y;\n");
    Relation x;
    Relation y;
    try {
      x = Relation.parse("{ [i, j] : 0 <= i, j <= 2 }");
      y = Relation.parse("{ [i, j] : 0 <= i <= 2 and j = 1 }");
    } catch (UnsupportedOperationException e) {
      Assumptions.abort("isl notation parser not available yet");
      return;
    }
    try {
      Relation.lexLt(x.space(), y.space());
    } catch (UnsupportedOperationException e) {
      assertEquals(4, r.err().stream().filter(l -> l.contains(": not supported yet")).count(), r.err().toString());
      Assumptions.abort("not in the engine yet: " + e.getMessage());
      return;
    }
    assertEquals(List.of(), r.err());
    for (int k = 0; k < 4; k++) {
      Relation lex = ((UnionValue) r.variable("L" + k)).union().single();
      assertEquals(Space.Kind.MAP, lex.space().kind());
      int op = k;
      BruteForce.forEachPoint(4, -1, 3, p -> {
        boolean inX = x.contains(new long[] {p[0], p[1]});
        boolean inY = y.contains(new long[] {p[2], p[3]});
        int cmp = p[0] != p[2] ? Long.compare(p[0], p[2]) : Long.compare(p[1], p[3]);
        boolean order = switch (op) {
          case 0 -> cmp < 0;
          case 1 -> cmp <= 0;
          case 2 -> cmp > 0;
          default -> cmp >= 0;
        };
        assertEquals(inX && inY && order, lex.contains(p), ops[op] + " at " + java.util.Arrays.toString(p));
      });
    }
  }

  @Test
  void lexicographicOrderBetweenMapsComparesImages() {
    // { i -> j : M(i) << K(j) } = M . (<<) . K^-1
    agrees("M << K", () -> {
      Relation m = u("M").single();
      Relation k = u("K").single();
      return UnionRelation.of(m.apply(Relation.lexLt(m.space().range(), k.space().range())).apply(k.reverse()));
    });
  }

  @Test
  void sampleIsAPointOfTheSet() {
    UnionRelation s = agrees("sample C", () -> u("C").sample());
    assertFalse(s.isEmpty());
    assertTrue(engineSays(() -> s.isSubset(u("C"))));
  }

  @Test
  void typeofSetsMapsAndLists() {
    CalcRun r = CalcRun.of(prelude() + "typeof A; typeof M; typeof P; typeof { }; typeof { [i] -> [j] : false };"
        + " typeof ({ [i] -> [j] : false } + { }); typeof dom { [i] -> [j] : false };\n");
    try {
      u("A");
    } catch (UnsupportedOperationException e) {
      Assumptions.abort("isl notation parser not available yet");
    }
    assertEquals(List.of("set", "map", "set", "set", "map", "map", "set"), r.out(), r.err().toString());
  }

  @Test
  void operandTypesAreChecked() {
    try {
      u("A");
    } catch (UnsupportedOperationException e) {
      Assumptions.abort("isl notation parser not available yet");
    }
    CalcRun r = CalcRun.of(prelude() + "A + M;\nM -> A;\nA ->* B;\ndeltas A;\nidentity M;\nA(B);\nM(1);\n");
    assertEquals(List.of(
        "12:3: '+' is not defined on set and map",
        "13:3: '->' is not defined on map and set",
        "14:3: '->*' is not defined on set and set",
        "15:1: 'deltas' is not defined on set",
        "16:1: 'identity' is not defined on map",
        "17:2: only a map can be applied, found set",
        "18:2: a map applies to a set or a map, found value"), r.err());
  }

  @Test
  void literalErrorsAreReportedAtTheirPositionAndTheScriptGoesOn() {
    CalcRun r = CalcRun.of("X := { [i] : i >= };\nprint 1;\nY := [N] -> { [i] :\n  i < N and };\nprint 2;\n");
    assertEquals(List.of("1", "2"), r.out());
    assertEquals(2, r.err().size(), r.err().toString());
    assertTrue(r.err().get(0).startsWith("1:19: "), r.err().toString());
    assertTrue(r.err().get(1).startsWith("4:13: "), r.err().toString());
  }
}
