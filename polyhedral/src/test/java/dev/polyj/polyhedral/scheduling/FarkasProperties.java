package dev.polyj.polyhedral.scheduling;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Farkas' lemma against geometry: for random bounded polygons, an affine form satisfies the
 * derived constraints exactly when it is non-negative at every vertex (vertices computed exactly
 * as rational intersections of constraint lines).
 */
class FarkasProperties {
  @Provide
  Arbitrary<List<long[]>> polygons() {
    return Arbitraries.longs().between(-3, 3).array(long[].class).ofSize(3).map(r -> {
      r[0] = r[0] * 3;
      return r;
    }).list().ofMinSize(0).ofMaxSize(4);
  }

  @Provide
  Arbitrary<long[]> forms() {
    return Arbitraries.longs().between(-4, 4).array(long[].class).ofSize(3);
  }

  @Property(tries = 300)
  void farkasMatchesVertices(@ForAll("polygons") List<long[]> cuts, @ForAll("forms") long[] f) {
    List<long[]> rows = new ArrayList<>(cuts);
    rows.add(new long[] {5, 1, 0});
    rows.add(new long[] {5, -1, 0});
    rows.add(new long[] {5, 0, 1});
    rows.add(new long[] {5, 0, -1});
    BasicRelation p = BasicRelation.of(Space.set(List.of(), 2), List.of(), rows);
    // the polygon as the engine keeps it (rows tightened to integer bounds): its exact vertices
    List<long[]> normalized = new ArrayList<>(p.inequalities());
    for (long[] e : p.equalities()) {
      normalized.add(e);
      normalized.add(Ints.negate(e));
    }
    List<long[]> vertices = vertices(normalized); // {num_x, num_y, den}
    if (p.isMarkedEmpty() || vertices.isEmpty()) return; // Farkas' lemma needs a non-empty polyhedron
    // unknowns u = (f0, f1, f2): the form's coefficient at column c is u_c
    long[][] form = new long[3][];
    for (int c = 0; c < 3; c++) {
      form[c] = new long[4];
      form[c][1 + c] = 1;
    }
    RationalElimination.System s = Farkas.nonNegative(p, form, 3);
    boolean derived = !s.infeasible;
    long[] point = {f[0], f[1], f[2]};
    for (long[] e : s.eqs) if (Ints.evaluate(e, point) != 0) derived = false;
    for (long[] r : s.ineqs) if (Ints.evaluate(r, point) < 0) derived = false;
    boolean atVertices = true;
    for (long[] v : vertices) if (f[0] * v[2] + f[1] * v[0] + f[2] * v[1] < 0) atVertices = false;
    assertEquals(atVertices, derived);
  }

  /** Feasible pairwise intersections of the constraint lines, as (x*d, y*d, d) with d > 0. */
  static List<long[]> vertices(List<long[]> rows) {
    List<long[]> out = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      for (int j = i + 1; j < rows.size(); j++) {
        long[] a = rows.get(i);
        long[] b = rows.get(j);
        long det = a[1] * b[2] - a[2] * b[1];
        if (det == 0) continue;
        // a1 x + a2 y = -a0, b1 x + b2 y = -b0
        long nx = (-a[0]) * b[2] - a[2] * (-b[0]);
        long ny = a[1] * (-b[0]) - (-a[0]) * b[1];
        if (det < 0) {
          det = -det;
          nx = -nx;
          ny = -ny;
        }
        boolean ok = true;
        for (long[] r : rows) if (r[0] * det + r[1] * nx + r[2] * ny < 0) ok = false;
        if (ok) out.add(new long[] {nx, ny, det});
      }
    }
    return out;
  }
}
