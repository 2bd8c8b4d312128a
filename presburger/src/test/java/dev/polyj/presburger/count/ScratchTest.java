package dev.polyj.presburger.count;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScratchTest {
  static long[] r(long... v) { return v; }

  @Test
  void smoke() {
    Space s = Space.set(List.of("N"), Tuple.of(null, "i", "j"));
    // 0 <= j <= i < N : cols [c, N, i, j]
    BasicRelation tri = BasicRelation.builder(s).addIneq(r(0, 0, 0, 1)).addIneq(r(0, 0, 1, -1)).addIneq(r(-1, 1, -1, 0)).build();
    System.out.println(Counting.card(Relation.of(tri)));
    // 0 <= 2i <= N
    Space s1 = Space.set(List.of("N"), Tuple.of(null, "i"));
    BasicRelation half = BasicRelation.builder(s1).addIneq(r(0, 0, 2)).addIneq(r(0, 1, -2)).build();
    System.out.println(Counting.card(Relation.of(half)));
    // 0 <= 3i + 2j <= N, i >= 0, j >= 0
    BasicRelation t2 = BasicRelation.builder(s).addIneq(r(0, 0, 1, 0)).addIneq(r(0, 0, 0, 1)).addIneq(r(0, 1, -3, -2)).build();
    dev.polyj.presburger.qpoly.PwQPolynomial c = null;
    try { c = Counting.card(Relation.of(t2)); } catch (RuntimeException e) { e.printStackTrace(System.out); throw e; }
    System.out.println(c);
    for (long n = 0; n < 12; n++) {
      long cnt = 0;
      for (long i = 0; i <= n; i++) for (long j = 0; j <= n; j++) if (3 * i + 2 * j <= n) cnt++;
      System.out.println(n + " " + cnt + " " + c.evaluate(new long[] {n}));
    }
    System.out.println(Ranking.rank(Relation.of(tri)));
  }
}
