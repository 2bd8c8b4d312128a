package dev.polyj.presburger.set;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * {@link DivComputation} carried out on {@code BigInteger} rows: the exact fallback used when a
 * symmetric-modulo step, a substitution or a shadow combination leaves 64 bits. Same steps as the
 * {@code long} version (Pugh's exact projection of the unknown locals); every finished piece is
 * brought back to {@code long} rows, which fails with a message naming the coefficient when a piece
 * itself does not fit.
 */
final class BigDivComputation {
  private BigDivComputation() {}

  /** Splinter counts beyond this are refused (each splinter is a separate piece). */
  private static final int MAX_SPLINTER_BITS = 31;

  /** The pieces, or null when more than {@code maxSteps} systems would be examined. */
  static Relation computeDivs(BasicRelation b, ConstraintSystem start, long maxSteps) {
    List<BasicRelation> out = new ArrayList<>();
    Deque<BigConstraintSystem> work = new ArrayDeque<>();
    work.push(BigConstraintSystem.of(start));
    long steps = 0;
    while (!work.isEmpty()) {
      if (++steps > maxSteps) return null;
      BigConstraintSystem cs = work.pop();
      cs.simplify();
      if (cs.empty) continue;
      int u = unknownLocal(cs);
      if (u < 0) {
        BasicRelation piece = cs.toLongSystemSmallestFirst().toBasic(b.space());
        if (!piece.isEmpty()) out.add(piece);
        continue;
      }
      BigInteger[] eq = equalityWith(cs, u);
      if (eq != null) {
        reduceEquality(cs, eq);
        work.push(cs);
      } else {
        split(cs, u, work);
      }
    }
    return Relation.ofBasics(b.space(), out);
  }

  private static boolean isUnknown(BigConstraintSystem cs, int col) {
    return col > cs.nVar && cs.divs.get(col - 1 - cs.nVar) == null;
  }

  private static int unknownLocal(BigConstraintSystem cs) {
    for (int col = cs.nCol() - 1; col > cs.nVar; col--) if (isUnknown(cs, col)) return col;
    return -1;
  }

  private static BigInteger[] equalityWith(BigConstraintSystem cs, int u) {
    for (BigInteger[] e : cs.eqs) if (e[u].signum() != 0) return e;
    for (BigInteger[] e : cs.eqs) {
      for (int c = cs.nVar + 1; c < e.length; c++) if (e[c].signum() != 0 && isUnknown(cs, c)) return e;
    }
    return null;
  }

  private static void reduceEquality(BigConstraintSystem cs, BigInteger[] e) {
    int k = -1;
    BigInteger best = null;
    for (int c = cs.nVar + 1; c < e.length; c++) {
      if (e[c].signum() != 0 && isUnknown(cs, c) && (best == null || e[c].abs().compareTo(best) < 0)) {
        best = e[c].abs();
        k = c;
      }
    }
    if (best.equals(BigInteger.ONE)) {
      substituteAndDrop(cs, e, k);
      return;
    }
    BigInteger m = best.add(BigInteger.ONE);
    int sigma = cs.addLocal(null);
    BigInteger[] wide = BigConstraintSystem.widened(e, cs.nCol());
    BigInteger[] n = new BigInteger[cs.nCol()];
    for (int c = 0; c < sigma; c++) n[c] = modHat(wide[c], m);
    n[sigma] = m.negate();
    cs.eqs.add(n);
    substituteAndDrop(cs, n, k);
  }

  /** a mod^ m: the representative of a modulo m in (-m/2, m/2]. */
  private static BigInteger modHat(BigInteger a, BigInteger m) {
    BigInteger twoM = m.shiftLeft(1);
    return a.subtract(m.multiply(BigConstraintSystem.floorDiv(a.shiftLeft(1).add(m), twoM)));
  }

  private static void substituteAndDrop(BigConstraintSystem cs, BigInteger[] e, int k) {
    BigInteger a = e[k];
    List<BigInteger[]> eqs = new ArrayList<>();
    for (BigInteger[] r : cs.eqs) {
      if (r == e) continue;
      eqs.add(r[k].signum() == 0 ? r : BigConstraintSystem.combine(BigInteger.ONE, r, r[k].multiply(a).negate(), e));
    }
    cs.eqs = eqs;
    cs.ineqs.replaceAll(r -> r[k].signum() == 0 ? r : BigConstraintSystem.combine(BigInteger.ONE, r, r[k].multiply(a).negate(), e));
    cs.removeLocal(k);
  }

  private static void split(BigConstraintSystem cs, int z, Deque<BigConstraintSystem> work) {
    List<BigInteger[]> lower = new ArrayList<>();
    List<BigInteger[]> upper = new ArrayList<>();
    List<BigInteger[]> rest = new ArrayList<>();
    for (BigInteger[] r : cs.ineqs) {
      int s = r[z].signum();
      (s > 0 ? lower : s < 0 ? upper : rest).add(r);
    }
    boolean exact = lower.stream().allMatch(r -> r[z].equals(BigInteger.ONE))
        || upper.stream().allMatch(r -> r[z].equals(BigInteger.ONE.negate()));
    if (lower.isEmpty() || upper.isEmpty() || exact) {
      cs.ineqs = combine(rest, lower, upper, z, false);
      cs.removeLocal(z);
      work.push(cs);
      return;
    }
    BigConstraintSystem dark = cs.copy();
    dark.ineqs = combine(rest, lower, upper, z, true);
    dark.removeLocal(z);
    work.push(dark);
    BigInteger maxUpper = BigInteger.ZERO;
    for (BigInteger[] r : upper) maxUpper = maxUpper.max(r[z].negate());
    for (BigInteger[] l : lower) {
      BigInteger a = l[z];
      BigInteger limit = BigConstraintSystem.floorDiv(a.multiply(maxUpper).subtract(a).subtract(maxUpper), maxUpper);
      if (limit.bitLength() > MAX_SPLINTER_BITS) {
        throw new ArithmeticException("exact projection: " + limit + " splinters are too many");
      }
      for (long i = 0; i <= limit.longValue(); i++) {
        BigConstraintSystem s = cs.copy();
        BigInteger[] e = l.clone();
        e[0] = e[0].subtract(BigInteger.valueOf(i));
        s.eqs.add(e);
        work.push(s);
      }
    }
  }

  private static List<BigInteger[]> combine(
      List<BigInteger[]> rest, List<BigInteger[]> lower, List<BigInteger[]> upper, int z, boolean dark) {
    List<BigInteger[]> out = new ArrayList<>(rest);
    for (BigInteger[] l : lower) {
      BigInteger a = l[z];
      for (BigInteger[] u : upper) {
        BigInteger b = u[z].negate();
        BigInteger[] c = BigConstraintSystem.combine(b, l, a, u);
        if (dark) c[0] = c[0].subtract(a.subtract(BigInteger.ONE).multiply(b.subtract(BigInteger.ONE)));
        c[z] = BigInteger.ZERO;
        out.add(c);
      }
    }
    return out;
  }
}
