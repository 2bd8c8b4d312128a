package dev.polyj.presburger.qpoly;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.space.Space;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A quasi-polynomial over the variables of a space (parameters, then set dimensions): a polynomial
 * with rational coefficients whose variables are the space's variables and floor terms
 * {@code floor(e / d)}, each {@code e} an integer affine expression over the space's variables and
 * earlier floor terms (isl's qpolynomial).
 *
 * <p>Variables of {@link #polynomial()} are numbered as the columns of a constraint row minus one:
 * {@code 0 .. nVar-1} are the space's variables, {@code nVar + i} is floor term {@code i}. Floor
 * term {@code i} is a {@link Div} whose numerator has width {@code 1 + nVar + i}.
 *
 * <p>Immutable; unused floor terms are dropped and equal floor terms shared on construction.
 */
public final class QuasiPolynomial {
  private final Space space;
  private final ImmutableList<Div> floors;
  private final Polynomial poly;
  private final boolean infinite;
  private final boolean nan;

  private QuasiPolynomial(Space space, List<Div> floors, Polynomial poly) {
    this(space, floors, poly, false, false);
  }

  private QuasiPolynomial(Space space, List<Div> floors, Polynomial poly, boolean infinite, boolean nan) {
    this.space = space;
    this.floors = ImmutableList.copyOf(floors);
    this.poly = poly;
    this.infinite = infinite;
    this.nan = nan;
  }

  /**
   * The value {@code infty} (printed so, as isl does): the number of points of an unbounded set.
   * It absorbs additions and products with positive constants or with itself; subtraction,
   * negation, other products and evaluation are undefined and throw {@link ArithmeticException}.
   */
  public static QuasiPolynomial infinity(Space space) {
    return new QuasiPolynomial(space, List.of(), Polynomial.ZERO, true, false);
  }

  /** True for {@link #infinity}. */
  public boolean isInfinite() {
    return infinite;
  }

  /**
   * The undefined value {@code NaN} (printed so, as isl does): the sum of a function over an
   * unbounded set. Every operation with it gives NaN again; evaluation throws {@link
   * ArithmeticException}.
   */
  public static QuasiPolynomial nan(Space space) {
    return new QuasiPolynomial(space, List.of(), Polynomial.ZERO, false, true);
  }

  /** True for {@link #nan}. */
  public boolean isNaN() {
    return nan;
  }

  /** True for {@code infty} and {@code NaN}, the values that are not quasi-polynomials. */
  public boolean isSpecial() {
    return infinite || nan;
  }

  private static ArithmeticException undefined(String what) {
    return new ArithmeticException(what + " is undefined");
  }

  /**
   * The quasi-polynomial {@code poly} over the variables of {@code space} and the floor terms
   * {@code floors}; a floor's numerator may be shorter than {@code 1 + nVar + index} (zero-padded)
   * but must not reference later floors.
   */
  public static QuasiPolynomial of(Space space, List<Div> floors, Polynomial poly) {
    int nVar = space.nVar();
    checkArgument(poly.nVarUsed() <= nVar + floors.size(), "polynomial uses variable %s beyond %s floors",
        poly.nVarUsed() - 1, floors.size());
    for (int i = 0; i < floors.size(); i++) {
      long[] num = floors.get(i).numerator();
      for (int c = 1 + nVar + i; c < num.length; c++) {
        checkArgument(num[c] == 0, "floor term %s references a later floor term", i);
      }
    }
    // keep the used floors (transitively), share equal ones, renumber
    boolean[] used = new boolean[floors.size()];
    for (int i = 0; i < floors.size(); i++) used[i] = poly.uses(nVar + i);
    for (int i = floors.size() - 1; i >= 0; i--) {
      if (!used[i]) continue;
      long[] num = floors.get(i).numerator();
      for (int j = 0; j < i; j++) if (1 + nVar + j < num.length && num[1 + nVar + j] != 0) used[j] = true;
    }
    int[] map = new int[nVar + floors.size()];
    for (int v = 0; v < nVar; v++) map[v] = v;
    List<Div> kept = new ArrayList<>();
    for (int i = 0; i < floors.size(); i++) {
      if (!used[i]) {
        map[nVar + i] = -1;
        continue;
      }
      Div d = floors.get(i);
      long[] num = d.numerator();
      long[] renum = new long[1 + nVar + kept.size()];
      System.arraycopy(num, 0, renum, 0, Math.min(num.length, 1 + nVar));
      for (int j = 0; j < i; j++) {
        if (1 + nVar + j < num.length && num[1 + nVar + j] != 0) renum[1 + map[nVar + j]] += num[1 + nVar + j];
      }
      Div nd = new Div(renum, d.denominator());
      int same = kept.indexOf(nd);
      if (same >= 0) {
        map[nVar + i] = nVar + same;
      } else {
        map[nVar + i] = nVar + kept.size();
        kept.add(nd);
      }
    }
    return new QuasiPolynomial(space, kept, poly.rename(map));
  }

  public static QuasiPolynomial of(Space space, Polynomial poly) {
    return of(space, List.of(), poly);
  }

  public static QuasiPolynomial zero(Space space) {
    return new QuasiPolynomial(space, List.of(), Polynomial.ZERO);
  }

  public static QuasiPolynomial constant(Space space, Rational c) {
    return new QuasiPolynomial(space, List.of(), Polynomial.constant(c));
  }

  /** The variable {@code v} of the space (parameters first, then dimensions). */
  public static QuasiPolynomial variable(Space space, int v) {
    checkArgument(v >= 0 && v < space.nVar(), "variable %s of a space with %s", v, space.nVar());
    return new QuasiPolynomial(space, List.of(), Polynomial.var(v));
  }

  /** {@code floor(numerator / denominator)} with numerator over {@code [constant, variables...]}. */
  public static QuasiPolynomial floor(Space space, long[] numerator, long denominator) {
    return of(space, List.of(new Div(numerator, denominator)), Polynomial.var(space.nVar()));
  }

  public Space space() {
    return space;
  }

  public ImmutableList<Div> floors() {
    return floors;
  }

  public Polynomial polynomial() {
    return poly;
  }

  public boolean isZero() {
    return !infinite && !nan && poly.isZero();
  }

  /** True for a finite constant. */
  public boolean isConstant() {
    return !infinite && !nan && poly.isConstant();
  }

  /** Total degree in the variables and floor terms (-1 for zero). */
  public int degree() {
    return poly.degree();
  }

  // ---------------------------------------------------------------------------------------------
  // Arithmetic

  public QuasiPolynomial add(QuasiPolynomial o) {
    if (nan || o.nan) return nanIn(o);
    if (infinite || o.infinite) {
      checkArgument(space.equals(o.space), "quasi-polynomials in different spaces: %s vs %s", space, o.space);
      return infinity(space);
    }
    Aligned a = align(o);
    return of(space, a.floors, poly.add(a.otherPoly));
  }

  public QuasiPolynomial subtract(QuasiPolynomial o) {
    if (nan || o.nan) return nanIn(o);
    if (infinite || o.infinite) throw undefined("a difference with infty");
    Aligned a = align(o);
    return of(space, a.floors, poly.subtract(a.otherPoly));
  }

  public QuasiPolynomial multiply(QuasiPolynomial o) {
    if (nan || o.nan) return nanIn(o);
    if (infinite || o.infinite) {
      QuasiPolynomial other = infinite ? o : this;
      if (other.infinite || (other.isConstant() && other.poly.constantTerm().signum() > 0)) return infinity(space);
      throw undefined("the product of infty and " + other);
    }
    Aligned a = align(o);
    return of(space, a.floors, poly.multiply(a.otherPoly));
  }

  public QuasiPolynomial negate() {
    if (nan) return this;
    if (infinite) throw undefined("-infty");
    return new QuasiPolynomial(space, floors, poly.negate());
  }

  public QuasiPolynomial scale(Rational c) {
    if (nan) return this;
    if (infinite) {
      if (c.signum() > 0) return this;
      throw undefined("infty times " + c);
    }
    return of(space, floors, poly.scale(c));
  }

  public QuasiPolynomial pow(int e) {
    if (nan) return this;
    if (infinite && e > 0) return this;
    if (infinite) return constant(space, Rational.ONE);
    return of(space, floors, poly.pow(e));
  }

  /** NaN in this space, after checking that {@code o} is in the same space. */
  private QuasiPolynomial nanIn(QuasiPolynomial o) {
    checkArgument(space.equals(o.space), "quasi-polynomials in different spaces: %s vs %s", space, o.space);
    return nan(space);
  }

  private record Aligned(List<Div> floors, Polynomial otherPoly) {}

  /** The floors of this and {@code o} in one list, and o's polynomial renumbered onto it. */
  private Aligned align(QuasiPolynomial o) {
    checkArgument(space.equals(o.space), "quasi-polynomials in different spaces: %s vs %s", space, o.space);
    int nVar = space.nVar();
    List<Div> all = new ArrayList<>(floors);
    int[] map = new int[nVar + o.floors.size()];
    for (int v = 0; v < nVar; v++) map[v] = v;
    for (int i = 0; i < o.floors.size(); i++) {
      Div d = o.floors.get(i);
      long[] num = d.numerator();
      long[] renum = new long[1 + nVar + all.size()];
      System.arraycopy(num, 0, renum, 0, Math.min(num.length, 1 + nVar));
      for (int j = 0; j < i; j++) if (1 + nVar + j < num.length) renum[1 + map[nVar + j]] += num[1 + nVar + j];
      Div nd = new Div(trim(renum, nVar), d.denominator());
      int idx = indexOf(all, nd, nVar);
      if (idx < 0) {
        idx = all.size();
        all.add(nd);
      }
      map[nVar + i] = nVar + idx;
    }
    return new Aligned(all, o.poly.rename(map));
  }

  private static long[] trim(long[] r, int nVar) {
    int n = r.length;
    while (n > 1 + nVar && r[n - 1] == 0) n--;
    return Arrays.copyOf(r, n);
  }

  private static int indexOf(List<Div> list, Div d, int nVar) {
    long[] a = trim(d.numerator(), nVar);
    for (int i = 0; i < list.size(); i++) {
      Div e = list.get(i);
      if (e.denominator() == d.denominator() && Arrays.equals(trim(e.numerator(), nVar), a)) return i;
    }
    return -1;
  }

  /** This quasi-polynomial over the parameter list {@code params} (a superset of its own). */
  public QuasiPolynomial alignParams(List<String> params) {
    if (params.equals(space.params())) return this;
    if (infinite) return infinity(space.withParams(params));
    if (nan) return nan(space.withParams(params));
    int np = space.nParam();
    int nVar = space.nVar();
    int newNVar = nVar - np + params.size();
    int[] map = new int[nVar + floors.size()];
    for (int i = 0; i < np; i++) {
      int j = params.indexOf(space.params().get(i));
      checkArgument(j >= 0, "parameter %s missing from %s", space.params().get(i), params);
      map[i] = j;
    }
    for (int v = np; v < nVar; v++) map[v] = v - np + params.size();
    for (int i = 0; i < floors.size(); i++) map[nVar + i] = newNVar + i;
    List<Div> nf = new ArrayList<>();
    for (Div d : floors) {
      long[] num = d.numerator();
      long[] r = new long[1 + newNVar + nf.size()];
      r[0] = num[0];
      for (int c = 1; c < num.length; c++) if (num[c] != 0) r[1 + map[c - 1]] += num[c];
      nf.add(new Div(r, d.denominator()));
    }
    return of(space.withParams(params), nf, poly.rename(map));
  }

  /** The same quasi-polynomial in a space with the same variable layout (e.g. renamed tuples). */
  public QuasiPolynomial withSpace(Space s) {
    checkArgument(s.nVar() == space.nVar() && s.nParam() == space.nParam(), "space %s does not fit %s", s, space);
    return new QuasiPolynomial(s, floors, poly, infinite, nan);
  }

  // ---------------------------------------------------------------------------------------------
  // Evaluation

  /** The exact value at a point (parameter values, then dimension values). */
  public Rational evaluate(long[] point) {
    checkArgument(point.length == space.nVar(), "point of length %s for %s variables", point.length, space.nVar());
    if (infinite) throw new ArithmeticException("the value is infty");
    if (nan) throw new ArithmeticException("the value is NaN");
    int nVar = space.nVar();
    BigInteger[] vals = new BigInteger[nVar + floors.size()];
    for (int v = 0; v < nVar; v++) vals[v] = BigInteger.valueOf(point[v]);
    for (int i = 0; i < floors.size(); i++) {
      Div d = floors.get(i);
      BigInteger s = BigInteger.valueOf(d.coefficient(0));
      for (int c = 1; c < d.width(); c++) {
        if (d.coefficient(c) != 0) s = s.add(BigInteger.valueOf(d.coefficient(c)).multiply(vals[c - 1]));
      }
      vals[nVar + i] = Rational.of(s, BigInteger.valueOf(d.denominator())).floor();
    }
    return poly.evaluate(vals);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof QuasiPolynomial q && q.space.equals(space) && q.floors.equals(floors) && q.poly.equals(poly)
        && q.infinite == infinite && q.nan == nan;
  }

  @Override
  public int hashCode() {
    return ((space.hashCode() * 31 + floors.hashCode()) * 31 + poly.hashCode()) * 4 + (infinite ? 1 : 0) + (nan ? 2 : 0);
  }

  /** The polynomial in isl notation, e.g. {@code 1/2 * N + 1/2 * N^2} (no braces). */
  @Override
  public String toString() {
    if (infinite) return "infty";
    if (nan) return "NaN";
    return QPolyPrinter.polynomial(this, QPolyPrinter.names(space));
  }
}
