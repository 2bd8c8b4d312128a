package dev.polyj.presburger.pip;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.ComputeBudget;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.omega.OmegaTest;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The context of parametric integer programming: the part of the parameter domain that the
 * current branch of the search covers, as a conjunction of constraints over the problem variables
 * (parameters, and input dimensions of a relation), the existentially quantified variables of the
 * initial domain ("unknowns") and integer divisions introduced by the solver.
 *
 * <p>Column layout: {@code [constant, vars..., unknowns..., divs...]}. The main tableau sees the
 * "parameter layout" {@code [constant, vars..., divs...]}: unknowns have no value it could use.
 *
 * <p>Sign questions ("is this affine expression of the parameters non-negative everywhere,
 * negative everywhere, or both?") are decided exactly by the {@link IntegerSampler}, helped by a
 * cache and by the integer points found so far (witnesses). Contexts created by the solver are
 * therefore never empty.
 */
final class Context {
  /** The sign of an expression over a context. */
  enum Sign {
    /** Non-negative everywhere. */
    POS,
    /** At most -1 everywhere. */
    NEG,
    /** Both. */
    ANY
  }

  final int nVar;
  final int nUnknown;
  /** Division definitions with numerators in the context layout. */
  private final List<Div> divs;
  private final List<long[]> eqs;
  private final List<long[]> ineqs;
  /** Definite signs (POS or NEG) of normalized rows: they stay true as the context shrinks. */
  private SignCache signs;
  private final List<long[]> samples;
  /** Set when an exact test found the context non-empty (reset when constraints are added). */
  private boolean nonEmpty;
  /**
   * The solved rational relaxation of the constraints, kept up to date as constraints are added
   * so that a sign query only adds its own row (valid only when {@link #relaxationValid}; null
   * then means rationally infeasible). Shared between copies until one of them changes it.
   */
  private LongTableau relaxation;
  private boolean relaxationValid;
  private boolean relaxationShared;
  /** Set when {@link #tightenBounds} ran since the last change of the constraints. */
  private boolean tightened;
  /** The columns the constraints fix to constants (null when not computed for the current rows). */
  private FixedColumns fixed;

  private Context(int nVar, int nUnknown) {
    this.nVar = nVar;
    this.nUnknown = nUnknown;
    divs = new ArrayList<>();
    eqs = new ArrayList<>();
    ineqs = new ArrayList<>();
    signs = new SignCache(null);
    samples = new ArrayList<>();
  }

  private Context(Context o) {
    ComputeBudget.spend(1);
    nVar = o.nVar;
    nUnknown = o.nUnknown;
    divs = new ArrayList<>(o.divs);
    eqs = new ArrayList<>(o.eqs);
    ineqs = new ArrayList<>(o.ineqs);
    SignCache frozen = o.signs;
    signs = new SignCache(frozen);
    o.signs = new SignCache(frozen);
    samples = new ArrayList<>(o.samples);
    nonEmpty = o.nonEmpty;
    relaxation = o.relaxation;
    relaxationValid = o.relaxationValid;
    relaxationShared = true;
    o.relaxationShared = true;
    tightened = o.tightened;
    fixed = o.fixed;
  }

  Context copy() {
    return new Context(this);
  }

  /**
   * The context of a basic relation over the problem variables: its unknown locals become
   * unknowns, its known divisions become divisions of the context.
   */
  static Context of(BasicRelation dom) {
    int nv = dom.nVar();
    int nUnknown = 0;
    for (int i = 0; i < dom.nLocal(); i++) if (dom.div(i) == null) nUnknown++;
    Context c = new Context(nv, nUnknown);
    int nDiv = dom.nLocal() - nUnknown;
    int width = 1 + nv + dom.nLocal();
    int[] colMap = new int[width];
    for (int k = 0; k <= nv; k++) colMap[k] = k;
    int u = 0;
    int d = 0;
    for (int i = 0; i < dom.nLocal(); i++) {
      colMap[dom.localCol(i)] = dom.div(i) == null ? 1 + nv + u++ : 1 + nv + nUnknown + d++;
    }
    for (int i = 0; i < dom.nLocal(); i++) {
      Div def = dom.div(i);
      if (def == null) continue;
      c.divs.add(new Div(remap(def.numerator(), colMap, width), def.denominator()));
    }
    for (long[] r : dom.equalities()) c.eqs.add(remap(r, colMap, width));
    for (long[] r : dom.inequalities()) c.ineqs.add(remap(r, colMap, width));
    if (dom.isMarkedEmpty()) {
      long[] contradiction = new long[width];
      contradiction[0] = -1;
      c.ineqs.add(contradiction);
    }
    for (int k = 0; k < nDiv; k++) c.addPinning(k);
    return c;
  }

  /** The unconstrained context over {@code nVar} variables. */
  static Context universe(int nVar) {
    return new Context(nVar, 0);
  }

  private static long[] remap(long[] r, int[] colMap, int width) {
    long[] o = new long[width];
    for (int k = 0; k < r.length; k++) if (r[k] != 0) o[colMap[k]] = Ints.add(o[colMap[k]], r[k]);
    return o;
  }

  int nDiv() {
    return divs.size();
  }

  /** Row width of the context layout. */
  int width() {
    return 1 + nVar + nUnknown + divs.size();
  }

  /** Row width of the parameter layout. */
  int paramWidth() {
    return 1 + nVar + divs.size();
  }

  /** An expression in the parameter layout (possibly shorter: missing divisions are zero) in the context layout. */
  long[] toRow(long[] e) {
    long[] r = new long[width()];
    int head = Math.min(e.length, 1 + nVar);
    System.arraycopy(e, 0, r, 0, head);
    if (e.length > 1 + nVar) System.arraycopy(e, 1 + nVar, r, 1 + nVar + nUnknown, e.length - 1 - nVar);
    return r;
  }

  /** Division {@code i} with its numerator in the parameter layout (width {@link #paramWidth()}). */
  Div paramDiv(int i) {
    long[] n = divs.get(i).numerator();
    long[] p = new long[paramWidth()];
    System.arraycopy(n, 0, p, 0, 1 + nVar);
    for (int k = 1 + nVar + nUnknown; k < n.length; k++) p[k - nUnknown] = n[k];
    return new Div(p, divs.get(i).denominator());
  }

  private static long[] pad(long[] r, int width) {
    return r.length == width ? r : Arrays.copyOf(r, width);
  }

  /** Adds {@code e >= 0} (parameter layout). */
  void addIneq(long[] e) {
    long[] r = toRow(e);
    ineqs.add(r);
    nonEmpty = false;
    tightened = false;
    extendRelaxation(r, false);
    samples.removeIf(p -> Ints.evaluate(r, p) < 0);
  }

  /** Adds {@code e = 0} (parameter layout). */
  void addEq(long[] e) {
    long[] r = toRow(e);
    eqs.add(r);
    nonEmpty = false;
    tightened = false;
    extendRelaxation(r, true);
    samples.removeIf(p -> Ints.evaluate(r, p) != 0);
  }

  /**
   * The index of division {@code floor(num / den)} (numerator in the parameter layout), added
   * with its defining constraints when new. Returns {@code ~index} when the division was added.
   */
  int division(long[] num, long den) {
    checkArgument(den > 0, "division by %s", den);
    long[] n = toRow(num);
    long g = Ints.gcd(Ints.gcd(n, 0, n.length), den);
    if (g > 1) {
      for (int k = 0; k < n.length; k++) n[k] /= g;
      den /= g;
    }
    for (int i = 0; i < divs.size(); i++) {
      Div d = divs.get(i);
      if (d.denominator() == den && Arrays.equals(pad(d.numerator(), n.length), n)) return i;
    }
    divs.add(new Div(Arrays.copyOf(n, n.length + 1), den));
    relaxationValid = false; // one more column
    relaxation = null;
    tightened = false;
    fixed = null;
    int k = divs.size() - 1;
    addPinning(k);
    pinIfConstant(1 + nVar + nUnknown + k);
    for (int s = 0; s < samples.size(); s++) {
      long[] p = samples.get(s);
      long[] q = Arrays.copyOf(p, width() - 1);
      q[width() - 2] = Ints.floorDiv(Ints.evaluate(n, pad(p, n.length - 1)), den);
      samples.set(s, q);
    }
    return ~k;
  }

  /**
   * The divisions that the context fixes to a constant, as {@code {index, value}} pairs with the
   * index in the parameter layout (variables, then divisions). Fixed variables are not listed:
   * results keep them symbolic, so that pieces with the same expressions can be merged.
   */
  List<long[]> fixedDivisions() {
    FixedColumns f = fixedColumns();
    List<long[]> out = new ArrayList<>();
    for (int i = 0; i < divs.size(); i++) {
      int col = 1 + nVar + nUnknown + i;
      if (f.isFixed(col)) out.add(new long[] {nVar + i, f.value(col)});
    }
    return out;
  }

  /**
   * Pins a new division column to a constant when its integer bounds over the context meet (a
   * division of a numerator with a small range by a large denominator): two linear programs.
   */
  private void pinIfConstant(int col) {
    long[] lo = rationalBound(col, false);
    if (lo == null) return;
    long[] hi = rationalBound(col, true);
    if (hi == null) return;
    long c = Ints.ceilDiv(lo[0], lo[1]);
    if (c != Math.floorDiv(hi[0], hi[1])) return;
    long[] e = new long[width()];
    e[0] = Ints.neg(c);
    e[col] = 1;
    addImplied(e, true);
  }

  /** Adds {@code num - den*q >= 0} and {@code -num + den*q + den - 1 >= 0} for division k. */
  private void addPinning(int k) {
    int col = 1 + nVar + nUnknown + k;
    Div d = divs.get(k);
    long[] lo = pad(d.numerator(), col + 1);
    lo[col] = -d.denominator();
    long[] hi = Ints.negate(pad(d.numerator(), col + 1));
    hi[col] = d.denominator();
    hi[0] = Ints.add(hi[0], d.denominator() - 1);
    ineqs.add(lo);
    ineqs.add(hi);
  }

  /** The exact sign of the expression {@code e} (parameter layout) over the integer points of this context. */
  Sign sign(long[] e) {
    long[] r = toRow(e);
    long g = Ints.gcd(r, 1, r.length);
    if (g == 0) return r[0] >= 0 ? Sign.POS : Sign.NEG;
    if (g > 1) {
      r[0] = Math.floorDiv(r[0], g);
      for (int k = 1; k < r.length; k++) r[k] /= g;
    }
    // the known integer points first: two of opposite signs decide without any linear program
    boolean seenPos = false;
    boolean seenNeg = false;
    for (int i = 0; i < samples.size() && !(seenPos && seenNeg); i++) {
      if (Ints.evaluate(r, samples.get(i)) >= 0) seenPos = true;
      else seenNeg = true;
    }
    if (seenPos && seenNeg) return Sign.ANY;
    Key key = new Key(r);
    Sign s = signs.get(key);
    if (s != null) return s;
    boolean canPos = seenPos || feasibleWith(r);
    if (!canPos) {
      s = Sign.NEG;
    } else {
      long[] neg = Ints.negate(r);
      neg[0] = Ints.sub(neg[0], 1);
      boolean canNeg = seenNeg || feasibleWith(neg);
      s = canNeg ? Sign.ANY : Sign.POS;
    }
    if (s != Sign.ANY) signs.put(key, s);
    return s;
  }

  /** True when the context is known to hold an integer point (a sample, or an exact test). */
  boolean isKnownNonEmpty() {
    return nonEmpty || !samples.isEmpty();
  }

  /** Exact integer emptiness. */
  boolean isEmptyExactly() {
    return isKnownNonEmpty() ? false : !feasibleWith(null);
  }

  /**
   * True when the context together with {@code extra >= 0} (context layout, or null) has an
   * integer point (exact); a point found is kept as a sample of the context.
   */
  private boolean feasibleWith(long[] extra) {
    int w = width();
    long[] x = extra == null ? null : pad(extra, w);
    FixedColumns f = fixedColumns();
    long[] rx = x == null ? null : f.reduce(x);
    long[] p;
    try {
      p = sampleIncrementally(rx);
    } catch (CoefficientOverflowException ex) {
      // the relaxation itself needs more than 64 bits: from scratch, exact decision when the
      // cutting planes do not finish in 64 bits
      relaxationValid = false;
      relaxation = null;
      p = IntegerSampler.sampleInLongs(w - 1, reducedEqs(f), reducedIneqs(f, rx));
    }
    if (p == IntegerSampler.UNKNOWN && !tightened) {
      tightened = true;
      if (tightenBounds()) return feasibleWith(extra);
    }
    if (p == IntegerSampler.UNKNOWN) p = IntegerSampler.decideExactly(w - 1, reducedEqs(f), reducedIneqs(f, rx));
    if (p == null) return false;
    if (p == IntegerSampler.NONEMPTY) {
      if (extra == null) nonEmpty = true;
      return true;
    }
    f.complete(p);
    if (!satisfies(p, x)) throw new IllegalStateException("sampled point outside the context");
    samples.add(p);
    return true;
  }

  /** The equalities padded to the current width, fixed columns substituted. */
  private List<long[]> reducedEqs(FixedColumns f) {
    int w = width();
    List<long[]> e = new ArrayList<>(eqs.size());
    for (long[] r : eqs) e.add(f.reduce(pad(r, w)));
    return e;
  }

  /**
   * The inequalities padded to the current width, fixed columns substituted, followed by {@code
   * extra} (already reduced) when not null.
   */
  private List<long[]> reducedIneqs(FixedColumns f, long[] extra) {
    int w = width();
    List<long[]> in = new ArrayList<>(ineqs.size() + 1);
    for (long[] r : ineqs) in.add(f.reduce(pad(r, w)));
    if (extra != null) in.add(extra);
    return in;
  }

  private FixedColumns fixedColumns() {
    if (fixed == null) fixed = FixedColumns.of(width(), eqs, ineqs);
    return fixed;
  }

  /**
   * An integer point of the context and {@code extra >= 0} (or null), null when there is none, or
   * {@link IntegerSampler#UNKNOWN} when the cutting planes did not settle the question; starts
   * from the solved relaxation of the context (computed when missing).
   */
  private long[] sampleIncrementally(long[] extra) {
    if (!relaxationValid) {
      FixedColumns f = fixedColumns();
      relaxation = IntegerSampler.relaxation(width() - 1, reducedEqs(f), reducedIneqs(f, null));
      relaxationValid = true;
      relaxationShared = false;
    }
    if (relaxation == null) return null;
    LongTableau t = (LongTableau) relaxation.copy();
    try {
      if (extra != null && !IntegerSampler.addConstraint(t, extra, false)) return null;
    } catch (CoefficientOverflowException e) {
      return IntegerSampler.UNKNOWN; // the question needs more than 64 bits: the relaxation stays
    }
    long[] p;
    try {
      p = IntegerSampler.cutFrom(t.copy());
    } catch (CoefficientOverflowException e) {
      p = IntegerSampler.UNKNOWN;
    }
    if (p != IntegerSampler.UNKNOWN) return p;
    // cutting planes did not finish (large denominators): branch and bound, which finds a point
    // (a witness for later questions) where the set is bounded
    try {
      return IntegerSampler.branchAndBound(t, BRANCH_NODES);
    } catch (CoefficientOverflowException e) {
      return IntegerSampler.UNKNOWN;
    }
  }

  /**
   * Rounds the bounds of the context's columns to integers: for each column its rational minimum
   * and maximum over the relaxation (one linear program each), and {@code x >= ceil(min)}, {@code x
   * <= floor(max)} where that cuts the relaxation (an equality when they meet), repeated while
   * something changes (at most a few rounds). Every integer point of the context satisfies the new
   * rows, so its integer points, samples and signs stay as they were; what changes is the
   * relaxation: a context whose divisions or unknowns are pinned to constants by their integrality
   * alone (a numerator fixed by an implicit equality, {@code -192 <= 371 q <= 178}) has rational
   * vertices with large denominators, on which cutting planes overflow 64 bits at every question,
   * and a pinned column turns them into integral ones. Returns whether a row was added.
   */
  private boolean tightenBounds() {
    boolean changed = false;
    for (int round = 0; round < 4; round++) {
      boolean any = false;
      int n = width() - 1;
      for (int v = 1; v <= n; v++) {
        if (fixedColumns().isFixed(v)) continue;
        long[] lo = rationalBound(v, false);
        long[] hi = rationalBound(v, true);
        long ceilLo = lo == null ? Long.MIN_VALUE : Ints.ceilDiv(lo[0], lo[1]);
        long floorHi = hi == null ? Long.MAX_VALUE : Math.floorDiv(hi[0], hi[1]);
        boolean cutLo = lo != null && lo[1] != 1;
        boolean cutHi = hi != null && hi[1] != 1;
        if (lo != null && hi != null && ceilLo == floorHi && (cutLo || cutHi)) {
          long[] e = new long[width()];
          e[0] = Ints.neg(ceilLo);
          e[v] = 1;
          addImplied(e, true);
          any = true;
          continue;
        }
        if (cutLo) {
          long[] e = new long[width()];
          e[0] = Ints.neg(ceilLo);
          e[v] = 1;
          addImplied(e, false);
          any = true;
        }
        if (cutHi) {
          long[] e = new long[width()];
          e[0] = floorHi;
          e[v] = -1;
          addImplied(e, false);
          any = true;
        }
      }
      if (!any) break;
      changed = true;
    }
    return changed;
  }

  /**
   * The rational minimum (or maximum) of column {@code v} over the context's relaxation as {@code
   * {numerator, denominator}}, or null when unbounded, infeasible or too large for 64 bits.
   */
  private long[] rationalBound(int v, boolean max) {
    int w = width();
    // unknowns [t, columns...] with t = x_v (or -x_v), rows shifted by one column
    FixedColumns f = fixedColumns();
    List<long[]> e = new ArrayList<>();
    List<long[]> in = new ArrayList<>();
    for (long[] r : eqs) e.add(shift(f.reduce(pad(r, w))));
    for (long[] r : ineqs) in.add(shift(f.reduce(pad(r, w))));
    long[] t = new long[w + 1];
    t[1] = 1;
    t[1 + v] = max ? 1 : -1;
    e.add(t);
    try {
      long[][] values = IntegerSampler.rationalLexmin(w, e, in, 1);
      if (values == null || values[0] == null) return null;
      long[] b = values[0];
      return max ? new long[] {Ints.neg(b[0]), b[1]} : b;
    } catch (CoefficientOverflowException ex) {
      return null;
    }
  }

  private static long[] shift(long[] r) {
    long[] s = new long[r.length + 1];
    s[0] = r[0];
    System.arraycopy(r, 1, s, 2, r.length - 1);
    return s;
  }

  /** Adds a row (context layout) that every integer point of the context satisfies. */
  private void addImplied(long[] r, boolean equality) {
    if (equality) eqs.add(r);
    else ineqs.add(r);
    extendRelaxation(r, equality);
  }

  /** Relaxations that branch and bound may solve for one question. */
  private static final int BRANCH_NODES = 64;

  /** Keeps the solved relaxation (when there is one) in step with a new constraint. */
  private void extendRelaxation(long[] r, boolean equality) {
    if (fixed != null) {
      long[] reduced = fixed.reduce(pad(r, width()));
      if (equality || FixedColumns.nonZero(reduced) <= 1) {
        // the row may fix a column: the relaxation is rebuilt over the new substitution
        FixedColumns now = FixedColumns.of(width(), eqs, ineqs);
        if (!now.equals(fixed)) {
          fixed = now;
          relaxationValid = false;
          relaxation = null;
          return;
        }
      }
      r = reduced;
    } else {
      relaxationValid = false;
      relaxation = null;
      return;
    }
    if (!relaxationValid || relaxation == null) return;
    if (relaxationShared) {
      relaxation = (LongTableau) relaxation.copy();
      relaxationShared = false;
    }
    try {
      if (!IntegerSampler.addConstraint(relaxation, pad(r, width()), equality)) relaxation = null;
    } catch (CoefficientOverflowException ex) {
      relaxationValid = false;
      relaxation = null;
    }
  }

  private boolean satisfies(long[] p, long[] extra) {
    for (long[] r : eqs) if (Ints.evaluate(r, p) != 0) return false;
    for (long[] r : ineqs) if (Ints.evaluate(r, p) < 0) return false;
    return extra == null || Ints.evaluate(extra, p) >= 0;
  }

  /** The context as a basic relation in {@code space} (whose variables are the context's variables). */
  BasicRelation toBasic(Space space) {
    checkArgument(space.nVar() == nVar, "space %s for a context of %s variables", space, nVar);
    int w = width();
    int nLocal = nUnknown + divs.size();
    Div[] defs = new Div[nLocal];
    for (int i = 0; i < divs.size(); i++) {
      Div d = divs.get(i);
      defs[nUnknown + i] = new Div(pad(d.numerator(), w), d.denominator());
    }
    List<long[]> e = new ArrayList<>();
    for (long[] r : eqs) e.add(pad(r, w));
    List<long[]> in = new ArrayList<>();
    for (long[] r : ineqs) in.add(pad(r, w));
    return BasicRelation.of(space, nLocal, defs, e, in);
  }

  /**
   * Known signs: a map of its own and the frozen maps of the contexts it was copied from (a copy
   * only shrinks the context, so their definite signs stay true); long chains are flattened.
   */
  private static final class SignCache {
    private static final int MAX_DEPTH = 6;
    private final Map<Key, Sign> own;
    private final SignCache parent;

    SignCache(SignCache parent) {
      int depth = 0;
      for (SignCache c = parent; c != null; c = c.parent) depth++;
      if (depth > MAX_DEPTH) {
        own = new HashMap<>();
        flattenInto(parent, own);
        this.parent = null;
      } else {
        own = new HashMap<>(8);
        this.parent = parent;
      }
    }

    private static void flattenInto(SignCache c, Map<Key, Sign> out) {
      if (c == null) return;
      flattenInto(c.parent, out);
      out.putAll(c.own);
    }

    Sign get(Key k) {
      for (SignCache c = this; c != null; c = c.parent) {
        Sign s = c.own.get(k);
        if (s != null) return s;
      }
      return null;
    }

    void put(Key k, Sign s) {
      own.put(k, s);
    }
  }

  /** Map key over the non-trailing-zero prefix of a row. */
  private static final class Key {
    final long[] r;
    final int hash;

    Key(long[] row) {
      int n = row.length;
      while (n > 1 && row[n - 1] == 0) n--;
      r = Arrays.copyOf(row, n);
      hash = Arrays.hashCode(r);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Arrays.equals(k.r, r);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
