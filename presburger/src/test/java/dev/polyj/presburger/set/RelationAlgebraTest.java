package dev.polyj.presburger.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Named spaces, parameter alignment, error cases and the exactness of simple projections. */
class RelationAlgebraTest {
  private static void assertSamePoints(Relation expected, Relation actual) {
    assertEquals(expected.space(), actual.space());
    assertTrue((expected).isEqual(actual), () -> "expected " + expected + "\n but got " + actual);
  }

  @Test
  void reverseAndDomainKeepTupleNames() {
    Relation r = Rels.map("N", "S[i, j]", "A[a]", "a = i + j and 0 <= i < N and 0 <= j < N");
    assertEquals(Space.map(List.of("N"), Rels.tuple("A[a]"), Rels.tuple("S[i,j]")), r.reverse().space());
    assertSamePoints(Rels.set("N", "S[i, j]", "0 <= i < N and 0 <= j < N"), r.domain());
    assertSamePoints(Rels.set("N", "A[a]", "0 <= a <= 2N - 2"), r.range());
    assertSamePoints(Rels.paramSet("N", "N >= 1"), r.params());
  }

  @Test
  void domainOfAStrideNeedsAnExistential() {
    Relation r = Rels.map("", "[i]", "[j]", "i = 2j and 0 <= j <= 3");
    Relation dom = r.domain();
    assertSamePoints(Rels.set("", "[i]", "exists e : i = 2e and 0 <= i <= 6"), dom);
    assertFalse(dom.contains(new long[] {3}));
    assertTrue(dom.contains(new long[] {4}));
  }

  @Test
  void projectionsWithUnitCoefficientsLeaveNoExistentials() {
    Relation r = Rels.map("N", "[i]", "[j]", "j = i + 1 and 0 <= i < N");
    for (Relation x : List.of(r.domain(), r.range(), r.params(), r.deltas())) {
      for (BasicRelation b : x.basics()) assertEquals(0, b.nLocal(), () -> "needless existential in " + x);
    }
    assertSamePoints(Rels.set("N", "[d]", "d = 1 and N >= 1"), r.deltas());
    // the projected y has a unit coefficient in an equation whose last column is the stride local
    Relation s = Rels.map("n", "[x]", "[y]", "exists a, b : 7a = n - 2 and 5b = y - x - 1 and y >= x + 6");
    Relation dom = s.domain();
    assertSamePoints(Rels.set("n", "[x]", "exists a : 7a = n - 2"), dom);
    for (BasicRelation b : dom.basics()) assertFalse(b.hasUnknownLocals(), () -> "needless existential in " + dom);
  }

  @Test
  void applyAlignsParametersByName() {
    Relation s = Rels.set("N", "S[i]", "0 <= i < N");
    Relation m = Rels.map("M, N", "S[i]", "T[j]", "j = i + M");
    Relation image = s.apply(m);
    assertEquals(List.of("N", "M"), image.space().params());
    assertSamePoints(Rels.set("N, M", "T[j]", "M <= j < M + N"), image);
  }

  @Test
  void composeMapsAcrossNamedSpaces() {
    Relation a = Rels.map("", "S[i]", "A[x]", "x = 2i");
    Relation b = Rels.map("", "A[y]", "T[z]", "z = y + 1");
    assertSamePoints(Rels.map("", "S[i]", "T[z]", "z = 2i + 1"), a.apply(b));
    Relation c = Rels.map("", "S[k]", "U[u]", "u = -k");
    // apply_domain: { u -> x : k -> x in a, k -> u in c }
    assertSamePoints(Rels.map("", "U[u]", "A[x]", "x = -2u"), a.applyDomain(c));
  }

  @Test
  void mismatchedSpacesAreRejectedNamingBoth() {
    Relation s = Rels.set("", "S[i]", "0 <= i");
    Relation m = Rels.map("", "T[i]", "T[j]", "j = i");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.apply(m));
    assertTrue(e.getMessage().contains("S[") && e.getMessage().contains("T["), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> m.apply(Rels.map("", "U[a]", "U[b]", "a = b")));
    assertThrows(IllegalArgumentException.class, () -> m.intersectDomain(s));
    assertThrows(IllegalArgumentException.class, () -> m.intersectRange(s));
    Relation diff = Rels.map("", "[i]", "[j, k]", "j = i");
    e = assertThrows(IllegalArgumentException.class, diff::deltas);
    assertTrue(e.getMessage().contains("[i]") && e.getMessage().contains("[j, k]"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Rels.map("", "S[i]", "T[j]", "j = i").deltas());
    assertThrows(IllegalArgumentException.class,
        () -> Relation.lexLt(Space.set(List.of(), 1), Space.set(List.of(), 2)));
    assertThrows(IllegalArgumentException.class, s::reverse);
    assertThrows(IllegalArgumentException.class, m::unwrap);
    assertThrows(IllegalArgumentException.class, m::curry);
    assertThrows(IllegalArgumentException.class, () -> m.projectOut(DimKind.IN, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> s.fix(DimKind.IN, 0, 1));
  }

  @Test
  void wrapCurryZipRoundTrips() {
    Relation r = Rels.map("N", "[S[i] -> A[a]]", "T[t]", "t = i + a and 0 <= i < N and 0 <= a < N");
    Relation curried = r.curry();
    assertEquals(Space.map(List.of("N"), Rels.tuple("S[i]"), Tuple.wrap(null, Rels.tuple("A[a]"), Rels.tuple("T[t]"))),
        curried.space());
    assertEquals(r, curried.uncurry());
    assertEquals(r, r.wrap().unwrap());
    Relation z = Rels.map("", "[S[i] -> A[a]]", "[T[t] -> B[b]]", "t = i and b = a + 1");
    Relation zz = z.zip();
    assertEquals(Space.map(List.of(), Tuple.wrap(null, Rels.tuple("S[i]"), Rels.tuple("T[t]")),
        Tuple.wrap(null, Rels.tuple("A[a]"), Rels.tuple("B[b]"))), zz.space());
    assertSamePoints(z, zz.zip());
  }

  @Test
  void projectOutDropsTheTupleStructure() {
    Relation s = Rels.set("N, M", "S[i, j, k]", "i + j + k = N and 0 <= i, j, k".replace("0 <= i, j, k", "0 <= i and 0 <= j and 0 <= k"));
    Relation p = s.projectOut(DimKind.OUT, 1, 1);
    assertEquals(Space.set(List.of("N", "M"), Tuple.of(null, "i", "k")), p.space());
    assertSamePoints(Rels.set("N, M", "[i, k]", "0 <= i and 0 <= k and i + k <= N"), p);
    Relation q = s.projectOut(DimKind.PARAM, 0, 1);
    assertEquals(List.of("M"), q.space().params());
    assertSamePoints(Rels.set("M", "S[i, j, k]", "0 <= i and 0 <= j and 0 <= k"), q);
    assertEquals(s, s.projectOut(DimKind.OUT, 0, 0));
  }

  @Test
  void lexOrdersOfZeroDimensionalSpaces() {
    Space z = Space.set(List.of(), 0);
    assertTrue(Relation.lexLt(z, z).isEmpty());
    assertTrue(Relation.lexLe(z, z).contains(new long[0]));
    assertEquals(2, Relation.lexLt(Space.set(List.of(), Tuple.of("S", "i", "j")), Space.set(List.of(), Tuple.of("T", "a", "b"))).nBasic());
  }

  @Test
  void deltasOfAUnionOfTranslations() {
    Relation r = Rels.map("", "[i, j]", "[k, l]", "k = i + 1 and l = j", "k = i and l = j + 1 and i >= 0");
    assertSamePoints(Rels.set("", "[a, b]", "a = 1 and b = 0", "a = 0 and b = 1"), r.deltas());
    Relation dm = r.deltasMap();
    assertTrue(dm.contains(new long[] {3, 4, 4, 4, 1, 0}));
    assertFalse(dm.contains(new long[] {3, 4, 4, 4, 0, 1}));
  }

  @Test
  void unionMembersChainAcrossSpaces() {
    UnionRelation s = UnionRelation.of(List.of(Rels.set("", "S[i]", "0 <= i <= 3"), Rels.set("", "T[i]", "i = 7")));
    UnionRelation m = UnionRelation.of(List.of(Rels.map("", "S[i]", "A[a]", "a = i + 1"), Rels.map("", "U[i]", "A[a]", "a = i")));
    UnionRelation image = s.apply(m);
    assertEquals(1, image.size());
    assertSamePoints(Rels.set("", "A[a]", "1 <= a <= 4"), image.single());
    UnionRelation d = UnionRelation.of(List.of(Rels.map("", "S[i]", "S[j]", "j = i + 2"), Rels.map("", "S[i]", "T[j]", "j = i")));
    assertEquals(1, d.deltas().size());
  }
}
