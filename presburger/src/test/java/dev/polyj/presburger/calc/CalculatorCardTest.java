package dev.polyj.presburger.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.count.Counting;
import dev.polyj.presburger.qpoly.UnionPwQPolynomial;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.testing.BruteForce;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code card} in the calculator prints the engine's count, which agrees with enumeration. */
class CalculatorCardTest {
  @ParameterizedTest
  @ValueSource(strings = {"[N] -> { [i, j] : 0 <= j <= i < N }", "[N] -> { [i] : 0 <= i < N and i mod 3 = 1 }",
      "[N] -> { [i] -> [j] : 0 <= j <= i < N }"})
  void cardPrintsTheEngineCount(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    boolean error = new Calculator().run(new StringReader("card " + text + ";"),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
    assertEquals(false, error);
    UnionRelation u = UnionRelation.parse(text);
    UnionPwQPolynomial expected = Counting.card(u);
    assertEquals(expected.toString() + "\n", out.toString(StandardCharsets.UTF_8));
    Relation r = u.single();
    if (r.isSet()) {
      for (long n = 0; n <= 6; n++) {
        final long nn = n;
        long[] count = {0};
        BruteForce.forEachPoint(r.space().nOut(), -1, 7, p -> {
          long[] full = new long[p.length + 1];
          full[0] = nn;
          System.arraycopy(p, 0, full, 1, p.length);
          if (r.contains(full)) count[0]++;
        });
        assertEquals(dev.polyj.presburger.qpoly.Rational.of(count[0]),
            expected.evaluate(expected.members().get(0).space(), new long[] {n}));
      }
    }
  }
}
