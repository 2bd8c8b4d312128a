package dev.polyj.presburger.aff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import dev.polyj.presburger.testing.BruteForce;
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
 * Quasi-affine expressions against evaluation: arithmetic, floor and mod, pullback, comparison
 * sets, graphs, and printing (the printed text, read back by the isl parser, is the same graph).
 */
class AffProperties {
  static final Space S = Space.set(List.of("N"), Tuple.of("S", "i", "j"));
  static final long R = 3;

  /** Random expressions over S with up to two divisions (nested possibly). */
  @Provide
  static Arbitrary<Aff> affs() {
    Arbitrary<long[]> coefs = Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(1 + S.nVar() + 2);
    return Combinators.combine(coefs, coefs, coefs, Arbitraries.longs().between(1, 3), Arbitraries.longs().between(2, 3),
        Arbitraries.longs().between(2, 4), Arbitraries.integers().between(0, 2))
        .as((num, d0, d1, den, q0, q1, nDiv) -> {
          int nv = S.nVar();
          int width = 1 + nv + nDiv;
          List<Div> divs = new ArrayList<>();
          if (nDiv >= 1) {
            long[] n0 = Arrays.copyOf(d0, width);
            for (int c = 1 + nv; c < width; c++) n0[c] = 0;
            divs.add(new Div(n0, q0));
          }
          if (nDiv >= 2) {
            long[] n1 = Arrays.copyOf(d1, width);
            n1[width - 1] = 0;
            divs.add(new Div(n1, q1));
          }
          return Aff.of(S, divs, Arrays.copyOf(num, width), den);
        });
  }

  /** Exact rational value {num, den} computed from the definition (independent of normalization). */
  static long[] value(Aff a, long[] p) {
    return a.evaluateRational(p);
  }

  static long[] add(long[] x, long[] y) {
    long n = x[0] * y[1] + y[0] * x[1];
    long d = x[1] * y[1];
    long g = Ints.gcd(n, d);
    return new long[] {n / g, d / g};
  }

  static void forEachPoint(java.util.function.Consumer<long[]> c) {
    BruteForce.forEachPoint(S.nVar(), -R, R, c);
  }

  @Property(tries = 200)
  void sumAndDifference(@ForAll("affs") Aff a, @ForAll("affs") Aff b) {
    Aff s = a.add(b);
    Aff d = a.sub(b);
    forEachPoint(p -> {
      assertArrayEquals(add(value(a, p), value(b, p)), value(s, p));
      long[] nb = value(b, p);
      assertArrayEquals(add(value(a, p), new long[] {-nb[0], nb[1]}), value(d, p));
    });
  }

  @Property(tries = 200)
  void scaleFloorCeilMod(@ForAll("affs") Aff a, @ForAll("factors") long f) {
    Aff fl = a.floor();
    Aff ce = a.ceil();
    Aff sc = a.scale(f);
    Aff sd = a.scaleDown(f);
    forEachPoint(p -> {
      long[] v = value(a, p);
      assertEquals(Math.floorDiv(v[0], v[1]), fl.evaluate(p));
      assertEquals(-Math.floorDiv(-v[0], v[1]), ce.evaluate(p));
      long[] w = value(sc, p);
      assertEquals(v[0] * f * w[1], w[0] * v[1]);
      long[] z = value(sd, p);
      assertEquals(v[0] * z[1], z[0] * v[1] * f);
    });
    Aff m = a.floor().mod(Math.abs(f));
    forEachPoint(p -> assertEquals(Math.floorMod(fl.evaluate(p), Math.abs(f)), m.evaluate(p)));
  }

  @Provide
  Arbitrary<Long> factors() {
    return Arbitraries.longs().between(-4, 4).filter(x -> x != 0);
  }

  @Property(tries = 150)
  void pullbackIsComposition(@ForAll("affs") Aff a, @ForAll("affs") Aff x, @ForAll("affs") Aff y) {
    // inner: S[i, j] -> S[floor(x), floor(y)] (integral values, so that a's divisions see integers)
    MultiAff inner = MultiAff.of(Space.map(S.params(), S.tuple(), S.tuple()), List.of(x.floor(), y.floor()));
    Aff c = a.pullback(inner);
    forEachPoint(p -> {
      long[] q = inner.evaluate(p);
      long[] full = {p[0], q[0], q[1]};
      assertArrayEquals(value(a, full), value(c, p));
    });
  }

  @Property(tries = 150)
  void comparisonSets(@ForAll("affs") Aff a, @ForAll("affs") Aff b) {
    Relation le = a.leSet(b);
    Relation lt = a.ltSet(b);
    Relation eq = a.eqSet(b);
    Relation ne = a.neSet(b);
    forEachPoint(p -> {
      long[] x = value(a, p);
      long[] y = value(b, p);
      int cmp = Long.compare(x[0] * y[1], y[0] * x[1]);
      assertEquals(cmp <= 0, le.contains(p));
      assertEquals(cmp < 0, lt.contains(p));
      assertEquals(cmp == 0, eq.contains(p));
      assertEquals(cmp != 0, ne.contains(p));
    });
  }

  @Property(tries = 150)
  void graphHoldsExactlyTheValues(@ForAll("affs") Aff a, @ForAll("affs") Aff b) {
    MultiAff ma = MultiAff.of(Space.map(S.params(), S.tuple(), Tuple.of("T", "u", "v")), List.of(a.floor(), b.floor()));
    Relation g = Relation.of(ma.toBasicRelation());
    forEachPoint(p -> {
      long[] v = ma.evaluate(p);
      for (long du = -1; du <= 1; du++) {
        for (long dv = -1; dv <= 1; dv++) {
          long[] q = {p[0], p[1], p[2], v[0] + du, v[1] + dv};
          assertEquals(du == 0 && dv == 0, g.contains(q));
        }
      }
    });
  }

  /** The printed piecewise function, read back by the isl parser, is the graph of the function. */
  @Property(tries = 150)
  void printedFunctionsParseBackToTheirGraph(@ForAll("affs") Aff a, @ForAll("affs") Aff b, @ForAll("affs") Aff c) {
    Space fs = Space.map(S.params(), S.tuple(), Tuple.of("T", "u", "v"));
    MultiAff m1 = MultiAff.of(fs, List.of(a.floor(), b.floor()));
    MultiAff m2 = MultiAff.of(fs, List.of(c.floor(), a.ceil()));
    Relation pos = c.nonnegSet();
    List<PwMultiAff.Piece> pieces = new ArrayList<>();
    for (var d : pos.basics()) pieces.add(new PwMultiAff.Piece(d, m1));
    for (var d : c.scale(-1).addConstant(-1).nonnegSet().basics()) pieces.add(new PwMultiAff.Piece(d, m2));
    PwMultiAff f = PwMultiAff.of(fs, pieces);
    String text = f.toString();
    Relation parsed = Relation.parse(text);
    Relation graph = f.toRelation();
    BruteForce.forEachPoint(fs.nVar(), -R, R, p -> assertEquals(graph.contains(p), parsed.contains(p), () -> text + " at " + Arrays.toString(p)));
    // a single expression prints as isl's aff notation and parses back too
    Relation single = Relation.parse(a.floor().toString());
    forEachPoint(p -> {
      long v = a.floor().evaluate(p);
      assertTrue(single.contains(new long[] {p[0], p[1], p[2], v}), () -> a.floor() + " at " + Arrays.toString(p));
    });
  }
}
