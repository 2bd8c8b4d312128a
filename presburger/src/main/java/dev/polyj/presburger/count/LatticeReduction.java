package dev.polyj.presburger.count;

import dev.polyj.presburger.qpoly.Rational;
import java.math.BigInteger;

/**
 * Lenstra-Lenstra-Lovasz basis reduction (Lenstra, Lenstra and Lovasz 1982) with exact rational
 * Gram-Schmidt coefficients and the usual parameter {@code delta = 3/4}: the first vector of a
 * reduced basis is at most {@code 2^((n-1)/2)} times longer than the shortest non-zero lattice
 * vector. Meant for the small dimensions of counting problems (the Gram-Schmidt data is
 * recomputed after each change).
 */
final class LatticeReduction {
  private LatticeReduction() {}

  private static final Rational DELTA = Rational.of(3, 4);
  private static final Rational HALF = Rational.of(1, 2);

  /** A reduced basis of the lattice spanned by the linearly independent rows. */
  static BigInteger[][] reduce(BigInteger[][] rows) {
    int n = rows.length;
    BigInteger[][] b = new BigInteger[n][];
    for (int i = 0; i < n; i++) b[i] = rows[i].clone();
    if (n < 2) return b;
    int k = 1;
    Rational[][] mu = new Rational[n][n];
    Rational[] norms = new Rational[n];
    gramSchmidt(b, mu, norms);
    while (k < n) {
      for (int j = k - 1; j >= 0; j--) {
        Rational m = mu[k][j];
        if (m.abs().compareTo(HALF) <= 0) continue;
        BigInteger q = m.add(HALF).floor(); // the nearest integer
        for (int c = 0; c < b[k].length; c++) b[k][c] = b[k][c].subtract(q.multiply(b[j][c]));
        gramSchmidt(b, mu, norms);
      }
      Rational m = mu[k][k - 1];
      if (norms[k].compareTo(DELTA.subtract(m.multiply(m)).multiply(norms[k - 1])) >= 0) {
        k++;
      } else {
        BigInteger[] t = b[k];
        b[k] = b[k - 1];
        b[k - 1] = t;
        gramSchmidt(b, mu, norms);
        k = Math.max(k - 1, 1);
      }
    }
    return b;
  }

  /** mu[i][j] = <b_i, b*_j> / <b*_j, b*_j> and norms[i] = <b*_i, b*_i>. */
  private static void gramSchmidt(BigInteger[][] b, Rational[][] mu, Rational[] norms) {
    int n = b.length;
    int dim = b[0].length;
    Rational[][] star = new Rational[n][dim];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < dim; c++) star[i][c] = Rational.of(b[i][c]);
      for (int j = 0; j < i; j++) {
        Rational dot = Rational.ZERO;
        for (int c = 0; c < dim; c++) dot = dot.add(star[j][c].multiply(b[i][c]));
        mu[i][j] = norms[j].isZero() ? Rational.ZERO : dot.divide(norms[j]);
        for (int c = 0; c < dim; c++) star[i][c] = star[i][c].subtract(mu[i][j].multiply(star[j][c]));
      }
      Rational nn = Rational.ZERO;
      for (int c = 0; c < dim; c++) nn = nn.add(star[i][c].multiply(star[i][c]));
      norms[i] = nn;
    }
  }
}
