package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link CoalescingMemo} answers every question as the direct test does, and as enumeration over a
 * box does, even when one memo is asked many related questions: the same rows as equalities or as
 * inequalities, other objective rows and caps. The systems are bounded (every variable in [-3, 3]),
 * so enumeration is an exact oracle.
 */
class CoalescingMemoProperties {
  record Question(int width, List<long[]> eqs, List<long[]> ineqs, long[] f, long cap) {}

  @Provide
  Arbitrary<List<Question>> questions() {
    return Arbitraries.integers().between(1, 2).flatMap(nVar -> {
      int width = 1 + nVar;
      Arbitrary<long[]> row = Arbitraries.longs().between(-2, 2).array(long[].class).ofSize(width);
      Arbitrary<Question> q = Combinators.combine(row.list().ofMaxSize(1), row.list().ofMaxSize(2), row,
          Arbitraries.longs().between(-2, 2)).as((e, i, f, cap) -> {
            List<long[]> ineqs = new ArrayList<>(i);
            for (int v = 0; v < nVar; v++) { // -3 <= x_v <= 3
              long[] lo = new long[width];
              lo[0] = 3;
              lo[1 + v] = 1;
              long[] hi = new long[width];
              hi[0] = 3;
              hi[1 + v] = -1;
              ineqs.add(lo);
              ineqs.add(hi);
            }
            return new Question(width, e, ineqs, f, cap);
          });
      // the memo is asked the same questions again, and questions that differ only in cap or objective
      return q.list().ofMinSize(2).ofMaxSize(6).map(l -> {
        List<Question> all = new ArrayList<>(l);
        for (Question x : l) {
          all.add(new Question(x.width(), x.eqs(), x.ineqs(), x.f(), x.cap() - 4));
          all.add(new Question(x.width(), x.eqs(), x.ineqs(), dev.polyj.presburger.arith.Ints.negate(x.f()), x.cap()));
        }
        all.addAll(l);
        return all;
      });
    });
  }

  @Property(tries = 200)
  void answersAsTheDirectTestsAndEnumeration(@ForAll("questions") List<Question> qs) {
    CoalescingMemo memo = new CoalescingMemo();
    for (Question q : qs) {
      boolean empty = Rows.isEmpty(q.width(), q.eqs(), q.ineqs());
      assertEquals(empty, memo.isEmpty(q.width(), q.eqs(), q.ineqs()));
      assertEquals(empty, enumerate(q).isEmpty());
      if (!empty) { // min(cap, min f) over the points, f's constant ignored
        long min = q.cap();
        for (long[] p : enumerate(q)) min = Math.min(min, value(q.f(), p) - q.f()[0]);
        assertEquals(min, memo.minimum(q.width(), q.eqs(), q.ineqs(), q.f(), q.cap()));
        assertEquals(min, IntegerOptimum.minimum(q.width(), q.eqs(), q.ineqs(), q.f(), q.cap()));
      }
      // swapping equalities into inequalities is another question
      assertEquals(Rows.isEmpty(q.width(), List.of(), q.ineqs()), memo.isEmpty(q.width(), List.of(), q.ineqs()));
    }
  }

  /** The points of the box satisfying the rows. */
  private static List<long[]> enumerate(Question q) {
    List<long[]> out = new ArrayList<>();
    BruteForce.forEachPoint(q.width() - 1, -3, 3, p -> {
      for (long[] e : q.eqs()) if (value(e, p) != 0) return;
      for (long[] i : q.ineqs()) if (value(i, p) < 0) return;
      out.add(p.clone());
    });
    return out;
  }

  private static long value(long[] r, long[] p) {
    long v = r[0];
    for (int i = 0; i < p.length; i++) v += r[1 + i] * p[i];
    return v;
  }
}
