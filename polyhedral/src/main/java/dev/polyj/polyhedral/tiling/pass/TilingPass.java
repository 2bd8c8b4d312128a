package dev.polyj.polyhedral.tiling.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.PassOptions;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.polyhedral.tiling.MachineModel;
import dev.polyj.polyhedral.tiling.ParametricTiling;
import dev.polyj.polyhedral.tiling.ProductBandSizes;
import dev.polyj.polyhedral.tiling.StrideOrder;
import dev.polyj.polyhedral.tiling.TileSizePolicies;
import dev.polyj.polyhedral.tiling.TileSizePolicy;
import dev.polyj.polyhedral.tiling.Tiling;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Rectangular tiling of the permutable bands ({@link Tiling}; Pluto, PLDI 2008), with the sizes
 * of the options, of a size policy (SICA: Feld et al., IMPACT 2013), or run-time sizes ({@link
 * ParametricTiling}); the point-loop order, wavefronts and matrix-product sizes come from the
 * passes before it.
 */
public final class TilingPass extends BasicPass<ScheduleState> {
  /** Pluto's default tile size. */
  public static final long DEFAULT_TILE = 32;

  /**
   * @param sizes per band member, the last one repeated; empty for {@link #DEFAULT_TILE}
   * @param policy sizes chosen per band (e.g. SICA), or null for {@code sizes}
   * @param policyName how {@code policy} was given, for the listing
   * @param parametric the sizes are run-time values whose defaults are {@code sizes}
   */
  public record Options(long[] sizes, TileSizePolicy policy, String policyName, boolean parametric) {}

  private final Options options;

  public TilingPass() {
    this(new Options(new long[0], null, "none", false));
  }

  public TilingPass(Options options) {
    super("tiling", PassLevel.SCHEDULE, true,
        "rectangular tiling of permutable bands (Pluto's 32, explicit, SICA or run-time sizes)");
    this.options = options;
  }

  public Options settings() {
    return options;
  }

  @Override
  public Map<String, String> options() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("sizes", "tile sizes per band member, the last repeated (e.g. 32,32,8); default " + DEFAULT_TILE);
    m.put("policy", "sizes per band from the machine: sica, sica2, pluto:N, or none; default none");
    m.put("parametric", "run-time tile sizes (POLYJ_Tk environment variables or macros; defaults: sizes); default false");
    return m;
  }

  @Override
  public Pass<ScheduleState> withOption(String key, String value) {
    return switch (key) {
      case "sizes" -> new TilingPass(new Options(PassOptions.sizes(this, key, value, 0), options.policy(),
          options.policyName(), options.parametric()));
      case "policy" -> {
        String v = value.trim();
        if (v.equals("none")) yield new TilingPass(new Options(options.sizes(), null, "none", options.parametric()));
        yield new TilingPass(new Options(options.sizes(), TileSizePolicies.parse(v, MachineModel.detect()), v,
            options.parametric()));
      }
      case "parametric" -> new TilingPass(new Options(options.sizes(), options.policy(), options.policyName(),
          PassOptions.bool(this, key, value)));
      default -> throw new IllegalArgumentException(PassOptions.unknown(this, key));
    };
  }

  /** This pass with the size policy {@code policy} (e.g. SICA with a given machine model). */
  public TilingPass withPolicy(TileSizePolicy policy, String name) {
    return new TilingPass(new Options(options.sizes(), policy, name, options.parametric()));
  }

  @Override
  public String run(ScheduleState s) {
    Scop scop = s.scop;
    long[] sizes = options.sizes().length == 0 ? new long[] {DEFAULT_TILE} : options.sizes();
    Tiling.BandPolicy fixed = Tiling.fixedSizes(sizes);
    StrideOrder stride = new StrideOrder(scop);
    List<String> tiled = new ArrayList<>();
    Tiling.Result result = Tiling.tile(s.tree(), new Tiling.BandPolicy() {
      @Override
      public long[] sizes(ScheduleNode.Band band) {
        long[] out = choose(band);
        if (out != null) tiled.add(Arrays.stream(out).mapToObj(Long::toString).collect(Collectors.joining("x")));
        return out;
      }

      private long[] choose(ScheduleNode.Band band) {
        if (s.productTileSizes != null && options.policy() == null && band.nMember() == 3) {
          long[] product = ProductBandSizes.sizes(band, stride.query(band).stride1Member(), s.productTileSizes);
          if (product != null) return product;
        }
        if (options.policy() == null || options.sizes().length > 0) return fixed.sizes(band);
        if (band.nMember() < 2) return null;
        return options.policy().sizes(stride.query(band));
      }

      @Override
      public int[] pointOrder(ScheduleNode.Band band) {
        return s.strideOrder ? stride.order(band) : Tiling.BandPolicy.super.pointOrder(band);
      }

      @Override
      public boolean wavefront() {
        return s.wavefront;
      }

      @Override
      public boolean wavefront(ScheduleNode.Band band) {
        return s.wavefront && (s.smallWavefronts || wavefrontPays(band));
      }

      @Override
      public boolean concurrentStart() {
        return s.concurrentStart
            && (s.concurrentStartAnyBand || dev.polyj.polyhedral.scheduling.pass.SequentialTime.spaceIndependentOfTime(scop));
      }

      @Override
      public long[] concurrentStartSizes(ScheduleNode.Band band, long[] sizes) {
        // the sizes the user gave are kept; the default ones keep the points of a rectangular
        // tile per time step: the diamond cut halves a tile's extent along h_2 on average, and
        // the innermost loop doubles instead
        long[] out = sizes.clone();
        if (options.sizes().length == 0 && options.policy() == null) {
          int[] order = pointOrder(band);
          int k = order[order.length - 1]; // the innermost point loop, the one vectorized
          out[k] = Math.multiplyExact(2, out[k]);
        }
        if (!tiled.isEmpty()) {
          tiled.set(tiled.size() - 1, Arrays.stream(out).mapToObj(Long::toString).collect(Collectors.joining("x"))
              + " (concurrent start)");
        }
        return out;
      }

      @Override
      public boolean parametric() {
        return options.parametric();
      }
    }, s.deps());
    s.tree(result.tree());
    s.scop = withTileIterators(scop, result);
    s.tiling = result;
    s.parametricTiles = options.parametric();
    s.parametricDefaults = options.sizes();
    if (tiled.isEmpty()) return "";
    return tiled.size() + " band(s), sizes " + String.join(", ", tiled) + (options.parametric() ? " (run-time)" : "");
  }

  /**
   * Whether a tile band without outer parallelism should run as a wavefront: not when it has two
   * members and no loop below them (trisolv's triangular solve, the substitutions of ludcmp), where
   * one wavefront holds about as many instances as the band's extent, too little work to pay for
   * the synchronization each wavefront costs; such a band is tiled and run sequentially (the
   * option {@code wavefront.small-bands} keeps the wavefront).
   */
  static boolean wavefrontPays(ScheduleNode.Band band) {
    if (band.nMember() >= 3) return true;
    return ScheduleNode.containsBand(band.child());
  }


  /**
   * {@code r} (a statement's domain or access) with the tile coordinates as leading domain
   * dimensions; an empty {@code r} (a statement that never runs) stays empty, in the lifted space.
   */
  private static Relation lifted(Tiling.Result tiled, Relation r) {
    List<Relation> out = tiled.liftDomain(UnionRelation.of(r)).relations();
    if (!out.isEmpty()) return out.get(0);
    Relation universe = tiled.liftDomain(UnionRelation.of(Relation.universe(r.space()))).relations().get(0);
    return Relation.empty(universe.space());
  }

  /** The SCoP whose tiled statements have the tile coordinates as leading iterators. */
  static Scop withTileIterators(Scop scop, Tiling.Result tiled) {
    List<Statement> stmts = new ArrayList<>();
    for (Statement st : scop.statements()) {
      int added = tiled.addedDims(st.name());
      if (added == 0) {
        stmts.add(st);
        continue;
      }
      List<String> iterators = new ArrayList<>();
      for (int k = 0; k < added; k++) iterators.add("polyj_tile" + k);
      iterators.addAll(st.iterators());
      Relation domain = lifted(tiled, st.domain());
      List<Access> accesses = new ArrayList<>();
      for (Access a : st.accesses()) {
        Relation r = lifted(tiled, a.relation());
        accesses.add(new Access(a.kind(), a.may(), a.array(), r, a.expr()));
      }
      stmts.add(new Statement(st.name(), iterators, domain, accesses, st.body(), st.pos()));
    }
    // the run-time tile sizes are parameters of the tiled statements, at least 1
    List<String> params = new ArrayList<>(scop.params());
    int nSizes = 0;
    for (Statement st : stmts) {
      for (String p : st.domain().space().params()) {
        int k = ParametricTiling.sizeIndex(p);
        nSizes = Math.max(nSizes, k + 1);
      }
    }
    Relation context = scop.context();
    if (nSizes > 0) {
      Relation sizesContext = ParametricTiling.sizeContext(nSizes);
      for (String p : sizesContext.space().params()) if (!params.contains(p)) params.add(p);
      List<String> merged = dev.polyj.presburger.space.Space.mergeParams(context.space().params(),
          sizesContext.space().params());
      context = context.alignParams(merged).intersect(sizesContext.alignParams(merged));
    }
    return new Scop(scop.functionName(), scop.pos(), params, context, scop.arrays(), stmts,
        scop.schedule(), scop.scheduleMap());
  }
}
