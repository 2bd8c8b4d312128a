package dev.polyj.presburger.aff;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A quasi-affine expression (isl's aff): a function of the parameters and dimensions of a domain
 * space, {@code (c + sum a_v x_v + sum e_k q_k) / den} with integer coefficients, a positive common
 * denominator, and local integer divisions {@code q_k = floor(n_k / d_k)} whose numerators are
 * themselves quasi-affine in the variables and earlier divisions.
 *
 * <p>The domain space is a set space (parameters then set dimensions) or a parameter space.
 * Coefficient rows use the layout {@code [constant, variables..., divisions...]}. Instances are
 * immutable and normalized: the gcd of numerator and denominator is one, unused divisions are
 * dropped, equal divisions merged and divisions by one substituted.
 */
public final class Aff {
  private final Space space;
  private final ImmutableList<Div> divs;
  private final long[] num;
  private final long den;

  private Aff(Space space, List<Div> divs, long[] num, long den) {
    this.space = space;
    this.divs = ImmutableList.copyOf(divs);
    this.num = num;
    this.den = den;
  }

  // ---------------------------------------------------------------------------------------------
  // Factories

  /**
   * The expression {@code num . (1, x, q) / den} over {@code space} with divisions {@code divs}
   * (numerators of width {@code 1 + nVar + divs.size()} referring to earlier divisions only).
   */
  public static Aff of(Space space, List<Div> divs, long[] num, long den) {
    checkArgument(!space.isMap(), "an affine expression lives on a set or parameter space, not %s", space);
    checkArgument(den != 0, "zero denominator");
    int width = 1 + space.nVar() + divs.size();
    checkArgument(num.length == width, "coefficient row of width %s, expected %s", num.length, width);
    for (int k = 0; k < divs.size(); k++) {
      long[] n = divs.get(k).numerator();
      checkArgument(n.length == width, "division %s of width %s, expected %s", k, n.length, width);
      checkArgument(Ints.isZero(n, 1 + space.nVar() + k, width), "division %s refers to itself or a later one", k);
    }
    long[] n = num.clone();
    if (den < 0) {
      n = Ints.negate(n);
      den = Ints.neg(den);
    }
    return normalize(space, new ArrayList<>(divs), n, den);
  }

  /** Reads isl notation of one expression, e.g. {@code [N] -> { [i] -> [(N - floor((i)/2))] }}. */
  public static Aff parse(String text) {
    MultiAff m = AffParser.parseMultiAff(text);
    checkArgument(m.size() == 1 && !m.rangeTuple().isWrapping() && !m.rangeTuple().hasName(), "expected one anonymous output in %s", text);
    return m.get(0);
  }

  /** A quasi-affine expression without divisions: {@code num . (1, x) / den}. */
  public static Aff of(Space space, long[] num, long den) {
    return of(space, List.of(), num, den);
  }

  public static Aff constant(Space space, long value) {
    long[] n = new long[1 + space.nVar()];
    n[0] = value;
    return of(space, n, 1);
  }

  /** Variable {@code v} of the space (parameters first, then dimensions). */
  public static Aff var(Space space, int v) {
    checkArgument(v >= 0 && v < space.nVar(), "variable %s out of range in %s", v, space);
    long[] n = new long[1 + space.nVar()];
    n[1 + v] = 1;
    return of(space, n, 1);
  }

  /** The parameter named {@code name}. */
  public static Aff param(Space space, String name) {
    int i = space.params().indexOf(name);
    checkArgument(i >= 0, "no parameter %s in %s", name, space);
    return var(space, i);
  }

  /** Set dimension {@code i}. */
  public static Aff dim(Space space, int i) {
    checkArgument(i >= 0 && i < space.nDim(), "dimension %s out of range in %s", i, space);
    return var(space, space.nParam() + i);
  }

  // ---------------------------------------------------------------------------------------------
  // Accessors

  /** The domain space (a set space or a parameter space). */
  public Space space() {
    return space;
  }

  public int nDiv() {
    return divs.size();
  }

  /** Division {@code k}, numerator over {@code [constant, variables..., divisions...]}. */
  public Div div(int k) {
    return divs.get(k);
  }

  public ImmutableList<Div> divs() {
    return divs;
  }

  /** The numerator row {@code [constant, variables..., divisions...]} (a copy). */
  public long[] numerator() {
    return num.clone();
  }

  public long denominator() {
    return den;
  }

  /** The coefficient of variable {@code v} as a numerator over {@link #denominator()}. */
  public long coefficient(int v) {
    return num[1 + v];
  }

  public long constantNumerator() {
    return num[0];
  }

  /** True when the expression does not depend on any variable or division. */
  public boolean isConstant() {
    return Ints.isZero(num, 1, num.length);
  }

  /** True when every coefficient is an integer (denominator one). */
  public boolean isIntegral() {
    return den == 1;
  }

  // ---------------------------------------------------------------------------------------------
  // Arithmetic

  public Aff add(Aff o) {
    return combine(1, o, 1);
  }

  public Aff sub(Aff o) {
    return combine(1, o, -1);
  }

  public Aff neg() {
    return new Aff(space, divs, Ints.negate(num), den);
  }

  public Aff addConstant(long c) {
    long[] n = num.clone();
    n[0] = Ints.add(n[0], Ints.mul(c, den));
    return normalize(space, new ArrayList<>(divs), n, den);
  }

  /** {@code f * this}. */
  public Aff scale(long f) {
    long[] n = new long[num.length];
    for (int k = 0; k < n.length; k++) n[k] = Ints.mul(num[k], f);
    return normalize(space, new ArrayList<>(divs), n, den);
  }

  /** {@code this / f} (rational). */
  public Aff scaleDown(long f) {
    checkArgument(f != 0, "division by zero");
    long[] n = f < 0 ? Ints.negate(num) : num.clone();
    return normalize(space, new ArrayList<>(divs), n, Ints.mul(den, Math.abs(f)));
  }

  /** {@code floor(this)}: an integer division when the denominator is not one. */
  public Aff floor() {
    if (den == 1) return this;
    List<Div> d = new ArrayList<>(widen(divs, divs.size() + 1));
    d.add(new Div(Arrays.copyOf(num, num.length + 1), den));
    long[] n = new long[num.length + 1];
    n[num.length] = 1;
    return normalize(space, d, n, 1);
  }

  /** {@code ceil(this) = -floor(-this)}. */
  public Aff ceil() {
    return neg().floor().neg();
  }

  /** {@code this mod m = this - m * floor(this / m)} for integer-valued expressions. */
  public Aff mod(long m) {
    checkArgument(m > 0, "modulus %s is not positive", m);
    return sub(scaleDown(m).floor().scale(m));
  }

  /** {@code a * this + b * o} over the union of both division lists. */
  private Aff combine(long a, Aff o, long b) {
    checkArgument(space.equals(o.space), "spaces differ: %s vs %s", space, o.space);
    int nv = space.nVar();
    int n1 = divs.size();
    int n2 = o.divs.size();
    int width = 1 + nv + n1 + n2;
    List<Div> d = new ArrayList<>(widen(divs, n1 + n2));
    int[] colMap = new int[1 + nv + n2];
    for (int k = 0; k <= nv; k++) colMap[k] = k;
    for (int k = 0; k < n2; k++) colMap[1 + nv + k] = 1 + nv + n1 + k;
    for (Div x : o.divs) d.add(new Div(remap(x.numerator(), colMap, width), x.denominator()));
    long[] n = new long[width];
    long l = Ints.lcm(den, o.den);
    long fa = Ints.mul(a, l / den);
    long fb = Ints.mul(b, l / o.den);
    for (int k = 0; k < num.length; k++) n[k] = Ints.mul(fa, num[k]);
    long[] on = remap(o.num, colMap, width);
    for (int k = 0; k < width; k++) n[k] = Ints.add(n[k], Ints.mul(fb, on[k]));
    return normalize(space, d, n, l);
  }

  private static long[] remap(long[] r, int[] colMap, int width) {
    long[] o = new long[width];
    for (int k = 0; k < r.length; k++) if (r[k] != 0) o[colMap[k]] = Ints.add(o[colMap[k]], r[k]);
    return o;
  }

  /** Division definitions padded to a layout with {@code nDiv} divisions. */
  private List<Div> widen(List<Div> ds, int nDiv) {
    int width = 1 + space.nVar() + nDiv;
    List<Div> out = new ArrayList<>(ds.size());
    for (Div x : ds) out.add(new Div(Arrays.copyOf(x.numerator(), width), x.denominator()));
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Composition

  /**
   * {@code this} composed with {@code ma} ({@code x -> this(ma(x))}): the dimensions of this
   * expression's domain are replaced by the expressions of {@code ma}, whose range must have the
   * arity of this domain; parameters are matched by name and must all exist in {@code ma}'s space.
   */
  public Aff pullback(MultiAff ma) {
    checkArgument(ma.size() == space.nDim(), "pullback: %s expressions for a domain of %s dimensions", ma.size(), space.nDim());
    Space target = ma.domainSpace();
    int nv = space.nVar();
    Aff[] subst = new Aff[nv];
    for (int p = 0; p < space.nParam(); p++) subst[p] = param(target, space.params().get(p));
    for (int i = 0; i < space.nDim(); i++) subst[space.nParam() + i] = ma.get(i);
    Aff[] pd = new Aff[divs.size()];
    for (int k = 0; k < divs.size(); k++) {
      Div x = divs.get(k);
      pd[k] = substitute(target, x.numerator(), x.denominator(), subst, pd).floor();
    }
    return substitute(target, num, den, subst, pd);
  }

  private static Aff substitute(Space target, long[] row, long den, Aff[] subst, Aff[] divValues) {
    Aff acc = constant(target, row[0]);
    for (int v = 0; v < subst.length; v++) if (row[1 + v] != 0) acc = acc.add(subst[v].scale(row[1 + v]));
    for (int k = 0; k < divValues.length && 1 + subst.length + k < row.length; k++) {
      long c = row[1 + subst.length + k];
      if (c != 0) acc = acc.add(divValues[k].scale(c));
    }
    return den == 1 ? acc : acc.scaleDown(den);
  }

  // ---------------------------------------------------------------------------------------------
  // Comparison sets

  /** {@code { x : this(x) >= 0 }}. */
  public Relation nonnegSet() {
    return Relation.of(constraintSet(num, false));
  }

  /** {@code { x : this(x) = 0 }}. */
  public Relation zeroSet() {
    return Relation.of(constraintSet(num, true));
  }

  /** {@code { x : this(x) <= o(x) }}. */
  public Relation leSet(Aff o) {
    return o.sub(this).nonnegSet();
  }

  /** {@code { x : this(x) < o(x) }}. */
  public Relation ltSet(Aff o) {
    Aff d = o.sub(this);
    long[] n = d.num.clone();
    n[0] = Ints.sub(n[0], 1);
    return Relation.of(d.constraintSet(n, false));
  }

  public Relation geSet(Aff o) {
    return o.leSet(this);
  }

  public Relation gtSet(Aff o) {
    return o.ltSet(this);
  }

  public Relation eqSet(Aff o) {
    return o.sub(this).zeroSet();
  }

  public Relation neSet(Aff o) {
    return ltSet(o).union(gtSet(o));
  }

  /** The basic set {@code row . (1, x, q) >= 0} (or {@code = 0}) with this expression's divisions. */
  BasicRelation constraintSet(long[] row, boolean equality) {
    List<long[]> eqs = new ArrayList<>();
    List<long[]> ineqs = new ArrayList<>();
    (equality ? eqs : ineqs).add(row.clone());
    addPinning(space.nVar(), divs, ineqs, num.length);
    return BasicRelation.of(space, divs.size(), divs.toArray(new Div[0]), eqs, ineqs);
  }

  /** Appends the two constraints defining each division (rows of width {@code width}). */
  static void addPinning(int nVar, List<Div> divs, List<long[]> ineqs, int width) {
    for (int k = 0; k < divs.size(); k++) {
      Div x = divs.get(k);
      int col = 1 + nVar + k;
      long[] lo = Arrays.copyOf(x.numerator(), width);
      lo[col] = Ints.sub(lo[col], x.denominator());
      long[] hi = Ints.negate(Arrays.copyOf(x.numerator(), width));
      hi[col] = Ints.add(hi[col], x.denominator());
      hi[0] = Ints.add(hi[0], x.denominator() - 1);
      ineqs.add(lo);
      ineqs.add(hi);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Evaluation

  /** Values of the variables followed by the values of the divisions at {@code point}. */
  long[] extend(long[] point) {
    checkArgument(point.length == space.nVar(), "point of length %s for %s variables", point.length, space.nVar());
    long[] full = Arrays.copyOf(point, point.length + divs.size());
    for (int k = 0; k < divs.size(); k++) full[point.length + k] = divs.get(k).evaluate(full);
    return full;
  }

  /** The value at a point (parameters then dimensions); it must be an integer. */
  public long evaluate(long[] point) {
    long v = Ints.evaluate(num, extend(point));
    if (v % den != 0) throw new ArithmeticException("value " + v + "/" + den + " is not an integer");
    return v / den;
  }

  /** The value at a point as the reduced fraction {@code {numerator, denominator}}. */
  public long[] evaluateRational(long[] point) {
    long v = Ints.evaluate(num, extend(point));
    long g = Ints.gcd(v, den);
    return new long[] {v / g, den / g};
  }

  // ---------------------------------------------------------------------------------------------
  // Normal form

  /**
   * Reduces by the gcd, substitutes divisions that are affine (denominator one, or every
   * non-constant coefficient a multiple of the denominator), merges equal divisions and drops unused ones.
   */
  private static Aff normalize(Space space, List<Div> divs, long[] num, long den) {
    int nv = space.nVar();
    long[] n = num;
    List<Div> ds = divs;
    // substitute trivial divisions (in order, so that later ones see the substitutions)
    for (int k = 0; k < ds.size(); k++) {
      Div x = ds.get(k);
      long[] xn = x.numerator();
      long d = x.denominator();
      if (Ints.gcd(xn, 1, xn.length) % d != 0 && d != 1) continue;
      // floor(xn/d) = floor(xn[0]/d) + (xn - xn[0])/d
      long[] value = new long[xn.length];
      value[0] = Math.floorDiv(xn[0], d);
      for (int c = 1; c < xn.length; c++) value[c] = xn[c] / d;
      int col = 1 + nv + k;
      n = substituteColumn(n, col, value);
      List<Div> nd = new ArrayList<>(ds.size());
      for (Div y : ds) nd.add(new Div(substituteColumn(y.numerator(), col, value), y.denominator()));
      ds = nd;
    }
    // merge equal divisions
    for (int k = 0; k < ds.size(); k++) {
      for (int j = 0; j < k; j++) {
        if (!ds.get(j).equals(ds.get(k))) continue;
        int from = 1 + nv + k;
        int to = 1 + nv + j;
        n = moveColumn(n, from, to);
        List<Div> nd = new ArrayList<>(ds.size());
        for (Div y : ds) nd.add(new Div(moveColumn(y.numerator(), from, to), y.denominator()));
        ds = nd;
        break;
      }
    }
    // drop unused divisions
    boolean[] used = new boolean[ds.size()];
    for (int k = ds.size() - 1; k >= 0; k--) {
      if (n[1 + nv + k] != 0) used[k] = true;
      if (!used[k]) continue;
      long[] xn = ds.get(k).numerator();
      for (int j = 0; j < k; j++) if (xn[1 + nv + j] != 0) used[j] = true;
    }
    int kept = 0;
    for (boolean u : used) if (u) kept++;
    if (kept < ds.size()) {
      int[] colMap = new int[1 + nv + ds.size()];
      for (int c = 0; c <= nv; c++) colMap[c] = c;
      int next = 1 + nv;
      for (int k = 0; k < ds.size(); k++) colMap[1 + nv + k] = used[k] ? next++ : -1;
      int width = 1 + nv + kept;
      List<Div> nd = new ArrayList<>(kept);
      for (int k = 0; k < ds.size(); k++) {
        if (used[k]) nd.add(new Div(dropColumns(ds.get(k).numerator(), colMap, width), ds.get(k).denominator()));
      }
      n = dropColumns(n, colMap, width);
      ds = nd;
    }
    long g = Ints.gcd(Ints.gcd(n, 0, n.length), den);
    if (g > 1) {
      n = n.clone();
      for (int c = 0; c < n.length; c++) n[c] /= g;
      den /= g;
    }
    return new Aff(space, ds, n == num ? num.clone() : n, den);
  }

  private static long[] substituteColumn(long[] row, int col, long[] value) {
    long c = row[col];
    if (c == 0) return row;
    long[] o = row.clone();
    o[col] = 0;
    for (int k = 0; k < value.length; k++) if (value[k] != 0) o[k] = Ints.add(o[k], Ints.mul(c, value[k]));
    return o;
  }

  private static long[] moveColumn(long[] row, int from, int to) {
    if (row[from] == 0) return row;
    long[] o = row.clone();
    o[to] = Ints.add(o[to], o[from]);
    o[from] = 0;
    return o;
  }

  private static long[] dropColumns(long[] row, int[] colMap, int width) {
    long[] o = new long[width];
    for (int c = 0; c < row.length; c++) {
      if (row[c] == 0) continue;
      if (colMap[c] < 0) throw new IllegalStateException("dropping a used division");
      o[colMap[c]] = row[c];
    }
    return o;
  }

  // ---------------------------------------------------------------------------------------------
  // Identity and printing

  /** Structural equality of the normal form (equal expressions may still compare unequal). */
  @Override
  public boolean equals(Object o) {
    return o instanceof Aff a && a.space.equals(space) && a.den == den && Arrays.equals(a.num, num) && a.divs.equals(divs);
  }

  @Override
  public int hashCode() {
    return space.hashCode() * 31 + Arrays.hashCode(num) * 7 + Long.hashCode(den);
  }

  /** isl notation, e.g. {@code [N] -> { S[i] -> [(N - i)] }}. */
  @Override
  public String toString() {
    AffPrinter p = new AffPrinter(space);
    return p.prefix() + "{ " + p.domainTuple() + "[(" + p.expression(this) + ")] }";
  }
}
