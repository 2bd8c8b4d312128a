package dev.polyj.presburger.qpoly;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a sum of quasi-polynomials on overlapping domains into disjoint pieces: the space is split
 * on the domains' constraints until every cell lies inside or outside each domain; a cell's value
 * is the sum of the quasi-polynomials of the domains containing it.
 *
 * <p>All domains' divisions are first expressed over one list of divisions (each pinned by its two
 * inequalities). A constraint {@code c} is decided in a cell when the cell with {@code not c}
 * (resp. {@code c}) has no rational point ({@link RationalFeasibility}; sound for integers);
 * otherwise the cell is split into {@code c >= 0} and {@code -c - 1 >= 0}. Decisions are
 * inherited by sub-cells. Cells whose rows are trivially contradictory are dropped; cells that
 * have rational but no integer points may remain (they hold no point, so the value is unchanged).
 * The splitting is bounded ({@link #MAX_QUESTIONS}).
 */
final class Refinement {
  private final Space space;
  private final int nVar;
  private final List<Div> divs = new ArrayList<>(); // over [const, vars, earlier divs]

  /**
   * The most emptiness questions of one refinement. Thin rational slivers without integer points
   * can make the splitting exponential in the number of constraints; past this budget the
   * refinement gives up with {@link UnsupportedOperationException} instead of running for hours.
   */
  static final int MAX_QUESTIONS = 50_000;

  private int questions;

  private Refinement(Space space) {
    this.space = space;
    this.nVar = space.nVar();
  }

  static List<PwQPolynomial.Piece> disjoint(Space space, List<PwQPolynomial.Piece> terms) {
    if (terms.size() <= 1) return terms;
    return new Refinement(space).run(terms);
  }

  private int divIndex(long[] num, long den) {
    for (int i = 0; i < divs.size(); i++) {
      Div d = divs.get(i);
      if (d.denominator() == den && Arrays.equals(trim(d.numerator()), trim(num))) return i;
    }
    divs.add(new Div(trim(num), den));
    return divs.size() - 1;
  }

  private static long[] trim(long[] r) {
    int n = r.length;
    while (n > 1 && r[n - 1] == 0) n--;
    return Arrays.copyOf(n == r.length ? r : r, n);
  }

  private List<PwQPolynomial.Piece> run(List<PwQPolynomial.Piece> terms) {
    // expand unknown existentials, map every domain onto the common divisions
    List<List<long[]>> rawConds = new ArrayList<>();
    List<QuasiPolynomial> rawValues = new ArrayList<>();
    for (PwQPolynomial.Piece t : terms) {
      // the division computation may give overlapping pieces: make them disjoint
      List<BasicRelation> parts = t.domain().hasUnknownLocals()
          ? DisjointPieces.disjoint(DisjointPieces.known(t.domain())) : List.of(t.domain());
      for (BasicRelation b : parts) {
        int[] colMap = new int[b.nCol()];
        for (int c = 0; c <= nVar; c++) colMap[c] = c;
        for (int i = 0; i < b.nLocal(); i++) {
          long[] num = remap(b.div(i).numerator(), colMap, i);
          colMap[1 + nVar + i] = 1 + nVar + divIndex(num, b.div(i).denominator());
        }
        List<long[]> rows = new ArrayList<>();
        for (long[] e : b.equalities()) {
          long[] r = remap(e, colMap, b.nLocal());
          rows.add(r);
          rows.add(Ints.negate(r));
        }
        for (long[] r : b.inequalities()) rows.add(remap(r, colMap, b.nLocal()));
        rawConds.add(rows);
        rawValues.add(t.qp());
      }
    }
    int w = 1 + nVar + divs.size();
    long[][] pinning = new long[2 * divs.size()][];
    Div[] fullDivs = new Div[divs.size()];
    for (int i = 0; i < divs.size(); i++) {
      Div d = divs.get(i);
      long[] n = Arrays.copyOf(d.numerator(), w);
      fullDivs[i] = new Div(n, d.denominator());
      long[] lo = n.clone();
      lo[1 + nVar + i] -= d.denominator();
      long[] hi = Ints.negate(n);
      hi[1 + nVar + i] += d.denominator();
      hi[0] = Ints.add(hi[0], d.denominator() - 1);
      pinning[2 * i] = lo;
      pinning[2 * i + 1] = hi;
    }
    java.util.Set<List<Long>> pinKeys = new java.util.HashSet<>();
    for (long[] r : pinning) pinKeys.add(key(r));
    // group terms with equal constraint sets
    Map<java.util.Set<List<Long>>, QuasiPolynomial> groups = new LinkedHashMap<>();
    Map<java.util.Set<List<Long>>, List<long[]>> groupRows = new LinkedHashMap<>();
    for (int k = 0; k < rawConds.size(); k++) {
      List<long[]> cs = new ArrayList<>();
      java.util.Set<List<Long>> gk = new java.util.HashSet<>();
      for (long[] r : rawConds.get(k)) {
        long[] x = Arrays.copyOf(r, w);
        if (pinKeys.contains(key(x)) || !gk.add(key(x))) continue;
        cs.add(x);
      }
      groups.merge(gk, rawValues.get(k), QuasiPolynomial::add);
      groupRows.putIfAbsent(gk, cs);
    }
    List<List<long[]>> conds = new ArrayList<>();
    List<QuasiPolynomial> values = new ArrayList<>();
    for (Map.Entry<java.util.Set<List<Long>>, QuasiPolynomial> e : groups.entrySet()) {
      if (e.getValue().isZero()) continue;
      conds.add(groupRows.get(e.getKey()));
      values.add(e.getValue());
    }
    List<PwQPolynomial.Piece> out = new ArrayList<>();
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < conds.size(); i++) all.add(i);
    refine(new Cell(List.of(), pinning, nVar, w), all, QuasiPolynomial.zero(space), conds, values, fullDivs, out,
        new HashMap<>());
    return out;
  }

  /** A row over b's columns (locals below {@code nLocal} mapped by colMap) in the common layout. */
  private long[] remap(long[] r, int[] colMap, int nLocal) {
    long[] o = new long[1 + nVar + divs.size()];
    for (int c = 0; c < r.length && c <= nVar + nLocal; c++) {
      if (r[c] != 0) o[colMap[c]] = Ints.add(o[colMap[c]], r[c]);
    }
    return o;
  }

  /** Split rows of a cell; tests add the pinning rows of the divisions in use (transitively). */
  private record Cell(List<long[]> rows, long[][] pinning, int nVar, int w) {
    Cell with(long[] r) {
      List<long[]> n = new ArrayList<>(rows);
      n.add(r);
      return new Cell(n, pinning, nVar, w);
    }

    boolean isEmptyWith(long[] extra) {
      List<long[]> rs = new ArrayList<>(rows);
      rs.add(extra);
      int nd = pinning.length / 2;
      boolean[] used = new boolean[nd];
      for (long[] r : rs) for (int i = 0; i < nd; i++) if (r[1 + nVar + i] != 0) used[i] = true;
      for (int i = nd - 1; i >= 0; i--) {
        if (!used[i]) continue;
        for (int j = 0; j < i; j++) if (pinning[2 * i][1 + nVar + j] != 0) used[j] = true;
      }
      for (int i = 0; i < nd; i++) {
        if (used[i]) {
          rs.add(pinning[2 * i]);
          rs.add(pinning[2 * i + 1]);
        }
      }
      return dev.polyj.presburger.omega.OmegaTest.isRationallyEmpty(w - 1, java.util.List.of(), rs);
    }
  }

  private void refine(Cell cell, List<Integer> active, QuasiPolynomial acc, List<List<long[]>> conds,
      List<QuasiPolynomial> values, Div[] fullDivs, List<PwQPolynomial.Piece> out, Map<List<Long>, Integer> status) {
    List<Integer> rest = new ArrayList<>(active);
    while (!rest.isEmpty()) {
      int k = rest.get(0);
      long[] undecided = null;
      boolean outside = false;
      for (long[] c : conds.get(k)) {
        List<Long> key = key(c);
        Integer st = status.get(key);
        if (st == null) {
          questions += 2;
          if (questions > MAX_QUESTIONS) {
            throw new UnsupportedOperationException("disjoint pieces of a sum: more than " + MAX_QUESTIONS
                + " emptiness questions while splitting the domains");
          }
          if (cell.isEmptyWith(negation(c))) st = 1;
          else if (cell.isEmptyWith(c)) st = -1;
          else st = 0;
          if (st != 0) status.put(key, st);
        }
        if (st == 1) continue;
        if (st == -1) {
          outside = true;
          break;
        }
        undecided = c;
        break;
      }
      if (outside) {
        rest.remove(0);
        continue;
      }
      if (undecided != null) {
        Map<List<Long>, Integer> in = new HashMap<>(status);
        in.put(key(undecided), 1);
        Map<List<Long>, Integer> notIn = new HashMap<>(status);
        notIn.put(key(undecided), -1);
        refine(cell.with(undecided), rest, acc, conds, values, fullDivs, out, in);
        refine(cell.with(negation(undecided)), rest, acc, conds, values, fullDivs, out, notIn);
        return;
      }
      acc = acc.add(values.get(k));
      rest.remove(0);
    }
    if (acc.isZero()) return;
    List<long[]> rows = new ArrayList<>(cell.rows());
    rows.addAll(Arrays.asList(cell.pinning()));
    BasicRelation dom = BasicRelation.of(space, fullDivs.length, fullDivs, List.of(), rows);
    if (dom.isMarkedEmpty()) return;
    out.add(new PwQPolynomial.Piece(dom, acc));
  }

  private static long[] negation(long[] c) {
    long[] n = Ints.negate(c);
    n[0] = Ints.sub(n[0], 1);
    return n;
  }

  private static List<Long> key(long[] r) {
    List<Long> k = new ArrayList<>(r.length);
    for (long x : r) k.add(x);
    return k;
  }
}
