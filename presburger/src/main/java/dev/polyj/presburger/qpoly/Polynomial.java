package dev.polyj.presburger.qpoly;

import static com.google.common.base.Preconditions.checkArgument;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A multivariate polynomial with exact rational coefficients over numbered variables
 * {@code x0, x1, ...}: a sparse map from {@link Monomial}s to non-zero {@link Rational}s. Immutable.
 */
public final class Polynomial {
  public static final Polynomial ZERO = new Polynomial(Map.of());
  public static final Polynomial ONE = constant(Rational.ONE);

  private final Map<Monomial, Rational> terms;

  private Polynomial(Map<Monomial, Rational> terms) {
    this.terms = terms;
  }

  private static Polynomial wrap(Map<Monomial, Rational> m) {
    m.values().removeIf(Rational::isZero);
    return m.isEmpty() ? ZERO : new Polynomial(Collections.unmodifiableMap(m));
  }

  public static Polynomial constant(Rational c) {
    Map<Monomial, Rational> m = new HashMap<>();
    m.put(Monomial.ONE, c);
    return wrap(m);
  }

  public static Polynomial constant(long c) {
    return constant(Rational.of(c));
  }

  public static Polynomial var(int v) {
    return term(Monomial.var(v, 1), Rational.ONE);
  }

  public static Polynomial term(Monomial m, Rational c) {
    Map<Monomial, Rational> t = new HashMap<>();
    t.put(m, c);
    return wrap(t);
  }

  /** The affine polynomial {@code row[0] + sum row[1 + v] * x_v}. */
  public static Polynomial affine(long[] row) {
    Map<Monomial, Rational> m = new HashMap<>();
    if (row[0] != 0) m.put(Monomial.ONE, Rational.of(row[0]));
    for (int v = 0; v + 1 < row.length; v++) if (row[v + 1] != 0) m.put(Monomial.var(v, 1), Rational.of(row[v + 1]));
    return wrap(m);
  }

  /** The terms, monomial to non-zero coefficient (unmodifiable). */
  public Map<Monomial, Rational> terms() {
    return terms;
  }

  public boolean isZero() {
    return terms.isEmpty();
  }

  /** True when the polynomial has no variable. */
  public boolean isConstant() {
    return terms.isEmpty() || (terms.size() == 1 && terms.containsKey(Monomial.ONE));
  }

  public Rational constantTerm() {
    return terms.getOrDefault(Monomial.ONE, Rational.ZERO);
  }

  public Rational coefficient(Monomial m) {
    return terms.getOrDefault(m, Rational.ZERO);
  }

  /** Total degree; -1 for the zero polynomial. */
  public int degree() {
    int d = -1;
    for (Monomial m : terms.keySet()) d = Math.max(d, m.degree());
    return d;
  }

  /** Highest exponent of variable {@code v}; -1 for the zero polynomial. */
  public int degreeIn(int v) {
    int d = -1;
    for (Monomial m : terms.keySet()) d = Math.max(d, m.exponent(v));
    return d;
  }

  /** True when variable {@code v} occurs. */
  public boolean uses(int v) {
    for (Monomial m : terms.keySet()) if (m.exponent(v) != 0) return true;
    return false;
  }

  /** One more than the largest variable that occurs. */
  public int nVarUsed() {
    int n = 0;
    for (Monomial m : terms.keySet()) n = Math.max(n, m.length());
    return n;
  }

  public Polynomial add(Polynomial o) {
    if (o.isZero()) return this;
    if (isZero()) return o;
    Map<Monomial, Rational> m = new HashMap<>(terms);
    o.terms.forEach((k, c) -> m.merge(k, c, Rational::add));
    return wrap(m);
  }

  public Polynomial negate() {
    Map<Monomial, Rational> m = new HashMap<>();
    terms.forEach((k, c) -> m.put(k, c.negate()));
    return wrap(m);
  }

  public Polynomial subtract(Polynomial o) {
    return add(o.negate());
  }

  public Polynomial scale(Rational c) {
    if (c.isZero()) return ZERO;
    if (c.isOne()) return this;
    Map<Monomial, Rational> m = new HashMap<>();
    terms.forEach((k, v) -> m.put(k, v.multiply(c)));
    return wrap(m);
  }

  public Polynomial multiply(Polynomial o) {
    if (isZero() || o.isZero()) return ZERO;
    if (o.isConstant()) return scale(o.constantTerm());
    if (isConstant()) return o.scale(constantTerm());
    Map<Monomial, Rational> m = new HashMap<>();
    for (Map.Entry<Monomial, Rational> a : terms.entrySet()) {
      for (Map.Entry<Monomial, Rational> b : o.terms.entrySet()) {
        m.merge(a.getKey().multiply(b.getKey()), a.getValue().multiply(b.getValue()), Rational::add);
      }
    }
    return wrap(m);
  }

  public Polynomial pow(int e) {
    checkArgument(e >= 0, "negative power %s", e);
    Polynomial r = ONE;
    Polynomial b = this;
    while (e > 0) {
      if ((e & 1) != 0) r = r.multiply(b);
      e >>= 1;
      if (e > 0) b = b.multiply(b);
    }
    return r;
  }

  /** The coefficients of the powers of {@code v}: element k is the coefficient of {@code x_v^k}. */
  public List<Polynomial> coefficientsIn(int v) {
    int d = degreeIn(v);
    List<Map<Monomial, Rational>> parts = new ArrayList<>();
    for (int k = 0; k <= d; k++) parts.add(new HashMap<>());
    terms.forEach((m, c) -> parts.get(m.exponent(v)).put(m.withExponent(v, 0), c));
    List<Polynomial> out = new ArrayList<>();
    for (Map<Monomial, Rational> p : parts) out.add(wrap(p));
    return out;
  }

  /** Replaces variable {@code v} by the polynomial {@code p}. */
  public Polynomial substitute(int v, Polynomial p) {
    if (!uses(v)) return this;
    List<Polynomial> cs = coefficientsIn(v);
    Polynomial r = ZERO;
    for (int k = cs.size() - 1; k >= 0; k--) r = r.multiply(p).add(cs.get(k));
    return r;
  }

  /** Renumbers variables: {@code v} becomes {@code map[v]}. */
  public Polynomial rename(int[] map) {
    Map<Monomial, Rational> m = new HashMap<>();
    terms.forEach((k, c) -> m.merge(k.rename(map), c, Rational::add));
    return wrap(m);
  }

  /** Value at integer values of the variables ({@code values[v]} for {@code x_v}). */
  public Rational evaluate(BigInteger[] values) {
    Rational s = Rational.ZERO;
    for (Map.Entry<Monomial, Rational> t : terms.entrySet()) {
      BigInteger p = BigInteger.ONE;
      Monomial m = t.getKey();
      for (int v = 0; v < m.length(); v++) if (m.exponent(v) != 0) p = p.multiply(values[v].pow(m.exponent(v)));
      s = s.add(t.getValue().multiply(p));
    }
    return s;
  }

  /** Value at integer values given as longs. */
  public Rational evaluate(long[] values) {
    BigInteger[] b = new BigInteger[values.length];
    for (int i = 0; i < values.length; i++) b[i] = BigInteger.valueOf(values[i]);
    return evaluate(b);
  }

  /** Terms in graded order (constant first). */
  public TreeMap<Monomial, Rational> sortedTerms() {
    return new TreeMap<>(terms);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Polynomial p && p.terms.equals(terms);
  }

  @Override
  public int hashCode() {
    return terms.hashCode();
  }

  @Override
  public String toString() {
    if (isZero()) return "0";
    StringBuilder sb = new StringBuilder();
    sortedTerms().forEach((m, c) -> {
      if (sb.length() > 0) sb.append(" + ");
      sb.append(c);
      for (int v = 0; v < m.length(); v++) {
        if (m.exponent(v) != 0) sb.append("*x").append(v).append(m.exponent(v) > 1 ? "^" + m.exponent(v) : "");
      }
    });
    return sb.toString();
  }
}
