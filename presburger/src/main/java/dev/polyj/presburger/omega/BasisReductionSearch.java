package dev.polyj.presburger.omega;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Integer emptiness of {@code eq . (1, x) = 0}, {@code ineq . (1, x) >= 0} by branch and bound on
 * the exact rational simplex with generalized basis reduction (Lovász and Scarf; Cook, Rutherford,
 * Scarf and Shallcross, "An implementation of the generalized basis reduction algorithm for
 * integer programming", 1993), the method isl uses for integer sampling. Its cost does not grow
 * with the size of the coefficients, only with the dimension; all arithmetic is on
 * {@code BigInteger}.
 *
 * <ol>
 *   <li>Equalities are removed by a unimodular change of variables (Euclid's algorithm on the
 *       columns) and substitution; a constant that is not a multiple of the gcd means no point.
 *   <li>No rational point (exact simplex): empty. An integral simplex point, or a rational point of
 *       the constraints shrunk by half the 1-norm of each row (its rounding is then a point): not
 *       empty.
 *   <li>Unbounded sets: the implicit equalities of the recession cone are found by one LP. If there
 *       are none, the cone is full-dimensional and every non-empty rational fibre contains integer
 *       points: not empty. Otherwise a unimodular change of variables puts the directions in which
 *       the set is bounded first, the others are projected out (Fourier-Motzkin; each fibre has a
 *       full-dimensional recession cone), and the bounded projection is decided.
 *   <li>Bounded sets: a basis reduced with respect to the width {@code F_i(c) = max c.(p - q)} over
 *       {@code p, q} in the set with {@code b_j.(p - q) = 0} for {@code j < i} (one LP each); the
 *       set is rewritten in the coordinates {@code y = B x} of that basis; the integer values of
 *       {@code y_1} between its minimum and maximum are few (flatness), and each gives a problem of
 *       one dimension less, tried nearest the relaxation's sample first. The sub-problems keep the
 *       coordinates and reduce again only when their first coordinate's range is wide.
 * </ol>
 */
final class BasisReductionSearch {
  /** Problems visited before giving up: far beyond what any coefficient size causes. */
  private static final int MAX_NODES = 2_000_000;

  private int nodes;

  private BasisReductionSearch() {}

  /** True when no integer vector satisfies the rows (width {@code 1 + nVar}); inputs are not modified. */
  static boolean isIntegerEmpty(int nVar, List<BigInteger[]> eqs, List<BigInteger[]> ineqs) {
    return new BasisReductionSearch().empty(nVar, copy(eqs), copy(ineqs), false);
  }

  private static List<BigInteger[]> copy(List<BigInteger[]> rows) {
    List<BigInteger[]> out = new ArrayList<>(rows.size());
    for (BigInteger[] r : rows) out.add(r.clone());
    return out;
  }

  /**
   * {@code reducedAbove}: the variables are the coordinates of a basis reduced at an ancestor, so
   * the first one is branched on directly while its integer range stays within {@link #NARROW}.
   */
  private boolean empty(int n, List<BigInteger[]> eqs, List<BigInteger[]> ineqs, boolean reducedAbove) {
    if (++nodes > MAX_NODES) {
      throw new ArithmeticException("integer emptiness: more than " + MAX_NODES + " branches in the basis reduction search");
    }
    // 1. equalities away, inequalities tightened; opposite pairs become equalities
    while (true) {
      for (BigInteger[] e : eqs) {
        int k = reduceToUnitColumn(e, ineqs, eqs);
        if (k == -2) return true;
        if (k < 0) continue; // 0 = 0
        BigInteger value = e[k].signum() > 0 ? e[0].negate() : e[0]; // x_k = -e0 / e_k with e_k = +-1
        List<BigInteger[]> restEq = new ArrayList<>();
        for (BigInteger[] r : eqs) if (r != e) restEq.add(fixColumn(r, k, value));
        List<BigInteger[]> restIneq = new ArrayList<>();
        for (BigInteger[] r : ineqs) restIneq.add(fixColumn(r, k, value));
        return empty(n - 1, restEq, restIneq, reducedAbove);
      }
      eqs = new ArrayList<>();
      if (!tighten(ineqs, eqs)) return true;
      if (eqs.isEmpty()) break;
    }
    if (n == 0) return false;
    // 2. the rational relaxation
    ExactLp.Solution lp = ExactLp.feasible(n, List.of(), ineqs);
    if (!lp.feasible()) return true;
    if (lp.integralPoint()) return false;
    List<BigInteger[]> shrunk = new ArrayList<>();
    for (BigInteger[] r : ineqs) shrunk.add(shrunk(r));
    if (ExactLp.feasible(n, List.of(), shrunk).feasible()) return false;
    // 3. the recession cone
    boolean[] implicit = coneImplicitEqualities(n, ineqs);
    List<BigInteger[]> coneEqs = new ArrayList<>();
    for (int i = 0; i < ineqs.size(); i++) if (implicit[i]) coneEqs.add(ineqs.get(i).clone());
    if (coneEqs.isEmpty()) return false;
    int bounded = boundedFirst(n, coneEqs, ineqs);
    if (bounded < n) {
      List<BigInteger[]> projected = ineqs;
      for (int col = n; col > bounded; col--) projected = eliminate(projected, col);
      return empty(bounded, new ArrayList<>(), projected, false);
    }
    // 4. bounded: branch on the first coordinate, after a change to the coordinates of a reduced
    //    basis unless those of an ancestor's still give a narrow range
    BigInteger[] first = zeros(1 + n);
    first[1] = BigInteger.ONE;
    BigInteger center = nearestValue(first, lp);
    BigInteger[] range = reducedAbove ? range(n, ineqs, first) : null;
    if (range == null || range[1].subtract(range[0]).compareTo(NARROW) >= 0) {
      BigInteger[][] basis = new Reduction(n, ineqs).reducedBasis();
      BigInteger[] b1 = new BigInteger[1 + n];
      b1[0] = BigInteger.ZERO;
      System.arraycopy(basis[0], 0, b1, 1, n);
      center = nearestValue(b1, lp);
      ineqs = inBasis(ineqs, basis);
      range = range(n, ineqs, first);
    }
    BigInteger lo = range[0];
    BigInteger hi = range[1];
    // the values nearest the relaxation's sample first: a point, if any, is most often found there
    center = center.max(lo).min(hi);
    for (BigInteger d = BigInteger.ZERO; ; d = d.add(BigInteger.ONE)) {
      BigInteger up = center.add(d);
      BigInteger down = center.subtract(d);
      boolean upIn = up.compareTo(hi) <= 0;
      boolean downIn = d.signum() > 0 && down.compareTo(lo) >= 0;
      if (!upIn && down.compareTo(lo) < 0) return true;
      if (upIn && !emptyAt(n, ineqs, up)) return false;
      if (downIn && !emptyAt(n, ineqs, down)) return false;
    }
  }

  /** Ranges of the first coordinate wider than this are narrowed by a new basis reduction. */
  private static final BigInteger NARROW = BigInteger.valueOf(3);

  /** The integer range {lo, hi} of {@code objective . x} over the bounded, non-empty set. */
  private static BigInteger[] range(int n, List<BigInteger[]> ineqs, BigInteger[] objective) {
    ExactLp.Solution max = ExactLp.maximize(n, List.of(), ineqs, objective);
    ExactLp.Solution min = ExactLp.maximize(n, List.of(), ineqs, negate(objective));
    if (max.status() != ExactLp.Status.OPTIMAL || min.status() != ExactLp.Status.OPTIMAL) {
      throw new IllegalStateException("bounded set with an unbounded direction");
    }
    return new BigInteger[] {ceilDiv(min.valueNum().negate(), min.valueDen()), floorDiv(max.valueNum(), max.valueDen())};
  }

  /**
   * The rows in the coordinates {@code y = B x} of the unimodular basis {@code B} (rows
   * {@code b_i}): {@code a . x = (a B^-1) . y}.
   */
  private static List<BigInteger[]> inBasis(List<BigInteger[]> ineqs, BigInteger[][] basis) {
    int n = basis.length;
    BigInteger[][] inv = unimodularInverse(basis);
    List<BigInteger[]> out = new ArrayList<>(ineqs.size());
    for (BigInteger[] r : ineqs) {
      BigInteger[] o = zeros(1 + n);
      o[0] = r[0];
      for (int k = 0; k < n; k++) {
        if (r[1 + k].signum() == 0) continue;
        for (int j = 0; j < n; j++) o[1 + j] = o[1 + j].add(r[1 + k].multiply(inv[k][j]));
      }
      out.add(o);
    }
    return out;
  }

  /** The inverse of an integer matrix of determinant +-1, by unimodular row operations. */
  static BigInteger[][] unimodularInverse(BigInteger[][] m) {
    int n = m.length;
    BigInteger[][] a = new BigInteger[n][];
    BigInteger[][] inv = new BigInteger[n][];
    for (int i = 0; i < n; i++) {
      a[i] = m[i].clone();
      inv[i] = zeros(n);
      inv[i][i] = BigInteger.ONE;
    }
    for (int c = 0; c < n; c++) {
      while (true) { // Euclid on column c among rows c.., smallest entry to row c
        int p = -1;
        for (int r = c; r < n; r++) {
          if (a[r][c].signum() != 0 && (p < 0 || a[r][c].abs().compareTo(a[p][c].abs()) < 0)) p = r;
        }
        if (p < 0) throw new IllegalArgumentException("singular basis");
        swapRows(a, inv, c, p);
        boolean single = true;
        for (int r = c + 1; r < n; r++) {
          if (a[r][c].signum() == 0) continue;
          single = false;
          addRow(a, inv, r, c, a[r][c].divide(a[c][c]).negate());
        }
        if (single) break;
      }
      if (a[c][c].abs().compareTo(BigInteger.ONE) != 0) throw new IllegalArgumentException("basis not unimodular");
      if (a[c][c].signum() < 0) {
        a[c] = negate(a[c]);
        inv[c] = negate(inv[c]);
      }
    }
    for (int c = n - 1; c >= 0; c--) {
      for (int r = 0; r < c; r++) if (a[r][c].signum() != 0) addRow(a, inv, r, c, a[r][c].negate());
    }
    return inv;
  }

  private static void swapRows(BigInteger[][] a, BigInteger[][] b, int i, int j) {
    BigInteger[] t = a[i];
    a[i] = a[j];
    a[j] = t;
    t = b[i];
    b[i] = b[j];
    b[j] = t;
  }

  /** Row {@code r} += {@code f} times row {@code s}, in both matrices. */
  private static void addRow(BigInteger[][] a, BigInteger[][] b, int r, int s, BigInteger f) {
    for (int j = 0; j < a[r].length; j++) {
      a[r][j] = a[r][j].add(f.multiply(a[s][j]));
      b[r][j] = b[r][j].add(f.multiply(b[s][j]));
    }
  }

  /** {@code objective . x} at the relaxation's sample, rounded to the nearest integer. */
  private static BigInteger nearestValue(BigInteger[] objective, ExactLp.Solution lp) {
    BigInteger num = BigInteger.ZERO;
    BigInteger den = BigInteger.ONE;
    for (int j = 1; j < objective.length; j++) {
      if (objective[j].signum() == 0) continue;
      BigInteger pn = lp.pointNum()[j - 1];
      BigInteger pd = lp.pointDen()[j - 1];
      num = num.multiply(pd).add(objective[j].multiply(pn).multiply(den)); // num/den + c pn/pd
      den = den.multiply(pd);
    }
    return floorDiv(num.shiftLeft(1).add(den), den.shiftLeft(1));
  }

  /** Whether the set has no integer point with first coordinate {@code v}. */
  private boolean emptyAt(int n, List<BigInteger[]> ineqs, BigInteger v) {
    List<BigInteger[]> rows = new ArrayList<>(ineqs.size());
    for (BigInteger[] r : ineqs) rows.add(fixColumn(r, 1, v));
    return empty(n - 1, new ArrayList<>(), rows, true);
  }

  /**
   * Applies unimodular column operations (to {@code e} and every other row) until {@code e} has a
   * single non-zero variable entry, which is then +-1 after division by the gcd. Returns that
   * column, -1 for a trivial row 0 = 0, or -2 when the row has no integer solution.
   */
  private static int reduceToUnitColumn(BigInteger[] e, List<BigInteger[]> ineqs, List<BigInteger[]> eqs) {
    BigInteger g = BigInteger.ZERO;
    for (int j = 1; j < e.length; j++) g = g.gcd(e[j]);
    if (g.signum() == 0) return e[0].signum() == 0 ? -1 : -2;
    if (e[0].mod(g).signum() != 0) return -2;
    if (!g.equals(BigInteger.ONE)) for (int j = 0; j < e.length; j++) e[j] = e[j].divide(g);
    while (true) {
      int k = -1;
      for (int j = 1; j < e.length; j++) {
        if (e[j].signum() != 0 && (k < 0 || e[j].abs().compareTo(e[k].abs()) < 0)) k = j;
      }
      boolean single = true;
      for (int j = 1; j < e.length; j++) {
        if (j == k || e[j].signum() == 0) continue;
        single = false;
        BigInteger q = e[j].divide(e[k]); // column j -= q * column k
        for (BigInteger[] r : eqs) columnOp(r, j, k, q);
        for (BigInteger[] r : ineqs) columnOp(r, j, k, q);
      }
      if (single) return k;
    }
  }

  private static void columnOp(BigInteger[] r, int j, int k, BigInteger q) {
    if (r[k].signum() != 0) r[j] = r[j].subtract(q.multiply(r[k]));
  }

  /** The row with variable k set to {@code value} and its column removed. */
  private static BigInteger[] fixColumn(BigInteger[] r, int k, BigInteger value) {
    BigInteger[] o = new BigInteger[r.length - 1];
    o[0] = r[0].add(r[k].multiply(value));
    for (int j = 1, t = 1; j < r.length; j++) if (j != k) o[t++] = r[j];
    return o;
  }

  /**
   * Divides each inequality by the gcd of its variable part (rounding the constant down), drops
   * satisfied constant rows and keeps the tightest of parallel rows; opposite rows meeting exactly
   * are moved to {@code eqs}. False when a contradiction shows.
   */
  private static boolean tighten(List<BigInteger[]> ineqs, List<BigInteger[]> eqs) {
    Map<List<BigInteger>, BigInteger[]> tightest = new HashMap<>();
    List<List<BigInteger>> order = new ArrayList<>();
    for (BigInteger[] r : ineqs) {
      BigInteger g = BigInteger.ZERO;
      for (int j = 1; j < r.length; j++) g = g.gcd(r[j]);
      if (g.signum() == 0) {
        if (r[0].signum() < 0) return false;
        continue;
      }
      BigInteger[] t = r.clone();
      if (!g.equals(BigInteger.ONE)) {
        t[0] = floorDiv(t[0], g);
        for (int j = 1; j < t.length; j++) t[j] = t[j].divide(g);
      }
      List<BigInteger> key = List.of(t).subList(1, t.length);
      BigInteger[] prev = tightest.get(key);
      if (prev == null) {
        tightest.put(key, t);
        order.add(key);
      } else if (t[0].compareTo(prev[0]) < 0) {
        tightest.put(key, t);
      }
    }
    ineqs.clear();
    java.util.Set<List<BigInteger>> used = new java.util.HashSet<>();
    for (List<BigInteger> key : order) {
      if (used.contains(key)) continue;
      BigInteger[] r = tightest.get(key);
      List<BigInteger> oppKey = new ArrayList<>();
      for (BigInteger b : key) oppKey.add(b.negate());
      BigInteger[] opp = tightest.get(oppKey);
      if (opp != null) {
        int s = r[0].add(opp[0]).signum();
        if (s < 0) return false;
        if (s == 0) {
          eqs.add(r.clone());
          used.add(key);
          used.add(oppKey);
          continue;
        }
      }
      ineqs.add(r);
    }
    return true;
  }

  /** {@code 2 r . (1, x) - |r|_1 >= 0}: every point of it rounds to a point of {@code r >= 0}. */
  private static BigInteger[] shrunk(BigInteger[] r) {
    BigInteger[] o = new BigInteger[r.length];
    BigInteger norm = BigInteger.ZERO;
    for (int j = 1; j < r.length; j++) {
      o[j] = r[j].shiftLeft(1);
      norm = norm.add(r[j].abs());
    }
    o[0] = r[0].shiftLeft(1).subtract(norm);
    return o;
  }

  /**
   * Which rows are implicit equalities of the recession cone {@code a . y >= 0}: one LP maximising
   * {@code sum t_i} subject to {@code a_i . y >= t_i} and {@code 0 <= t_i <= 1}; at an optimum every
   * row that is not an implicit equality has {@code t_i = 1} and the others {@code t_i = 0}.
   */
  private static boolean[] coneImplicitEqualities(int n, List<BigInteger[]> ineqs) {
    int m = ineqs.size();
    int w = 1 + n + m;
    List<BigInteger[]> rows = new ArrayList<>();
    for (int i = 0; i < m; i++) {
      BigInteger[] r = zeros(w);
      for (int j = 1; j <= n; j++) r[j] = ineqs.get(i)[j];
      r[1 + n + i] = BigInteger.ONE.negate();
      rows.add(r);
      BigInteger[] lo = zeros(w);
      lo[1 + n + i] = BigInteger.ONE;
      rows.add(lo);
      BigInteger[] hi = zeros(w);
      hi[0] = BigInteger.ONE;
      hi[1 + n + i] = BigInteger.ONE.negate();
      rows.add(hi);
    }
    BigInteger[] objective = zeros(w);
    for (int i = 0; i < m; i++) objective[1 + n + i] = BigInteger.ONE;
    ExactLp.Solution s = ExactLp.maximize(w - 1, List.of(), rows, objective);
    if (s.status() != ExactLp.Status.OPTIMAL) throw new IllegalStateException("cone LP: " + s.status());
    boolean[] implicit = new boolean[m];
    for (int i = 0; i < m; i++) implicit[i] = !s.pointNum()[n + i].equals(s.pointDen()[n + i]);
    return implicit;
  }

  /**
   * A unimodular change of variables (applied to {@code ineqs} in place) after which the rows of
   * {@code coneEqs} only involve the first {@code k} variables, {@code k} their rank; returns k.
   */
  private static int boundedFirst(int n, List<BigInteger[]> coneEqs, List<BigInteger[]> ineqs) {
    int pos = 0;
    for (BigInteger[] e : coneEqs) {
      if (pos == n) break;
      while (true) {
        int k = -1;
        for (int j = pos + 1; j <= n; j++) {
          if (e[j].signum() != 0 && (k < 0 || e[j].abs().compareTo(e[k].abs()) < 0)) k = j;
        }
        if (k < 0) break; // dependent on the earlier rows
        boolean single = true;
        for (int j = pos + 1; j <= n; j++) {
          if (j == k || e[j].signum() == 0) continue;
          single = false;
          BigInteger q = e[j].divide(e[k]);
          for (BigInteger[] r : coneEqs) columnOp(r, j, k, q);
          for (BigInteger[] r : ineqs) columnOp(r, j, k, q);
        }
        if (single) {
          pos++;
          for (BigInteger[] r : coneEqs) swap(r, k, pos);
          for (BigInteger[] r : ineqs) swap(r, k, pos);
          break;
        }
      }
    }
    return pos;
  }

  private static void swap(BigInteger[] r, int a, int b) {
    BigInteger t = r[a];
    r[a] = r[b];
    r[b] = t;
  }

  /** Fourier-Motzkin elimination of column {@code col} (the last one), tightened over the integers. */
  private static List<BigInteger[]> eliminate(List<BigInteger[]> ineqs, int col) {
    List<BigInteger[]> lower = new ArrayList<>();
    List<BigInteger[]> upper = new ArrayList<>();
    List<BigInteger[]> out = new ArrayList<>();
    for (BigInteger[] r : ineqs) {
      int s = r[col].signum();
      if (s > 0) lower.add(r);
      else if (s < 0) upper.add(r);
      else out.add(dropColumn(r, col));
    }
    for (BigInteger[] l : lower) {
      for (BigInteger[] u : upper) {
        BigInteger a = l[col];
        BigInteger b = u[col].negate();
        BigInteger[] c = new BigInteger[l.length];
        for (int j = 0; j < l.length; j++) c[j] = l[j].multiply(b).add(u[j].multiply(a));
        out.add(dropColumn(c, col));
      }
    }
    List<BigInteger[]> eqs = new ArrayList<>();
    if (!tighten(out, eqs)) {
      List<BigInteger[]> contradiction = new ArrayList<>();
      BigInteger[] r = zeros(ineqs.get(0).length - 1);
      r[0] = BigInteger.ONE.negate();
      contradiction.add(r);
      return contradiction;
    }
    for (BigInteger[] e : eqs) {
      out.add(e);
      out.add(negate(e));
    }
    return out;
  }

  private static BigInteger[] dropColumn(BigInteger[] r, int col) {
    BigInteger[] o = new BigInteger[r.length - 1];
    for (int j = 0, t = 0; j < r.length; j++) if (j != col) o[t++] = r[j];
    return o;
  }

  static BigInteger[] zeros(int w) {
    BigInteger[] r = new BigInteger[w];
    java.util.Arrays.fill(r, BigInteger.ZERO);
    return r;
  }

  static BigInteger[] negate(BigInteger[] r) {
    BigInteger[] o = new BigInteger[r.length];
    for (int j = 0; j < r.length; j++) o[j] = r[j].negate();
    return o;
  }

  static BigInteger floorDiv(BigInteger a, BigInteger b) {
    BigInteger[] qr = a.divideAndRemainder(b);
    if (qr[1].signum() != 0 && (qr[1].signum() != b.signum())) return qr[0].subtract(BigInteger.ONE);
    return qr[0];
  }

  static BigInteger ceilDiv(BigInteger a, BigInteger b) {
    return floorDiv(a.negate(), b).negate();
  }

  /**
   * Generalized basis reduction of the integer lattice with respect to the width of a bounded set
   * {@code ineq . (1, x) >= 0} (Lovász and Scarf): for consecutive basis vectors,
   * {@code b_(i+1)} is shifted by the integer multiple of {@code b_i} that minimises
   * {@code F_i(b_(i+1) + mu b_i)} (the floor or the ceiling of the dual value of the constraint
   * {@code b_i . (p - q) = 0} in the LP of {@code F_(i+1)(b_(i+1))}), and the two are exchanged when
   * {@code F_i(b_(i+1)) < 3/4 F_i(b_i)}.
   */
  private static final class Reduction {
    final int n;
    final List<BigInteger[]> ineqs;
    final BigInteger[][] basis;

    Reduction(int n, List<BigInteger[]> ineqs) {
      this.n = n;
      this.ineqs = ineqs;
      basis = new BigInteger[n][];
      for (int i = 0; i < n; i++) {
        basis[i] = zeros(n);
        basis[i][i] = BigInteger.ONE;
      }
    }

    /** The basis vectors {@code b_i}, reduced. */
    BigInteger[][] reducedBasis() {
      if (n == 1) return basis;
      BigInteger[][] f = new BigInteger[n][]; // F_i(b_i) as {num, den}
      f[0] = value(width(0, basis[0]));
      int i = 0;
      // the loop ends after polynomially many exchanges; the cap only guards the search's time
      // (any basis gives an exact search)
      for (int step = 0; i < n - 1 && step < 1000 * n * n; step++) {
        ExactLp.Solution next = width(i + 1, basis[i + 1]);
        // multiplier of the constraint b_i . d = 0 (the last equality)
        BigInteger alphaNum = next.dualNum()[i].negate();
        BigInteger alphaDen = next.dualDen();
        BigInteger mu = floorDiv(alphaNum, alphaDen);
        BigInteger[] cand = shifted(basis[i + 1], basis[i], mu);
        BigInteger[] fc = value(width(i, cand));
        if (!alphaNum.mod(alphaDen).equals(BigInteger.ZERO)) {
          BigInteger[] cand2 = shifted(basis[i + 1], basis[i], mu.add(BigInteger.ONE));
          BigInteger[] fc2 = value(width(i, cand2));
          if (compare(fc2, fc) < 0) {
            cand = cand2;
            fc = fc2;
          }
        }
        basis[i + 1] = cand;
        // fc < 3/4 f[i]  <=>  4 fc.num f.den < 3 f.num fc.den
        boolean swap = fc[0].multiply(f[i][1]).shiftLeft(2).compareTo(f[i][0].multiply(fc[1]).multiply(BigInteger.valueOf(3))) < 0;
        if (swap) {
          BigInteger[] t = basis[i];
          basis[i] = basis[i + 1];
          basis[i + 1] = t;
          f[i] = fc;
          if (i > 0) i--;
        } else {
          f[i + 1] = value(next);
          i++;
        }
      }
      return basis;
    }

    private static BigInteger[] value(ExactLp.Solution s) {
      return new BigInteger[] {s.valueNum(), s.valueDen()};
    }

    private static int compare(BigInteger[] a, BigInteger[] b) {
      return a[0].multiply(b[1]).compareTo(b[0].multiply(a[1]));
    }

    private static BigInteger[] shifted(BigInteger[] v, BigInteger[] b, BigInteger mu) {
      BigInteger[] o = new BigInteger[v.length];
      for (int j = 0; j < v.length; j++) o[j] = v[j].add(mu.multiply(b[j]));
      return o;
    }

    /**
     * {@code F_i(c)}: maximum of {@code c . d} over {@code q} and {@code q + d} in the set with
     * {@code b_j . d = 0} for {@code j < i}; variables {@code (q, d)}.
     */
    private ExactLp.Solution width(int i, BigInteger[] c) {
      int w = 1 + 2 * n;
      List<BigInteger[]> rows = new ArrayList<>();
      for (BigInteger[] r : ineqs) {
        BigInteger[] a = zeros(w);
        BigInteger[] b = zeros(w);
        a[0] = r[0];
        b[0] = r[0];
        for (int j = 0; j < n; j++) {
          a[1 + j] = r[1 + j];
          b[1 + j] = r[1 + j];
          b[1 + n + j] = r[1 + j];
        }
        rows.add(a);
        rows.add(b);
      }
      List<BigInteger[]> eqs = new ArrayList<>();
      for (int j = 0; j < i; j++) {
        BigInteger[] e = zeros(w);
        for (int t = 0; t < n; t++) e[1 + n + t] = basis[j][t];
        eqs.add(e);
      }
      BigInteger[] objective = zeros(w);
      for (int t = 0; t < n; t++) objective[1 + n + t] = c[t];
      ExactLp.Solution s = ExactLp.maximize(w - 1, eqs, rows, objective);
      if (s.status() != ExactLp.Status.OPTIMAL) throw new IllegalStateException("width LP of a bounded set: " + s.status());
      return s;
    }
  }
}
