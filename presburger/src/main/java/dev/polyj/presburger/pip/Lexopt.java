package dev.polyj.presburger.pip;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.base.Supplier;
import dev.polyj.presburger.aff.Aff;
import dev.polyj.presburger.aff.MultiAff;
import dev.polyj.presburger.aff.PwAff;
import dev.polyj.presburger.aff.PwMultiAff;
import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.pip.Context.Sign;
import dev.polyj.presburger.pip.ParametricSolver.Leaf;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Div;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lexicographic optimization of sets and relations with parameters: lexmin and lexmax as
 * piecewise quasi-affine functions (isl's {@code lexmin_pw_multi_aff}), the partial versions that
 * also return the part of a domain without image (isl's {@code partial_lexmax}), and the minimum
 * and maximum of one dimension ({@code dim_min}, {@code dim_max}).
 *
 * <p>For a relation {@code A -> B} the optimum is a function of the parameters and the input
 * dimensions; for a set, of the parameters. Each basic relation is solved exactly by
 * {@link ParametricSolver} (existentially quantified locals are optimized after the output
 * dimensions, which does not change the optimum of the outputs; divisions of the parameters and
 * inputs become divisions of the context). A union is solved piece after piece, each piece over
 * the parts of the domain found so far, keeping the lexicographically smaller (larger) value where
 * both have one. The result's pieces are disjoint, and simplified by {@link PieceSimplifier}: pieces
 * with equal values are merged where their union is convex, redundant inequalities dropped.
 *
 * <p>Arithmetic is done with {@code long} and redone with {@link java.math.BigInteger} tableaux
 * when an intermediate value overflows.
 */
public final class Lexopt {
  private Lexopt() {}

  /** The optimum on the part of a domain where the relation has images, and the rest of the domain. */
  public record Partial(PwMultiAff optimum, Relation noImage) {}

  /** The lexicographic minimum of every image set (of the set, for a set). */
  public static PwMultiAff lexmin(Relation r) {
    return optimize(r, null, false).optimum();
  }

  /** The lexicographic maximum of every image set (of the set, for a set). */
  public static PwMultiAff lexmax(Relation r) {
    return optimize(r, null, true).optimum();
  }

  /** {@link #lexmin} as a relation (isl's {@code lexmin} of a map or set). */
  public static Relation lexminRelation(Relation r) {
    return lexmin(r).toRelation();
  }

  /** {@link #lexmax} as a relation. */
  public static Relation lexmaxRelation(Relation r) {
    return lexmax(r).toRelation();
  }

  /**
   * The lexicographic minimum of {@code m} restricted to the domain {@code domain} (a set in the
   * domain space of the map, or a parameter set for a set), and the points of {@code domain}
   * without any image.
   */
  public static Partial partialLexmin(Relation m, Relation domain) {
    return optimize(m, domain, false);
  }

  /** As {@link #partialLexmin} with the maximum: {@code (R, E) = partial_lexmax(M, U)}. */
  public static Partial partialLexmax(Relation m, Relation domain) {
    return optimize(m, domain, true);
  }

  /** The minimum of dimension {@code pos} (an output dimension of a map) as a function of the parameters (and inputs). */
  public static PwAff dimMin(Relation r, int pos) {
    return lexmin(singleDim(r, pos)).get(0);
  }

  /** The maximum of dimension {@code pos}. */
  public static PwAff dimMax(Relation r, int pos) {
    return lexmax(singleDim(r, pos)).get(0);
  }

  /** The relation with only output dimension {@code pos} kept, the others existentially quantified. */
  private static Relation singleDim(Relation r, int pos) {
    Space s = r.space();
    checkArgument(!s.isParams(), "no dimension to optimize in a parameter set");
    checkArgument(pos >= 0 && pos < s.nOut(), "dimension %s out of range in %s", pos, s);
    String label = s.rangeTuple().isWrapping() ? "" : s.rangeTuple().dimName(pos);
    Tuple one = Tuple.of(null, List.of(label));
    Space target = s.isMap() ? Space.map(s.params(), s.domainTuple(), one) : Space.set(s.params(), one);
    int nIn = s.nParam() + s.nIn();
    int[] map = new int[s.nVar()];
    for (int v = 0; v < map.length; v++) {
      if (v < nIn) map[v] = v;
      else map[v] = v - nIn == pos ? nIn : -1;
    }
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : r.basics()) out.add(b.mapVariables(target, map));
    return Relation.ofBasics(target, out);
  }

  // ---------------------------------------------------------------------------------------------

  private static Partial optimize(Relation m, Relation domain, boolean max) {
    checkArgument(!m.space().isParams(), "lexicographic optimum of a parameter set %s", m.space());
    if (domain != null) {
      List<String> params = Space.mergeParams(m.space().params(), domain.space().params());
      m = m.alignParams(params);
      domain = domain.alignParams(params);
      Space expected = MultiAff.domainSpace(m.space());
      checkArgument(domain.space().tuplesMatch(expected), "domain %s does not match %s", domain.space(), expected);
      domain = domain.withSpace(expected);
    }
    try {
      return run(m, domain, max, false);
    } catch (CoefficientOverflowException e) {
      return run(m, domain, max, true);
    }
  }

  /** {@link #optimize} with a chosen number representation in the tableau (for tests). */
  static Partial optimizeWith(Relation m, Relation domain, boolean max, boolean big) {
    return run(m, domain, max, big);
  }

  private static Partial run(Relation m, Relation domain, boolean max, boolean big) {
    Space space = m.space();
    Space domSpace = MultiAff.domainSpace(space);
    int nVar = domSpace.nVar();
    int nOut = space.nOut();
    List<Leaf> current = new ArrayList<>();
    if (domain == null) {
      current.add(new Leaf(Context.universe(nVar), null));
    } else {
      for (BasicRelation b : DisjointPieces.of(domain)) current.add(new Leaf(Context.of(b), null));
    }
    List<BasicRelation> basics = new ArrayList<>();
    for (BasicRelation b : m.basics()) if (!b.isMarkedEmpty()) basics.add(b);
    for (int bi = 0; bi < basics.size(); bi++) {
      BasicRelation b = basics.get(bi);
      // the parts without image are needed for the next basic relations, where an earlier one
      // has images, or when asked for
      boolean needNone = domain != null || bi + 1 < basics.size();
      List<Leaf> next = new ArrayList<>();
      for (Leaf leaf : current) {
        List<Leaf> sub;
        try {
          sub = solveBasic(b, leaf.context().copy(), max, big, needNone || leaf.values() != null);
        } catch (ParametricSolver.UnboundedException e) {
          throw unbounded(e, space, domSpace, max);
        }
        for (Leaf s : sub) {
          if (leaf.values() == null) next.add(s);
          else if (s.values() == null) next.add(new Leaf(s.context(), leaf.values()));
          else keepSmaller(s.context(), leaf.values(), s.values(), 0, next);
        }
      }
      current = next;
    }
    List<PwMultiAff.Piece> pieces = new ArrayList<>();
    List<BasicRelation> none = new ArrayList<>();
    for (Leaf leaf : current) {
      if (leaf.values() == null && domain == null) continue; // the rest of the universe is not asked for
      if (leaf.context().isEmptyExactly()) continue;
      BasicRelation dom = leaf.context().toBasic(domSpace);
      if (dom.isMarkedEmpty()) continue;
      if (leaf.values() == null) {
        none.add(dom);
        continue;
      }
      Context ctx = leaf.context();
      List<Div> divs = new ArrayList<>();
      for (int i = 0; i < ctx.nDiv(); i++) divs.add(ctx.paramDiv(i));
      List<Aff> affs = new ArrayList<>();
      for (long[] v : leaf.values()) {
        long[] row = Arrays.copyOf(v, ctx.paramWidth());
        affs.add(Aff.of(domSpace, divs, max ? Ints.negate(row) : row, 1));
      }
      pieces.add(new PwMultiAff.Piece(dom, MultiAff.of(space, affs)));
    }
    return new Partial(PwMultiAff.of(space, simplified(pieces)), Relation.ofBasics(domSpace, PieceSimplifier.simplify(none)));
  }

  /** The pieces with equal values merged where their union is convex, without redundant inequalities. */
  private static List<PwMultiAff.Piece> simplified(List<PwMultiAff.Piece> pieces) {
    Map<MultiAff, List<BasicRelation>> groups = new LinkedHashMap<>();
    for (PwMultiAff.Piece p : pieces) groups.computeIfAbsent(p.value(), v -> new ArrayList<>()).add(p.domain());
    // a point of every piece, sampled at the first merge: points of the other pieces refute merges
    List<BasicRelation> domains = new ArrayList<>();
    for (PwMultiAff.Piece p : pieces) domains.add(p.domain());
    Supplier<List<long[]>> points = PieceSimplifier.knownPoints(domains);
    List<PwMultiAff.Piece> out = new ArrayList<>();
    for (Map.Entry<MultiAff, List<BasicRelation>> g : groups.entrySet()) {
      for (BasicRelation d : PieceSimplifier.simplify(g.getValue(), points)) out.add(new PwMultiAff.Piece(d, g.getKey()));
    }
    return out;
  }

  /**
   * Appends to {@code out} the parts of {@code ctx} with the lexicographically smaller of two
   * solutions (internally everything is a minimum): {@code f1} where {@code f1 <= f2}.
   */
  private static void keepSmaller(Context ctx, long[][] f1, long[][] f2, int k, List<Leaf> out) {
    if (k == f1.length) {
      out.add(new Leaf(ctx, f1));
      return;
    }
    int w = ctx.paramWidth();
    long[] a = Arrays.copyOf(f1[k], w);
    long[] b = Arrays.copyOf(f2[k], w);
    long[] diff = new long[w];
    for (int c = 0; c < w; c++) diff[c] = Ints.sub(b[c], a[c]);
    Sign s = ctx.sign(diff);
    if (s == Sign.NEG) {
      out.add(new Leaf(ctx, f2));
      return;
    }
    if (s == Sign.ANY) {
      Context smaller2 = ctx.copy();
      smaller2.addIneq(complement(diff));
      out.add(new Leaf(smaller2, f2));
      ctx.addIneq(diff);
    }
    long[] atLeastOne = diff.clone();
    atLeastOne[0] = Ints.sub(atLeastOne[0], 1);
    Sign t = ctx.sign(atLeastOne);
    if (t == Sign.POS) {
      out.add(new Leaf(ctx, f1));
      return;
    }
    if (t == Sign.ANY) {
      Context smaller1 = ctx.copy();
      smaller1.addIneq(atLeastOne);
      out.add(new Leaf(smaller1, f1));
      ctx.addEq(diff);
    }
    keepSmaller(ctx, f1, f2, k + 1, out);
  }

  private static long[] complement(long[] e) {
    long[] n = Ints.negate(e);
    n[0] = Ints.sub(n[0], 1);
    return n;
  }

  /**
   * Solves one basic relation over a context (consumed): output dimensions are the first unknowns
   * (negated for a maximum), then the locals that are not divisions of the context variables.
   * Constraints on the context variables alone restrict the context before the search; without
   * {@code needNone} the parts of the context without solution may be left out of the result.
   */
  static List<Leaf> solveBasic(BasicRelation b, Context ctx, boolean max, boolean big, boolean needNone) {
    int nVar = ctx.nVar;
    int nOut = b.nOut();
    int nL = b.nLocal();
    boolean[] ctxDiv = new boolean[nL];
    int[] index = new int[nL]; // parameter index of a context division, else unknown index
    int nExtra = 0;
    for (int l = 0; l < nL; l++) {
      Div d = b.div(l);
      boolean isCtx = d != null;
      if (isCtx) {
        long[] n = d.numerator();
        for (int k = 0; k < nOut && isCtx; k++) if (n[b.outCol(k)] != 0) isCtx = false;
        for (int j = 0; j < nL && isCtx; j++) if (n[b.localCol(j)] != 0 && !(j < l && ctxDiv[j])) isCtx = false;
        if (isCtx) {
          long[] pe = new long[ctx.paramWidth()];
          System.arraycopy(n, 0, pe, 0, 1 + nVar);
          for (int j = 0; j < l; j++) if (n[b.localCol(j)] != 0) pe[1 + index[j]] = Ints.add(pe[1 + index[j]], n[b.localCol(j)]);
          int q = ctx.division(pe, d.denominator());
          index[l] = nVar + (q < 0 ? ~q : q);
          ctxDiv[l] = true;
        }
      }
      if (!isCtx) index[l] = nOut + nExtra++;
    }
    int nU = nOut + nExtra;
    int nP = nVar + ctx.nDiv();
    Tableau tab = big ? new BigTableau(nU, nP) : new LongTableau(nU, nP);
    List<Leaf> none = new ArrayList<>();
    for (int pass = 0; pass < 2; pass++) {
      List<long[]> rows = pass == 0 ? b.equalities() : b.inequalities();
      for (long[] e : rows) {
        long[] r = tableauRow(b, e, ctxDiv, index, nU, nP, max);
        long[] pe = contextPart(r, nU);
        if (pe == null) {
          tab.addRow(r);
          if (pass == 0) tab.addRow(tableauRow(b, Ints.negate(e), ctxDiv, index, nU, nP, max));
        } else if (!restrict(ctx, pe, pass == 0, needNone, none)) {
          return none;
        }
      }
    }
    List<Leaf> leaves = ParametricSolver.solve(tab, ctx, nOut, needNone);
    if (none.isEmpty()) return leaves;
    none.addAll(leaves);
    return none;
  }

  /** The parametric part {@code [c, b...]} of a tableau row without unknowns, else null. */
  private static long[] contextPart(long[] r, int nU) {
    for (int k = 0; k < nU; k++) if (r[2 + k] != 0) return null;
    long[] pe = new long[r.length - 1 - nU];
    pe[0] = r[0];
    System.arraycopy(r, 2 + nU, pe, 1, pe.length - 1);
    return pe;
  }

  /**
   * Restricts the context to {@code pe >= 0} (or {@code pe = 0}); with {@code needNone} the parts
   * left out are appended to {@code none} as leaves without solution. False when nothing is left.
   */
  private static boolean restrict(Context ctx, long[] pe, boolean equality, boolean needNone, List<Leaf> none) {
    if (!needNone) {
      if (equality) ctx.addEq(pe);
      else ctx.addIneq(pe);
      return true;
    }
    if (!restrictIneq(ctx, pe, none)) return false;
    return !equality || restrictIneq(ctx, Ints.negate(pe), none);
  }

  private static boolean restrictIneq(Context ctx, long[] pe, List<Leaf> none) {
    Sign s = ctx.sign(pe);
    if (s == Sign.POS) return true;
    if (s == Sign.NEG) {
      none.add(new Leaf(ctx, null));
      return false;
    }
    Context outside = ctx.copy();
    outside.addIneq(complement(pe));
    none.add(new Leaf(outside, null));
    ctx.addIneq(pe);
    return true;
  }

  /** {@code [c, m, t..., b...]} of a constraint of {@code b} with the unknowns shifted by M. */
  private static long[] tableauRow(BasicRelation b, long[] e, boolean[] ctxDiv, int[] index, int nU, int nP, boolean max) {
    int nVar = b.nParam() + b.nIn();
    long[] r = new long[2 + nU + nP];
    r[0] = e[0];
    for (int v = 0; v < nVar; v++) r[2 + nU + v] = e[1 + v];
    for (int k = 0; k < b.nOut(); k++) r[2 + k] = max ? Ints.neg(e[b.outCol(k)]) : e[b.outCol(k)];
    for (int l = 0; l < b.nLocal(); l++) {
      long c = e[b.localCol(l)];
      if (c == 0) continue;
      int pos = ctxDiv[l] ? 2 + nU + index[l] : 2 + index[l];
      r[pos] = Ints.add(r[pos], c);
    }
    long m = 0;
    for (int k = 0; k < nU; k++) m = Ints.sub(m, r[2 + k]);
    r[1] = m;
    return r;
  }

  private static UnboundedOptimumException unbounded(ParametricSolver.UnboundedException e, Space space, Space domSpace, boolean max) {
    BasicRelation where = e.context.toBasic(domSpace);
    Tuple t = space.rangeTuple();
    String label = t.isWrapping() ? "" : t.dimName(e.unknown);
    String msg = String.format("%s is unbounded %s in output dimension %d%s of %s, e.g. for parameter values in %s",
        max ? "lexmax" : "lexmin", max ? "above" : "below", e.unknown, label.isEmpty() ? "" : " (" + label + ")", space, where);
    return new UnboundedOptimumException(msg, e.unknown, max, where);
  }
}
