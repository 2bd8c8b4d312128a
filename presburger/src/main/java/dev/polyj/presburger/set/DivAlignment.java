package dev.polyj.presburger.set;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.space.Space;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A shared list of known integer divisions for a group of basic relations (isl's "aligned divs"),
 * so that their constraints can be compared and combined column by column.
 *
 * <p>Each registered relation is rewritten over the columns {@code [constant, variables, shared
 * divisions, extra locals]}: its known divisions become shared columns (identical definitions share
 * one column) and its other locals (unknown existentials, or divisions defined through them) become
 * extra columns placed at a caller-chosen base. Since a division is a function of the variables,
 * adding the pinning inequalities of every shared division to every relation changes no point set.
 */
final class DivAlignment {
  private final int nVar;
  /** Shared divisions; the numerator of division k has width 1 + nVar + k (earlier ones only). */
  private final List<Div> divs = new ArrayList<>();

  DivAlignment(int nVar) {
    this.nVar = nVar;
  }

  int nVar() {
    return nVar;
  }

  int nDiv() {
    return divs.size();
  }

  /** First column after the shared divisions. */
  int extraBase() {
    return 1 + nVar + divs.size();
  }

  /**
   * Registers the known divisions of {@code b}. Returns, for each local of b, the index of its
   * shared division, or {@code -(e + 1)} when it is kept as the extra local number e of b.
   */
  int[] register(BasicRelation b) {
    checkArgument(b.nVar() == nVar, "relation with %s variables in an alignment of %s", b.nVar(), nVar);
    int n = b.nLocal();
    int[] map = new int[n];
    int extras = 0;
    for (int i = 0; i < n; i++) {
      Div d = b.div(i);
      int k = d == null ? -1 : shared(d, map, i);
      map[i] = k >= 0 ? k : -(++extras);
    }
    return map;
  }

  private int shared(Div d, int[] map, int i) {
    long[] num = d.numeratorRaw();
    long[] t = new long[1 + nVar + divs.size()];
    System.arraycopy(num, 0, t, 0, 1 + nVar);
    for (int j = 1 + nVar; j < num.length; j++) {
      if (num[j] == 0) continue;
      int local = j - 1 - nVar;
      if (local >= i || map[local] < 0) return -1;
      t[1 + nVar + map[local]] = num[j];
    }
    for (int k = 0; k < divs.size(); k++) {
      Div s = divs.get(k);
      if (s.denominator() != d.denominator()) continue;
      long[] sn = s.numeratorRaw();
      if (Arrays.equals(sn, 0, sn.length, t, 0, sn.length) && Ints.isZero(t, sn.length, t.length)) return k;
    }
    divs.add(new Div(t, d.denominator()));
    return divs.size() - 1;
  }

  /** Number of extra locals of a relation registered with {@code map}. */
  static int nExtra(int[] map) {
    int e = 0;
    for (int m : map) if (m < 0) e++;
    return e;
  }

  /** Shared division k with its numerator padded to {@code width}. */
  Div div(int k, int width) {
    Div d = divs.get(k);
    return new Div(Arrays.copyOf(d.numeratorRaw(), width), d.denominator());
  }

  /** Every shared division with its numerator padded to {@code width}. */
  Div[] divs(int width) {
    Div[] out = new Div[divs.size()];
    for (int k = 0; k < out.length; k++) out[k] = div(k, width);
    return out;
  }

  /** The two pinning inequalities of every shared division, rows of {@code width}. */
  List<long[]> pinning(int width) {
    List<long[]> out = new ArrayList<>(2 * divs.size());
    for (int k = 0; k < divs.size(); k++) {
      Div d = divs.get(k);
      int col = 1 + nVar + k;
      long[] lo = Arrays.copyOf(d.numeratorRaw(), width);
      lo[col] = -d.denominator();
      out.add(lo);
      out.add(upperPinning(lo, d.denominator(), k));
    }
    return out;
  }

  /** {@code -num + den * e + den - 1 >= 0} from the lower pinning row {@code num - den * e >= 0}. */
  private static long[] upperPinning(long[] lo, long den, int k) {
    try {
      long[] hi = Ints.negate(lo);
      hi[0] = Ints.add(hi[0], den - 1);
      return hi;
    } catch (CoefficientOverflowException e) {
      BigInteger[] hi = BigConstraintSystem.negate(BigConstraintSystem.big(lo));
      hi[0] = hi[0].add(BigInteger.valueOf(den - 1));
      return BigSampling.fit(hi, "the upper pinning inequality of division " + k);
    }
  }

  /** A row of b over the aligned columns, its extras starting at column {@code extraBase}. */
  long[] lift(BasicRelation b, int[] map, long[] row, int extraBase, int width) {
    long[] o = new long[width];
    System.arraycopy(row, 0, o, 0, 1 + nVar);
    for (int i = 0; i < map.length; i++) {
      long c = row[1 + nVar + i];
      if (c == 0) continue;
      int col = map[i] >= 0 ? 1 + nVar + map[i] : extraBase + (-map[i] - 1);
      long sum = o[col] + c;
      if (((o[col] ^ sum) & (c ^ sum)) < 0) {
        throw new CoefficientOverflowException("exact result does not fit in 64 bits: the coefficient of shared division "
            + map[i] + " in an aligned row is " + BigInteger.valueOf(o[col]).add(BigInteger.valueOf(c))
            + " (row " + Arrays.toString(row) + ")");
      }
      o[col] = sum;
    }
    return o;
  }

  List<long[]> liftAll(BasicRelation b, int[] map, long[][] rows, int extraBase, int width) {
    List<long[]> out = new ArrayList<>(rows.length);
    for (long[] r : rows) out.add(lift(b, map, r, extraBase, width));
    return out;
  }

  /**
   * The basic relation in {@code space} of the given aligned rows, of width {@code 1 + nVar + nDiv
   * + nExtra}, whose shared divisions keep their definitions (the rows must hold their pinning
   * inequalities) and whose extras are unknown existentials.
   */
  BasicRelation build(Space space, int nExtra, List<long[]> eqs, List<long[]> ineqs) {
    int width = extraBase() + nExtra;
    ConstraintSystem cs = new ConstraintSystem(nVar, divs.size() + nExtra);
    for (int k = 0; k < divs.size(); k++) cs.divs.set(k, div(k, width));
    for (long[] r : eqs) cs.eqs.add(fit(r, width));
    for (long[] r : ineqs) cs.ineqs.add(fit(r, width));
    cs.simplify();
    return cs.toBasic(space);
  }

  private static long[] fit(long[] r, int width) {
    if (r.length == width) return r.clone();
    checkArgument(r.length < width || Ints.isZero(r, width, r.length), "row uses columns beyond %s", width);
    return Arrays.copyOf(r, width);
  }
}
