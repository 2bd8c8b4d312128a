package dev.polyj.polyhedral.tiling;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Rectangular tiling of the permutable bands of a schedule tree (Pluto's tiling of permutable
 * bands; isl's band tiling): a band with members {@code phi_1 .. phi_n} becomes a tile band over
 * the tile coordinates {@code t_k = floor(phi_k / T_k)} whose child is the point band
 * {@code phi_k}, in an order chosen by the policy (e.g. the stride-one loop innermost). Tiling a
 * permutable band is always legal: every dependence has non-negative distances along all
 * members, hence along the tile coordinates.
 *
 * <p>As in Pluto, the tile coordinates become new leading dimensions of the statement instances
 * ({@code S[i] -> S[t, i]} with {@code T_k t_k <= phi_k(i) <= T_k t_k + T_k - 1}), so that every
 * band member stays affine and code generation scans tiles with plain loop bounds; the
 * {@link Result} gives this augmentation to carry the dependences and the statements along.
 *
 * <p>The parallel (coincident) flags of the new bands follow from the band's dependences: a tile
 * or point loop is parallel when its member has zero distance on every dependence open at the
 * band (so that no loop around it matters), and the second tile loop of a wavefront is parallel
 * by construction. {@link TreeDependences} can check the tiled tree exactly.
 *
 * <p>When neither of the two outermost tile loops is parallel (time-skewed stencils, wavefront
 * solvers), the tile band is turned into a wavefront (pipelined execution): its first member
 * becomes {@code t_1 + t_2}, and the second tile loop is then parallel, since every dependence
 * between tiles of one wavefront would need non-negative tile distances summing to zero.
 */
public final class Tiling {
  private Tiling() {}

  /** What to do with each permutable band. */
  public interface BandPolicy {
    /** The tile size of each member, or null to leave the band as it is. */
    long[] sizes(ScheduleNode.Band band);

    /** The order of the point loops: {@code order[k]} is the member placed at position k. */
    default int[] pointOrder(ScheduleNode.Band band) {
      int[] order = new int[band.nMember()];
      for (int k = 0; k < order.length; k++) order[k] = k;
      return order;
    }

    /** Whether tile bands without outer parallelism are turned into wavefronts. */
    default boolean wavefront() {
      return true;
    }

    /** Whether {@code band}, tiled without outer parallelism, is turned into a wavefront. */
    default boolean wavefront(ScheduleNode.Band band) {
      return wavefront();
    }

    /**
     * Whether the tiles of a time-skewed band that would run as a pipelined wavefront are cut for
     * concurrent start ({@link ConcurrentStart}); the points keep the band's own members.
     */
    default boolean concurrentStart() {
      return false;
    }

    /** The tile sizes of {@code band} once its tiles are cut for concurrent start. */
    default long[] concurrentStartSizes(ScheduleNode.Band band, long[] sizes) {
      return sizes;
    }

    /**
     * Whether the tile sizes are run-time parameters ({@link ParametricTiling}): the tile
     * coordinates are then the tile origins, and {@link #sizes} only says which bands are tiled
     * (and decides on wavefronts as their run-time defaults); the two members of a wavefront share
     * the size of the first, so that the wavefront {@code o_1 + o_2} stays affine.
     */
    default boolean parametric() {
      return false;
    }
  }

  /**
   * The tiled tree, over the augmented instances, and the augmentation: a map from the original
   * instances of every tiled statement to its instances with the tile coordinates prepended
   * (statements that were not tiled do not appear in it).
   */
  public record Result(ScheduleNode tree, UnionRelation augmentation,
      java.util.Map<String, List<String>> originSizes) {
    public Result {
      originSizes = java.util.Map.copyOf(originSizes);
    }

    public Result(ScheduleNode tree, UnionRelation augmentation) {
      this(tree, augmentation, java.util.Map.of());
    }

    /**
     * For parametric tiling: the size parameter of each coordinate prepended to statement {@code
     * name}'s instances (null for a coordinate that is not a tile origin scanned on the grid, e.g.
     * the first origin of a wavefront, which follows from the others), or null when the statement
     * has none.
     */
    public String[] originSizes(String name) {
      List<String> l = originSizes.get(name);
      return l == null ? null : l.toArray(String[]::new);
    }

    /** The number of tile coordinates prepended to statement {@code name}'s instances. */
    public int addedDims(String name) {
      for (Relation r : augmentation.relations()) {
        if (r.space().domainTuple().name().equals(name)) return r.space().nOut() - r.space().nIn();
      }
      return 0;
    }

    /** A relation over original instances (dependences, accesses) carried over to the augmented ones. */
    public UnionRelation liftDomain(UnionRelation r) {
      return Tiling.liftDomain(r, augmentation);
    }

    /** Dependences between original instances carried over to the augmented ones. */
    public UnionRelation liftDependences(UnionRelation deps) {
      return Tiling.liftDomain(Tiling.liftDomain(deps, augmentation).reverse(), augmentation).reverse();
    }
  }

  /** Tiles with the same sizes for every band of at least two members. */
  public static BandPolicy fixedSizes(long... sizes) {
    checkArgument(sizes.length > 0, "at least one tile size is needed");
    for (long t : sizes) checkArgument(t >= 1, "tile sizes must be positive, got %s", t);
    return band -> {
      if (band.nMember() < 2) return null;
      long[] out = new long[band.nMember()];
      for (int k = 0; k < out.length; k++) out[k] = sizes[Math.min(k, sizes.length - 1)];
      return out;
    };
  }

  /**
   * The tree with every permutable band of the policy tiled; {@code deps} (source to sink
   * instances) decide where a wavefront is needed.
   */
  public static Result tile(ScheduleNode root, BandPolicy policy, UnionRelation deps) {
    Walk w = new Walk(policy, new java.util.HashMap<>());
    Lifted l = w.walk(root, deps, false);
    java.util.Map<String, List<String>> sizes = new java.util.HashMap<>();
    w.sizes().forEach((k, v) -> sizes.put(k, java.util.Collections.unmodifiableList(new ArrayList<>(v))));
    return new Result(l.node(), l.aug(), sizes);
  }

  /** The tile member {@code floor(member / size)}. */
  public static UnionRelation tileMember(UnionRelation member, long size) {
    checkArgument(size >= 1, "tile size must be positive, got %s", size);
    if (size == 1) return member;
    return member.apply(UnionRelation.parse(
        "{ [v] -> [t] : " + size + "t <= v <= " + size + "t + " + (size - 1) + " }"));
  }

  /** The member {@code a + b}. */
  static UnionRelation sum(UnionRelation a, UnionRelation b) {
    return a.rangeProduct(b).apply(UnionRelation.parse("{ [[x] -> [y]] -> [x + y] }"));
  }

  /** {@code r} with the domain instances of augmented statements replaced by their augmented instances. */
  static UnionRelation liftDomain(UnionRelation r, UnionRelation aug) {
    if (aug.isEmpty()) return r;
    List<Relation> out = new ArrayList<>();
    for (Relation x : r.relations()) {
      Relation a = augmentationOf(aug, x.space().isMap() ? x.space().domainTuple() : x.space().tuple());
      if (a == null) {
        out.add(x);
      } else {
        Relation al = a.alignParams(Space.mergeParams(a.space().params(), x.space().params()));
        out.add(x.space().isMap() ? x.alignParams(al.space().params()).applyDomain(al)
            : x.alignParams(al.space().params()).apply(al));
      }
    }
    return out.isEmpty() ? UnionRelation.empty(r.paramNames()) : UnionRelation.of(out);
  }

  private static Relation augmentationOf(UnionRelation aug, Tuple t) {
    for (Relation a : aug.relations()) {
      if (a.space().domainTuple().name().equals(t.name()) && a.space().domainTuple().arity() == t.arity()) return a;
    }
    return null;
  }

  /** {@code inner} followed by {@code outer} where both apply; either where only one does. */
  private static UnionRelation compose(UnionRelation inner, UnionRelation outer) {
    if (outer.isEmpty()) return inner;
    if (inner.isEmpty()) return outer;
    List<Relation> out = new ArrayList<>();
    java.util.Set<String> done = new java.util.HashSet<>();
    for (Relation a : inner.relations()) {
      Relation b = augmentationOf(outer, a.space().rangeTuple());
      out.add(b == null ? a : a.apply(b.alignParams(Space.mergeParams(a.space().params(), b.space().params()))));
      done.add(a.space().domainTuple().name());
    }
    for (Relation b : outer.relations()) if (!done.contains(b.space().domainTuple().name())) out.add(b);
    return UnionRelation.of(out);
  }

  private record Lifted(ScheduleNode node, UnionRelation aug) {}

  /** {@code sizes}: the size parameters of the coordinates added so far, per parametrically tiled statement. */
  private record Walk(BandPolicy policy, java.util.Map<String, List<String>> sizes) {
    /** {@code sequential}: some loop around the node carries a dependence. */
    Lifted walk(ScheduleNode node, UnionRelation open, boolean sequential) {
      if (node instanceof ScheduleNode.Domain d) {
        Lifted c = walk(d.child(), TreeDependences.within(open, d.domain()), sequential);
        return new Lifted(new ScheduleNode.Domain(liftDomain(d.domain(), c.aug()), c.node()), c.aug());
      }
      if (node instanceof ScheduleNode.Band b) return band(b, open, sequential);
      if (node instanceof ScheduleNode.Sequence s) {
        List<ScheduleNode.Filter> fs = new ArrayList<>();
        UnionRelation aug = filters(s.filters(), open, fs, sequential);
        return new Lifted(new ScheduleNode.Sequence(ImmutableList.copyOf(fs)), aug);
      }
      if (node instanceof ScheduleNode.Set s) {
        List<ScheduleNode.Filter> fs = new ArrayList<>();
        UnionRelation aug = filters(s.filters(), open, fs, sequential);
        return new Lifted(new ScheduleNode.Set(ImmutableList.copyOf(fs)), aug);
      }
      if (node instanceof ScheduleNode.Filter f) {
        Lifted c = walk(f.child(), TreeDependences.within(open, f.filter()), sequential);
        return new Lifted(new ScheduleNode.Filter(liftDomain(f.filter(), c.aug()), c.node()), c.aug());
      }
      if (node instanceof ScheduleNode.Context c) {
        Lifted l = walk(c.child(), open, sequential);
        return new Lifted(new ScheduleNode.Context(c.context(), l.node()), l.aug());
      }
      if (node instanceof ScheduleNode.Mark m) {
        Lifted l = walk(m.child(), open, sequential);
        return new Lifted(new ScheduleNode.Mark(m.mark(), l.node()), l.aug());
      }
      if (node instanceof ScheduleNode.Leaf) return new Lifted(node, UnionRelation.empty(open.paramNames()));
      throw new IllegalArgumentException("schedule node not supported by tiling: " + node.getClass().getSimpleName());
    }

    private UnionRelation filters(List<ScheduleNode.Filter> fs, UnionRelation open, List<ScheduleNode.Filter> out,
        boolean sequential) {
      List<Relation> aug = new ArrayList<>();
      for (ScheduleNode.Filter f : fs) {
        Lifted c = walk(f.child(), TreeDependences.within(open, f.filter()), sequential);
        out.add(new ScheduleNode.Filter(liftDomain(f.filter(), c.aug()), c.node()));
        aug.addAll(c.aug().relations());
      }
      return aug.isEmpty() ? UnionRelation.empty(open.paramNames()) : UnionRelation.of(aug);
    }

    private Lifted band(ScheduleNode.Band b, UnionRelation open, boolean sequential) {
      UnionRelation inner = open;
      boolean carries = false;
      for (UnionRelation m : b.members()) {
        carries |= !TreeDependences.carried(inner, m).isEmpty();
        inner = TreeDependences.tied(inner, m);
      }
      Lifted child = walk(b.child(), inner, sequential || carries);
      List<UnionRelation> members = new ArrayList<>();
      for (UnionRelation m : b.members()) members.add(liftDomain(m, child.aug()));
      long[] sizes = b.permutable() && b.nMember() >= 2 ? policy.sizes(b) : null;
      if (sizes == null || !affineForAll(members)) {
        return new Lifted(new ScheduleNode.Band(ImmutableList.copyOf(members), b.permutable(), b.coincident(),
            b.loopTypes(), b.otherOptions(), child.node()), child.aug());
      }
      boolean parametric = policy.parametric();
      int n = b.nMember();
      // which members have zero distance on every dependence open at the band: their tile and
      // point loops are parallel whatever the loops around them carry
      boolean[] zero = new boolean[n];
      for (int k = 0; k < n; k++) zero[k] = open.isEmpty() || TreeDependences.carried(open, b.members().get(k)).isEmpty();
      boolean wavefront = false;
      // the members cutting the tiles: the band's own, or the first replaced for concurrent start
      List<UnionRelation> cuts = members;
      UnionRelation cut0 = b.members().get(0);
      boolean zeroCut0 = zero[0];
      // a band run once per iteration of an enclosing sequential loop gets no wavefront: it would
      // cost a synchronization per wavefront and per outer iteration (floyd-warshall's k loop)
      if (policy.wavefront(b) && !sequential && !zero[0] && !zero[1]) {
        UnionRelation diamond = policy.concurrentStart() && !parametric
            ? ConcurrentStart.tileHyperplane(b.members(), open) : null;
        if (diamond != null) {
          sizes = policy.concurrentStartSizes(b, sizes);
          cut0 = diamond;
          cuts = new ArrayList<>(members);
          cuts.set(0, liftDomain(diamond, child.aug()));
          zeroCut0 = TreeDependences.carried(open, diamond).isEmpty();
        }
        // with run-time sizes the decision is taken for the default sizes; the wavefront is legal for all
        UnionRelation t0 = tileMember(cut0, sizes[0]);
        UnionRelation t1 = tileMember(b.members().get(1), parametric ? sizes[0] : sizes[1]);
        boolean outerParallel = TreeDependences.carried(open, t0).isEmpty();
        wavefront = !outerParallel && !TreeDependences.carried(TreeDependences.tied(open, t0), t1).isEmpty();
      }
      UnionRelation tileAug = parametric ? ParametricTiling.augmentation(members, wavefront)
          : augmentation(cuts, sizes);
      if (tileAug == null) {
        return new Lifted(new ScheduleNode.Band(ImmutableList.copyOf(members), b.permutable(), b.coincident(),
            b.loopTypes(), b.otherOptions(), child.node()), child.aug());
      }
      if (parametric) {
        for (Relation a : tileAug.relations()) {
          String name = a.space().domainTuple().name();
          List<String> l = new ArrayList<>(ParametricTiling.originSizes(n, wavefront));
          l.addAll(sizes().getOrDefault(name, List.of()));
          sizes().put(name, l);
        }
      }
      List<Boolean> tileCoincident = new ArrayList<>();
      for (int k = 0; k < n; k++) tileCoincident.add((k == 0 ? zeroCut0 : zero[k]) || (wavefront && k == 1));
      int[] order = policy.pointOrder(b);
      checkArgument(isPermutation(order, n), "point order %s is not a permutation of %s members",
          java.util.Arrays.toString(order), n);
      // every node below is lifted once more, to the instances with the tile coordinates
      UnionRelation all = compose(child.aug(), tileAug);
      ScheduleNode below = liftTree(child.node(), tileAug);
      List<UnionRelation> points = new ArrayList<>();
      List<Boolean> pointCoincident = new ArrayList<>();
      List<ScheduleNode.LoopType> pointTypes = new ArrayList<>();
      for (int k : order) {
        points.add(liftDomain(members.get(k), tileAug));
        pointCoincident.add(zero[k]);
        pointTypes.add(b.loopTypes().get(k));
      }
      List<UnionRelation> tiles = new ArrayList<>();
      if (parametric && wavefront) {
        // (s, o_2, ..., o_n) with s = o_1 + o_2 the leading coordinate
        tiles.add(coordinate(tileAug, 0, 0));
        for (int k = 1; k < n; k++) tiles.add(coordinate(tileAug, k + 1, k + 1));
      } else {
        for (int k = 0; k < n; k++) tiles.add(coordinate(tileAug, k, k));
        if (wavefront) tiles.set(0, coordinate(tileAug, 0, 1));
      }
      ScheduleNode.Band point = new ScheduleNode.Band(ImmutableList.copyOf(points), true,
          ImmutableList.copyOf(pointCoincident), ImmutableList.copyOf(pointTypes), b.otherOptions(), below);
      return new Lifted(new ScheduleNode.Band(ImmutableList.copyOf(tiles), true, ImmutableList.copyOf(tileCoincident),
          ImmutableList.copyOf(Collections.nCopies(n, ScheduleNode.LoopType.DEFAULT)), "", point), all);
    }
  }

  /**
   * The augmentation {@code S[x] -> S[t_1..t_n, x]} with {@code T_k t_k <= phi_k(x) <= T_k t_k +
   * T_k - 1} for every statement of the band, or null when a member is not affine for some statement.
   */
  private static UnionRelation augmentation(List<UnionRelation> members, long[] sizes) {
    int n = members.size();
    List<Relation> out = new ArrayList<>();
    for (Relation r0 : members.get(0).relations()) {
      Tuple st = r0.space().domainTuple();
      List<String> params = r0.space().params();
      List<long[]> rows = new ArrayList<>();
      for (UnionRelation m : members) {
        Relation r = null;
        for (Relation x : m.relations()) if (x.space().domainTuple().equals(st)) r = x;
        if (r == null) return null;
        params = Space.mergeParams(params, r.space().params());
      }
      for (UnionRelation m : members) {
        Relation r = null;
        for (Relation x : m.relations()) if (x.space().domainTuple().equals(st)) r = x.alignParams(params);
        long[] row = StrideOrder.affineForm(r, 0);
        if (row == null) return null;
        rows.add(row);
      }
      int np = params.size();
      int m = st.arity();
      Space space = Space.map(params, st, Tuple.anonymous(st.name(), n + m));
      BasicRelation.Builder bld = BasicRelation.builder(space);
      int ncol = 1 + np + m + n + m;
      for (int j = 0; j < m; j++) {
        long[] eq = new long[ncol];
        eq[1 + np + j] = 1;
        eq[1 + np + m + n + j] = -1;
        bld.addEq(eq);
      }
      for (int k = 0; k < n; k++) {
        long[] phi = rows.get(k); // [const, params, in]
        long[] lo = new long[ncol];
        long[] hi = new long[ncol];
        for (int c = 0; c < 1 + np + m; c++) {
          lo[c] = phi[c];
          hi[c] = -phi[c];
        }
        lo[1 + np + m + k] = -sizes[k];
        hi[1 + np + m + k] = sizes[k];
        hi[0] += sizes[k] - 1;
        bld.addIneq(lo).addIneq(hi);
      }
      out.add(Relation.of(bld.build()));
    }
    return out.isEmpty() ? null : UnionRelation.of(out);
  }

  /** Whether every member is an affine function (a single equality) of every statement of the first. */
  private static boolean affineForAll(List<UnionRelation> members) {
    for (Relation r0 : members.get(0).relations()) {
      Tuple st = r0.space().domainTuple();
      for (UnionRelation m : members) {
        Relation r = null;
        for (Relation x : m.relations()) if (x.space().domainTuple().equals(st)) r = x;
        if (r == null || StrideOrder.affineForm(r, 0) == null) return false;
      }
    }
    return true;
  }

  /** The member {@code S[t, x] -> [t_from + ... + t_to]} over the augmented instances. */
  private static UnionRelation coordinate(UnionRelation aug, int from, int to) {
    List<Relation> out = new ArrayList<>();
    for (Relation a : aug.relations()) {
      List<String> params = a.space().params();
      int np = params.size();
      int m = a.space().rangeTuple().arity();
      Space space = Space.map(params, a.space().rangeTuple(), Tuple.anonymous(null, 1));
      long[] eq = new long[1 + np + m + 1];
      for (int k = from; k <= to; k++) eq[1 + np + k] = 1;
      eq[1 + np + m] = -1;
      out.add(Relation.of(BasicRelation.builder(space).addEq(eq).build()));
    }
    return UnionRelation.of(out);
  }

  /** Every member and filter of the subtree carried over to the augmented instances. */
  private static ScheduleNode liftTree(ScheduleNode node, UnionRelation aug) {
    if (node instanceof ScheduleNode.Band b) {
      List<UnionRelation> ms = new ArrayList<>();
      for (UnionRelation m : b.members()) ms.add(liftDomain(m, aug));
      return new ScheduleNode.Band(ImmutableList.copyOf(ms), b.permutable(), b.coincident(), b.loopTypes(),
          b.otherOptions(), liftTree(b.child(), aug));
    }
    if (node instanceof ScheduleNode.Sequence s) return new ScheduleNode.Sequence(liftFilters(s.filters(), aug));
    if (node instanceof ScheduleNode.Set s) return new ScheduleNode.Set(liftFilters(s.filters(), aug));
    if (node instanceof ScheduleNode.Filter f) {
      return new ScheduleNode.Filter(liftDomain(f.filter(), aug), liftTree(f.child(), aug));
    }
    if (node instanceof ScheduleNode.Context c) return new ScheduleNode.Context(c.context(), liftTree(c.child(), aug));
    if (node instanceof ScheduleNode.Mark m) return new ScheduleNode.Mark(m.mark(), liftTree(m.child(), aug));
    if (node instanceof ScheduleNode.Leaf) return node;
    throw new IllegalArgumentException("schedule node not supported by tiling: " + node.getClass().getSimpleName());
  }

  private static ImmutableList<ScheduleNode.Filter> liftFilters(List<ScheduleNode.Filter> fs, UnionRelation aug) {
    List<ScheduleNode.Filter> out = new ArrayList<>();
    for (ScheduleNode.Filter f : fs) out.add((ScheduleNode.Filter) liftTree(f, aug));
    return ImmutableList.copyOf(out);
  }

  private static boolean isPermutation(int[] order, int n) {
    if (order.length != n) return false;
    boolean[] seen = new boolean[n];
    for (int k : order) {
      if (k < 0 || k >= n || seen[k]) return false;
      seen[k] = true;
    }
    return true;
  }
}
