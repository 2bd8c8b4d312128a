package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.ComputeBudget;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Mutable working form of a conjunction of constraints, used while building and simplifying a
 * {@link BasicRelation}. Columns: constant, {@code nVar} variables (parameters and dimensions), then
 * {@code nLocal} local variables whose definitions (or null for unknown existentials) are in {@code divs}.
 *
 * <p>{@link #simplify()} computes a normal form: rows divided by their gcd (inequality constants
 * rounded down: integer tightening), equalities in reduced echelon form with locals pivoted out first
 * (a local with a unit coefficient in an equality disappears), opposite inequalities merged into
 * equalities, duplicate and trivial rows removed, unused locals dropped, unknown locals that are
 * functionally determined recognised as integer divisions, and rows sorted.
 */
final class ConstraintSystem {
  final int nVar;
  int nLocal;
  List<long[]> eqs = new ArrayList<>();
  List<long[]> ineqs = new ArrayList<>();
  List<Div> divs = new ArrayList<>();
  /** Set when a contradiction was found. */
  boolean empty;

  ConstraintSystem(int nVar, int nLocal) {
    this.nVar = nVar;
    this.nLocal = nLocal;
    for (int i = 0; i < nLocal; i++) divs.add(null);
  }

  static ConstraintSystem of(BasicRelation b) {
    ConstraintSystem cs = new ConstraintSystem(b.nVar(), b.nLocal());
    for (long[] r : b.eqsRaw()) cs.eqs.add(r.clone());
    for (long[] r : b.ineqsRaw()) cs.ineqs.add(r.clone());
    for (int i = 0; i < b.nLocal(); i++) cs.divs.set(i, b.div(i));
    cs.empty = b.isMarkedEmpty();
    return cs;
  }

  int nCol() {
    return 1 + nVar + nLocal;
  }

  /** Adds a local column (unknown when {@code div} is null) and returns its column index. */
  int addLocal(Div div) {
    int col = nCol();
    widen(col + 1);
    nLocal++;
    // the definition's numerator spans the widened row (its own column holds 0)
    divs.add(div == null ? null : new Div(Arrays.copyOf(div.numeratorRaw(), col + 1), div.denominator()));
    if (div != null) {
      long[] num = Arrays.copyOf(div.numeratorRaw(), col + 1);
      long d = div.denominator();
      long[] lo = num.clone();
      lo[col] = -d; // num - d*e >= 0
      long[] hi = Ints.negate(num);
      hi[col] = d;
      hi[0] = Ints.add(hi[0], d - 1); // -num + d*e + d - 1 >= 0
      ineqs.add(lo);
      ineqs.add(hi);
    }
    return col;
  }

  private void widen(int width) {
    eqs.replaceAll(r -> Arrays.copyOf(r, width));
    ineqs.replaceAll(r -> Arrays.copyOf(r, width));
    for (int i = 0; i < divs.size(); i++) {
      Div d = divs.get(i);
      if (d != null) divs.set(i, new Div(Arrays.copyOf(d.numeratorRaw(), width), d.denominator()));
    }
  }

  /** Removes local column {@code col}; it must no longer occur in any row or division. */
  void removeLocal(int col) {
    int li = col - 1 - nVar;
    eqs.replaceAll(r -> dropColumn(r, col));
    ineqs.replaceAll(r -> dropColumn(r, col));
    divs.remove(li);
    for (int i = 0; i < divs.size(); i++) {
      Div d = divs.get(i);
      if (d != null) divs.set(i, new Div(dropColumn(d.numeratorRaw(), col), d.denominator()));
    }
    nLocal--;
  }

  private static long[] dropColumn(long[] r, int col) {
    long[] out = new long[r.length - 1];
    System.arraycopy(r, 0, out, 0, col);
    System.arraycopy(r, col + 1, out, col, r.length - col - 1);
    return out;
  }

  BasicRelation toBasic(dev.polyj.presburger.space.Space space) {
    if (empty) return BasicRelation.empty(space);
    return new BasicRelation(space, nLocal, eqs.toArray(new long[0][]), ineqs.toArray(new long[0][]),
        divs.toArray(new Div[0]), false);
  }

  // ---------------------------------------------------------------------------------------------
  // Simplification

  /**
   * Brings the system to normal form; sets {@link #empty} on a contradiction. Runs on {@code long}
   * rows; when an intermediate combination leaves 64 bits, the computation is redone from the input
   * rows by {@link BigConstraintSystem} and the result brought back to {@code long} rows. When the
   * canonical form (last-column pivots) needs more than 64 bits, the form with the smallest pivots
   * is used if it fits ({@link BigConstraintSystem#toLongSystemSmallestFirst()}); otherwise a
   * {@link CoefficientOverflowException} names the coefficient.
   */
  void simplify() {
    ComputeBudget.spend(1);
    // The long steps replace the row lists before changing them (the first step builds new ones),
    // and every in-place change they make to a row keeps that row's integer solutions (gcd
    // division, integer tightening, tightening to a duplicate's constant): the input lists
    // themselves are a faithful snapshot. The list of divisions is changed in place: copied.
    List<long[]> eqs0 = eqs;
    List<long[]> ineqs0 = ineqs;
    List<Div> divs0 = nLocal == 0 ? divs : new ArrayList<>(divs);
    int nLocal0 = nLocal;
    boolean empty0 = empty;
    try {
      simplifyLong();
    } catch (CoefficientOverflowException e) {
      eqs = eqs0;
      ineqs = ineqs0;
      divs = divs0;
      nLocal = nLocal0;
      empty = empty0;
      BigConstraintSystem big = BigConstraintSystem.of(this);
      big.simplify();
      assign(big.toLongSystemSmallestFirst());
    }
  }

  /** Replaces this system's content by {@code other}'s (same variables). */
  void assign(ConstraintSystem other) {
    eqs = other.eqs;
    ineqs = other.ineqs;
    divs = other.divs;
    nLocal = other.nLocal;
    empty = other.empty;
  }

  private void simplifyLong() {
    for (int round = 0; round < 100 && !empty; round++) {
      if (!normalizeRows()) return;
      gauss();
      if (empty) return;
      boolean noNewEq = mergeInequalities();
      if (empty) return;
      if (!noNewEq) continue; // new equalities found: redo
      if (substituteUnitDivs()) continue;
      if (mergeDuplicateDivs()) continue;
      if (dropUselessLocals()) continue;
      if (recogniseDivs()) continue;
      break;
    }
    if (!empty) sortRows();
  }

  /**
   * Two locals with the same known definition are the same value: the later one's coefficients
   * (in rows and in other definitions) move to the earlier one, and the later one becomes unused.
   * Rows are replaced, not changed in place.
   */
  private boolean mergeDuplicateDivs() {
    if (nLocal < 2) return false;
    for (int b = 1; b < nLocal; b++) {
      Div db = divs.get(b);
      if (db == null) continue;
      for (int a = 0; a < b; a++) {
        if (!db.equals(divs.get(a))) continue;
        int ca = 1 + nVar + a;
        int cb = 1 + nVar + b;
        boolean used = false;
        for (long[] r : eqs) used |= r[cb] != 0;
        for (long[] r : ineqs) used |= r[cb] != 0;
        for (Div d : divs) used |= references(d, cb);
        if (!used) continue;
        eqs.replaceAll(r -> moveColumn(r, cb, ca));
        ineqs.replaceAll(r -> moveColumn(r, cb, ca));
        for (int i = 0; i < divs.size(); i++) {
          Div d = divs.get(i);
          if (references(d, cb)) divs.set(i, new Div(moveColumn(d.numeratorRaw(), cb, ca), d.denominator()));
        }
        return true;
      }
    }
    return false;
  }

  /**
   * A local defined as {@code floor(e / 1)} is the affine expression {@code e} itself: it is
   * substituted into every row and every other definition, and then removed. Rows are replaced,
   * not changed in place. Returns true when a local was removed.
   */
  private boolean substituteUnitDivs() {
    for (int li = nLocal - 1; li >= 0; li--) {
      Div d = divs.get(li);
      if (d == null || d.denominator() != 1) continue;
      int col = 1 + nVar + li;
      long[] e = d.numeratorRaw();
      eqs.replaceAll(r -> substitute(r, col, e));
      ineqs.replaceAll(r -> substitute(r, col, e));
      for (int i = 0; i < divs.size(); i++) {
        Div o = divs.get(i);
        if (i != li && references(o, col)) divs.set(i, new Div(substitute(o.numeratorRaw(), col, e), o.denominator()));
      }
      removeLocal(col);
      return true;
    }
    return false;
  }

  /** {@code r} with column {@code col} replaced by the affine row {@code e} (which has no {@code col}). */
  private static long[] substitute(long[] r, int col, long[] e) {
    long k = r[col];
    if (k == 0) return r;
    long[] out = r.clone();
    out[col] = 0;
    for (int i = 0; i < e.length; i++) if (i != col && e[i] != 0) out[i] = Ints.add(out[i], Ints.mul(k, e[i]));
    return out;
  }

  private static boolean references(Div d, int col) {
    return d != null && col < d.numeratorRaw().length && d.numeratorRaw()[col] != 0;
  }

  /** A copy of {@code r} with the coefficient of column {@code from} added to column {@code to}. */
  private static long[] moveColumn(long[] r, int from, int to) {
    if (r[from] == 0) return r;
    long[] o = r.clone();
    o[to] = Ints.add(o[to], o[from]);
    o[from] = 0;
    return o;
  }

  /** gcd-normalises rows; returns false when a contradiction is found. */
  private boolean normalizeRows() {
    List<long[]> ne = new ArrayList<>(eqs.size());
    for (long[] r : eqs) {
      long g = Ints.gcd(r, 1, r.length);
      if (g == 0) {
        if (r[0] != 0) return markEmpty();
        continue;
      }
      if (r[0] % g != 0) return markEmpty();
      if (g != 1) for (int i = 0; i < r.length; i++) r[i] /= g;
      ne.add(r);
    }
    eqs = ne;
    List<long[]> ni = new ArrayList<>(ineqs.size());
    for (long[] r : ineqs) {
      if (!normalizeIneq(r)) {
        if (r[0] < 0) return markEmpty();
        continue;
      }
      ni.add(r);
    }
    ineqs = ni;
    return true;
  }

  /** Divides an inequality by the gcd of its variable part; false when that part is zero. */
  static boolean normalizeIneq(long[] r) {
    long g = Ints.gcd(r, 1, r.length);
    if (g == 0) return false;
    if (g != 1) {
      r[0] = Math.floorDiv(r[0], g);
      for (int i = 1; i < r.length; i++) r[i] /= g;
    }
    return true;
  }

  private boolean markEmpty() {
    empty = true;
    return false;
  }

  private static int lastNonZero(long[] r) {
    for (int i = r.length - 1; i >= 1; i--) if (r[i] != 0) return i;
    return 0;
  }

  /**
   * Gaussian elimination: each equality gets a pivot (its last non-zero column, so locals go
   * first) that is eliminated from every other row. Inequalities are combined with positive
   * multipliers only. A local pivot with coefficient +-1 is substituted away and its column dropped.
   */
  private void gauss() {
    List<long[]> done = new ArrayList<>();
    List<long[]> todo = new ArrayList<>(eqs);
    eqs = done;
    while (!todo.isEmpty() && !empty) {
      // prefer a row that can drop a local (unit coefficient); otherwise the row whose pivot is
      // largest (locals first); ties: smallest |pivot coefficient|
      int best = -1;
      int bestCol = -1;
      long bestCoef = 0;
      boolean bestDrops = false;
      for (int i = 0; i < todo.size(); i++) {
        long[] r = todo.get(i);
        int c = removableUnitLocal(r);
        boolean drops = c > 0;
        if (!drops) c = lastNonZero(r);
        long a = Math.abs(r[c]);
        if ((drops && !bestDrops) || (drops == bestDrops && (c > bestCol || (c == bestCol && a < bestCoef)))) {
          best = i;
          bestCol = c;
          bestCoef = a;
          bestDrops = drops;
        }
      }
      long[] e = todo.remove(best);
      int k = bestCol;
      if (k == 0) {
        if (e[0] != 0) empty = true;
        continue;
      }
      if (e[k] < 0) e = Ints.negate(e);
      long a = e[k];
      boolean local = k > nVar;
      // eliminate k from remaining rows
      eliminate(todo, e, k, a, false);
      eliminate(done, e, k, a, false);
      eliminate(ineqs, e, k, a, true);
      if (local && a == 1 && !divReferences(k)) {
        // x_k is determined by e and eliminated everywhere: drop the column
        int col = k;
        // remove column from every list (todo rows also have 0 there now)
        todo.replaceAll(r -> dropColumn(r, col));
        eqs = done;
        removeLocal(col);
        done = eqs;
        if (!normalizeAll(done)) return;
        continue;
      }
      done.add(e);
      // elimination scales the rows it changes: the earlier equalities are gcd-normalised again
      if (!normalizeAll(todo) || !normalizeAll(done)) return;
    }
    eqs = done;
  }

  /** The last local column with coefficient +-1 in r that no division refers to, or -1. */
  private int removableUnitLocal(long[] r) {
    for (int c = r.length - 1; c > nVar; c--) {
      if ((r[c] == 1 || r[c] == -1) && !divReferences(c)) return c;
    }
    return -1;
  }

  private boolean divReferences(int col) {
    for (Div d : divs) if (d != null && d.numeratorRaw()[col] != 0) return true;
    return false;
  }

  private boolean normalizeAll(List<long[]> rows) {
    for (long[] r : rows) {
      long g = Ints.gcd(r, 1, r.length);
      if (g == 0) {
        if (r[0] != 0) return markEmpty();
        continue;
      }
      if (r[0] % g != 0) return markEmpty();
      if (g != 1) for (int i = 0; i < r.length; i++) r[i] /= g;
    }
    return true;
  }

  private static void eliminate(List<long[]> rows, long[] e, int k, long a, boolean ineq) {
    for (int i = 0; i < rows.size(); i++) {
      long[] r = rows.get(i);
      long c = r[k];
      if (c == 0) continue;
      long[] nr;
      if (a == 1) {
        nr = Ints.combine(1, r, -c, e);
      } else {
        long g = Ints.gcd(a, c);
        nr = Ints.combine(a / g, r, -c / g, e);
      }
      if (ineq) normalizeIneqKeep(nr);
      rows.set(i, nr);
    }
  }

  private static void normalizeIneqKeep(long[] r) {
    long g = Ints.gcd(r, 1, r.length);
    if (g > 1) {
      r[0] = Math.floorDiv(r[0], g);
      for (int i = 1; i < r.length; i++) r[i] /= g;
    }
  }

  /**
   * Removes trivial and duplicate inequalities and turns opposite pairs into equalities. Returns
   * false when new equalities were produced (the caller redoes elimination).
   */
  private boolean mergeInequalities() {
    Map<RowKey, long[]> byVars = new HashMap<>();
    List<long[]> kept = new ArrayList<>();
    for (long[] r : ineqs) {
      if (Ints.isZero(r, 1, r.length)) {
        if (r[0] < 0) {
          markEmpty();
          return true;
        }
        continue;
      }
      RowKey key = new RowKey(r);
      long[] prev = byVars.get(key);
      if (prev == null) {
        byVars.put(key, r);
        kept.add(r);
      } else if (r[0] < prev[0]) {
        prev[0] = r[0];
      }
    }
    boolean newEq = false;
    List<long[]> out = new ArrayList<>();
    java.util.Set<long[]> consumed = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (long[] r : kept) {
      if (consumed.contains(r)) continue;
      long[] neg = Ints.negate(r);
      long[] opp = byVars.get(new RowKey(neg));
      if (opp != null && !consumed.contains(opp)) {
        long sum = Ints.add(r[0], opp[0]);
        if (sum < 0) {
          markEmpty();
          return true;
        }
        if (sum == 0) {
          eqs.add(r.clone());
          consumed.add(r);
          consumed.add(opp);
          newEq = true;
          continue;
        }
      }
      out.add(r);
    }
    ineqs = out;
    return !newEq;
  }

  /**
   * Drops locals that occur nowhere, and unknown locals bounded on one side only (their
   * constraints can always be met) or eliminable exactly by Fourier-Motzkin without growth
   * (all lower or all upper bounds with unit coefficient and few bound pairs).
   */
  private boolean dropUselessLocals() {
    boolean changed = false;
    for (int cc = nCol() - 1; cc > nVar; cc--) {
      final int col = cc;
      if (divReferences(col)) continue;
      boolean inEq = false;
      for (long[] r : eqs) if (r[col] != 0) inEq = true;
      if (inEq) continue;
      Div def = divs.get(col - 1 - nVar);
      List<long[]> lower = new ArrayList<>();
      List<long[]> upper = new ArrayList<>();
      for (long[] r : ineqs) {
        if (r[col] > 0) lower.add(r);
        else if (r[col] < 0) upper.add(r);
      }
      if (def != null) {
        // a defined local only constrained by its own definition: drop it
        if (lower.size() + upper.size() > 2 || !isOwnDefinition(col, def, lower, upper)) continue;
        ineqs.removeAll(lower);
        ineqs.removeAll(upper);
        removeLocal(col);
        changed = true;
        continue;
      }
      if (lower.isEmpty() || upper.isEmpty()) {
        ineqs.removeAll(lower);
        ineqs.removeAll(upper);
        removeLocal(col);
        changed = true;
        continue;
      }
      boolean unitLower = lower.stream().allMatch(r -> r[col] == 1);
      boolean unitUpper = upper.stream().allMatch(r -> r[col] == -1);
      int pairs = lower.size() * upper.size();
      if ((unitLower || unitUpper) && pairs <= lower.size() + upper.size()) {
        ineqs.removeAll(lower);
        ineqs.removeAll(upper);
        for (long[] l : lower) {
          for (long[] u : upper) {
            long[] c = Ints.combine(-u[col], l, l[col], u);
            c[col] = 0;
            ineqs.add(c);
          }
        }
        ineqs.replaceAll(r -> dropColumn(r, col));
        eqs.replaceAll(r -> dropColumn(r, col));
        divs.remove(col - 1 - nVar);
        for (int i = 0; i < divs.size(); i++) {
          Div d = divs.get(i);
          if (d != null) divs.set(i, new Div(dropColumn(d.numeratorRaw(), col), d.denominator()));
        }
        nLocal--;
        changed = true;
      }
    }
    return changed;
  }

  private static boolean isOwnDefinition(int col, Div def, List<long[]> lower, List<long[]> upper) {
    for (long[] r : lower) if (!isDefRow(r, col, def)) return false;
    for (long[] r : upper) if (!isDefRow(r, col, def)) return false;
    return true;
  }

  private static boolean isDefRow(long[] r, int col, Div def) {
    long[] num = def.numeratorRaw();
    long d = def.denominator();
    if (r[col] == -d) { // num - d*e + c >= 0 with c >= 0 is implied by the definition
      for (int i = 1; i < r.length; i++) if (i != col && r[i] != num[i]) return false;
      return r[0] >= num[0];
    }
    if (r[col] == d) { // -num + d*e + c >= 0 with c >= d-1
      for (int i = 1; i < r.length; i++) if (i != col && r[i] != -num[i]) return false;
      return r[0] >= Ints.add(-num[0], d - 1);
    }
    return false;
  }

  /** Recognises unknown locals that are integer divisions of the other columns. */
  private boolean recogniseDivs() {
    boolean changed = false;
    for (int col = nVar + 1; col < nCol(); col++) {
      int li = col - 1 - nVar;
      if (divs.get(li) != null) continue;
      Div def = findDefinition(col);
      if (def != null) {
        divs.set(li, def);
        changed = true;
      }
    }
    return changed && reorderLocals();
  }

  private boolean isUnknownOrLater(int col, int other) {
    return other > nVar && (other == col || divs.get(other - 1 - nVar) == null);
  }

  private boolean onlyKnownOthers(long[] r, int col) {
    for (int i = nVar + 1; i < r.length; i++) {
      if (i != col && r[i] != 0 && isUnknownOrLater(col, i)) return false;
    }
    return true;
  }

  private Div findDefinition(int col) {
    for (long[] e : eqs) {
      if (e[col] != 0 && onlyKnownOthers(e, col)) {
        long a = e[col];
        long[] num = a > 0 ? Ints.negate(e) : e.clone();
        num[col] = 0;
        return new Div(num, Math.abs(a));
      }
    }
    for (long[] lo : ineqs) {
      long d = -lo[col];
      if (d <= 0 || !onlyKnownOthers(lo, col)) continue; // lo: f + c1 - d*e >= 0
      for (long[] hi : ineqs) {
        if (hi[col] != d) continue;
        boolean opposite = true;
        for (int i = 1; i < lo.length && opposite; i++) if (i != col && hi[i] != -lo[i]) opposite = false;
        if (!opposite) continue;
        if (Ints.sumAtMost(lo[0], hi[0], d - 1)) {
          long[] num = lo.clone();
          num[col] = 0;
          return new Div(num, d);
        }
      }
    }
    return null;
  }

  /**
   * Puts locals in an order where every definition refers only to earlier locals (known ones
   * first in dependency order, unknown ones last). Returns true (the system changed).
   */
  private boolean reorderLocals() {
    int n = nLocal;
    int[] order = new int[n];
    boolean[] placed = new boolean[n];
    int pos = 0;
    boolean progress = true;
    while (progress) {
      progress = false;
      for (int i = 0; i < n; i++) {
        if (placed[i] || divs.get(i) == null) continue;
        long[] num = divs.get(i).numeratorRaw();
        boolean ready = true;
        for (int j = 0; j < n; j++) if (num[1 + nVar + j] != 0 && !placed[j]) ready = false;
        if (ready) {
          order[pos++] = i;
          placed[i] = true;
          progress = true;
        }
      }
    }
    for (int i = 0; i < n; i++) {
      if (!placed[i]) {
        if (divs.get(i) != null) divs.set(i, null); // cyclic definitions: forget them
        order[pos++] = i;
      }
    }
    permuteLocals(order);
    return true;
  }

  /** New local j is old local order[j]. */
  void permuteLocals(int[] order) {
    int base = 1 + nVar;
    int[] newPos = new int[order.length];
    for (int j = 0; j < order.length; j++) newPos[order[j]] = j;
    java.util.function.UnaryOperator<long[]> perm = r -> {
      long[] o = r.clone();
      for (int i = 0; i < order.length; i++) o[base + newPos[i]] = r[base + i];
      return o;
    };
    eqs.replaceAll(perm);
    ineqs.replaceAll(perm);
    List<Div> nd = new ArrayList<>();
    for (int j = 0; j < order.length; j++) {
      Div d = divs.get(order[j]);
      nd.add(d == null ? null : new Div(perm.apply(d.numeratorRaw()), d.denominator()));
    }
    divs = nd;
  }

  private void sortRows() {
    eqs.sort(ConstraintSystem::compareRows);
    ineqs.sort(ConstraintSystem::compareRows);
  }

  static int compareRows(long[] a, long[] b) {
    for (int i = a.length - 1; i >= 1; i--) {
      int c = Long.compare(Math.abs(b[i]), Math.abs(a[i]));
      if (c != 0) return c;
      c = Long.compare(b[i], a[i]);
      if (c != 0) return c;
    }
    return Long.compare(a[0], b[0]);
  }

  /** Key on the variable part of a row (columns 1..). */
  private static final class RowKey {
    final long[] r;
    final int hash;

    RowKey(long[] r) {
      this.r = r;
      int h = 1;
      for (int i = 1; i < r.length; i++) h = 31 * h + Long.hashCode(r[i]);
      hash = h;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof RowKey k) || k.r.length != r.length) return false;
      for (int i = 1; i < r.length; i++) if (k.r[i] != r[i]) return false;
      return true;
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
