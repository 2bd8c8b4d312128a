package dev.polyj.presburger.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.testing.BruteForce;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code lexmin} / {@code lexmax} in the calculator against the enumerated extreme points. */
class CalculatorLexoptTest {
  static String run(String script) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    boolean error = new Calculator().run(new StringReader(script), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(false, error, err.toString(StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8).trim();
  }

  @ParameterizedTest
  @ValueSource(strings = {"[N] -> { [i, j] : 0 <= i < N and i <= j < N and (i + j) mod 2 = 1 }",
      "[N] -> { [i, j] : 0 <= i, j and i + 2j <= N and 3i >= N }"})
  void extremesMatchEnumeration(String text) {
    Relation set = Relation.parse(text);
    for (String op : List.of("lexmin", "lexmax")) {
      Relation result = UnionRelation.parse(run(op + " " + text + ";")).single();
      for (long n = 0; n <= 6; n++) {
        List<long[]> pts = new ArrayList<>();
        final long nn = n;
        BruteForce.forEachPoint(2, -1, 8, p -> {
          long[] full = {nn, p[0], p[1]};
          if (set.contains(full)) pts.add(full);
        });
        pts.sort(Arrays::compare);
        for (long[] p : pts) {
          boolean extreme = Arrays.equals(p, op.equals("lexmin") ? pts.get(0) : pts.get(pts.size() - 1));
          assertEquals(extreme, result.contains(p), () -> op + " at " + Arrays.toString(p) + ": " + result);
        }
        if (pts.isEmpty()) assertTrue(BruteForce.points(result, -1, 8).stream().noneMatch(q -> q[0] == nn));
      }
    }
  }
}
