package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The normal-form computation of {@link ConstraintSystem} carried out on {@code BigInteger} rows: the
 * exact fallback used when a {@code long} intermediate value (a Gaussian or Fourier-Motzkin
 * combination before its gcd reduction) leaves 64 bits. It mirrors the steps of
 * {@link ConstraintSystem#simplify()} one for one, so that the long and the big computation produce
 * the same normal form; {@link #toLongSystem()} then brings the result back to {@code long} rows and
 * fails with a message naming the coefficient when the final result itself does not fit.
 */
final class BigConstraintSystem {
  /** A local's definition floor(num / den) on big rows. */
  record BigDiv(BigInteger[] num, BigInteger den) {}

  final int nVar;
  int nLocal;
  List<BigInteger[]> eqs = new ArrayList<>();
  List<BigInteger[]> ineqs = new ArrayList<>();
  List<BigDiv> divs = new ArrayList<>();
  boolean empty;
  /**
   * Gaussian elimination pivots on each equality's smallest coefficient (ties: the last column)
   * instead of its last column; see {@link #toLongSystemSmallestFirst()}.
   */
  boolean smallPivots;

  BigConstraintSystem(int nVar, int nLocal) {
    this.nVar = nVar;
    this.nLocal = nLocal;
    for (int i = 0; i < nLocal; i++) divs.add(null);
  }

  static BigConstraintSystem of(ConstraintSystem cs) {
    BigConstraintSystem b = new BigConstraintSystem(cs.nVar, cs.nLocal);
    for (long[] r : cs.eqs) b.eqs.add(big(r));
    for (long[] r : cs.ineqs) b.ineqs.add(big(r));
    for (int i = 0; i < cs.nLocal; i++) {
      Div d = cs.divs.get(i);
      if (d != null) b.divs.set(i, new BigDiv(big(d.numeratorRaw()), BigInteger.valueOf(d.denominator())));
    }
    b.empty = cs.empty;
    return b;
  }

  static BigInteger[] big(long[] r) {
    BigInteger[] o = new BigInteger[r.length];
    for (int i = 0; i < r.length; i++) o[i] = BigInteger.valueOf(r[i]);
    return o;
  }

  BigConstraintSystem copy() {
    BigConstraintSystem c = new BigConstraintSystem(nVar, nLocal);
    for (BigInteger[] r : eqs) c.eqs.add(r.clone());
    for (BigInteger[] r : ineqs) c.ineqs.add(r.clone());
    c.divs = new ArrayList<>(divs);
    c.empty = empty;
    c.smallPivots = smallPivots;
    return c;
  }

  int nCol() {
    return 1 + nVar + nLocal;
  }

  // ---------------------------------------------------------------------------------------------
  // Back to long rows

  /**
   * The same system on {@code long} rows. Throws {@link CoefficientOverflowException} naming the
   * first coefficient that does not fit in 64 bits.
   */
  ConstraintSystem toLongSystem() {
    ConstraintSystem cs = new ConstraintSystem(nVar, nLocal);
    cs.empty = empty;
    if (empty) return cs;
    for (BigInteger[] r : eqs) cs.eqs.add(small(r, "an equality"));
    for (BigInteger[] r : ineqs) cs.ineqs.add(small(r, "an inequality"));
    for (int i = 0; i < nLocal; i++) {
      BigDiv d = divs.get(i);
      if (d == null) continue;
      long den = fit(d.den(), "the denominator of the division defining local " + i, d.num());
      cs.divs.set(i, new Div(small(d.num(), "the division defining local " + i), den));
    }
    return cs;
  }

  /**
   * {@link #toLongSystem()} of this (simplified) system; when a coefficient does not fit, the
   * system is simplified again with {@link #smallPivots} and that form is returned if it fits. The
   * last-column pivots give the canonical reduced echelon form, but eliminating a pivot with a
   * large coefficient multiplies the other rows by it; a unit or small pivot keeps them small (e.g.
   * {@code K o1 = i0 + K i1 - o0} pivoted on {@code o0}). Throws the first form's overflow when
   * neither fits.
   */
  ConstraintSystem toLongSystemSmallestFirst() {
    try {
      return toLongSystem();
    } catch (CoefficientOverflowException e) {
      if (smallPivots || empty) throw e;
      BigConstraintSystem alt = copy();
      alt.smallPivots = true;
      alt.simplify();
      try {
        return alt.toLongSystem();
      } catch (CoefficientOverflowException e2) {
        throw e;
      }
    }
  }

  private long[] small(BigInteger[] r, String what) {
    long[] o = new long[r.length];
    for (int i = 0; i < r.length; i++) o[i] = fit(r[i], columnName(i) + " in " + what, r);
    return o;
  }

  private String columnName(int col) {
    if (col == 0) return "the constant term";
    if (col <= nVar) return "the coefficient of variable " + (col - 1);
    return "the coefficient of local " + (col - 1 - nVar);
  }

  private static long fit(BigInteger v, String where, BigInteger[] row) {
    if (v.bitLength() <= 63) return v.longValue();
    throw new CoefficientOverflowException(
        "exact result does not fit in 64 bits: " + where + " is " + v + " (row " + Arrays.toString(row) + ")");
  }

  // ---------------------------------------------------------------------------------------------
  // Locals

  /** Adds a local column (unknown when {@code div} is null) and returns its column index. */
  int addLocal(BigDiv div) {
    int col = nCol();
    widen(col + 1);
    nLocal++;
    divs.add(div == null ? null : new BigDiv(widened(div.num(), col + 1), div.den()));
    if (div != null) {
      BigInteger[] num = widened(div.num(), col + 1);
      BigInteger d = div.den();
      BigInteger[] lo = num.clone();
      lo[col] = d.negate(); // num - d*e >= 0
      BigInteger[] hi = negate(num);
      hi[col] = d;
      hi[0] = hi[0].add(d).subtract(BigInteger.ONE); // -num + d*e + d - 1 >= 0
      ineqs.add(lo);
      ineqs.add(hi);
    }
    return col;
  }

  static BigInteger[] widened(BigInteger[] r, int width) {
    BigInteger[] o = Arrays.copyOf(r, width);
    for (int i = r.length; i < width; i++) o[i] = BigInteger.ZERO;
    return o;
  }

  private void widen(int width) {
    eqs.replaceAll(r -> widened(r, width));
    ineqs.replaceAll(r -> widened(r, width));
    for (int i = 0; i < divs.size(); i++) {
      BigDiv d = divs.get(i);
      if (d != null) divs.set(i, new BigDiv(widened(d.num(), width), d.den()));
    }
  }

  /** Removes local column {@code col}; it must no longer occur in any row or division. */
  void removeLocal(int col) {
    eqs.replaceAll(r -> dropColumn(r, col));
    ineqs.replaceAll(r -> dropColumn(r, col));
    divs.remove(col - 1 - nVar);
    for (int i = 0; i < divs.size(); i++) {
      BigDiv d = divs.get(i);
      if (d != null) divs.set(i, new BigDiv(dropColumn(d.num(), col), d.den()));
    }
    nLocal--;
  }

  private static BigInteger[] dropColumn(BigInteger[] r, int col) {
    BigInteger[] out = new BigInteger[r.length - 1];
    System.arraycopy(r, 0, out, 0, col);
    System.arraycopy(r, col + 1, out, col, r.length - col - 1);
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Row arithmetic

  static BigInteger[] negate(BigInteger[] x) {
    BigInteger[] r = new BigInteger[x.length];
    for (int i = 0; i < x.length; i++) r[i] = x[i].negate();
    return r;
  }

  /** a*x + b*y element-wise. */
  static BigInteger[] combine(BigInteger a, BigInteger[] x, BigInteger b, BigInteger[] y) {
    BigInteger[] r = new BigInteger[x.length];
    for (int i = 0; i < x.length; i++) r[i] = a.multiply(x[i]).add(b.multiply(y[i]));
    return r;
  }

  /** gcd of |row[1..]|; zero when all are zero. */
  static BigInteger varGcd(BigInteger[] r) {
    BigInteger g = BigInteger.ZERO;
    for (int i = 1; i < r.length && !g.equals(BigInteger.ONE); i++) if (r[i].signum() != 0) g = g.gcd(r[i]);
    return g;
  }

  static boolean varsZero(BigInteger[] r) {
    for (int i = 1; i < r.length; i++) if (r[i].signum() != 0) return false;
    return true;
  }

  static BigInteger floorDiv(BigInteger a, BigInteger b) {
    BigInteger[] qr = a.divideAndRemainder(b);
    return qr[1].signum() != 0 && (qr[1].signum() != b.signum()) ? qr[0].subtract(BigInteger.ONE) : qr[0];
  }

  /** Divides an inequality in place by the gcd of its variable part (constant rounded down). */
  private static void normalizeIneqKeep(BigInteger[] r) {
    BigInteger g = varGcd(r);
    if (g.compareTo(BigInteger.ONE) > 0) {
      r[0] = floorDiv(r[0], g);
      for (int i = 1; i < r.length; i++) r[i] = r[i].divide(g);
    }
  }

  private static boolean isOne(BigInteger v) {
    return v.equals(BigInteger.ONE);
  }

  private static boolean isUnit(BigInteger v) {
    return v.abs().equals(BigInteger.ONE);
  }

  // ---------------------------------------------------------------------------------------------
  // Simplification (the steps of ConstraintSystem.simplify)

  void simplify() {
    for (int round = 0; round < 100 && !empty; round++) {
      if (!normalizeRows()) return;
      gauss();
      if (empty) return;
      boolean noNewEq = mergeInequalities();
      if (empty) return;
      if (!noNewEq) continue;
      if (dropUselessLocals()) continue;
      if (recogniseDivs()) continue;
      break;
    }
    if (!empty) {
      eqs.sort(BigConstraintSystem::compareRows);
      ineqs.sort(BigConstraintSystem::compareRows);
    }
  }

  private boolean markEmpty() {
    empty = true;
    return false;
  }

  /** Divides equalities by their gcd (false on a contradiction). */
  private boolean normalizeEqs(List<BigInteger[]> rows, boolean dropTrivial) {
    List<BigInteger[]> keep = new ArrayList<>(rows.size());
    for (BigInteger[] r : rows) {
      BigInteger g = varGcd(r);
      if (g.signum() == 0) {
        if (r[0].signum() != 0) return markEmpty();
        if (dropTrivial) continue;
        keep.add(r);
        continue;
      }
      if (r[0].mod(g).signum() != 0) return markEmpty();
      if (!isOne(g)) for (int i = 0; i < r.length; i++) r[i] = r[i].divide(g);
      keep.add(r);
    }
    if (dropTrivial) {
      rows.clear();
      rows.addAll(keep);
    }
    return true;
  }

  private boolean normalizeRows() {
    if (!normalizeEqs(eqs, true)) return false;
    List<BigInteger[]> ni = new ArrayList<>(ineqs.size());
    for (BigInteger[] r : ineqs) {
      if (varsZero(r)) {
        if (r[0].signum() < 0) return markEmpty();
        continue;
      }
      normalizeIneqKeep(r);
      ni.add(r);
    }
    ineqs = ni;
    return true;
  }

  private static int lastNonZero(BigInteger[] r) {
    for (int i = r.length - 1; i >= 1; i--) if (r[i].signum() != 0) return i;
    return 0;
  }

  /** The column of the smallest non-zero coefficient (ties: the last such column), or 0. */
  private static int smallestNonZero(BigInteger[] r) {
    int best = 0;
    for (int i = r.length - 1; i >= 1; i--) {
      if (r[i].signum() != 0 && (best == 0 || r[i].abs().compareTo(r[best].abs()) < 0)) best = i;
    }
    return best;
  }

  private void gauss() {
    List<BigInteger[]> done = new ArrayList<>();
    List<BigInteger[]> todo = new ArrayList<>(eqs);
    eqs = done;
    while (!todo.isEmpty() && !empty) {
      int best = -1;
      int bestCol = -1;
      BigInteger bestCoef = BigInteger.ZERO;
      boolean bestDrops = false;
      for (int i = 0; i < todo.size(); i++) {
        BigInteger[] r = todo.get(i);
        int c = removableUnitLocal(r);
        boolean drops = c > 0;
        if (!drops) c = smallPivots ? smallestNonZero(r) : lastNonZero(r);
        BigInteger a = r[c].abs();
        boolean better = smallPivots
            ? a.compareTo(bestCoef) < 0 || (a.equals(bestCoef) && c > bestCol)
            : c > bestCol || (c == bestCol && a.compareTo(bestCoef) < 0);
        if ((drops && !bestDrops) || (drops == bestDrops && (best < 0 || better))) {
          best = i;
          bestCol = c;
          bestCoef = a;
          bestDrops = drops;
        }
      }
      BigInteger[] e = todo.remove(best);
      int k = bestCol;
      if (k == 0) {
        if (e[0].signum() != 0) empty = true;
        continue;
      }
      if (e[k].signum() < 0) e = negate(e);
      BigInteger a = e[k];
      boolean local = k > nVar;
      eliminate(todo, e, k, a, false);
      eliminate(done, e, k, a, false);
      eliminate(ineqs, e, k, a, true);
      if (local && isOne(a) && !divReferences(k)) {
        int col = k;
        todo.replaceAll(r -> dropColumn(r, col));
        eqs = done;
        removeLocal(col);
        done = eqs;
        if (!normalizeEqs(done, false)) return;
        continue;
      }
      done.add(e);
      // elimination scales the rows it changes: the earlier equalities are gcd-normalised again
      if (!normalizeEqs(todo, false) || !normalizeEqs(done, false)) return;
    }
    eqs = done;
  }

  private int removableUnitLocal(BigInteger[] r) {
    for (int c = r.length - 1; c > nVar; c--) if (isUnit(r[c]) && !divReferences(c)) return c;
    return -1;
  }

  private boolean divReferences(int col) {
    for (BigDiv d : divs) if (d != null && d.num()[col].signum() != 0) return true;
    return false;
  }

  private static void eliminate(List<BigInteger[]> rows, BigInteger[] e, int k, BigInteger a, boolean ineq) {
    for (int i = 0; i < rows.size(); i++) {
      BigInteger[] r = rows.get(i);
      BigInteger c = r[k];
      if (c.signum() == 0) continue;
      BigInteger[] nr;
      if (isOne(a)) {
        nr = combine(BigInteger.ONE, r, c.negate(), e);
      } else {
        BigInteger g = a.gcd(c);
        nr = combine(a.divide(g), r, c.negate().divide(g), e);
      }
      if (ineq) normalizeIneqKeep(nr);
      rows.set(i, nr);
    }
  }

  private static List<BigInteger> key(BigInteger[] r) {
    return Arrays.asList(r).subList(1, r.length);
  }

  private boolean mergeInequalities() {
    Map<List<BigInteger>, BigInteger[]> byVars = new HashMap<>();
    List<BigInteger[]> kept = new ArrayList<>();
    for (BigInteger[] r : ineqs) {
      if (varsZero(r)) {
        if (r[0].signum() < 0) {
          markEmpty();
          return true;
        }
        continue;
      }
      List<BigInteger> k = key(r);
      BigInteger[] prev = byVars.get(k);
      if (prev == null) {
        byVars.put(k, r);
        kept.add(r);
      } else if (r[0].compareTo(prev[0]) < 0) {
        prev[0] = r[0];
      }
    }
    boolean newEq = false;
    List<BigInteger[]> out = new ArrayList<>();
    Set<BigInteger[]> consumed = Collections.newSetFromMap(new IdentityHashMap<>());
    for (BigInteger[] r : kept) {
      if (consumed.contains(r)) continue;
      BigInteger[] opp = byVars.get(key(negate(r)));
      if (opp != null && !consumed.contains(opp)) {
        int sum = r[0].add(opp[0]).signum();
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

  private boolean dropUselessLocals() {
    boolean changed = false;
    for (int cc = nCol() - 1; cc > nVar; cc--) {
      final int col = cc;
      if (divReferences(col)) continue;
      boolean inEq = false;
      for (BigInteger[] r : eqs) if (r[col].signum() != 0) inEq = true;
      if (inEq) continue;
      BigDiv def = divs.get(col - 1 - nVar);
      List<BigInteger[]> lower = new ArrayList<>();
      List<BigInteger[]> upper = new ArrayList<>();
      for (BigInteger[] r : ineqs) {
        if (r[col].signum() > 0) lower.add(r);
        else if (r[col].signum() < 0) upper.add(r);
      }
      if (def != null) {
        if (lower.size() + upper.size() > 2 || !isOwnDefinition(col, def, lower, upper)) continue;
        removeAllIdentical(lower, upper);
        removeLocal(col);
        changed = true;
        continue;
      }
      if (lower.isEmpty() || upper.isEmpty()) {
        removeAllIdentical(lower, upper);
        removeLocal(col);
        changed = true;
        continue;
      }
      boolean unitLower = lower.stream().allMatch(r -> isOne(r[col]));
      boolean unitUpper = upper.stream().allMatch(r -> isOne(r[col].negate()));
      int pairs = lower.size() * upper.size();
      if ((unitLower || unitUpper) && pairs <= lower.size() + upper.size()) {
        removeAllIdentical(lower, upper);
        for (BigInteger[] l : lower) {
          for (BigInteger[] u : upper) {
            BigInteger[] c = combine(u[col].negate(), l, l[col], u);
            c[col] = BigInteger.ZERO;
            ineqs.add(c);
          }
        }
        removeLocal(col);
        changed = true;
      }
    }
    return changed;
  }

  /** Removes the given row objects (by identity, as the long version's array equality does). */
  private void removeAllIdentical(List<BigInteger[]> lower, List<BigInteger[]> upper) {
    Set<BigInteger[]> gone = Collections.newSetFromMap(new IdentityHashMap<>());
    gone.addAll(lower);
    gone.addAll(upper);
    ineqs.removeIf(gone::contains);
  }

  private static boolean isOwnDefinition(int col, BigDiv def, List<BigInteger[]> lower, List<BigInteger[]> upper) {
    for (BigInteger[] r : lower) if (!isDefRow(r, col, def)) return false;
    for (BigInteger[] r : upper) if (!isDefRow(r, col, def)) return false;
    return true;
  }

  private static boolean isDefRow(BigInteger[] r, int col, BigDiv def) {
    BigInteger[] num = def.num();
    BigInteger d = def.den();
    if (r[col].equals(d.negate())) {
      for (int i = 1; i < r.length; i++) if (i != col && !r[i].equals(num[i])) return false;
      return r[0].compareTo(num[0]) >= 0;
    }
    if (r[col].equals(d)) {
      for (int i = 1; i < r.length; i++) if (i != col && !r[i].equals(num[i].negate())) return false;
      return r[0].compareTo(num[0].negate().add(d).subtract(BigInteger.ONE)) >= 0;
    }
    return false;
  }

  private boolean recogniseDivs() {
    boolean changed = false;
    for (int col = nVar + 1; col < nCol(); col++) {
      int li = col - 1 - nVar;
      if (divs.get(li) != null) continue;
      BigDiv def = findDefinition(col);
      if (def != null) {
        divs.set(li, def);
        changed = true;
      }
    }
    return changed && reorderLocals();
  }

  private boolean onlyKnownOthers(BigInteger[] r, int col) {
    for (int i = nVar + 1; i < r.length; i++) {
      if (i != col && r[i].signum() != 0 && (divs.get(i - 1 - nVar) == null)) return false;
    }
    return true;
  }

  private BigDiv findDefinition(int col) {
    for (BigInteger[] e : eqs) {
      if (e[col].signum() != 0 && onlyKnownOthers(e, col)) {
        BigInteger a = e[col];
        BigInteger[] num = a.signum() > 0 ? negate(e) : e.clone();
        num[col] = BigInteger.ZERO;
        return new BigDiv(num, a.abs());
      }
    }
    for (BigInteger[] lo : ineqs) {
      BigInteger d = lo[col].negate();
      if (d.signum() <= 0 || !onlyKnownOthers(lo, col)) continue;
      for (BigInteger[] hi : ineqs) {
        if (!hi[col].equals(d)) continue;
        boolean opposite = true;
        for (int i = 1; i < lo.length && opposite; i++) if (i != col && !hi[i].equals(lo[i].negate())) opposite = false;
        if (!opposite) continue;
        if (lo[0].add(hi[0]).compareTo(d.subtract(BigInteger.ONE)) <= 0) {
          BigInteger[] num = lo.clone();
          num[col] = BigInteger.ZERO;
          return new BigDiv(num, d);
        }
      }
    }
    return null;
  }

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
        BigInteger[] num = divs.get(i).num();
        boolean ready = true;
        for (int j = 0; j < n; j++) if (num[1 + nVar + j].signum() != 0 && !placed[j]) ready = false;
        if (ready) {
          order[pos++] = i;
          placed[i] = true;
          progress = true;
        }
      }
    }
    for (int i = 0; i < n; i++) {
      if (!placed[i]) {
        if (divs.get(i) != null) divs.set(i, null);
        order[pos++] = i;
      }
    }
    permuteLocals(order);
    return true;
  }

  private void permuteLocals(int[] order) {
    int base = 1 + nVar;
    int[] newPos = new int[order.length];
    for (int j = 0; j < order.length; j++) newPos[order[j]] = j;
    java.util.function.UnaryOperator<BigInteger[]> perm = r -> {
      BigInteger[] o = r.clone();
      for (int i = 0; i < order.length; i++) o[base + newPos[i]] = r[base + i];
      return o;
    };
    eqs.replaceAll(perm);
    ineqs.replaceAll(perm);
    List<BigDiv> nd = new ArrayList<>();
    for (int j = 0; j < order.length; j++) {
      BigDiv d = divs.get(order[j]);
      nd.add(d == null ? null : new BigDiv(perm.apply(d.num()), d.den()));
    }
    divs = nd;
  }

  static int compareRows(BigInteger[] a, BigInteger[] b) {
    for (int i = a.length - 1; i >= 1; i--) {
      int c = b[i].abs().compareTo(a[i].abs());
      if (c != 0) return c;
      c = b[i].compareTo(a[i]);
      if (c != 0) return c;
    }
    return a[0].compareTo(b[0]);
  }
}
