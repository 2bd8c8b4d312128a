package dev.polyj.presburger.set;

import static dev.polyj.presburger.set.SetOpsFixtures.box;
import static dev.polyj.presburger.set.SetOpsFixtures.members;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.SetOpsFixtures.Case;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Redundancy removal against the box oracle: same points, never more constraints, nothing left to drop. */
class RedundancyProperties {

  @Provide
  Arbitrary<Case> singles() {
    return SetOpsFixtures.cases(2, 2);
  }

  @Property(tries = 80, edgeCases = EdgeCasesMode.NONE)
  void preservesPointsAndNeverGrows(@ForAll("singles") Case c) {
    for (Relation r : List.of(c.get(0), c.get(1), c.get(0).intersect(c.get(1)))) {
      for (BasicRelation b : r.basics()) {
        BasicRelation s = Redundancy.simplify(b);
        assertTrue(s.nEq() + s.nIneq() <= b.nEq() + b.nIneq(), () -> "grew: " + b + " -> " + s);
        List<long[]> pts = box(c.space());
        assertArrayEquals(members(Relation.of(b), pts), members(Relation.of(s), pts), () -> b + " -> " + s);
        assertTrue(b.isEqual(s), "same point set");
      }
    }
  }

  /** No inequality of the result can be dropped without adding integer points of the lifted system. */
  @Property(tries = 60, edgeCases = EdgeCasesMode.NONE)
  void resultHasNoRedundantInequality(@ForAll("singles") Case c) {
    for (BasicRelation b : c.get(0).intersect(c.get(1)).basics()) {
      BasicRelation s = Redundancy.simplify(b);
      if (s.isMarkedEmpty()) {
        assertTrue(b.isEmpty());
        continue;
      }
      List<long[]> eqs = s.equalities();
      List<long[]> ineqs = s.inequalities();
      for (int i = 0; i < ineqs.size(); i++) {
        if (Rows.isPinningOf(s, ineqs.get(i))) continue;
        List<long[]> test = new ArrayList<>(ineqs);
        test.set(i, Rows.negation(ineqs.get(i)));
        assertFalse(Rows.isEmpty(s.nCol(), eqs, test), "redundant inequality left in " + s);
        // not an implicit equality either
        test.set(i, Rows.shifted(ineqs.get(i), -1));
        assertFalse(Rows.isEmpty(s.nCol(), eqs, test), "implicit equality left in " + s);
      }
    }
  }

  @Property(tries = 50, edgeCases = EdgeCasesMode.NONE)
  void emptyBecomesMarkedEmpty(@ForAll("singles") Case c) {
    for (BasicRelation b : c.get(0).basics()) assertEquals(b.isEmpty(), Redundancy.simplify(b).isMarkedEmpty());
  }

  @net.jqwik.api.Example
  void boxWithAShadowConstraint() {
    // 0 <= x <= 4, 0 <= y <= 4 and the implied x + y <= 8; plus 2x >= 1 and 2x <= 1 has no integer x
    Space s = Space.set(List.of(), 2);
    BasicRelation b = BasicRelation.of(s, List.of(), List.of(
        new long[] {0, 1, 0}, new long[] {4, -1, 0}, new long[] {0, 0, 1}, new long[] {4, 0, -1}, new long[] {8, -1, -1}));
    BasicRelation r = Redundancy.simplify(b);
    assertEquals(4, r.nIneq() + 2 * r.nEq());
    assertTrue(r.isEqual(b));
    // 0 <= x and 3x <= 2 is x = 0 over the integers
    BasicRelation t = BasicRelation.of(s, List.of(), List.of(new long[] {0, 1, 0}, new long[] {2, -3, 0}));
    BasicRelation u = Redundancy.simplify(t);
    assertEquals(1, u.nEq());
    assertEquals(0, u.nIneq());
  }
}
