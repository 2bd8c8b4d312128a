package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Affine hull and simple hull of unions, exact over the integers.
 *
 * <p>Both work over the variables and the known divisions of the pieces, aligned to shared columns
 * ({@link DivAlignment}); other locals stay existential.
 *
 * <p>Affine hull (the method of isl's affine hull by sampling): start from one integer point p0 and
 * the equalities {@code x = p0} of its hull. Take a candidate equality {@code e = 0}; look for an
 * integer point of some piece with {@code e >= 1} or {@code e <= -1} ({@link Sampling}). If there
 * is one, it widens the hull: the candidates become the equalities of the affine hull of the points
 * found so far (an integer basis of the orthogonal complement of their differences), less the ones
 * already proved. If there is none, {@code e = 0} holds on every point. At most one point per
 * dimension is added. Equalities over shared divisions express strides ({@code x = 2 floor(x/2)}).
 *
 * <p>Simple hull (isl's simple hull): the affine hull, and each constraint of the pieces (free of
 * unknown existentials) translated just enough to hold on every piece: its exact integer minimum
 * over the union, found by exponential and binary search with emptiness tests; a constraint whose
 * linear part is unbounded below on some piece (a ray of the recession cone decreases it) is left
 * out.
 */
final class Hulls {
  private Hulls() {}

  /** The pieces of a relation over aligned columns. */
  private static final class Aligned {
    final DivAlignment al;
    final int width;
    final List<List<long[]>> eqs = new ArrayList<>();
    final List<List<long[]>> ineqs = new ArrayList<>();
    final List<BasicRelation> pieces;

    Aligned(List<BasicRelation> pieces, int nVar) {
      this.pieces = pieces;
      al = new DivAlignment(nVar);
      List<int[]> maps = new ArrayList<>();
      int extra = 0;
      for (BasicRelation b : pieces) {
        int[] m = al.register(b);
        maps.add(m);
        extra = Math.max(extra, DivAlignment.nExtra(m));
      }
      width = al.extraBase() + extra;
      List<long[]> pin = al.pinning(width);
      for (int k = 0; k < pieces.size(); k++) {
        BasicRelation b = pieces.get(k);
        eqs.add(al.liftAll(b, maps.get(k), b.eqsRaw(), al.extraBase(), width));
        List<long[]> in = al.liftAll(b, maps.get(k), b.ineqsRaw(), al.extraBase(), width);
        in.addAll(pin);
        ineqs.add(in);
      }
    }

    /** Columns of the hull: variables and shared divisions. */
    int nHull() {
      return al.extraBase() - 1;
    }
  }

  /**
   * The relation with unknown existentials rewritten as known divisions (exact projection, {@link
   * DivComputation}), so that the affine hull sees the lattice they define: {@code exists e0, e2 :
   * 32 e2 = 31 + 31 e0 and ...} may force {@code a = 32 floor(a/32)}, which an existential left
   * out of the hull's columns would lose. Unchanged when the projection is refused as too large.
   */
  private static Relation withKnownDivisions(Relation r) {
    if (r.basics().stream().noneMatch(BasicRelation::hasUnknownLocals)) return r;
    try {
      return r.computeDivs();
    } catch (ArithmeticException e) {
      return r;
    }
  }

  private static List<BasicRelation> nonEmpty(Relation r) {
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : r.basics()) if (!b.isEmpty()) out.add(b);
    return out;
  }

  static BasicRelation affineHull(Relation r) {
    List<BasicRelation> pieces = nonEmpty(withKnownDivisions(r));
    if (pieces.isEmpty()) return BasicRelation.empty(r.space());
    Aligned a = new Aligned(pieces, r.space().nVar());
    List<long[]> eqs = latticeRows(a, affineHullRows(a));
    return a.al.build(r.space(), 0, eqs, a.al.pinning(a.al.extraBase()));
  }

  /**
   * The equalities (rows over constant, variables, shared divisions) of the affine hull. Sample
   * points and the normals of their hulls can leave 64 bits even when the final hull does not. The
   * hull is then computed piece by piece (the affine hull of a union is the affine hull of the
   * pieces' affine hulls): each piece's hull starts from the piece's own equalities, on {@code
   * long} rows when they suffice and on {@code BigInteger} points, rows and emptiness tests
   * otherwise; the hulls are joined by exact linear algebra (the directions of every piece's hull
   * and the differences of their points span the union's hull), and only the reduced equalities are
   * brought back to 64 bits (a clear error naming the value when one of them does not fit).
   */
  private static List<long[]> affineHullRows(Aligned a) {
    try {
      return affineHullRowsLong(a, allPieces(a), List.of());
    } catch (CoefficientOverflowException e) {
      return affineHullRowsByPieces(a);
    }
  }

  private static int[] allPieces(Aligned a) {
    int[] all = new int[a.pieces.size()];
    for (int k = 0; k < all.length; k++) all[k] = k;
    return all;
  }

  private static List<long[]> affineHullRowsByPieces(Aligned a) {
    int n = a.nHull();
    int base = a.al.extraBase();
    List<BigInteger[]> gens = new ArrayList<>();
    BigInteger[] p0 = null;
    for (int k = 0; k < a.pieces.size(); k++) {
      List<long[]> seeds = new ArrayList<>();
      for (long[] e : a.eqs.get(k)) if (Rows.noneFrom(e, base)) seeds.add(java.util.Arrays.copyOf(e, 1 + n));
      int[] one = {k};
      List<BigInteger[]> rows;
      BigInteger[] p;
      try {
        rows = BigSampling.big(affineHullRowsLong(a, one, seeds));
        p = BigConstraintSystem.big(Sampling.sampleRows(a.width, n, a.eqs.get(k), a.ineqs.get(k)));
      } catch (CoefficientOverflowException e) {
        List<BigInteger[]> proved = new ArrayList<>(BigSampling.big(seeds));
        p = affineHullRowsBig(a, one, proved);
        rows = proved;
      }
      List<BigInteger[]> normals = new ArrayList<>();
      for (BigInteger[] r : rows) normals.add(java.util.Arrays.copyOfRange(r, 1, 1 + n));
      gens.addAll(kernelBig(normals, n));
      if (p0 == null) {
        p0 = p;
      } else {
        BigInteger[] d = new BigInteger[n];
        for (int j = 0; j < n; j++) d[j] = p[j].subtract(p0[j]);
        gens.add(d);
      }
    }
    List<BigInteger[]> rows = new ArrayList<>();
    for (BigInteger[] nv : kernelBig(gens, n)) {
      BigInteger[] row = new BigInteger[1 + n];
      BigInteger c = BigInteger.ZERO;
      for (int j = 0; j < n; j++) {
        row[1 + j] = nv[j];
        c = c.subtract(nv[j].multiply(p0[j]));
      }
      row[0] = c;
      rows.add(row);
    }
    return reducedEqualities(rows, n);
  }

  /**
   * The search of {@link #affineHullRowsLong} over the given pieces on {@code BigInteger} points
   * and rows; {@code proved} holds equalities known to hold on those pieces and receives the
   * others. Returns the first sample point.
   */
  private static BigInteger[] affineHullRowsBig(Aligned a, int[] which, List<BigInteger[]> proved) {
    int n = a.nHull();
    List<List<BigInteger[]>> eqs = new ArrayList<>();
    List<List<BigInteger[]>> ineqs = new ArrayList<>();
    for (int k : which) {
      eqs.add(BigSampling.big(a.eqs.get(k)));
      ineqs.add(BigSampling.big(a.ineqs.get(k)));
    }
    BigInteger[] p0 = BigSampling.sampleRows(a.width, n, eqs.get(0), ineqs.get(0));
    List<BigInteger[]> dirs = new ArrayList<>();
    Deque<BigInteger[]> cand = candidatesBig(dirs, proved, p0, n);
    while (!cand.isEmpty()) {
      BigInteger[] e = cand.poll();
      BigInteger[] p = pointOffEqualityBig(a, eqs, ineqs, e);
      if (p == null) {
        proved.add(e);
      } else {
        BigInteger[] d = new BigInteger[n];
        for (int j = 0; j < n; j++) d[j] = p[j].subtract(p0[j]);
        dirs.add(d);
        cand = candidatesBig(dirs, proved, p0, n);
      }
    }
    return p0;
  }

  /**
   * The equalities in reduced echelon form with the last column eliminated first (the order of the
   * Gaussian elimination of the normal form), brought back to {@code long}.
   */
  private static List<long[]> reducedEqualities(List<BigInteger[]> rows, int n) {
    int w = 1 + n;
    List<BigInteger[]> m = new ArrayList<>();
    for (BigInteger[] r : rows) {
      BigInteger[] o = new BigInteger[w];
      for (int j = 0; j < n; j++) o[j] = r[n - j];
      o[n] = r[0];
      m.add(o);
    }
    int rank = echelonBig(m, n).size();
    List<long[]> out = new ArrayList<>();
    for (int i = 0; i < rank; i++) {
      BigInteger[] o = m.get(i);
      BigInteger[] r = new BigInteger[w];
      for (int j = 0; j < n; j++) r[n - j] = o[j];
      r[0] = o[n];
      out.add(BigSampling.fit(r, "an equality of the affine hull"));
    }
    return out;
  }

  /** A point of some piece where {@code e != 0}, or null. */
  private static BigInteger[] pointOffEqualityBig(
      Aligned a, List<List<BigInteger[]>> eqs, List<List<BigInteger[]>> ineqs, BigInteger[] e) {
    BigInteger[] up = BigConstraintSystem.widened(e, a.width);
    up[0] = up[0].subtract(BigInteger.ONE);
    BigInteger[] down = BigConstraintSystem.negate(BigConstraintSystem.widened(e, a.width));
    down[0] = down[0].subtract(BigInteger.ONE);
    for (int k = 0; k < eqs.size(); k++) {
      for (BigInteger[] side : new BigInteger[][] {up, down}) {
        List<BigInteger[]> in = new ArrayList<>(ineqs.get(k));
        in.add(side);
        BigInteger[] p = BigSampling.sampleRows(a.width, a.nHull(), eqs.get(k), in);
        if (p != null) return p;
      }
    }
    return null;
  }

  /** {@link #candidates} on {@code BigInteger} rows. */
  private static Deque<BigInteger[]> candidatesBig(List<BigInteger[]> dirs, List<BigInteger[]> proved, BigInteger[] p0, int n) {
    List<BigInteger[]> basis = new ArrayList<>();
    for (BigInteger[] e : proved) basis.add(java.util.Arrays.copyOfRange(e, 1, 1 + n));
    int rank = rankBig(basis, n);
    Deque<BigInteger[]> out = new ArrayDeque<>();
    List<BigInteger[]> m = new ArrayList<>();
    for (BigInteger[] d : dirs) m.add(d.clone());
    for (BigInteger[] k : kernelBig(m, n)) {
      basis.add(k);
      int r2 = rankBig(basis, n);
      if (r2 == rank) {
        basis.remove(basis.size() - 1);
        continue;
      }
      rank = r2;
      BigInteger[] row = new BigInteger[1 + n];
      BigInteger c = BigInteger.ZERO;
      for (int j = 0; j < n; j++) {
        row[1 + j] = k[j];
        c = c.subtract(k[j].multiply(p0[j]));
      }
      row[0] = c;
      out.add(row);
    }
    return out;
  }

  /**
   * The affine hull of the given pieces: equalities {@code seeds} known to hold on them, and the
   * candidates proved by the search.
   */
  private static List<long[]> affineHullRowsLong(Aligned a, int[] which, List<long[]> seeds) {
    int n = a.nHull();
    long[] p0 = Sampling.sampleRows(a.width, n, a.eqs.get(which[0]), a.ineqs.get(which[0]));
    List<long[]> proved = new ArrayList<>(seeds);
    List<long[]> dirs = new ArrayList<>();
    Deque<long[]> cand = candidates(dirs, proved, p0, n);
    while (!cand.isEmpty()) {
      long[] e = cand.poll();
      long[] p = pointOffEquality(a, which, e);
      if (p == null) {
        proved.add(e);
      } else {
        long[] d = new long[n];
        for (int j = 0; j < n; j++) d[j] = Ints.sub(p[j], p0[j]);
        dirs.add(d);
        cand = candidates(dirs, proved, p0, n);
      }
    }
    return proved;
  }

  /**
   * The hull equalities that describe an affine lattice: those over the variables only, and those
   * over divisions that are periodic on the affine hull (after writing each division d = floor(f/m)
   * as f/m minus a bounded residue, their variable part is constant on the hull, so they only
   * constrain residues: strides such as {@code x = 2 floor(x/2)}). Others, e.g. {@code floor(x/2)
   * = N}, hold on every point but describe a strip; they are left out.
   */
  private static List<long[]> latticeRows(Aligned a, List<long[]> rows) {
    int nVar = a.al.nVar();
    int nDiv = a.al.nDiv();
    if (nDiv == 0 || rows.isEmpty()) return rows;
    int n = 1 + nVar + nDiv;
    // column order for elimination: divisions (last first), then variables, then the constant
    int[] order = new int[n];
    int k = 0;
    for (int c = n - 1; c > nVar; c--) order[k++] = c;
    for (int c = 1; c <= nVar; c++) order[k++] = c;
    order[k] = 0;
    List<long[]> m = new ArrayList<>();
    for (long[] r : rows) {
      long[] o = new long[n];
      for (int j = 0; j < n; j++) o[j] = r[order[j]];
      m.add(o);
    }
    List<Integer> piv = echelon(m, n - 1);
    List<long[]> plain = new ArrayList<>();
    List<long[]> withDivs = new ArrayList<>();
    for (int i = 0; i < piv.size(); i++) {
      long[] o = m.get(i);
      long[] r = new long[n];
      for (int j = 0; j < n; j++) r[order[j]] = o[j];
      (piv.get(i) < nDiv ? withDivs : plain).add(r);
    }
    if (withDivs.isEmpty()) return plain;
    // each division as a rational affine function of the variables: (num over variables) / den
    // (products of denominators grow quickly: computed on BigInteger, only ranks are compared)
    BigInteger[][] approxNum = new BigInteger[nDiv][];
    BigInteger[] approxDen = new BigInteger[nDiv];
    for (int d = 0; d < nDiv; d++) {
      Div div = a.al.div(d, n);
      BigInteger acc = BigInteger.ONE; // num / acc is the numerator of the division as a function of the variables
      BigInteger[] num = BigConstraintSystem.big(java.util.Arrays.copyOf(div.numeratorRaw(), 1 + nVar));
      num[0] = BigInteger.ZERO;
      for (int j = 0; j < d; j++) {
        long c = div.coefficient(1 + nVar + j);
        if (c != 0) {
          num = BigConstraintSystem.combine(approxDen[j], num, BigInteger.valueOf(c).multiply(acc), approxNum[j]);
          acc = acc.multiply(approxDen[j]);
        }
      }
      approxNum[d] = num;
      approxDen[d] = acc.multiply(BigInteger.valueOf(div.denominator()));
    }
    List<BigInteger[]> basis = new ArrayList<>();
    for (long[] r : plain) basis.add(BigConstraintSystem.big(java.util.Arrays.copyOfRange(r, 1, 1 + nVar)));
    int rank = rankBig(basis, nVar);
    List<long[]> out = new ArrayList<>(plain);
    for (long[] r : withDivs) {
      // g = variable part of r with every division replaced by its approximation
      BigInteger den = BigInteger.ONE;
      BigInteger[] g = BigConstraintSystem.big(java.util.Arrays.copyOf(r, 1 + nVar));
      g[0] = BigInteger.ZERO;
      for (int d = 0; d < nDiv; d++) {
        long c = r[1 + nVar + d];
        if (c == 0) continue;
        g = BigConstraintSystem.combine(approxDen[d], g, BigInteger.valueOf(c).multiply(den), approxNum[d]);
        den = den.multiply(approxDen[d]);
      }
      List<BigInteger[]> more = new ArrayList<>(basis);
      more.add(java.util.Arrays.copyOfRange(g, 1, 1 + nVar));
      if (rankBig(more, nVar) == rank) out.add(r);
    }
    return out;
  }

  /** A point of some piece where {@code e != 0}, or null. */
  private static long[] pointOffEquality(Aligned a, int[] which, long[] e) {
    long[] up = Rows.pad(Rows.shifted(e, -1), a.width);
    long[] down = Rows.pad(Rows.negation(e), a.width);
    for (int k : which) {
      for (long[] side : new long[][] {up, down}) {
        List<long[]> in = new ArrayList<>(a.ineqs.get(k));
        in.add(side);
        long[] p = Sampling.sampleRows(a.width, a.nHull(), a.eqs.get(k), in);
        if (p != null) return p;
      }
    }
    return null;
  }

  /** Equalities of the affine hull of p0 + span(dirs) that are independent of the proved ones. */
  private static Deque<long[]> candidates(List<long[]> dirs, List<long[]> proved, long[] p0, int n) {
    List<long[]> basis = new ArrayList<>();
    for (long[] e : proved) basis.add(java.util.Arrays.copyOfRange(e, 1, 1 + n));
    int rank = rank(basis, n);
    Deque<long[]> out = new ArrayDeque<>();
    for (long[] k : kernel(dirs, n)) {
      basis.add(k);
      int r2 = rank(basis, n);
      if (r2 == rank) {
        basis.remove(basis.size() - 1);
        continue;
      }
      rank = r2;
      long[] row = new long[1 + n];
      long c = 0;
      for (int j = 0; j < n; j++) {
        row[1 + j] = k[j];
        c = Ints.sub(c, Ints.mul(k[j], p0[j]));
      }
      row[0] = c;
      out.add(row);
    }
    return out;
  }

  // -----------------------------------------------------------------------------------------------
  // Integer linear algebra on short vectors (fraction-free elimination, checked arithmetic)

  /**
   * Reduced echelon form in place; returns the pivot column of each of the first rows. When a
   * combination leaves 64 bits the rows (which still span the same space) are reduced on
   * BigInteger and brought back; a reduced row that does not fit is a clear error.
   */
  private static List<Integer> echelon(List<long[]> m, int n) {
    try {
      return echelonLong(m, n);
    } catch (CoefficientOverflowException e) {
      List<BigInteger[]> b = new ArrayList<>();
      for (long[] r : m) b.add(BigConstraintSystem.big(r));
      List<Integer> pivots = echelonBig(b, n);
      for (int i = 0; i < m.size(); i++) m.set(i, fit(b.get(i)));
      return pivots;
    }
  }

  private static long[] fit(BigInteger[] r) {
    long[] o = new long[r.length];
    for (int j = 0; j < r.length; j++) {
      if (r[j].bitLength() > 63) {
        throw new CoefficientOverflowException("hull computation: coefficient " + r[j] + " in column " + j
            + " of a reduced row does not fit in 64 bits (row " + java.util.Arrays.toString(r) + ")");
      }
      o[j] = r[j].longValue();
    }
    return o;
  }

  /** {@link #echelon} on BigInteger rows. */
  private static List<Integer> echelonBig(List<BigInteger[]> m, int n) {
    List<Integer> pivots = new ArrayList<>();
    int r = 0;
    for (int col = 0; col < n && r < m.size(); col++) {
      int p = -1;
      for (int i = r; i < m.size(); i++) {
        if (m.get(i)[col].signum() != 0) {
          p = i;
          break;
        }
      }
      if (p < 0) continue;
      BigInteger[] pr = m.get(p);
      m.set(p, m.get(r));
      m.set(r, pr);
      for (int i = 0; i < m.size(); i++) {
        BigInteger[] row = m.get(i);
        if (i == r || row[col].signum() == 0) continue;
        BigInteger g = pr[col].gcd(row[col]);
        BigInteger[] nr = BigConstraintSystem.combine(pr[col].divide(g), row, row[col].negate().divide(g), pr);
        BigInteger h = BigInteger.ZERO;
        for (BigInteger v : nr) h = h.gcd(v);
        if (h.compareTo(BigInteger.ONE) > 0) for (int j = 0; j < nr.length; j++) nr[j] = nr[j].divide(h);
        m.set(i, nr);
      }
      pivots.add(col);
      r++;
    }
    return pivots;
  }

  private static int rankBig(List<BigInteger[]> rows, int n) {
    List<BigInteger[]> m = new ArrayList<>();
    for (BigInteger[] r : rows) m.add(r.clone());
    return echelonBig(m, n).size();
  }

  private static List<Integer> echelonLong(List<long[]> m, int n) {
    List<Integer> pivots = new ArrayList<>();
    int r = 0;
    for (int col = 0; col < n && r < m.size(); col++) {
      int p = -1;
      for (int i = r; i < m.size(); i++) {
        if (m.get(i)[col] != 0) {
          p = i;
          break;
        }
      }
      if (p < 0) continue;
      long[] pr = m.get(p);
      m.set(p, m.get(r));
      m.set(r, pr);
      for (int i = 0; i < m.size(); i++) {
        long[] row = m.get(i);
        if (i == r || row[col] == 0) continue;
        long g = Ints.gcd(pr[col], row[col]);
        long[] nr = Ints.combine(pr[col] / g, row, -row[col] / g, pr);
        long h = Ints.gcd(nr, 0, nr.length);
        if (h > 1) for (int j = 0; j < nr.length; j++) nr[j] /= h;
        m.set(i, nr);
      }
      pivots.add(col);
      r++;
    }
    return pivots;
  }

  private static int rank(List<long[]> rows, int n) {
    List<long[]> m = new ArrayList<>();
    for (long[] r : rows) m.add(r.clone());
    try {
      return echelonLong(m, n).size();
    } catch (CoefficientOverflowException e) {
      List<BigInteger[]> b = new ArrayList<>();
      for (long[] r : rows) b.add(BigConstraintSystem.big(r));
      return echelonBig(b, n).size();
    }
  }

  /** An integer basis of {a : a . d = 0 for every d in rows}. */
  static List<long[]> kernel(List<long[]> rows, int n) {
    try {
      return kernelLong(rows, n);
    } catch (CoefficientOverflowException e) {
      List<BigInteger[]> m = new ArrayList<>();
      for (long[] r : rows) m.add(BigConstraintSystem.big(r));
      List<long[]> out = new ArrayList<>();
      for (BigInteger[] k : kernelBig(m, n)) out.add(fit(k));
      return out;
    }
  }

  /** {@link #kernel} on BigInteger rows (m is reduced in place). */
  private static List<BigInteger[]> kernelBig(List<BigInteger[]> m, int n) {
    List<Integer> pivots = echelonBig(m, n);
    boolean[] isPivot = new boolean[n];
    for (int c : pivots) isPivot[c] = true;
    List<BigInteger[]> out = new ArrayList<>();
    for (int f = 0; f < n; f++) {
      if (isPivot[f]) continue;
      BigInteger l = BigInteger.ONE;
      for (int i = 0; i < pivots.size(); i++) {
        BigInteger pv = m.get(i)[pivots.get(i)].abs();
        if (m.get(i)[f].signum() != 0) l = l.divide(l.gcd(pv)).multiply(pv);
      }
      BigInteger[] a = new BigInteger[n];
      java.util.Arrays.fill(a, BigInteger.ZERO);
      a[f] = l;
      for (int i = 0; i < pivots.size(); i++) {
        BigInteger[] row = m.get(i);
        if (row[f].signum() == 0) continue;
        int p = pivots.get(i);
        a[p] = row[f].multiply(l.divide(row[p])).negate();
      }
      BigInteger g = BigInteger.ZERO;
      for (BigInteger v : a) g = g.gcd(v);
      if (g.compareTo(BigInteger.ONE) > 0) for (int j = 0; j < n; j++) a[j] = a[j].divide(g);
      out.add(a);
    }
    return out;
  }

  private static List<long[]> kernelLong(List<long[]> rows, int n) {
    List<long[]> m = new ArrayList<>();
    for (long[] r : rows) m.add(r.clone());
    List<Integer> pivots = echelonLong(m, n);
    boolean[] isPivot = new boolean[n];
    for (int c : pivots) isPivot[c] = true;
    List<long[]> out = new ArrayList<>();
    for (int f = 0; f < n; f++) {
      if (isPivot[f]) continue;
      long l = 1;
      for (int i = 0; i < pivots.size(); i++) {
        if (m.get(i)[f] != 0) l = Ints.lcm(l, m.get(i)[pivots.get(i)]);
      }
      long[] a = new long[n];
      a[f] = l;
      for (int i = 0; i < pivots.size(); i++) {
        long[] row = m.get(i);
        if (row[f] == 0) continue;
        int p = pivots.get(i);
        a[p] = Ints.neg(Ints.mul(row[f], l / row[p]));
      }
      long g = Ints.gcd(a, 0, n);
      if (g > 1) for (int j = 0; j < n; j++) a[j] /= g;
      out.add(a);
    }
    return out;
  }

  // -----------------------------------------------------------------------------------------------
  // Simple hull

  static BasicRelation simpleHull(Relation r) {
    List<BasicRelation> pieces = nonEmpty(r);
    if (pieces.isEmpty()) return BasicRelation.empty(r.space());
    if (pieces.size() == 1) return Redundancy.simplify(pieces.get(0));
    Aligned a = new Aligned(pieces, r.space().nVar());
    int base = a.al.extraBase();
    List<long[]> eqs = latticeRows(a, affineHullRows(a));
    // candidate linear parts with the weakest bound among the pieces stating them
    Map<Key, long[]> cands = new LinkedHashMap<>();
    for (int k = 0; k < pieces.size(); k++) {
      List<long[]> rows = new ArrayList<>();
      for (long[] e : a.eqs.get(k)) {
        rows.add(e);
        rows.add(Ints.negate(e));
      }
      rows.addAll(a.ineqs.get(k));
      for (long[] row : rows) {
        if (!Rows.noneFrom(row, base) || Ints.isZero(row, 1, base)) continue;
        long[] c = java.util.Arrays.copyOf(row, base);
        cands.merge(new Key(c), c, (x, y) -> x[0] >= y[0] ? x : y);
      }
    }
    List<long[]> ineqs = new ArrayList<>(a.al.pinning(base));
    for (long[] c : cands.values()) {
      long[] row = translated(a, c);
      if (row != null) ineqs.add(row);
    }
    BasicRelation hull = a.al.build(r.space(), 0, eqs, ineqs);
    return Redundancy.simplify(hull);
  }

  /**
   * The constraint {@code c >= 0} translated to hold on every piece: its linear part {@code f} with
   * {@code f >= min(-c0, min of f over the pieces)}; null when f is unbounded below on a piece. The
   * bound is computed on {@code BigInteger} when it leaves 64 bits; a translated constant that does
   * not fit is a clear error naming it.
   */
  private static long[] translated(Aligned a, long[] c) {
    BigInteger bound = BigInteger.valueOf(c[0]).negate(); // c >= 0 reads f >= bound
    for (int k = 0; k < a.pieces.size(); k++) {
      BigInteger m = IntegerOptimum.minimumExact(a.width, a.eqs.get(k), a.ineqs.get(k), c, bound);
      if (m == null) return null;
      bound = m;
    }
    BigInteger[] row = BigConstraintSystem.big(c);
    row[0] = bound.negate();
    return BigSampling.fit(row, "a constraint of the simple hull");
  }

  /** Key on the linear part (columns 1..) of a row. */
  private record Key(List<Long> linear) {
    Key(long[] r) {
      this(linearOf(r));
    }

    private static List<Long> linearOf(long[] r) {
      List<Long> l = new ArrayList<>(r.length - 1);
      for (int i = 1; i < r.length; i++) l.add(r[i]);
      return l;
    }
  }
}
