package dev.polyj.presburger.qpoly;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Exact antidifferences of powers: polynomials {@code S_k} with {@code S_k(n) - S_k(n-1) = n^k} for
 * every integer n, from Faulhaber's formula {@code S_k(n) = 1/(k+1) sum_j binom(k+1, j) B+_j n^(k+1-j)}
 * with the Bernoulli numbers {@code B+} ({@code B+_1 = +1/2}). Then
 * {@code sum_{x=lo}^{hi} x^k = S_k(hi) - S_k(lo - 1)} whenever {@code hi >= lo - 1}.
 */
public final class Faulhaber {
  private Faulhaber() {}

  private static final List<Rational> BERNOULLI = new ArrayList<>();
  private static final List<Rational[]> ANTIDIFF = new ArrayList<>();

  /** Bernoulli number {@code B_m} with {@code B_1 = -1/2}. */
  static synchronized Rational bernoulli(int m) {
    while (BERNOULLI.size() <= m) {
      int n = BERNOULLI.size();
      if (n == 0) {
        BERNOULLI.add(Rational.ONE);
        continue;
      }
      // sum_{j=0}^{n} binom(n+1, j) B_j = 0
      Rational s = Rational.ZERO;
      for (int j = 0; j < n; j++) s = s.add(BERNOULLI.get(j).multiply(binomial(n + 1, j)));
      BERNOULLI.add(s.negate().divide(Rational.of(n + 1)));
    }
    return BERNOULLI.get(m);
  }

  static BigInteger binomial(int n, int k) {
    BigInteger r = BigInteger.ONE;
    for (int i = 0; i < k; i++) r = r.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
    return r;
  }

  /** Coefficients of {@code S_k} by ascending power of n (length k + 2). */
  public static synchronized Rational[] antidifference(int k) {
    while (ANTIDIFF.size() <= k) {
      int kk = ANTIDIFF.size();
      Rational[] c = new Rational[kk + 2];
      java.util.Arrays.fill(c, Rational.ZERO);
      for (int j = 0; j <= kk; j++) {
        Rational b = bernoulli(j);
        if (j == 1) b = b.negate();
        c[kk + 1 - j] = b.multiply(binomial(kk + 1, j)).divide(Rational.of(kk + 1));
      }
      ANTIDIFF.add(c);
    }
    return ANTIDIFF.get(k);
  }

  /** {@code S_k(p)} for a polynomial argument. */
  public static Polynomial antidifference(int k, Polynomial p) {
    Rational[] c = antidifference(k);
    Polynomial r = Polynomial.ZERO;
    for (int i = c.length - 1; i >= 0; i--) r = r.multiply(p).add(Polynomial.constant(c[i]));
    return r;
  }

  /**
   * {@code sum_{x_v = lo}^{hi} f}: variable {@code v} of {@code f} summed between two polynomial
   * bounds (which must not use {@code v}); exact whenever {@code hi >= lo - 1}.
   */
  public static Polynomial sum(Polynomial f, int v, Polynomial lo, Polynomial hi) {
    List<Polynomial> cs = f.coefficientsIn(v);
    Polynomial loMinus1 = lo.subtract(Polynomial.ONE);
    Polynomial r = Polynomial.ZERO;
    for (int k = 0; k < cs.size(); k++) {
      if (cs.get(k).isZero()) continue;
      r = r.add(cs.get(k).multiply(antidifference(k, hi).subtract(antidifference(k, loMinus1))));
    }
    return r;
  }
}
