package dev.polyj.presburger.count;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.List;
import org.junit.jupiter.api.Test;

class DebugTest {
  @Test
  void debug() {
    Space s = Space.set(List.of("N"), 2);
    long[][] e1 = {{0, -1, 0, -2, 3}};
    long[][] a = {{3, 0, 0, 1, 0}, {3, 0, 0, -1, 0}, {3, 0, 1, 0, 0}, {3, 0, -1, 0, 0}};
    BasicRelation ba = BasicRelation.of(s, 1, null, List.of(e1), List.of(a));
    try {
      var c = Counting.card(Relation.of(ba));
      System.out.println(c);
      for (long n = -3; n < 5; n++) System.out.println(n + " " + c.evaluate(new long[] {n}));
    } catch (RuntimeException e) {
      e.printStackTrace(System.out);
    }
  }
}
