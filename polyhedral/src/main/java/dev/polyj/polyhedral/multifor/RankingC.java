package dev.polyj.polyhedral.multifor;

import dev.polyj.presburger.qpoly.Monomial;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.QuasiPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import java.math.BigInteger;
import java.util.Map;

/**
 * Prints piecewise quasi-polynomials (ranking and counting functions) as C functions that compute
 * them exactly: 128-bit integer arithmetic whose every product and sum is checked
 * ({@code __builtin_*_overflow}; an overflow stops the program instead of giving a wrong value),
 * floor divisions rounding toward minus infinity, and rational coefficients brought to one common
 * denominator that divides the sum exactly. Also prints the C unranking step of {@link
 * dev.polyj.presburger.count.Unranking}: a floating-point root of the quadratic through three
 * samples, corrected by exact comparisons.
 */
final class RankingC {
  private RankingC() {}

  /** The helpers every generated rank function uses, defined once per file. */
  static String helpers() {
    return """
        #ifndef POLYJ_RANK_HELPERS
        #define POLYJ_RANK_HELPERS
        typedef __int128 polyj_wide;
        static inline polyj_wide polyj_mul(polyj_wide a, polyj_wide b) {
          polyj_wide r;
          if (__builtin_mul_overflow(a, b, &r)) __builtin_trap();
          return r;
        }
        static inline polyj_wide polyj_add(polyj_wide a, polyj_wide b) {
          polyj_wide r;
          if (__builtin_add_overflow(a, b, &r)) __builtin_trap();
          return r;
        }
        static inline polyj_wide polyj_floordiv(polyj_wide n, polyj_wide d) {
          polyj_wide q = n / d;
          return (n % d != 0 && (n < 0) != (d < 0)) ? q - 1 : q;
        }
        static inline polyj_wide polyj_exactdiv(polyj_wide n, polyj_wide d) {
          if (n % d != 0) __builtin_trap();
          return n / d;
        }
        /* a prefix rank R_k(p, x_0 .. x_k): points whose first k + 1 coordinates precede x */
        typedef polyj_wide (*polyj_rank_fn)(const long long *p, const long long *x);
        static polyj_wide polyj_rank_at(polyj_rank_fn f, const long long *p, long long *x, int k, long long v) {
          x[k] = v;
          return f(p, x);
        }
        /* square root and floor of an estimate, without the math library */
        static double polyj_sqrt(double d) {
          double x = d > 1 ? d / 2 + 0.5 : 1;
          for (int i = 0; i < 200; i++) {
            double y = (x + d / x) / 2;
            if (y >= x) break;
            x = y;
          }
          return x;
        }
        static long long polyj_floor(double u) {
          long long t = (long long) u;
          return (double) t > u ? t - 1 : t;
        }
        /* the root near s of the quadratic through f(s), f(s + 1), f(s + 2) for the value r + 1/2 */
        static long long polyj_fit_root(polyj_rank_fn f, const long long *p, long long *x, int k, polyj_wide r, long long s) {
          polyj_wide f0 = polyj_rank_at(f, p, x, k, s), f1 = polyj_rank_at(f, p, x, k, s + 1), f2 = polyj_rank_at(f, p, x, k, s + 2);
          double a = (double) (f2 - 2 * f1 + f0) / 2, b = (double) (f1 - f0) - a, c = (double) (f0 - r) - 0.5, u;
          if (a == 0) {
            if (b <= 0) return s;
            u = -c / b;
          } else {
            double disc = b * b - 4 * a * c, q, u1, u2;
            if (disc < 0) return s;
            q = -(b + (b < 0 ? -polyj_sqrt(disc) : polyj_sqrt(disc))) / 2;
            if (q == 0) return s;
            u1 = q / a;
            u2 = c / q;
            u = a > 0 ? (u1 > u2 ? u1 : u2) : (u1 < u2 ? u1 : u2);
          }
          if (!(u > -1e15 && u < 1e15)) return s;
          return s + polyj_floor(u);
        }
        /* the largest v with f(p, x_0 .. x_(k-1), v) <= r: estimate, then exact galloping and bisection */
        static long long polyj_largest_at_most(polyj_rank_fn f, const long long *p, long long *x, int k, polyj_wide r) {
          long long v = polyj_fit_root(f, p, x, k, r, 0), lo, hi, step = 1;
          v = polyj_fit_root(f, p, x, k, r, v - 1);
          if (polyj_rank_at(f, p, x, k, v) <= r) {
            lo = v;
            hi = v + 1;
            while (polyj_rank_at(f, p, x, k, hi) <= r) { lo = hi; step *= 2; hi = v + step; }
          } else {
            hi = v;
            lo = v - 1;
            while (polyj_rank_at(f, p, x, k, lo) > r) { hi = lo; step *= 2; lo = v - step; }
          }
          while (hi - lo > 1) {
            long long mid = lo + (hi - lo) / 2;
            if (polyj_rank_at(f, p, x, k, mid) <= r) lo = mid; else hi = mid;
          }
          x[k] = lo;
          return lo;
        }
        #endif
        """;
  }

  /**
   * A C function {@code static polyj_wide name(const long long *p, const long long *x)} computing
   * {@code f} at parameters {@code p} and coordinates {@code x} (zero outside its pieces).
   */
  static String function(String name, PwQPolynomial f) {
    int np = f.space().nParam();
    StringBuilder sb = new StringBuilder();
    sb.append("static polyj_wide ").append(name).append("(const long long *p, const long long *x) {\n");
    sb.append("  polyj_wide s = 0;\n");
    sb.append("  (void) p;\n  (void) x;\n");
    for (PwQPolynomial.Piece piece : f.terms()) {
      BasicRelation dom = piece.domain();
      if (dom.hasUnknownLocals()) dom = dom.computeDivs().basics().size() == 1 ? dom.computeDivs().basics().get(0) : null;
      if (dom == null || dom.hasUnknownLocals()) throw new UnsupportedOperationException("a piece with existential variables: " + piece.domain());
      QuasiPolynomial q = piece.qp();
      if (q.isSpecial()) throw new UnsupportedOperationException("the function is infinite or undefined somewhere (unbounded set?)");
      sb.append("  {\n");
      int nVar = dom.space().nVar();
      for (int i = 0; i < dom.nLocal(); i++) {
        Div d = dom.div(i);
        sb.append("    polyj_wide l").append(i).append(" = polyj_floordiv(").append(row(d.numerator(), np, nVar, "l")).append(", ")
            .append(d.denominator()).append(");\n");
      }
      StringBuilder cond = new StringBuilder();
      for (long[] e : dom.equalities()) cond.append(cond.length() > 0 ? " && " : "").append(row(e, np, nVar, "l")).append(" == 0");
      for (long[] e : dom.inequalities()) cond.append(cond.length() > 0 ? " && " : "").append(row(e, np, nVar, "l")).append(" >= 0");
      sb.append("    if (").append(cond.length() == 0 ? "1" : cond).append(") {\n");
      int qVar = q.space().nVar();
      for (int i = 0; i < q.floors().size(); i++) {
        Div d = q.floors().get(i);
        sb.append("      polyj_wide f").append(i).append(" = polyj_floordiv(").append(row(d.numerator(), np, qVar, "f")).append(", ")
            .append(d.denominator()).append(");\n");
      }
      BigInteger den = BigInteger.ONE;
      for (Rational c : q.polynomial().terms().values()) den = lcm(den, c.denominator());
      StringBuilder sum = new StringBuilder("0");
      for (Map.Entry<Monomial, Rational> t : q.polynomial().sortedTerms().entrySet()) {
        BigInteger c = t.getValue().numerator().multiply(den.divide(t.getValue().denominator()));
        String term = literal(c);
        Monomial m = t.getKey();
        for (int v = 0; v < m.length(); v++) {
          for (int e = 0; e < m.exponent(v); e++) term = "polyj_mul(" + term + ", " + variable(v, np, qVar, "f") + ")";
        }
        sum = new StringBuilder("polyj_add(" + sum + ", " + term + ")");
      }
      sb.append("      s = polyj_add(s, polyj_exactdiv(").append(sum).append(", ").append(literal(den)).append("));\n");
      sb.append("    }\n  }\n");
    }
    sb.append("  return s;\n}\n");
    return sb.toString();
  }

  private static BigInteger lcm(BigInteger a, BigInteger b) {
    return a.divide(a.gcd(b)).multiply(b);
  }

  private static String literal(BigInteger c) {
    if (c.bitLength() >= 63) throw new UnsupportedOperationException("coefficient " + c + " does not fit in 64 bits");
    return "(polyj_wide) " + c + "LL";
  }

  /** Column {@code v} (0-based over variables, then locals) as a C operand. */
  private static String variable(int v, int np, int nVar, String local) {
    if (v < np) return "(polyj_wide) p[" + v + "]";
    if (v < nVar) return "(polyj_wide) x[" + (v - np) + "]";
    return local + (v - nVar);
  }

  /** An affine row (constant, then columns) as a checked C sum. */
  private static String row(long[] r, int np, int nVar, String local) {
    String s = literal(BigInteger.valueOf(r[0]));
    for (int c = 1; c < r.length; c++) {
      if (r[c] == 0) continue;
      String v = variable(c - 1, np, nVar, local);
      String t = r[c] == 1 ? v : "polyj_mul(" + literal(BigInteger.valueOf(r[c])) + ", " + v + ")";
      s = "polyj_add(" + s + ", " + t + ")";
    }
    return s;
  }
}
