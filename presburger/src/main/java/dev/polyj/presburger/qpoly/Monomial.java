package dev.polyj.presburger.qpoly;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Arrays;

/**
 * A power product {@code x0^e0 * x1^e1 * ...} of numbered variables, with non-negative exponents.
 * Trailing zero exponents are trimmed so that equal products are equal objects.
 */
public final class Monomial implements Comparable<Monomial> {
  public static final Monomial ONE = new Monomial(new int[0]);

  private final int[] exps;
  private final int hash;

  private Monomial(int[] exps) {
    this.exps = exps;
    this.hash = Arrays.hashCode(exps);
  }

  public static Monomial of(int... exps) {
    int n = exps.length;
    while (n > 0 && exps[n - 1] == 0) n--;
    for (int i = 0; i < n; i++) checkArgument(exps[i] >= 0, "negative exponent %s", exps[i]);
    return n == 0 ? ONE : new Monomial(Arrays.copyOf(exps, n));
  }

  /** The variable {@code var} to the power {@code e}. */
  public static Monomial var(int var, int e) {
    int[] x = new int[var + 1];
    x[var] = e;
    return of(x);
  }

  /** Exponent of variable {@code var} (0 beyond the stored length). */
  public int exponent(int var) {
    return var < exps.length ? exps[var] : 0;
  }

  /** One more than the largest variable with a non-zero exponent. */
  public int length() {
    return exps.length;
  }

  public int degree() {
    int d = 0;
    for (int e : exps) d += e;
    return d;
  }

  public boolean isOne() {
    return exps.length == 0;
  }

  public Monomial multiply(Monomial o) {
    int[] r = Arrays.copyOf(exps, Math.max(exps.length, o.exps.length));
    for (int i = 0; i < o.exps.length; i++) r[i] += o.exps[i];
    return of(r);
  }

  /** This monomial with the exponent of {@code var} set to {@code e}. */
  public Monomial withExponent(int var, int e) {
    int[] r = Arrays.copyOf(exps, Math.max(exps.length, var + 1));
    r[var] = e;
    return of(r);
  }

  /** Renumbers variables: variable {@code v} becomes {@code map[v]} (which must be >= 0 where used). */
  public Monomial rename(int[] map) {
    int max = 0;
    for (int v = 0; v < exps.length; v++) {
      if (exps[v] != 0) {
        checkArgument(v < map.length && map[v] >= 0, "variable %s has no image", v);
        max = Math.max(max, map[v] + 1);
      }
    }
    int[] r = new int[max];
    for (int v = 0; v < exps.length; v++) if (exps[v] != 0) r[map[v]] += exps[v];
    return of(r);
  }

  /** Graded order: lower total degree first, then by exponents from the last variable down. */
  @Override
  public int compareTo(Monomial o) {
    int c = Integer.compare(degree(), o.degree());
    if (c != 0) return c;
    int n = Math.max(exps.length, o.exps.length);
    for (int i = n - 1; i >= 0; i--) {
      c = Integer.compare(exponent(i), o.exponent(i));
      if (c != 0) return c;
    }
    return 0;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Monomial m && m.hash == hash && Arrays.equals(m.exps, exps);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return Arrays.toString(exps);
  }
}
