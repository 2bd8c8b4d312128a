package dev.polyj.presburger.count;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.qpoly.Rational;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The value at {@code x = 1} of the generating function of a unimodular cone's lattice points,
 * after the substitution {@code x = exp(t * l)}: the constant term in t of
 * {@code exp(a t) / prod_j (1 - exp(b_j t))}, where {@code a = <l, apex>} and {@code b_j = <l, u_j>}
 * (all {@code b_j} non-zero). With {@code s/(e^s - 1) = sum_n B_n s^n / n!} (Bernoulli numbers,
 * {@code B_1 = -1/2}) the constant term is
 * {@code (-1)^d / prod b_j * sum_k c_(d-k) a^k / k!}, where {@code c_m} is the coefficient of
 * {@code t^m} in {@code prod_j sum_n B_n b_j^n t^n / n!} (the Todd polynomial evaluated at the
 * {@code b_j}). This is the polynomial substitution step of Barvinok's algorithm: the sum of the
 * constant terms over all cones of a polytope's vertices is its number of points.
 */
final class ConeSeries {
  private ConeSeries() {}

  private static final List<Rational> BERNOULLI = new ArrayList<>(List.of(Rational.ONE));

  /** B_n with B_1 = -1/2, from {@code sum_(k<=n) C(n+1, k) B_k = 0}. */
  static synchronized Rational bernoulli(int n) {
    while (BERNOULLI.size() <= n) {
      int m = BERNOULLI.size();
      Rational s = Rational.ZERO;
      BigInteger binom = BigInteger.ONE; // C(m+1, k)
      for (int k = 0; k < m; k++) {
        s = s.add(BERNOULLI.get(k).multiply(binom));
        binom = binom.multiply(BigInteger.valueOf(m + 1 - k)).divide(BigInteger.valueOf(k + 1));
      }
      BERNOULLI.add(s.negate().divide(Rational.of(m + 1)));
    }
    return BERNOULLI.get(n);
  }

  /**
   * The coefficients {@code e_0 .. e_d} such that the constant term is {@code sum_k e_k a^k}
   * ({@code d = b.length}).
   */
  static Rational[] coefficients(long[] b) {
    int d = b.length;
    Rational[] series = new Rational[d + 1]; // prod_j sum_n B_n b_j^n t^n / n!, truncated
    series[0] = Rational.ONE;
    for (int m = 1; m <= d; m++) series[m] = Rational.ZERO;
    Rational prodB = Rational.ONE;
    for (long bj : b) {
      checkArgument(bj != 0, "the direction is orthogonal to a ray");
      prodB = prodB.multiply(Rational.of(bj));
      Rational[] factor = new Rational[d + 1];
      BigInteger pow = BigInteger.ONE;
      BigInteger fact = BigInteger.ONE;
      for (int n = 0; n <= d; n++) {
        if (n > 0) {
          pow = pow.multiply(BigInteger.valueOf(bj));
          fact = fact.multiply(BigInteger.valueOf(n));
        }
        factor[n] = bernoulli(n).multiply(Rational.of(pow, fact));
      }
      Rational[] next = new Rational[d + 1];
      for (int m = 0; m <= d; m++) {
        Rational s = Rational.ZERO;
        for (int n = 0; n <= m; n++) s = s.add(series[m - n].multiply(factor[n]));
        next[m] = s;
      }
      series = next;
    }
    Rational scale = Rational.ONE.divide(prodB);
    if (d % 2 == 1) scale = scale.negate();
    Rational[] e = new Rational[d + 1];
    BigInteger fact = BigInteger.ONE;
    for (int k = 0; k <= d; k++) {
      if (k > 0) fact = fact.multiply(BigInteger.valueOf(k));
      e[k] = series[d - k].multiply(scale).divide(Rational.of(fact));
    }
    return e;
  }

  /**
   * The weighted form: the coefficients {@code e_0 .. e_D} ({@code D = d + sum m_j}) such that
   * the constant term in t of {@code exp(a t) prod_j S_(m_j)(b_j t)} is {@code sum_k e_k a^k},
   * where {@code S_m(beta) = sum_(k >= 0) k^m exp(beta k)} is the m-th derivative of
   * {@code 1 / (1 - exp(beta)) = -sum_n B_n beta^(n-1) / n!}, that is
   * {@code -sum_n B_n / n! (n-1)(n-2)..(n-m) beta^(n-1-m)}. Summing
   * {@code k_1^m_1 .. k_d^m_d} over the points {@code apex + sum_j k_j u_j} of a unimodular cone
   * (and, by linearity, any polynomial weight) reduces to these constants.
   */
  static Rational[] weightedCoefficients(long[] b, int[] m) {
    int d = b.length;
    int total = d;
    for (int x : m) total += x;
    int span = 2 * total + 1; // exponents -total .. total, index e + total
    Rational[] prod = new Rational[span];
    Arrays.fill(prod, Rational.ZERO);
    prod[total] = Rational.ONE;
    for (int j = 0; j < d; j++) {
      checkArgument(b[j] != 0, "the direction is orthogonal to a ray");
      Rational[] factor = new Rational[span];
      Arrays.fill(factor, Rational.ZERO);
      Rational bj = Rational.of(b[j]);
      BigInteger fact = BigInteger.ONE;
      for (int n = 0; n - 1 - m[j] <= total; n++) {
        if (n > 0) fact = fact.multiply(BigInteger.valueOf(n));
        int e = n - 1 - m[j];
        if (e < -total) continue;
        BigInteger falling = BigInteger.ONE;
        for (int i = 0; i < m[j]; i++) falling = falling.multiply(BigInteger.valueOf(n - 1 - i));
        if (falling.signum() == 0 || bernoulli(n).isZero()) continue;
        Rational c = bernoulli(n).multiply(falling).divide(Rational.of(fact)).negate().multiply(power(bj, e));
        factor[e + total] = c;
      }
      Rational[] next = new Rational[span];
      Arrays.fill(next, Rational.ZERO);
      for (int x = 0; x < span; x++) {
        if (prod[x].isZero()) continue;
        for (int y = 0; y < span; y++) {
          if (factor[y].isZero()) continue;
          int z = x + y - total; // exponents add
          if (z >= 0 && z < span) next[z] = next[z].add(prod[x].multiply(factor[y]));
        }
      }
      prod = next;
    }
    Rational[] e = new Rational[total + 1];
    BigInteger fact = BigInteger.ONE;
    for (int k = 0; k <= total; k++) {
      if (k > 0) fact = fact.multiply(BigInteger.valueOf(k));
      e[k] = prod[total - k].divide(Rational.of(fact));
    }
    return e;
  }

  private static Rational power(Rational x, int e) {
    Rational r = Rational.ONE;
    Rational base = e >= 0 ? x : Rational.ONE.divide(x);
    for (int i = 0; i < Math.abs(e); i++) r = r.multiply(base);
    return r;
  }
}
