package dev.polyj.presburger.pip;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Sign questions on contexts whose columns are pinned to constants (by a pair of opposite rows, or
 * by integrality alone: a division with a large denominator over a small range) against
 * enumeration of the context's integer points, and {@link FixedColumns} against the points of
 * small systems. These are the contexts where the substitution of fixed columns and the rounding
 * of column bounds ({@code Context.tightenBounds}) take over from cutting planes that overflow.
 */
class PinnedContextProperties {
  static final long BOX = 6;

  /** Two variables in [lo, lo + width], divisions of them by large denominators, sign questions. */
  record Pinned(long lo0, long w0, long lo1, long w1, List<long[]> divs, List<long[]> extra, List<long[]> questions) {
    @Override
    public String toString() {
      StringBuilder s = new StringBuilder("x0 in [" + lo0 + ", " + (lo0 + w0) + "], x1 in [" + lo1 + ", " + (lo1 + w1)
          + "] divs=");
      for (long[] d : divs) s.append(Arrays.toString(d));
      s.append(" extra=");
      for (long[] e : extra) s.append(Arrays.toString(e));
      s.append(" questions=");
      for (long[] q : questions) s.append(Arrays.toString(q));
      return s.toString();
    }
  }

  @Provide
  Arbitrary<Pinned> pinned() {
    Arbitrary<Long> lo = Arbitraries.longs().between(-BOX, BOX);
    Arbitrary<Long> width = Arbitraries.longs().between(0, 3);
    // {c, a0, a1, den}: floor((c + a0 x0 + a1 x1) / den), large denominators
    Arbitrary<long[]> div = Combinators.combine(Arbitraries.longs().between(-400_000, 400_000),
        Arbitraries.longs().between(-300_000, 300_000), Arbitraries.longs().between(-300_000, 300_000),
        Arbitraries.longs().between(2, 400_000)).as((c, a0, a1, d) -> new long[] {c, a0, a1, d});
    // rows over [c, x0, x1, q0, q1]
    Arbitrary<long[]> row = Arbitraries.longs().between(-300_000, 300_000).array(long[].class).ofSize(5);
    return Combinators.combine(lo, width, lo, width, div.list().ofMinSize(1).ofMaxSize(2),
        row.list().ofMaxSize(2), row.list().ofMinSize(1).ofMaxSize(4)).as(Pinned::new);
  }

  @Property(tries = 300)
  void signsMatchEnumeration(@ForAll("pinned") Pinned p) {
    Context c = Context.universe(2);
    c.addIneq(new long[] {-p.lo0(), 1, 0});
    c.addIneq(new long[] {p.lo0() + p.w0(), -1, 0});
    c.addIneq(new long[] {-p.lo1(), 0, 1});
    c.addIneq(new long[] {p.lo1() + p.w1(), 0, -1});
    // x0 pinned by two opposite rows as well when its range is one value
    if (p.w0() == 0) c.addEq(new long[] {-p.lo0(), 1, 0});
    int[] index = new int[p.divs().size()];
    for (int k = 0; k < index.length; k++) {
      long[] d = p.divs().get(k);
      int i = c.division(new long[] {d[0], d[1], d[2]}, d[3]);
      index[k] = i < 0 ? ~i : i;
    }
    List<long[]> extras = new ArrayList<>();
    for (long[] e : p.extra()) {
      long[] r = paramRow(e, index, c.paramWidth());
      c.addIneq(r);
      extras.add(r);
    }
    List<long[]> points = points(p, index, extras);
    if (points.isEmpty()) return; // contexts are non-empty where the solver asks questions
    for (long[] q : p.questions()) {
      long[] r = paramRow(q, index, c.paramWidth());
      boolean pos = false;
      boolean neg = false;
      for (long[] x : points) {
        if (Ints.evaluate(r, x) >= 0) pos = true;
        else neg = true;
      }
      Context.Sign expected = pos && neg ? Context.Sign.ANY : pos ? Context.Sign.POS : Context.Sign.NEG;
      assertEquals(expected, c.sign(r), () -> "question " + Arrays.toString(q));
    }
  }

  /** Row {@code [c, x0, x1, q0, q1]} in the context's parameter layout. */
  private static long[] paramRow(long[] e, int[] index, int width) {
    long[] r = new long[width];
    r[0] = e[0];
    r[1] = e[1];
    r[2] = e[2];
    for (int k = 0; k < index.length; k++) r[3 + index[k]] = Ints.add(r[3 + index[k]], e[3 + k]);
    return r;
  }

  /** The integer points {@code [x0, x1, division columns...]} of the context. */
  private static List<long[]> points(Pinned p, int[] index, List<long[]> extras) {
    int nCol = 0;
    for (int i : index) nCol = Math.max(nCol, i + 1);
    List<long[]> out = new ArrayList<>();
    for (long x0 = p.lo0(); x0 <= p.lo0() + p.w0(); x0++) {
      for (long x1 = p.lo1(); x1 <= p.lo1() + p.w1(); x1++) {
        long[] x = new long[2 + nCol];
        x[0] = x0;
        x[1] = x1;
        for (int k = 0; k < index.length; k++) {
          long[] d = p.divs().get(k);
          x[2 + index[k]] = Math.floorDiv(d[0] + d[1] * x0 + d[2] * x1, d[3]);
        }
        boolean ok = true;
        for (long[] e : extras) if (Ints.evaluate(e, x) < 0) ok = false;
        if (ok) out.add(x);
      }
    }
    return out;
  }

  /** Systems over 3 columns with small coefficients. */
  record Small(List<long[]> eqs, List<long[]> ineqs) {
    @Override
    public String toString() {
      StringBuilder s = new StringBuilder("eqs=");
      for (long[] e : eqs) s.append(Arrays.toString(e));
      s.append(" ineqs=");
      for (long[] e : ineqs) s.append(Arrays.toString(e));
      return s.toString();
    }
  }

  @Provide
  Arbitrary<Small> small() {
    // sparse rows: many single-column rows, so that columns get fixed
    Arbitrary<long[]> row = Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(4).map(r -> {
      if (r[3] != 0 && r[2] != 0) r[2] = 0;
      return r;
    });
    return Combinators.combine(row.list().ofMaxSize(2), row.list().ofMaxSize(7)).as(Small::new);
  }

  @Property(tries = 1000)
  void fixedColumnsHoldAtEveryPoint(@ForAll("small") Small s) {
    FixedColumns f = FixedColumns.of(4, s.eqs(), s.ineqs());
    for (long a = -BOX; a <= BOX; a++) {
      for (long b = -BOX; b <= BOX; b++) {
        for (long c = -BOX; c <= BOX; c++) {
          long[] x = {a, b, c};
          boolean in = true;
          for (long[] e : s.eqs()) in &= Ints.evaluate(e, x) == 0;
          for (long[] e : s.ineqs()) in &= Ints.evaluate(e, x) >= 0;
          if (!in) continue;
          long[] completed = x.clone();
          f.complete(completed);
          assertEquals(Arrays.toString(x), Arrays.toString(completed), "a fixed column with another value at a point");
          for (long[] e : s.ineqs()) assertEquals(Ints.evaluate(e, x), Ints.evaluate(f.reduce(e), x));
        }
      }
    }
  }
}
