package dev.polyj.presburger.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Printing then parsing gives back the same points: the printer's output is read with its meaning. */
class IslRoundTripProperties {
  private static final List<String> PARAMS = List.of("N", "M");

  /** Dimension labels, including ones that clash with parameters, defaults, locals and keywords. */
  private static Arbitrary<List<String>> labels(int n) {
    return Arbitraries.of("", "i", "j", "k", "N", "i0", "o0", "e0", "and", "floor").list().ofSize(n);
  }

  private static Arbitrary<Tuple> tuples(int arity) {
    return Combinators.combine(Arbitraries.of("", "S", "A"), labels(arity)).as(Tuple::of);
  }

  @Provide
  Arbitrary<Relation> sets() {
    Arbitrary<Space> spaces = Combinators.combine(Arbitraries.integers().between(0, 2),
        Arbitraries.integers().between(1, 3)).flatAs((p, d) -> tuples(d).map(t -> Space.set(PARAMS.subList(0, p), t)));
    return spaces.flatMap(s -> PresburgerArbitraries.relations(s, 3, 3, 1, 3));
  }

  @Provide
  Arbitrary<Relation> setsWithLocals() {
    Arbitrary<Space> spaces = Combinators.combine(Arbitraries.integers().between(0, 1),
        Arbitraries.integers().between(1, 2)).flatAs((p, d) -> tuples(d).map(t -> Space.set(PARAMS.subList(0, p), t)));
    return spaces.flatMap(s -> PresburgerArbitraries.relations(s, 4, 4, 2, 2));
  }

  @Provide
  Arbitrary<Relation> maps() {
    Arbitrary<Space> spaces = Combinators.combine(Arbitraries.integers().between(0, 2),
        Arbitraries.integers().between(1, 2), Arbitraries.integers().between(1, 2))
        .flatAs((p, in, out) -> Combinators.combine(tuples(in), tuples(out))
            .as((a, b) -> Space.map(PARAMS.subList(0, Math.min(p, 5 - in - out)), a, b)));
    return spaces.flatMap(s -> PresburgerArbitraries.relations(s, 3, 3, 1, 3));
  }

  @Provide
  Arbitrary<Relation> wrapped() {
    Arbitrary<Space> spaces = Combinators.combine(Arbitraries.integers().between(0, 1), tuples(1), tuples(1))
        .as((p, a, b) -> Space.set(PARAMS.subList(0, p), Tuple.wrap(null, a, b)));
    return spaces.flatMap(s -> PresburgerArbitraries.relations(s, 3, 3, 1, 2));
  }

  @Provide
  Arbitrary<Relation> paramDomains() {
    Arbitrary<Space> spaces = Arbitraries.integers().between(1, 2).map(p -> Space.params(PARAMS.subList(0, p)));
    return spaces.flatMap(s -> PresburgerArbitraries.relations(s, 3, 3, 1, 3));
  }

  private static void roundTrip(Relation r) {
    String text = IslPrinter.print(r);
    Relation back = IslParser.parseRelation(text);
    Points.assertSamePoints(r, back, text);
    // printing is stable up to meaning: the reprint reads back to the same points again
    Points.assertSamePoints(r, IslParser.parseRelation(IslPrinter.print(back)), IslPrinter.print(back));
  }

  @Property(tries = 250)
  void setsReadBackAsPrinted(@ForAll("sets") Relation r) {
    roundTrip(r);
  }

  @Property(tries = 150)
  void setsWithExistentialsReadBackAsPrinted(@ForAll("setsWithLocals") Relation r) {
    roundTrip(r);
  }

  @Property(tries = 200)
  void mapsReadBackAsPrinted(@ForAll("maps") Relation r) {
    roundTrip(r);
  }

  @Property(tries = 80)
  void wrappedSetsReadBackAsPrinted(@ForAll("wrapped") Relation r) {
    roundTrip(r);
  }

  @Property(tries = 80)
  void parameterDomainsReadBackAsPrinted(@ForAll("paramDomains") Relation r) {
    roundTrip(r);
  }

  @Property(tries = 80)
  void unionsReadBackAsPrinted(@ForAll("sets") Relation a, @ForAll("maps") Relation m1, @ForAll("maps") Relation m2) {
    UnionRelation sets = UnionRelation.of(List.of(a, a.withSpace(a.space().withRangeTuple(Tuple.anonymous("T", a.space().nOut())))));
    UnionRelation maps = UnionRelation.of(List.of(m1, m2));
    for (UnionRelation u : List.of(sets, maps)) {
      String text = IslPrinter.print(u);
      UnionRelation back = IslParser.parseUnion(text);
      assertEquals(u.paramNames(), back.paramNames(), text);
      assertEquals(u.relations().stream().filter(r -> !r.isEmpty()).count(),
          back.relations().stream().filter(r -> !r.isEmpty()).count(), text);
      for (Relation r : u.relations()) Points.assertSamePoints(r, back.relation(r.space()), text);
    }
  }
}
