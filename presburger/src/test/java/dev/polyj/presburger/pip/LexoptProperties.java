package dev.polyj.presburger.pip;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.aff.PwAff;
import dev.polyj.presburger.aff.PwMultiAff;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Lexicographic optimization against enumeration: random relations with bounded output
 * dimensions (parameters, inputs and existentials unbounded); for every parameter and input value
 * of a small box, the lexicographic minimum (maximum) of the enumerated image equals the value of
 * the piecewise result, "no value" included, and at most one piece holds the point.
 */
class LexoptProperties {
  static final long PARAM = 3;
  static final long BOX = 3;

  /** Maps (or sets when nIn is 0) with 0-2 parameters, 0-1 inputs, 1-2 outputs, outputs boxed. */
  @Provide
  Arbitrary<Relation> boxedRelations() {
    return Combinators.combine(Arbitraries.integers().between(0, 2), Arbitraries.integers().between(0, 1),
        Arbitraries.integers().between(1, 2), Arbitraries.integers().between(0, 1))
        .flatAs((np, nIn, nOut, setKind) -> {
          List<String> params = List.of("N", "M").subList(0, np);
          Space s = nIn == 0 && setKind == 1 ? Space.set(params, nOut) : Space.map(params, nIn, nOut);
          return PresburgerArbitraries.relations(s, 3, 3, 1, 2).map(LexoptProperties::boxOutputs);
        });
  }

  /**
   * Relations with a stride: random inequalities (coefficients in [-2, 2]) and an equality
   * {@code c + sum a_v x_v = m e} with an existential e and m in 2..3, outputs boxed. These make
   * the solver introduce divisions (parametric cuts).
   */
  @Provide
  Arbitrary<Relation> stridedRelations() {
    return stridedSpaces().flatMap(LexoptProperties::strided);
  }

  static Arbitrary<Space> stridedSpaces() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(0, 1),
        Arbitraries.integers().between(1, 2)).as((np, nIn, nOut) -> Space.map(List.of("N").subList(0, np), nIn, nOut));
  }

  static Arbitrary<Relation> strided(Space s) {
    int width = 1 + s.nVar() + 1;
    Arbitrary<long[]> ineq = Arbitraries.longs().between(-2, 2).array(long[].class).ofSize(width).map(r -> {
      r[0] *= 2;
      r[width - 1] = 0;
      return r;
    });
    Arbitrary<long[]> stride = Combinators.combine(
        Arbitraries.longs().between(-2, 2).array(long[].class).ofSize(width), Arbitraries.longs().between(2, 3))
        .as((r, m) -> {
          r[width - 1] = -m;
          return r;
        });
    return Combinators.combine(stride, ineq.list().ofMaxSize(3), Arbitraries.integers().between(1, 2))
        .as((e, in, pieces) -> {
          List<BasicRelation> bs = new ArrayList<>();
          bs.add(BasicRelation.of(s, 1, null, List.of(e), in));
          if (pieces == 2) bs.add(BasicRelation.of(s, 1, null, List.of(), in.isEmpty() ? List.of() : in.subList(0, 1)));
          return s.isMap() && s.nOut() > 0 ? boxOutputs(Relation.ofBasics(s, bs)) : Relation.ofBasics(s, bs);
        });
  }

  /** A strided relation and a strided domain (a strided set over the map's domain space). */
  @Provide
  Arbitrary<Restricted> stridedRestricted() {
    return stridedSpaces().flatMap(s -> Combinators.combine(strided(s), strided(s.domain())).as(Restricted::new));
  }

  /** Restricts every output dimension to [-BOX, BOX]. */
  static Relation boxOutputs(Relation r) {
    Space s = r.space();
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : r.basics()) out.add(b.intersect(outputBox(s)));
    return Relation.ofBasics(s, out);
  }

  static BasicRelation outputBox(Space s) {
    BasicRelation.Builder bb = BasicRelation.builder(s);
    int first = s.nParam() + s.nIn();
    for (int k = 0; k < s.nOut(); k++) {
      long[] lo = new long[1 + s.nVar()];
      lo[0] = BOX;
      lo[1 + first + k] = 1;
      long[] hi = new long[1 + s.nVar()];
      hi[0] = BOX;
      hi[1 + first + k] = -1;
      bb.addIneq(lo).addIneq(hi);
    }
    return bb.build();
  }

  /** The brute-force optimum of the image of {@code dom} (parameters then inputs), or null. */
  static long[] bruteOptimum(Relation r, long[] dom, boolean max) {
    int nOut = r.space().nOut();
    long[][] best = {null};
    BruteForce.forEachPoint(nOut, -BOX, BOX, out -> {
      long[] p = concat(dom, out);
      if (!r.contains(p)) return;
      if (best[0] == null || (max ? compare(out, best[0]) > 0 : compare(out, best[0]) < 0)) best[0] = out;
    });
    return best[0];
  }

  static long[] concat(long[] a, long[] b) {
    long[] p = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, p, a.length, b.length);
    return p;
  }

  static int compare(long[] a, long[] b) {
    for (int i = 0; i < a.length; i++) if (a[i] != b[i]) return Long.compare(a[i], b[i]);
    return 0;
  }

  static void checkAgainstEnumeration(Relation r, PwMultiAff f, boolean max) {
    int nDom = r.space().nParam() + r.space().nIn();
    BruteForce.forEachPoint(nDom, -PARAM, PARAM, dom -> {
      long[] expected = bruteOptimum(r, dom, max);
      Optional<long[]> got = f.evaluate(dom);
      String where = Arrays.toString(dom) + " in " + r + "\n result " + f;
      assertEquals(expected == null, got.isEmpty(), () -> "defined at " + where);
      if (expected != null) assertArrayEquals(expected, got.get(), () -> "value at " + where);
      int holding = 0;
      for (PwMultiAff.Piece p : f.pieces()) if (p.domain().contains(dom)) holding++;
      assertTrue(holding <= 1, () -> "overlapping pieces at " + where);
    });
  }

  @Property(tries = 250)
  void lexminMatchesEnumeration(@ForAll("boxedRelations") Relation r) {
    checkAgainstEnumeration(r, Lexopt.lexmin(r), false);
  }

  @Property(tries = 250)
  void lexmaxMatchesEnumeration(@ForAll("boxedRelations") Relation r) {
    checkAgainstEnumeration(r, Lexopt.lexmax(r), true);
  }

  @Property(tries = 200)
  void lexoptOfStridedRelationsMatchesEnumeration(@ForAll("stridedRelations") Relation r, @ForAll boolean max) {
    checkAgainstEnumeration(r, max ? Lexopt.lexmax(r) : Lexopt.lexmin(r), max);
  }

  @Property(tries = 150)
  void partialLexmaxOfStridedRelationsMatchesEnumeration(@ForAll("stridedRestricted") Restricted x, @ForAll boolean max) {
    checkPartial(x, max);
  }

  /** The graph of the result holds exactly the optimal pairs. */
  /**
   * Results are simplified: no piece domain keeps an inequality implied by the others (checked by
   * inclusion with the relation engine). Merging is checked on the dataflow problems of
   * {@link LexoptPiecesTest}, where the minimal number of pieces is known.
   */
  @Property(tries = 120)
  void resultPiecesHaveNoRedundantInequality(@ForAll("stridedRelations") Relation r, @ForAll boolean max) {
    PwMultiAff f = max ? Lexopt.lexmax(r) : Lexopt.lexmin(r);
    for (PwMultiAff.Piece p : f.pieces()) LexoptPiecesTest.assertNoRedundantInequality(p.domain(), f);
  }

  @Property(tries = 80)
  void lexminRelationHoldsTheOptimalPairs(@ForAll("boxedRelations") Relation r) {
    Relation g = Lexopt.lexminRelation(r);
    int nDom = r.space().nParam() + r.space().nIn();
    BruteForce.forEachPoint(nDom, -PARAM, PARAM, dom -> {
      long[] expected = bruteOptimum(r, dom, false);
      BruteForce.forEachPoint(r.space().nOut(), -BOX, BOX, out -> {
        boolean optimal = expected != null && Arrays.equals(expected, out);
        assertEquals(optimal, g.contains(concat(dom, out)), () -> Arrays.toString(concat(dom, out)) + " in " + g);
      });
    });
  }

  /**
   * The piecewise parser reads printed results back: the function read takes the same values (and
   * is undefined at the same points), and printing it gives the same text when no division is
   * nested in another (nested divisions may come back in another, equivalent normal form).
   */
  @Property(tries = 120)
  void printedResultReadsBackAsTheSameFunction(@ForAll("stridedRelations") Relation r, @ForAll boolean max) {
    PwMultiAff f = max ? Lexopt.lexmax(r) : Lexopt.lexmin(r);
    PwMultiAff g = PwMultiAff.parse(f.toString());
    if (!hasNestedDivisions(f)) assertEquals(f.toString(), g.toString());
    int nDom = r.space().nParam() + r.space().nIn();
    BruteForce.forEachPoint(nDom, -PARAM, PARAM, dom -> {
      Optional<long[]> a = f.evaluate(dom);
      Optional<long[]> b = g.evaluate(dom);
      assertEquals(a.isPresent(), b.isPresent(), () -> f + " read as " + g + " at " + Arrays.toString(dom));
      a.ifPresent(v -> assertArrayEquals(v, b.get(), () -> f + " read as " + g + " at " + Arrays.toString(dom)));
    });
  }

  static boolean hasNestedDivisions(PwMultiAff f) {
    for (PwMultiAff.Piece p : f.pieces()) {
      BasicRelation d = p.domain();
      for (int l = 0; l < d.nLocal(); l++) {
        if (d.div(l) != null && !dev.polyj.presburger.arith.Ints.isZero(d.div(l).numerator(), 1 + d.nVar(), d.nCol())) return true;
      }
      for (dev.polyj.presburger.aff.Aff a : p.value().affs()) {
        for (int k = 0; k < a.nDiv(); k++) {
          long[] n = a.div(k).numerator();
          if (!dev.polyj.presburger.arith.Ints.isZero(n, 1 + a.space().nVar(), n.length)) return true;
        }
      }
    }
    return false;
  }

  /**
   * The same for unions with existentials, and for one dimension's minimum as a piecewise
   * expression (text compared when no division is nested in another).
   */
  @Property(tries = 80)
  void printedBoundsReadBack(@ForAll("boxedRelations") Relation r, @ForAll boolean max) {
    PwMultiAff f = max ? Lexopt.lexmax(r) : Lexopt.lexmin(r);
    if (!hasNestedDivisions(f)) assertEquals(f.toString(), PwMultiAff.parse(f.toString()).toString());
    PwAff d = max ? Lexopt.dimMax(r, 0) : Lexopt.dimMin(r, 0);
    PwAff e = PwAff.parse(d.toString());
    if (!hasNestedDivisions(d.toPwMultiAff())) assertEquals(d.toString(), e.toString());
    int nDom = r.space().nParam() + r.space().nIn();
    BruteForce.forEachPoint(nDom, -PARAM, PARAM, dom -> assertEquals(d.evaluate(dom), e.evaluate(dom), () -> d + " read as " + e));
  }

  /** The printed result, read back by the isl parser, is the graph of the optimum. */
  @Property(tries = 80)
  void printedResultParsesBackToTheOptimum(@ForAll("stridedRelations") Relation r, @ForAll boolean max) {
    PwMultiAff f = max ? Lexopt.lexmax(r) : Lexopt.lexmin(r);
    Relation parsed = Relation.parse(f.toString());
    Relation graph = f.toRelation();
    BruteForce.forEachPoint(r.space().nVar(), -PARAM, PARAM, p ->
        assertEquals(graph.contains(p), parsed.contains(p), () -> f + " at " + Arrays.toString(p)));
  }

  /** Maps with a random domain restriction. */
  record Restricted(Relation map, Relation domain) {}

  @Provide
  Arbitrary<Restricted> restricted() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 2),
        Arbitraries.integers().between(1, 2)).flatAs((np, nIn, nOut) -> {
          List<String> params = List.of("N").subList(0, np);
          Space s = Space.map(params, nIn, nOut);
          return Combinators.combine(PresburgerArbitraries.relations(s, 3, 3, 1, 2).map(LexoptProperties::boxOutputs),
              PresburgerArbitraries.relations(s.domain(), 3, 2, 1, 2)).as(Restricted::new);
        });
  }

  @Property(tries = 250)
  void partialLexmaxMatchesEnumeration(@ForAll("restricted") Restricted x) {
    checkPartial(x, true);
  }

  @Property(tries = 150)
  void partialLexminMatchesEnumeration(@ForAll("restricted") Restricted x) {
    checkPartial(x, false);
  }

  static void checkPartial(Restricted x, boolean max) {
    Lexopt.Partial p = max ? Lexopt.partialLexmax(x.map(), x.domain()) : Lexopt.partialLexmin(x.map(), x.domain());
    int nDom = x.map().space().nParam() + x.map().space().nIn();
    BruteForce.forEachPoint(nDom, -PARAM, PARAM, dom -> {
      boolean inDomain = x.domain().contains(dom);
      long[] expected = inDomain ? bruteOptimum(x.map(), dom, max) : null;
      Optional<long[]> got = p.optimum().evaluate(dom);
      String where = Arrays.toString(dom) + " for " + x + "\n result " + p;
      assertEquals(expected == null, got.isEmpty(), () -> "defined at " + where);
      if (expected != null) assertArrayEquals(expected, got.get(), () -> "value at " + where);
      assertEquals(inDomain && expected == null, p.noImage().contains(dom), () -> "no image at " + where);
    });
  }

  /** dim_min and dim_max of a set dimension against enumeration. */
  @Property(tries = 150)
  void dimMinAndMaxMatchEnumeration(@ForAll("boxedRelations") Relation r, @ForAll boolean max) {
    int pos = r.space().nOut() - 1;
    PwAff f = max ? Lexopt.dimMax(r, pos) : Lexopt.dimMin(r, pos);
    int nDom = r.space().nParam() + r.space().nIn();
    BruteForce.forEachPoint(nDom, -PARAM, PARAM, dom -> {
      Long[] best = {null};
      BruteForce.forEachPoint(r.space().nOut(), -BOX, BOX, out -> {
        if (!r.contains(concat(dom, out))) return;
        long v = out[pos];
        if (best[0] == null || (max ? v > best[0] : v < best[0])) best[0] = v;
      });
      OptionalLong got = f.evaluate(dom);
      assertEquals(best[0] == null, got.isEmpty(), () -> Arrays.toString(dom) + " " + r + " -> " + f);
      if (best[0] != null) assertEquals(best[0].longValue(), got.getAsLong(), () -> Arrays.toString(dom) + " " + r + " -> " + f);
    });
  }

  /** The unbounded-integer tableau takes exactly the same decisions as the long one. */
  @Property(tries = 100)
  void bigIntegerTableauAgrees(@ForAll("boxedRelations") Relation r, @ForAll boolean max) {
    Lexopt.Partial small = Lexopt.optimizeWith(r, null, max, false);
    Lexopt.Partial big = Lexopt.optimizeWith(r, null, max, true);
    assertEquals(small.optimum(), big.optimum());
    assertFalse(small.optimum().nPiece() != big.optimum().nPiece());
  }
}
