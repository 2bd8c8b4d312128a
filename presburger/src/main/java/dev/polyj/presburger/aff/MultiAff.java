package dev.polyj.presburger.aff;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A tuple of quasi-affine expressions over one domain (isl's multi_aff): a function from the
 * domain of a map space to its range tuple, or, for a set space, from the parameters to the set
 * tuple (as isl's {@code [N] -> { [(N), (0)] }}).
 */
public final class MultiAff {
  private final Space space;
  private final ImmutableList<Aff> affs;

  private MultiAff(Space space, List<Aff> affs) {
    this.space = space;
    this.affs = ImmutableList.copyOf(affs);
  }

  /**
   * A multi-affine function in {@code space} (a map space, or a set space for functions of the
   * parameters); one expression per output dimension, each over {@link #domainSpace(Space)}.
   */
  public static MultiAff of(Space space, List<Aff> affs) {
    checkArgument(!space.isParams(), "a function needs a range tuple, got %s", space);
    checkArgument(affs.size() == space.nOut(), "%s expressions for %s output dimensions", affs.size(), space.nOut());
    Space dom = domainSpace(space);
    for (Aff a : affs) checkArgument(a.space().equals(dom), "expression over %s, expected %s", a.space(), dom);
    return new MultiAff(space, affs);
  }

  /** Reads isl notation without condition, e.g. {@code { [i, j] -> [(i + j), (2i)] }} or {@code [N] -> { [(N), (0)] }}. */
  public static MultiAff parse(String text) {
    return AffParser.parseMultiAff(text);
  }

  /** The identity function on the set space {@code s} (as a map {@code s -> s}). */
  public static MultiAff identity(Space s) {
    checkArgument(s.isSet(), "identity on a non-set space %s", s);
    List<Aff> out = new ArrayList<>();
    for (int i = 0; i < s.nDim(); i++) out.add(Aff.dim(s, i));
    return of(Space.map(s.params(), s.tuple(), s.tuple()), out);
  }

  /** The domain of functions in {@code space}: its domain set space, or its parameter space for a set space. */
  public static Space domainSpace(Space space) {
    return space.isMap() ? space.domain() : space.paramsSpace();
  }

  public Space space() {
    return space;
  }

  public Space domainSpace() {
    return domainSpace(space);
  }

  /** The range tuple. */
  public Tuple rangeTuple() {
    return space.rangeTuple();
  }

  public int size() {
    return affs.size();
  }

  public Aff get(int i) {
    return affs.get(i);
  }

  public ImmutableList<Aff> affs() {
    return affs;
  }

  /** The values at a point of the domain (parameters then domain dimensions). */
  public long[] evaluate(long[] point) {
    long[] out = new long[affs.size()];
    for (int i = 0; i < out.length; i++) out[i] = affs.get(i).evaluate(point);
    return out;
  }

  /** {@code x -> this(inner(x))}: the range of {@code inner} must be this function's domain. */
  public MultiAff pullback(MultiAff inner) {
    Space dom = domainSpace();
    Tuple innerRange = inner.space().rangeTuple();
    checkArgument(dom.isSet() ? innerRange.equals(dom.tuple()) : innerRange.arity() == 0,
        "pullback: range %s of the inner function does not match domain %s", innerRange, dom);
    List<Aff> out = new ArrayList<>();
    for (Aff a : affs) out.add(a.pullback(inner));
    Space s = inner.space().isMap()
        ? Space.map(inner.space().params(), inner.space().domainTuple(), space.rangeTuple())
        : Space.set(inner.space().params(), space.rangeTuple());
    return of(s, out);
  }

  /** Elementwise sum with a function of the same space. */
  public MultiAff add(MultiAff o) {
    checkArgument(space.equals(o.space), "spaces differ: %s vs %s", space, o.space);
    List<Aff> out = new ArrayList<>();
    for (int i = 0; i < affs.size(); i++) out.add(affs.get(i).add(o.affs.get(i)));
    return new MultiAff(space, out);
  }

  /** The same expressions with another range tuple of equal arity. */
  public MultiAff withRangeTuple(Tuple t) {
    checkArgument(t.arity() == space.nOut(), "tuple %s for %s outputs", t, space.nOut());
    return new MultiAff(space.withRangeTuple(t), affs);
  }

  /**
   * The graph {@code { x -> y : y = this(x) }} as a basic relation in {@link #space()} (for a set
   * space: {@code { y : y = this(params) }}); divisions become known locals.
   */
  public BasicRelation toBasicRelation() {
    int nv = space.nVar();
    int nDomVar = domainSpace().nVar();
    List<Div> defs = new ArrayList<>();
    List<long[]> rows = new ArrayList<>(); // rows over [const, vars, locals], widened at the end
    List<Integer> rowOut = new ArrayList<>();
    for (int i = 0; i < affs.size(); i++) {
      Aff a = affs.get(i);
      int base = defs.size();
      int[] colMap = new int[1 + nDomVar + a.nDiv()];
      for (int c = 0; c <= nDomVar; c++) colMap[c] = c; // domain variables keep their columns
      for (int k = 0; k < a.nDiv(); k++) colMap[1 + nDomVar + k] = 1 + nv + base + k;
      for (int k = 0; k < a.nDiv(); k++) defs.add(new Div(remap(a.div(k).numerator(), colMap, 1 + nv + base + a.nDiv()), a.div(k).denominator()));
      long[] r = remap(a.numerator(), colMap, 1 + nv + base + a.nDiv());
      rows.add(r);
      rowOut.add(i);
      // y_i * den = num
    }
    int width = 1 + nv + defs.size();
    List<Div> wide = new ArrayList<>();
    for (Div d : defs) wide.add(new Div(Arrays.copyOf(d.numerator(), width), d.denominator()));
    List<long[]> eqs = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      long[] r = Ints.negate(Arrays.copyOf(rows.get(i), width));
      r[1 + nDomVar + rowOut.get(i)] = affs.get(i).denominator();
      eqs.add(r);
    }
    List<long[]> ineqs = new ArrayList<>();
    Aff.addPinning(nv, wide, ineqs, width);
    return BasicRelation.of(space, wide.size(), wide.toArray(new Div[0]), eqs, ineqs);
  }

  private static long[] remap(long[] r, int[] colMap, int width) {
    long[] o = new long[width];
    for (int k = 0; k < r.length; k++) if (r[k] != 0) o[colMap[k]] = Ints.add(o[colMap[k]], r[k]);
    return o;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MultiAff m && m.space.equals(space) && m.affs.equals(affs);
  }

  @Override
  public int hashCode() {
    return space.hashCode() * 31 + affs.hashCode();
  }

  /** isl notation, e.g. {@code [N] -> { S[i] -> A[(N - i), (0)] }}. */
  @Override
  public String toString() {
    AffPrinter p = new AffPrinter(domainSpace());
    return p.prefix() + "{ " + body(p) + " }";
  }

  /** {@code S[i] -> A[(N - i), (0)]} with the printer's names. */
  String body(AffPrinter p) {
    return p.domainTuple() + rangeTuple(p, space.rangeTuple(), new int[] {0});
  }

  private String rangeTuple(AffPrinter p, Tuple t, int[] next) {
    StringBuilder sb = new StringBuilder();
    if (t.hasName()) sb.append(t.name());
    sb.append('[');
    if (t.isWrapping()) {
      sb.append(rangeTuple(p, t.nestedDomain(), next)).append(" -> ").append(rangeTuple(p, t.nestedRange(), next));
    } else {
      for (int i = 0; i < t.arity(); i++) {
        if (i > 0) sb.append(", ");
        sb.append('(').append(p.expression(affs.get(next[0]++))).append(')');
      }
    }
    return sb.append(']').toString();
  }
}
