package dev.polyj.presburger.set;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.ComputeBudget;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.omega.OmegaTest;
import dev.polyj.presburger.space.Space;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A conjunction of affine equalities and inequalities over the parameters and dimensions of a
 * {@link Space}, with existentially quantified local variables: isl's basic set / basic map.
 *
 * <p>Rows are {@code long[]} of width {@link #nCol()}: {@code [constant, params..., in..., out...,
 * locals...]}; an equality row means {@code row . (1, x) = 0}, an inequality {@code row . (1, x) >= 0}.
 * A local either has a known definition as an integer division ({@link #div(int)}), pinned down by
 * the constraints, or is an unknown existential ({@code div(i) == null}).
 *
 * <p>Instances are immutable and always in the normal form of {@link ConstraintSystem#simplify()};
 * {@code equals} compares that normal form (structural), {@link #isEqual} compares point sets.
 */
public final class BasicRelation {
  private final Space space;
  private final int nLocal;
  private final long[][] eqs;
  private final long[][] ineqs;
  private final Div[] divs;
  private final boolean markedEmpty;
  private volatile int emptiness; // 0 unknown, 1 empty, 2 non-empty
  private int hash;
  private BoundIndex boundIndex; // computed when first needed, see opposedRows

  BasicRelation(Space space, int nLocal, long[][] eqs, long[][] ineqs, Div[] divs, boolean markedEmpty) {
    this.space = space;
    this.nLocal = nLocal;
    this.eqs = eqs;
    this.ineqs = ineqs;
    this.divs = divs;
    this.markedEmpty = markedEmpty;
    if (markedEmpty) emptiness = 1;
  }

  // ---------------------------------------------------------------------------------------------
  // Factories

  public static BasicRelation universe(Space space) {
    return new BasicRelation(space, 0, new long[0][], new long[0][], new Div[0], false);
  }

  public static BasicRelation empty(Space space) {
    long[][] contradiction = {new long[1 + space.nVar()]};
    contradiction[0][0] = -1;
    return new BasicRelation(space, 0, new long[0][], contradiction, new Div[0], true);
  }

  /**
   * A basic relation from constraint rows of width {@code 1 + space.nVar() + nLocal}; {@code divs}
   * (may be null: all unknown) gives definitions of locals, whose pinning inequalities must be
   * among {@code ineqs} or implied. The result is simplified.
   */
  public static BasicRelation of(Space space, int nLocal, Div[] divs, List<long[]> eqs, List<long[]> ineqs) {
    int width = 1 + space.nVar() + nLocal;
    ConstraintSystem cs = new ConstraintSystem(space.nVar(), nLocal);
    for (long[] r : eqs) {
      checkArgument(r.length == width, "equality row of width %s, expected %s", r.length, width);
      cs.eqs.add(r.clone());
    }
    for (long[] r : ineqs) {
      checkArgument(r.length == width, "inequality row of width %s, expected %s", r.length, width);
      cs.ineqs.add(r.clone());
    }
    if (divs != null) {
      checkArgument(divs.length == nLocal, "%s division definitions for %s locals", divs.length, nLocal);
      for (int i = 0; i < nLocal; i++) cs.divs.set(i, divs[i]);
    }
    cs.simplify();
    return cs.toBasic(space);
  }

  /** A basic relation without locals. */
  public static BasicRelation of(Space space, List<long[]> eqs, List<long[]> ineqs) {
    return of(space, 0, null, eqs, ineqs);
  }

  /** A mutable builder that starts from the universe of {@code space}. */
  public static Builder builder(Space space) {
    return new Builder(space, new ConstraintSystem(space.nVar(), 0));
  }

  /** A mutable builder that starts from this relation's constraints. */
  public Builder toBuilder() {
    return new Builder(space, ConstraintSystem.of(this));
  }

  // ---------------------------------------------------------------------------------------------
  // Accessors

  public Space space() {
    return space;
  }

  public int nParam() {
    return space.nParam();
  }

  public int nIn() {
    return space.nIn();
  }

  public int nOut() {
    return space.nOut();
  }

  /** Number of parameter and dimension columns (locals excluded). */
  public int nVar() {
    return space.nVar();
  }

  public int nLocal() {
    return nLocal;
  }

  /** Row width: 1 + nVar + nLocal. */
  public int nCol() {
    return 1 + space.nVar() + nLocal;
  }

  /** Column of parameter {@code i}. */
  public int paramCol(int i) {
    return 1 + i;
  }

  /** Column of input dimension {@code i}. */
  public int inCol(int i) {
    return 1 + space.nParam() + i;
  }

  /** Column of output (or set) dimension {@code i}. */
  public int outCol(int i) {
    return 1 + space.nParam() + space.nIn() + i;
  }

  /** Column of local {@code i}. */
  public int localCol(int i) {
    return 1 + space.nVar() + i;
  }

  public int nEq() {
    return eqs.length;
  }

  public int nIneq() {
    return ineqs.length;
  }

  public long[] eq(int i) {
    return eqs[i].clone();
  }

  public long[] ineq(int i) {
    return ineqs[i].clone();
  }

  long[][] eqsRaw() {
    return eqs;
  }

  long[][] ineqsRaw() {
    return ineqs;
  }

  /** Copies of all equality rows. */
  public List<long[]> equalities() {
    List<long[]> out = new ArrayList<>(eqs.length);
    for (long[] r : eqs) out.add(r.clone());
    return out;
  }

  /** Copies of all inequality rows. */
  public List<long[]> inequalities() {
    List<long[]> out = new ArrayList<>(ineqs.length);
    for (long[] r : ineqs) out.add(r.clone());
    return out;
  }

  /** Definition of local {@code i}, or null when it is an unknown existential. */
  public Div div(int i) {
    return divs[i];
  }

  /** True when some local has no known definition. */
  public boolean hasUnknownLocals() {
    for (Div d : divs) if (d == null) return true;
    return false;
  }

  /** True when a contradiction was found syntactically (implies {@link #isEmpty()}). */
  public boolean isMarkedEmpty() {
    return markedEmpty;
  }

  /** True when there are no constraints at all. */
  public boolean isUniverse() {
    return !markedEmpty && eqs.length == 0 && ineqs.length == 0;
  }

  // ---------------------------------------------------------------------------------------------
  // Decisions

  /** Exact integer emptiness (all locals existentially quantified); cached. */
  public boolean isEmpty() {
    int e = emptiness;
    if (e == 0) {
      e = OmegaTest.isIntegerEmpty(nCol() - 1, Arrays.asList(eqs), Arrays.asList(ineqs)) ? 1 : 2;
      emptiness = e;
    }
    return e == 1;
  }

  /**
   * True when the basic relations (of one space) have no integer point in common: the emptiness
   * of their intersection, decided on their rows put side by side (each one's locals in columns
   * of their own), without simplifying the intersection first.
   */
  public static boolean isIntersectionEmpty(List<BasicRelation> parts) {
    return isIntersectionEmpty(parts, 0, List.of(), List.of());
  }

  /**
   * {@link #isIntersectionEmpty(List)} with more rows: {@code eqs} ({@code = 0}) and {@code ineqs}
   * ({@code >= 0}) over the columns (1, variables, {@code nLocal} existentials of their own), a
   * shorter row padded with zeros. The existentials are free unless the rows bound them.
   */
  public static boolean isIntersectionEmpty(List<BasicRelation> parts, int nLocal, List<long[]> eqs,
      List<long[]> ineqs) {
    checkArgument(!parts.isEmpty(), "isIntersectionEmpty: no relation");
    Space s = parts.get(0).space;
    int nv = 1 + s.nVar();
    int width = nv + nLocal;
    for (BasicRelation p : parts) {
      checkArgument(p.space.equals(s), "isIntersectionEmpty: spaces differ: %s vs %s", s, p.space);
      if (p.markedEmpty) return true;
      width += p.nLocal;
    }
    List<long[]> allEqs = new ArrayList<>();
    List<long[]> allIneqs = new ArrayList<>();
    int base = nv;
    for (BasicRelation p : parts) {
      for (long[] r : p.eqs) allEqs.add(placed(r, nv, base, p.nLocal, width));
      for (long[] r : p.ineqs) allIneqs.add(placed(r, nv, base, p.nLocal, width));
      base += p.nLocal;
    }
    for (long[] r : eqs) allEqs.add(placed(padded(r, nv + nLocal), nv, base, nLocal, width));
    for (long[] r : ineqs) allIneqs.add(placed(padded(r, nv + nLocal), nv, base, nLocal, width));
    return OmegaTest.isIntegerEmpty(width - 1, allEqs, allIneqs);
  }

  /**
   * {@link #isIntersectionEmpty(List, int, List, List)} for a family of tests that share the
   * relations and the equalities and differ in their inequalities (the fixed {@code ineqs} and
   * the extra ones the returned test is given, all over the columns of the variables and {@code
   * nLocal} extra locals): the equalities are solved once for all of them.
   */
  public static java.util.function.Predicate<List<long[]>> intersectionEmptiness(List<BasicRelation> parts,
      int nLocal, List<long[]> eqs, List<long[]> ineqs) {
    checkArgument(!parts.isEmpty(), "intersectionEmptiness: no relation");
    Space s = parts.get(0).space;
    int nv = 1 + s.nVar();
    int w = nv + nLocal;
    for (BasicRelation p : parts) {
      checkArgument(p.space.equals(s), "intersectionEmptiness: spaces differ: %s vs %s", s, p.space);
      if (p.markedEmpty) return extra -> true;
      w += p.nLocal;
    }
    int width = w;
    List<long[]> allEqs = new ArrayList<>();
    List<long[]> allIneqs = new ArrayList<>();
    int b = nv;
    for (BasicRelation p : parts) {
      for (long[] r : p.eqs) allEqs.add(placed(r, nv, b, p.nLocal, width));
      for (long[] r : p.ineqs) allIneqs.add(placed(r, nv, b, p.nLocal, width));
      b += p.nLocal;
    }
    int base = b;
    for (long[] r : eqs) allEqs.add(placed(padded(r, nv + nLocal), nv, base, nLocal, width));
    for (long[] r : ineqs) allIneqs.add(placed(padded(r, nv + nLocal), nv, base, nLocal, width));
    OmegaTest.Members members = OmegaTest.withEqualities(width - 1, allEqs);
    if (!members.solved()) {
      return extra -> {
        List<long[]> all = new ArrayList<>(ineqs);
        all.addAll(extra);
        return isIntersectionEmpty(parts, nLocal, eqs, all);
      };
    }
    if (members.empty()) return extra -> true;
    // the rows rewritten once each: the fixed ones, and the extra ones by identity (callers pass the same rows again and again)
    java.util.Map<long[], long[]> reduced = new java.util.IdentityHashMap<>();
    List<long[]> fixed = new ArrayList<>();
    return extra -> {
      try {
        if (fixed.size() < allIneqs.size()) {
          fixed.clear();
          for (long[] r : allIneqs) fixed.add(members.reduce(r));
        }
        List<long[]> all = new ArrayList<>(fixed);
        for (long[] r : extra) {
          long[] x = reduced.get(r);
          if (x == null) {
            x = members.reduce(placed(padded(r, nv + nLocal), nv, base, nLocal, width));
            reduced.put(r, x);
          }
          all.add(x);
        }
        return members.isIntegerEmptyReduced(all);
      } catch (CoefficientOverflowException e) {
        List<long[]> all = new ArrayList<>(ineqs);
        all.addAll(extra);
        return isIntersectionEmpty(parts, nLocal, eqs, all);
      }
    };
  }

  private static long[] padded(long[] row, int width) {
    checkArgument(row.length <= width, "row of width %s wider than %s", row.length, width);
    return row.length == width ? row : Arrays.copyOf(row, width);
  }

  private static long[] placed(long[] row, int nv, int base, int nLocal, int width) {
    long[] o = new long[width];
    System.arraycopy(row, 0, o, 0, nv);
    System.arraycopy(row, nv, o, base, nLocal);
    return o;
  }

  /**
   * The point (values of parameters then dimensions) followed by the values of the locals there:
   * the values of the constraint rows' columns 1.. ({@link dev.polyj.presburger.arith.Ints#evaluateSign}).
   * Every local must have a known division.
   *
   * @throws CoefficientOverflowException when a division's value leaves 64 bits
   */
  public long[] withLocals(long[] point) {
    checkArgument(point.length == nVar(), "point of length %s in a space of %s variables", point.length, nVar());
    checkArgument(!hasUnknownLocals(), "a local without a known division in %s", this);
    long[] full = Arrays.copyOf(point, nVar() + nLocal);
    for (int i = 0; i < nLocal; i++) full[nVar() + i] = divs[i].evaluate(full);
    return full;
  }

  /** True when the point (values of parameters then dimensions) satisfies the constraints. */
  public boolean contains(long[] point) {
    checkArgument(point.length == nVar(), "point of length %s in a space of %s variables", point.length, nVar());
    if (markedEmpty) return false;
    if (nLocal == 0) return satisfies(point);
    if (!hasUnknownLocals()) {
      try {
        return satisfies(withLocals(point));
      } catch (CoefficientOverflowException e) {
        // a division's value leaves 64 bits: the locals are decided as existentials below (their
        // defining inequalities are among the constraints)
      }
    }
    try {
      return fix(point).isEmpty() == false;
    } catch (CoefficientOverflowException e) {
      // the fixed constants leave 64 bits: decide the locals' system on BigInteger rows
      List<BigInteger[]> ne = new ArrayList<>();
      List<BigInteger[]> ni = new ArrayList<>();
      for (long[] r : eqs) ne.add(substituteBig(r, point));
      for (long[] r : ineqs) ni.add(substituteBig(r, point));
      return !OmegaTest.isIntegerEmptyBig(nLocal, ne, ni);
    }
  }

  private BigInteger[] substituteBig(long[] r, long[] point) {
    BigInteger[] o = new BigInteger[1 + nLocal];
    o[0] = Ints.evaluateBig(Arrays.copyOf(r, 1 + point.length), point);
    for (int i = 0; i < nLocal; i++) o[1 + i] = BigInteger.valueOf(r[1 + point.length + i]);
    return o;
  }

  private boolean satisfies(long[] full) {
    for (long[] r : eqs) if (Ints.evaluateSign(r, full) != 0) return false;
    for (long[] r : ineqs) if (Ints.evaluateSign(r, full) < 0) return false;
    return true;
  }

  /** The constraints on the locals left after fixing all variables to {@code point}. */
  private BasicRelation fix(long[] point) {
    Space s = Space.set(List.of(), 0);
    List<long[]> ne = new ArrayList<>();
    List<long[]> ni = new ArrayList<>();
    for (long[] r : eqs) ne.add(substitute(r, point));
    for (long[] r : ineqs) ni.add(substitute(r, point));
    return of(s, nLocal, null, ne, ni);
  }

  private long[] substitute(long[] r, long[] point) {
    long[] o = new long[1 + nLocal];
    long c = r[0];
    for (int i = 0; i < point.length; i++) if (r[1 + i] != 0) c = Ints.add(c, Ints.mul(r[1 + i], point[i]));
    o[0] = c;
    System.arraycopy(r, 1 + point.length, o, 1, nLocal);
    return o;
  }

  // ---------------------------------------------------------------------------------------------
  // Constructions

  /** Conjunction with {@code other} (same space, including parameters). */
  public BasicRelation intersect(BasicRelation other) {
    checkArgument(space.equals(other.space), "intersect: spaces differ: %s vs %s", space, other.space);
    if (markedEmpty) return this;
    if (other.markedEmpty) return other;
    if (other.isUniverse()) return this;
    ComputeBudget.spend(1);
    if (isUniverse()) return other;
    if (opposedRows(this, other)) return empty(space);
    return intersectBySimplifying(other);
  }

  /** {@link #intersect} without the shortcut of {@link #opposedRows} (the reference it must agree with). */
  BasicRelation intersectBySimplifying(BasicRelation other) {
    ConstraintSystem cs = ConstraintSystem.of(this);
    appendWithLocals(cs, other);
    cs.simplify();
    return cs.toBasic(space);
  }

  /**
   * True when a row of a and a row of b are opposite bounds that leave no room: {@code L + c >= 0}
   * in one, {@code -L + d >= 0} in the other, with {@code c + d < 0} (an equality counts as both of
   * its sides). L is over the variables and over locals with known definitions: a local of a and a
   * local of b with the same definition (the same numerator over the variables, the same
   * denominator, and, recursively, the same definitions of the locals the numerator uses) are the
   * same function of the variables, so they match as one term ({@code i mod 2 = 0} against {@code
   * i mod 2 = 1}). Their conjunction is then empty. For rows over the variables alone, {@link
   * ConstraintSystem#simplify()} marks it so: each elimination step of its Gaussian elimination
   * changes two such rows alike (their variable parts stay equal or opposite, and the sum of their
   * constants stays negative after the gcd division, which rounds down), so either the elimination
   * leaves one of them a negative constant or the merge of opposite inequalities finds the
   * contradiction; with divisions, it first merges the locals of equal definitions
   * (IntersectOpposedRowsProperties checks the result against the full simplification). The test
   * costs a hash lookup per row (the rows are indexed once per relation) instead of a
   * simplification; it answers most of the intersections of pieces of dependences that are
   * disjoint, e.g. pieces of one lexicographic maximum, split by complementary bounds or
   * residues, or of statements that run at different constant times.
   */
  static boolean opposedRows(BasicRelation a, BasicRelation b) {
    BoundIndex ia = a.boundIndex();
    if (ia.isEmpty()) return false;
    BoundIndex ib = b.boundIndex();
    if (ib.isEmpty()) return false;
    if (ia.size() > ib.size()) {
      BoundIndex t = ia;
      ia = ib;
      ib = t;
    }
    for (Map.Entry<RowShape, Long> e : ia.least.entrySet()) {
      Long d = ib.least.get(e.getKey().negated());
      if (d != null && e.getValue() + (long) d < 0 && sumFits(e.getValue(), d)) return true;
    }
    return false;
  }

  private static boolean sumFits(long c, long d) {
    long s = c + d;
    return ((c ^ s) & (d ^ s)) >= 0;
  }

  private BoundIndex boundIndex() {
    BoundIndex x = boundIndex;
    if (x == null) {
      Map<RowShape, Long> least = new HashMap<>();
      DivShape[] shapes = new DivShape[nLocal];
      for (long[] r : eqs) {
        addBound(least, r, false, shapes);
        addBound(least, r, true, shapes);
      }
      for (long[] r : ineqs) addBound(least, r, false, shapes);
      x = new BoundIndex(least);
      boundIndex = x;
    }
    return x;
  }

  /**
   * Records {@code r >= 0} (or {@code -r >= 0}) when r's locals all have known definitions (a
   * local used by its own definition's chain, or of unknown value, leaves the row out).
   */
  private void addBound(Map<RowShape, Long> least, long[] r, boolean negate, DivShape[] shapes) {
    if (r[0] == Long.MIN_VALUE) return;
    RowShape shape = rowShape(r, shapes, nLocal);
    if (shape == null) return;
    least.merge(negate ? shape.negated() : shape, negate ? -r[0] : r[0], Math::min);
  }

  /** The shape of {@code row}'s variable and local part (its first {@code nLocals} locals), or null. */
  private RowShape rowShape(long[] row, DivShape[] shapes, int nLocals) {
    int nv = 1 + nVar();
    long[] lin = new long[nv - 1];
    for (int c = 1; c < nv; c++) {
      if (row[c] == Long.MIN_VALUE) return null;
      lin[c - 1] = row[c];
    }
    Map<DivShape, Long> terms = null;
    for (int l = 0; l < nLocals; l++) {
      long k = row[nv + l];
      if (k == 0) continue;
      if (k == Long.MIN_VALUE) return null;
      DivShape d = divShape(l, shapes);
      if (d == null) return null;
      if (terms == null) terms = new HashMap<>();
      // locals of equal definitions are one term (an overflowing sum leaves the row out)
      terms.merge(d, k, (x, y) -> sumFits(x, y) ? x + y : Long.MIN_VALUE);
    }
    if (terms == null) return new RowShape(new LongsKey(lin), Map.of());
    if (terms.containsValue(Long.MIN_VALUE)) return null;
    terms.values().removeIf(c -> c == 0);
    return new RowShape(new LongsKey(lin), Map.copyOf(terms));
  }

  /** The shape of local {@code l}'s definition (memoized in {@code shapes}), or null when unknown. */
  private DivShape divShape(int l, DivShape[] shapes) {
    if (shapes[l] != null) return shapes[l];
    Div d = divs[l];
    if (d == null) return null;
    long[] num = d.numeratorRaw();
    // a definition uses earlier locals only
    for (int c = 1 + nVar() + l; c < num.length; c++) if (num[c] != 0) return null;
    if (num[0] == Long.MIN_VALUE) return null;
    RowShape numerator = rowShape(num, shapes, l);
    if (numerator == null) return null;
    shapes[l] = new DivShape(num[0], numerator, d.denominator());
    return shapes[l];
  }

  /**
   * The non-constant part of a row: the coefficients of the variables, and per local definition
   * (by shape) its coefficient (none zero), compared by value.
   */
  private record RowShape(LongsKey vars, Map<DivShape, Long> locals) {
    RowShape negated() {
      long[] n = vars.values().clone();
      for (int i = 0; i < n.length; i++) n[i] = -n[i];
      Map<DivShape, Long> t = new HashMap<>();
      locals.forEach((d, c) -> t.put(d, -c));
      return new RowShape(new LongsKey(n), Map.copyOf(t));
    }
  }

  /** A local's definition {@code floor((constant + numerator) / denominator)}, compared by value. */
  private record DivShape(long constant, RowShape numerator, long denominator) {}

  /** Per shape of the rows ({@code L + c >= 0}), the least constant c. */
  private record BoundIndex(Map<RowShape, Long> least) {
    boolean isEmpty() {
      return least.isEmpty();
    }

    int size() {
      return least.size();
    }
  }

  /** Adds other's rows to cs, giving other's locals fresh columns after cs's. */
  static void appendWithLocals(ConstraintSystem cs, BasicRelation other) {
    int base = cs.nCol();
    int nv = 1 + other.nVar();
    for (int i = 0; i < other.nLocal; i++) cs.addLocal(null);
    int width = cs.nCol();
    java.util.function.Function<long[], long[]> lift = r -> {
      long[] o = new long[width];
      System.arraycopy(r, 0, o, 0, nv);
      System.arraycopy(r, nv, o, base, other.nLocal);
      return o;
    };
    for (long[] r : other.eqs) cs.eqs.add(lift.apply(r));
    for (long[] r : other.ineqs) cs.ineqs.add(lift.apply(r));
    for (int i = 0; i < other.nLocal; i++) {
      Div d = other.divs[i];
      if (d != null) cs.divs.set(base - 1 - cs.nVar + i, new Div(lift.apply(d.numeratorRaw()), d.denominator()));
    }
  }

  /**
   * Moves the variables into a new space. {@code varMap[v]} is the new variable index (0-based,
   * among parameters and dimensions of {@code target}) of old variable {@code v}, or -1 to make it
   * an existential local (projection). New variables not hit by the map are unconstrained.
   * Two old variables mapped to one new variable are thereby equated.
   */
  public BasicRelation mapVariables(Space target, int[] varMap) {
    checkArgument(varMap.length == nVar(), "variable map of length %s for %s variables", varMap.length, nVar());
    int nv = target.nVar();
    int projected = 0;
    for (int v : varMap) if (v < 0) projected++;
    int nl = projected + nLocal;
    int width = 1 + nv + nl;
    int[] colMap = new int[nCol()];
    colMap[0] = 0;
    int next = 1 + nv;
    for (int v = 0; v < varMap.length; v++) colMap[1 + v] = varMap[v] >= 0 ? 1 + varMap[v] : next++;
    for (int i = 0; i < nLocal; i++) colMap[1 + nVar() + i] = next++;
    if (markedEmpty) return empty(target);
    ConstraintSystem cs = new ConstraintSystem(nv, nl);
    try {
      for (long[] r : eqs) cs.eqs.add(remap(r, colMap, width));
      for (long[] r : ineqs) cs.ineqs.add(remap(r, colMap, width));
      for (int i = 0; i < nLocal; i++) {
        if (divs[i] != null) cs.divs.set(projected + i, new Div(remap(divs[i].numeratorRaw(), colMap, width), divs[i].denominator()));
      }
    } catch (CoefficientOverflowException e) {
      // equated variables whose coefficients add up past 64 bits: normalise on BigInteger rows
      BigConstraintSystem big = new BigConstraintSystem(nv, nl);
      for (long[] r : eqs) big.eqs.add(remapBig(r, colMap, width));
      for (long[] r : ineqs) big.ineqs.add(remapBig(r, colMap, width));
      for (int i = 0; i < nLocal; i++) {
        if (divs[i] != null) {
          big.divs.set(projected + i, new BigConstraintSystem.BigDiv(
              remapBig(divs[i].numeratorRaw(), colMap, width), BigInteger.valueOf(divs[i].denominator())));
        }
      }
      big.simplify();
      return big.toLongSystemSmallestFirst().toBasic(target);
    }
    cs.simplify();
    return cs.toBasic(target);
  }

  private static BigInteger[] remapBig(long[] r, int[] colMap, int width) {
    BigInteger[] o = new BigInteger[width];
    Arrays.fill(o, BigInteger.ZERO);
    for (int i = 0; i < r.length; i++) if (r[i] != 0) o[colMap[i]] = o[colMap[i]].add(BigInteger.valueOf(r[i]));
    return o;
  }

  private static long[] remap(long[] r, int[] colMap, int width) {
    long[] o = new long[width];
    for (int i = 0; i < r.length; i++) if (r[i] != 0) o[colMap[i]] = Ints.add(o[colMap[i]], r[i]);
    return o;
  }

  /** This relation in {@code target}, whose variables extend this space's (same order, more params). */
  public BasicRelation alignParams(List<String> params) {
    if (params.equals(space.params())) return this;
    int[] map = new int[nVar()];
    for (int i = 0; i < nParam(); i++) {
      int j = params.indexOf(space.params().get(i));
      checkArgument(j >= 0, "parameter %s missing from %s", space.params().get(i), params);
      map[i] = j;
    }
    for (int i = 0; i < space.nDim(); i++) map[nParam() + i] = params.size() + i;
    return mapVariables(space.withParams(params), map);
  }

  /** Same constraints viewed in another space with the same column layout. */
  public BasicRelation withSpace(Space s) {
    checkArgument(s.nParam() == nParam() && s.nIn() + s.nOut() == space.nIn() + space.nOut(),
        "space %s does not have the layout of %s", s, space);
    return new BasicRelation(s, nLocal, eqs, ineqs, divs, markedEmpty);
  }

  /** This relation with local {@code i} definitions computed where possible (see {@link DivComputation}). */
  public Relation computeDivs() {
    return DivComputation.computeDivs(this);
  }

  /**
   * As {@link #computeDivs()}, or null when more than {@code maxSteps} constraint systems would be
   * examined (each splinter of an exact projection is one).
   */
  public Relation computeDivs(long maxSteps) {
    return DivComputation.computeDivs(this, maxSteps);
  }

  /** Semantic equality of point sets. */
  public boolean isEqual(BasicRelation other) {
    return Relation.of(this).isEqual(Relation.of(other));
  }

  /** Semantic inclusion. */
  public boolean isSubset(BasicRelation other) {
    return Relation.of(this).isSubset(Relation.of(other));
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) return true;
    if (!(o instanceof BasicRelation b)) return false;
    if (markedEmpty || b.markedEmpty) return markedEmpty == b.markedEmpty && space.equals(b.space);
    return space.equals(b.space) && nLocal == b.nLocal && Arrays.deepEquals(eqs, b.eqs)
        && Arrays.deepEquals(ineqs, b.ineqs) && Arrays.equals(divs, b.divs);
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = space.hashCode() * 31 + (markedEmpty ? 1 : Arrays.deepHashCode(eqs) * 17 + Arrays.deepHashCode(ineqs));
      hash = h;
    }
    return h;
  }

  @Override
  public String toString() {
    return Relation.of(this).toString();
  }

  /** Mutable builder of a basic relation. */
  public static final class Builder {
    private final Space space;
    private final ConstraintSystem cs;

    Builder(Space space, ConstraintSystem cs) {
      this.space = space;
      this.cs = cs;
    }

    /** Current row width. */
    public int nCol() {
      return cs.nCol();
    }

    /** Adds an unknown existential local; returns its column. Earlier rows are widened. */
    public int addExistential() {
      return cs.addLocal(null);
    }

    /** Adds local {@code floor(numerator/denominator)} with its pinning constraints; returns its column. */
    public int addDiv(long[] numerator, long denominator) {
      checkArgument(numerator.length <= cs.nCol(), "numerator wider than the system");
      return cs.addLocal(new Div(Arrays.copyOf(numerator, cs.nCol()), denominator));
    }

    /** Adds {@code row . (1, x) = 0}; a shorter row is padded with zeros. */
    public Builder addEq(long[] row) {
      checkArgument(row.length <= cs.nCol(), "row of width %s wider than %s", row.length, cs.nCol());
      cs.eqs.add(Arrays.copyOf(row, cs.nCol()));
      return this;
    }

    /** Adds {@code row . (1, x) >= 0}; a shorter row is padded with zeros. */
    public Builder addIneq(long[] row) {
      checkArgument(row.length <= cs.nCol(), "row of width %s wider than %s", row.length, cs.nCol());
      cs.ineqs.add(Arrays.copyOf(row, cs.nCol()));
      return this;
    }

    public BasicRelation build() {
      ConstraintSystem copy = new ConstraintSystem(cs.nVar, cs.nLocal);
      for (long[] r : cs.eqs) copy.eqs.add(r.clone());
      for (long[] r : cs.ineqs) copy.ineqs.add(r.clone());
      copy.divs = new ArrayList<>(cs.divs);
      copy.empty = cs.empty;
      copy.simplify();
      return copy.toBasic(space);
    }
  }
}
