package dev.polyj.reductions.sdr;

import dev.polyj.presburger.count.Counting;
import dev.polyj.presburger.qpoly.Monomial;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The asymptotic complexity of a program as the leading monomials of the number of its statement
 * instances in the parameters (Section 5.3.4 of Yang, Atkinson, Carbin, POPL 2021): each domain is
 * counted exactly with the project's {@code card} (a piecewise quasi-polynomial), each monomial of
 * each piece contributes its exponent vector (a floor term {@code floor(e/d)} counts as degree one
 * in every parameter of {@code e}), and only the monomials no other one dominates are kept.
 * {@code O(N^2 K^2)} is {@code [[2, 2]]} over {@code [N, K]}; {@code O(N^2 + N K)} has two members.
 *
 * <p>This is an asymptotic bound read off exact counts: coefficients are not compared, so a
 * monomial that cancels only across pieces would be kept (none of the paper's programs has one).
 */
public record Complexity(List<String> params, List<int[]> monomials) {
  /** The constant complexity {@code O(1)}. */
  public static Complexity constant(List<String> params) {
    return new Complexity(params, List.of(new int[params.size()]));
  }

  /** The complexity of a set's size (zero monomials for an empty set). */
  public static Complexity of(Relation set, List<String> params) {
    Relation s = set.alignParams(params);
    if (s.isEmpty()) return new Complexity(params, List.of());
    PwQPolynomial card = Counting.card(s);
    List<int[]> ms = new ArrayList<>();
    for (PwQPolynomial.Piece piece : card.pieces()) {
      QuasiPolynomial qp = piece.qp();
      if (qp.isSpecial()) throw new IllegalArgumentException("unbounded domain " + set);
      int np = params.size();
      int[][] floorDeg = new int[qp.floors().size()][];
      for (int f = 0; f < floorDeg.length; f++) {
        Div d = qp.floors().get(f);
        long[] num = d.numerator();
        int[] deg = new int[np];
        for (int p = 0; p < np && 1 + p < num.length; p++) if (num[1 + p] != 0) deg[p] = 1;
        for (int g = 0; g < f; g++) if (1 + np + g < num.length && num[1 + np + g] != 0) deg = max(deg, floorDeg[g]);
        floorDeg[f] = deg;
      }
      for (Monomial m : qp.polynomial().terms().keySet()) {
        int[] e = new int[np];
        for (int v = 0; v < m.length(); v++) {
          int k = m.exponent(v);
          if (k == 0) continue;
          if (v < np) e[v] += k;
          else for (int p = 0; p < np; p++) e[p] += k * floorDeg[v - np][p];
        }
        ms.add(e);
      }
    }
    return new Complexity(params, maximal(ms));
  }

  /** The complexity of several statements together (the sum of their counts). */
  public Complexity plus(Complexity o) {
    List<int[]> all = new ArrayList<>(monomials);
    all.addAll(o.monomials);
    return new Complexity(params, maximal(all));
  }

  /** True when every monomial of this is dominated by one of {@code o} and not the other way round. */
  public boolean lowerThan(Complexity o) {
    return dominatedBy(this, o) && !dominatedBy(o, this);
  }

  private static boolean dominatedBy(Complexity a, Complexity b) {
    for (int[] m : a.monomials) {
      boolean found = false;
      for (int[] n : b.monomials) if (leq(m, n)) found = true;
      if (!found) return false;
    }
    return true;
  }

  /** The largest total degree. */
  public int degree() {
    int d = 0;
    for (int[] m : monomials) d = Math.max(d, Arrays.stream(m).sum());
    return d;
  }

  private static int[] max(int[] a, int[] b) {
    int[] o = new int[a.length];
    for (int k = 0; k < a.length; k++) o[k] = Math.max(a[k], b[k]);
    return o;
  }

  private static boolean leq(int[] a, int[] b) {
    for (int k = 0; k < a.length; k++) if (a[k] > b[k]) return false;
    return true;
  }

  private static List<int[]> maximal(List<int[]> ms) {
    List<int[]> out = new ArrayList<>();
    for (int[] m : ms) {
      boolean dominated = false;
      for (int[] n : ms) if (n != m && leq(m, n) && (!Arrays.equals(m, n) || ms.indexOf(n) < ms.indexOf(m))) dominated = true;
      if (!dominated) out.add(m);
    }
    out.sort((a, b) -> {
      int c = Integer.compare(Arrays.stream(b).sum(), Arrays.stream(a).sum());
      return c != 0 ? c : Arrays.compare(b, a);
    });
    return out;
  }

  /** {@code O(N^2 K + N W)}; {@code O(1)} for constants, {@code O(0)} for no work. */
  @Override
  public String toString() {
    if (monomials.isEmpty()) return "O(0)";
    return "O(" + monomials.stream().map(this::term).collect(Collectors.joining(" + ")) + ")";
  }

  private String term(int[] m) {
    List<String> fs = new ArrayList<>();
    for (int p = 0; p < m.length; p++) {
      if (m[p] == 1) fs.add(params.get(p));
      else if (m[p] > 1) fs.add(params.get(p) + "^" + m[p]);
    }
    return fs.isEmpty() ? "1" : String.join(" ", fs);
  }
}
