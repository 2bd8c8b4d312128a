package dev.polyj.reductions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Reduction and privatization dependences against an oracle: each program is also written out
 * here by hand as its sequence of statement instances (the program's order) with the elements
 * each one reads and writes, for small parameter values. The oracle checks that
 *
 * <ul>
 *   <li>every reduction dependence links two in-place updates of the same element by reduction
 *       statements of one array and operator, in the program's order, and every two successive
 *       updates of an element (no other access in between) are linked: the relaxation removes what
 *       it should;
 *   <li>the relaxed dependences {@code (D \ D_rho) u D_tau} still order, transitively, every two
 *       accesses to an element of which one writes, except two updates of the same reduction: a
 *       schedule respecting them computes the same values, up to reassociation of the reductions.
 * </ul>
 */
class ReductionDependencesTest {
  /** An access of one instance to one element. */
  private record Acc(String array, List<Long> element, boolean write) {}

  /** A statement instance, its accesses, and whether it updates its element in place as a reduction. */
  private record Inst(String stmt, long[] iter, List<Acc> accesses, boolean update) {
    @Override
    public String toString() {
      return stmt + Arrays.toString(iter);
    }
  }

  private static Acc rd(String a, long... e) {
    return new Acc(a, Arrays.stream(e).boxed().toList(), false);
  }

  private static Acc wr(String a, long... e) {
    return new Acc(a, Arrays.stream(e).boxed().toList(), true);
  }

  private static Inst inst(String stmt, long[] iter, boolean update, Acc... accesses) {
    return new Inst(stmt, iter, List.of(accesses), update);
  }

  private static long[] it(long... v) {
    return v;
  }

  /** Whether {@code u} holds the pair of instances {@code a -> b} for the parameter values {@code params}. */
  private static boolean has(UnionRelation u, Inst a, Inst b, Map<String, Long> params) {
    for (Relation r : u.relations()) {
      if (!r.space().domainTuple().name().equals(a.stmt()) || !r.space().rangeTuple().name().equals(b.stmt())) continue;
      List<String> ps = r.space().params();
      long[] point = new long[ps.size() + a.iter().length + b.iter().length];
      for (int k = 0; k < ps.size(); k++) point[k] = params.get(ps.get(k));
      System.arraycopy(a.iter(), 0, point, ps.size(), a.iter().length);
      System.arraycopy(b.iter(), 0, point, ps.size() + a.iter().length, b.iter().length);
      if (r.contains(point)) return true;
    }
    return false;
  }

  private static boolean conflict(Inst a, Inst b) {
    for (Acc x : a.accesses()) {
      for (Acc y : b.accesses()) {
        if (x.array().equals(y.array()) && x.element().equals(y.element()) && (x.write() || y.write())) return true;
      }
    }
    return false;
  }

  /** Whether two instances belong to reductions of one array and operator (one statement, or several). */
  private static boolean sameGroup(Map<String, String> group, Inst a, Inst b) {
    return group.containsKey(a.stmt()) && group.get(a.stmt()).equals(group.get(b.stmt()));
  }

  /** The element {@code a} updates in place, or null. */
  private static Acc updated(Inst a) {
    if (!a.update()) return null;
    for (Acc w : a.accesses()) if (w.write()) return w;
    return null;
  }

  private static void check(Scop scop, Map<String, Long> params, List<Inst> order, Set<String> reductionStatements) {
    Dependences deps = Dependences.compute(scop.reads(), scop.mustWrites(), scop.scheduleMap());
    ReductionDependences rd = ReductionDependences.compute(scop, deps);
    List<String> detected = new ArrayList<>();
    Map<String, String> group = new java.util.HashMap<>();
    for (Reduction r : rd.reductions()) {
      detected.add(r.statement());
      group.put(r.statement(), r.array() + " " + r.operator());
    }
    assertEquals(reductionStatements, Set.copyOf(detected));
    int n = order.size();
    boolean[][] reach = new boolean[n][n];
    int successive = 0;
    for (int x = 0; x < n; x++) {
      for (int y = 0; y < n; y++) {
        Inst a = order.get(x);
        Inst b = order.get(y);
        boolean inRho = has(rd.reduction(), a, b, params);
        if (inRho) {
          assertTrue(x < y && sameGroup(group, a, b) && updated(a) != null && updated(a).equals(updated(b)),
              "reduction dependence " + a + " -> " + b + " is not between two updates of one element");
        }
        reach[x][y] = has(rd.relaxed(), a, b, params);
        if (reach[x][y]) assertTrue(x < y, "relaxed dependence " + a + " -> " + b + " goes backward");
        // successive updates of an element by a reduction: a reduction dependence, gone from the relaxed set
        Acc e = updated(a);
        if (x < y && e != null && sameGroup(group, a, b) && e.equals(updated(b))) {
          boolean between = false;
          for (int z = x + 1; z < y; z++) {
            for (Acc c : order.get(z).accesses()) between |= c.array().equals(e.array()) && c.element().equals(e.element());
          }
          if (!between) {
            assertTrue(inRho, "successive updates " + a + " -> " + b + " are not a reduction dependence");
            assertFalse(reach[x][y], "successive updates " + a + " -> " + b + " still ordered");
            successive++;
          }
        }
      }
    }
    for (int z = 0; z < n; z++) for (int x = 0; x < n; x++) if (reach[x][z]) for (int y = 0; y < n; y++) reach[x][y] |= reach[z][y];
    for (int x = 0; x < n; x++) {
      for (int y = x + 1; y < n; y++) {
        Inst a = order.get(x);
        Inst b = order.get(y);
        if (!conflict(a, b)) continue;
        boolean sameReduction = sameGroup(group, a, b) && updated(a) != null && updated(a).equals(updated(b));
        if (!sameReduction) assertTrue(reach[x][y], a + " and " + b + " are left unordered by the relaxed dependences");
      }
    }
    if (reductionStatements.isEmpty()) assertEquals(0, successive);
  }

  @Test
  void bicgOfFigure2() {
    long nx = 3;
    long ny = 3;
    List<Inst> order = new ArrayList<>();
    for (long i = 0; i < nx; i++) {
      order.add(inst("S0", it(i), false, wr("q", i)));
      for (long j = 0; j < ny; j++) {
        order.add(inst("S1", it(i, j), true, rd("q", i), rd("A", i, j), rd("p", j), wr("q", i)));
        order.add(inst("S2", it(i, j), true, rd("s", j), rd("r", i), rd("A", i, j), wr("s", j)));
      }
    }
    check(Programs.bicg(), Map.of("nx", nx, "ny", ny), order, Set.of("S1", "S2"));
  }

  @Test
  void conditionalReductionOfFigure6() {
    long n = 3;
    long m = 4;
    List<Inst> order = new ArrayList<>();
    for (long i = 0; i < n; i++) {
      for (long j = i; j < m; j++) {
        order.add(inst("S0", it(i, j), i == 0, rd("A", j - i), rd("Mat", i, j), wr("A", j)));
      }
    }
    check(Programs.conditional(), Map.of("n", n, "m", m), order, Set.of("S0"));
  }

  @Test
  void sumReadAfterEveryUpdate() {
    // s = s + A[i]; B[i] = s: every partial sum is used, nothing may be reordered
    Scop scop = Programs.scop("int n, double A[100], double B[100]", "double s = 0;",
        "for (i = 0; i < n; i++) {\n  s = s + A[i];\n  B[i] = s;\n}");
    long n = 4;
    List<Inst> order = new ArrayList<>();
    for (long i = 0; i < n; i++) {
      order.add(inst("S0", it(i), true, rd("s"), rd("A", i), wr("s")));
      order.add(inst("S1", it(i), false, rd("s"), wr("B", i)));
    }
    check(scop, Map.of("n", n), order, Set.of("S0"));
  }

  @Test
  void ataxInitializationReductionAndUse() {
    Scop scop = Programs.scop("int m, int n, double A[100][100], double x[100], double y[100], double tmp[100]", "",
        "for (i = 0; i < n; i++)\n  y[i] = 0;\nfor (i = 0; i < m; i++) {\n  tmp[i] = 0.0;\n"
            + "  for (j = 0; j < n; j++)\n    tmp[i] = tmp[i] + A[i][j] * x[j];\n"
            + "  for (j = 0; j < n; j++)\n    y[j] = y[j] + A[i][j] * tmp[i];\n}");
    long m = 3;
    long n = 3;
    List<Inst> order = new ArrayList<>();
    for (long i = 0; i < n; i++) order.add(inst("S0", it(i), false, wr("y", i)));
    for (long i = 0; i < m; i++) {
      order.add(inst("S1", it(i), false, wr("tmp", i)));
      for (long j = 0; j < n; j++) {
        order.add(inst("S2", it(i, j), true, rd("tmp", i), rd("A", i, j), rd("x", j), wr("tmp", i)));
      }
      for (long j = 0; j < n; j++) {
        order.add(inst("S3", it(i, j), true, rd("y", j), rd("A", i, j), rd("tmp", i), wr("y", j)));
      }
    }
    check(scop, Map.of("m", m, "n", n), order, Set.of("S2", "S3"));
  }

  /**
   * Nussinov's sequence alignment (PolyBench's medley/nussinov, its statements as written there):
   * five maxima into {@code table[i][j]}, four of them reading other elements of {@code table}
   * as terms, form one reduction whose terms may arrive in any order.
   */
  @Test
  void nussinovFiveMaximaIntoOneElement() {
    Scop scop = Programs.scop("int n, int seq[100], int table[100][100]", "",
        "for (i = n - 1; i >= 0; i--) {\n  for (j = i + 1; j < n; j++) {\n"
            + "   if (j - 1 >= 0)\n      table[i][j] = table[i][j] >= table[i][j - 1] ? table[i][j] : table[i][j - 1];\n"
            + "   if (i + 1 < n)\n      table[i][j] = table[i][j] >= table[i + 1][j] ? table[i][j] : table[i + 1][j];\n"
            + "   if (j - 1 >= 0 && i + 1 < n) {\n"
            + "     if (i < j - 1)\n        table[i][j] = table[i][j] >= table[i + 1][j - 1] + (seq[i] + seq[j] == 3 ? 1 : 0)"
            + " ? table[i][j] : table[i + 1][j - 1] + (seq[i] + seq[j] == 3 ? 1 : 0);\n"
            + "     else\n        table[i][j] = table[i][j] >= table[i + 1][j - 1] ? table[i][j] : table[i + 1][j - 1];\n"
            + "   }\n"
            + "   for (k = i + 1; k < j; k++)\n"
            + "      table[i][j] = table[i][j] >= table[i][k] + table[k + 1][j] ? table[i][j] : table[i][k] + table[k + 1][j];\n"
            + "  }\n}");
    long n = 5;
    List<Inst> order = new ArrayList<>();
    for (long i = n - 1; i >= 0; i--) {
      for (long j = i + 1; j < n; j++) {
        if (j - 1 >= 0) order.add(inst("S0", it(i, j), true, rd("table", i, j), rd("table", i, j - 1), wr("table", i, j)));
        if (i + 1 < n) order.add(inst("S1", it(i, j), true, rd("table", i, j), rd("table", i + 1, j), wr("table", i, j)));
        if (j - 1 >= 0 && i + 1 < n) {
          if (i < j - 1) {
            order.add(inst("S2", it(i, j), true, rd("table", i, j), rd("table", i + 1, j - 1), rd("seq", i), rd("seq", j),
                wr("table", i, j)));
          } else {
            order.add(inst("S3", it(i, j), true, rd("table", i, j), rd("table", i + 1, j - 1), wr("table", i, j)));
          }
        }
        for (long k = i + 1; k < j; k++) {
          order.add(inst("S4", it(i, j, k), true, rd("table", i, j), rd("table", i, k), rd("table", k + 1, j),
              wr("table", i, j)));
        }
      }
    }
    check(scop, Map.of("n", n), order, Set.of("S0", "S1", "S2", "S3", "S4"));
  }

  @Test
  void noReductionNoRelaxation() {
    Scop scop = Programs.scop("int n, double A[100]", "", "for (i = 1; i < n; i++)\n  A[i] = A[i] - A[i - 1];");
    Dependences deps = Dependences.compute(scop.reads(), scop.mustWrites(), scop.scheduleMap());
    ReductionDependences rd = ReductionDependences.compute(scop, deps);
    assertTrue(rd.reductions().isEmpty());
    assertFalse(rd.any());
    assertTrue(rd.relaxed().isEqual(deps.all()));
  }
}
