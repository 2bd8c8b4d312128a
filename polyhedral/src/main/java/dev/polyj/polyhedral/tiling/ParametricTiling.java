package dev.polyj.polyhedral.tiling;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * Rectangular tiling with tile sizes that are run-time values (parametric tiling after
 * Renganarayanan, Kim, Rajopadhye and Strout, "Parameterized tiled loops for free", PLDI 2007).
 *
 * <p>With a constant size {@code T}, the tile coordinate {@code t = floor(phi / T)} is affine; with
 * a parameter {@code T} it is not ({@code T t} is a product of two variables). The tile ORIGIN
 * {@code o = T floor(phi / T)} is used instead: the points of the tile with origin {@code o} are
 * the instances with {@code o <= phi <= o + T - 1}, which is affine in the instance, the origin and
 * {@code T}. The origins of the non-empty tiles are the multiples of {@code T} in the projection of
 * this set on {@code o}, which lies in the OUTSET of the domain (every constraint {@code a.x + b >=
 * 0} of the domain relaxed to {@code a.x + b + sum_{a_j > 0} a_j (T_j - 1) >= 0}, affine in the
 * origins and the sizes, see {@link #outset}). So both the tile loops and the point loops are
 * affine scans with the sizes as parameters; what is not affine — the tile loops visit only the
 * multiples of {@code T_k}, starting from a lower bound rounded up to the grid, with step
 * {@code T_k} — is left to the printed loop (code generation marks those loops).
 *
 * <p>Band member {@code k} of every tiled band gets the size parameter {@link #sizeParam}(k), so
 * that the statements of a band share the band's tiling and one set of sizes drives all bands
 * (as constant sizes do). A wavefront of tiles needs the tile indices {@code o_k / T_k}, which are
 * not affine; when the two wavefront members share one size {@code T}, the wavefront coordinate
 * {@code s = o_1 + o_2} is affine and lies on the same grid, so the first two members of a
 * wavefront band both use {@link #sizeParam}(0).
 */
public final class ParametricTiling {
  private ParametricTiling() {}

  /** The parameter holding the tile size of band member {@code k} (from 0): {@code polyj_T1}, ... */
  public static String sizeParam(int k) {
    checkArgument(k >= 0, "member index %s", k);
    return "polyj_T" + (k + 1);
  }

  /** The index of the band member whose size {@code name} is, or -1 for other names. */
  public static int sizeIndex(String name) {
    if (!name.startsWith("polyj_T")) return -1;
    try {
      int k = Integer.parseInt(name.substring("polyj_T".length())) - 1;
      return k >= 0 && sizeParam(k).equals(name) ? k : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The parameter set {@code { : T_1 >= 1 and ... and T_n >= 1 }}. */
  public static Relation sizeContext(int n) {
    List<String> params = new ArrayList<>();
    for (int k = 0; k < n; k++) params.add(sizeParam(k));
    BasicRelation.Builder b = BasicRelation.builder(Space.params(params));
    for (int k = 0; k < n; k++) {
      long[] row = new long[1 + n];
      row[0] = -1;
      row[1 + k] = 1;
      b.addIneq(row);
    }
    return Relation.of(b.build());
  }

  /**
   * The augmentation {@code S[x] -> S[o_1..o_n, x]} with {@code o_k <= phi_k(x) <= o_k + T_k - 1}
   * for every statement of the band ({@code members} are the band's members), over the band's
   * parameters and the size parameters; null when a member is not affine for some statement.
   */
  public static UnionRelation augmentation(List<UnionRelation> members) {
    return augmentation(members, false);
  }

  /**
   * The augmentation, for a wavefront when {@code wavefront}: the first two members then share the
   * size {@code T_1} and the instances get the leading coordinate {@code s = o_1 + o_2} ({@code S[x]
   * -> S[s, o_1..o_n, x]}). With equal sizes {@code s} is a multiple of {@code T_1} too, and the
   * tile loops {@code (s, o_2)} on that grid visit the tiles in wavefront order {@code (t_1 + t_2,
   * t_2)} of the tile indices {@code t_k = o_k / T_1}, which keeps the second loop parallel.
   */
  public static UnionRelation augmentation(List<UnionRelation> members, boolean wavefront) {
    int n = members.size();
    checkArgument(!wavefront || n >= 2, "a wavefront needs two members, got %s", n);
    int lead = wavefront ? 1 : 0;
    List<Relation> out = new ArrayList<>();
    for (Relation r0 : members.get(0).relations()) {
      Tuple st = r0.space().domainTuple();
      List<String> params = r0.space().params();
      for (UnionRelation m : members) {
        Relation r = memberOf(m, st);
        if (r == null) return null;
        params = Space.mergeParams(params, r.space().params());
      }
      List<String> sizes = new ArrayList<>();
      for (int k = 0; k < n; k++) sizes.add(sizeParam(k));
      params = Space.mergeParams(params, sizes);
      List<long[]> rows = new ArrayList<>();
      for (UnionRelation m : members) {
        long[] row = StrideOrder.affineForm(memberOf(m, st).alignParams(params), 0);
        if (row == null) return null;
        rows.add(row);
      }
      int np = params.size();
      int m = st.arity();
      int added = lead + n;
      Space space = Space.map(params, st, Tuple.anonymous(st.name(), added + m));
      BasicRelation.Builder bld = BasicRelation.builder(space);
      int ncol = 1 + np + m + added + m;
      int origin = 1 + np + m + lead; // column of o_1
      for (int j = 0; j < m; j++) {
        long[] eq = new long[ncol];
        eq[1 + np + j] = 1;
        eq[1 + np + m + added + j] = -1;
        bld.addEq(eq);
      }
      if (wavefront) {
        long[] eq = new long[ncol];
        eq[1 + np + m] = 1;
        eq[origin] = -1;
        eq[origin + 1] = -1;
        bld.addEq(eq);
      }
      for (int k = 0; k < n; k++) {
        long[] phi = rows.get(k); // [const, params, in]
        long[] lo = new long[ncol]; // phi - o_k >= 0
        long[] hi = new long[ncol]; // o_k + T_k - 1 - phi >= 0
        for (int c = 0; c < 1 + np + m; c++) {
          lo[c] = phi[c];
          hi[c] = -phi[c];
        }
        lo[origin + k] = -1;
        hi[origin + k] = 1;
        int tcol = 1 + params.indexOf(sizeParam(wavefront && k == 1 ? 0 : k));
        hi[tcol] += 1;
        hi[0] -= 1;
        bld.addIneq(lo).addIneq(hi);
      }
      out.add(Relation.of(bld.build()));
    }
    return out.isEmpty() ? null : UnionRelation.of(out);
  }

  /**
   * The size parameter of each coordinate that {@link #augmentation(List, boolean)} prepends: null
   * for {@code o_1} of a wavefront (it follows from {@code s - o_2}), whose loops are not stepped.
   */
  public static List<String> originSizes(int n, boolean wavefront) {
    List<String> out = new ArrayList<>();
    if (wavefront) {
      out.add(sizeParam(0));
      out.add(null);
      out.add(sizeParam(0));
      for (int k = 2; k < n; k++) out.add(sizeParam(k));
    } else {
      for (int k = 0; k < n; k++) out.add(sizeParam(k));
    }
    return out;
  }

  private static Relation memberOf(UnionRelation m, Tuple st) {
    for (Relation x : m.relations()) if (x.space().domainTuple().equals(st)) return x;
    return null;
  }

  /**
   * The outset of a set of tile-space points {@code x_1..x_n} (locals not allowed): the origins
   * {@code o} (dimension j of the result) such that {@code a.o + b + sum_{a_j > 0} a_j (T_j - 1) >= 0}
   * for every constraint {@code a.x + b >= 0} of each piece (an equality counts as two
   * inequalities), with {@code T_j} the parameter {@link #sizeParam}(j). Every tile
   * {@code o_j <= x_j <= o_j + T_j - 1} that meets the set has its origin in the outset: a point x
   * of the tile has {@code a_j x_j <= a_j o_j + max(a_j, 0) (T_j - 1)}.
   */
  public static Relation outset(Relation set) {
    checkArgument(set.isSet(), "the outset is defined for sets, got %s", set.space());
    int n = set.space().nOut();
    List<String> sizes = new ArrayList<>();
    for (int k = 0; k < n; k++) sizes.add(sizeParam(k));
    List<String> params = Space.mergeParams(set.space().params(), sizes);
    Relation aligned = set.alignParams(params);
    Space space = aligned.space();
    List<BasicRelation> pieces = new ArrayList<>();
    for (BasicRelation b : aligned.basics()) {
      checkArgument(b.nLocal() == 0, "the outset needs pieces without local variables: %s", b);
      BasicRelation.Builder bld = BasicRelation.builder(space);
      for (long[] e : b.equalities()) {
        bld.addIneq(relax(b, e.clone(), params));
        long[] neg = new long[e.length];
        for (int c = 0; c < e.length; c++) neg[c] = -e[c];
        bld.addIneq(relax(b, neg, params));
      }
      for (long[] i : b.inequalities()) bld.addIneq(relax(b, i.clone(), params));
      pieces.add(bld.build());
    }
    return Relation.ofBasics(space, pieces);
  }

  private static long[] relax(BasicRelation b, long[] row, List<String> params) {
    for (int j = 0; j < b.nOut(); j++) {
      long a = row[b.outCol(j)];
      if (a <= 0) continue;
      int t = b.paramCol(params.indexOf(sizeParam(j)));
      row[t] = dev.polyj.presburger.arith.Ints.add(row[t], a);
      row[0] = dev.polyj.presburger.arith.Ints.sub(row[0], a);
    }
    return row;
  }
}
