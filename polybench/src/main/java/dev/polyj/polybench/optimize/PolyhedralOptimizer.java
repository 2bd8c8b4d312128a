package dev.polyj.polybench.optimize;

import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.ast.GuardPeeling;
import dev.polyj.codegen.ast.Node;
import dev.polyj.codegen.ast.RuntimeSteps;
import dev.polyj.codegen.ast.UnrollAndJam;
import dev.polyj.codegen.c.CPrinter;
import dev.polyj.codegen.c.ScopCodegen;
import dev.polyj.polybench.bench.OptimizeResult;
import dev.polyj.polybench.bench.Optimizer;
import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scheduling.AffineSchedule;
import dev.polyj.polyhedral.scheduling.BisectionLexmin;
import dev.polyj.polyhedral.scheduling.PlutoScheduler;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.tiling.ConcurrentStart;
import dev.polyj.polyhedral.tiling.ParametricTiling;
import dev.polyj.polyhedral.tiling.ProductBandSizes;
import dev.polyj.polyhedral.tiling.StrideOrder;
import dev.polyj.polyhedral.tiling.TileSizePolicy;
import dev.polyj.polyhedral.tiling.Tiling;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.reductions.ReductionDependences;
import dev.polyj.reductions.ReductionLoops;
import dev.polyj.presburger.set.UnionRelation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The polyhedral optimizer: for every {@code #pragma scop} region of a C file, extracts the SCoP,
 * computes its dependences, finds a Pluto schedule (outer parallelism and locality; legality is
 * checked exactly) and prints the region anew from the schedule tree, with OpenMP pragmas on
 * parallel loops. A region that cannot be handled is left as it was, with a note saying why.
 */
public final class PolyhedralOptimizer implements Optimizer {
  private static final Pattern SCOP = Pattern.compile("(?m)^([ \\t]*)#[ \\t]*pragma[ \\t]+scop\\b.*$");
  private static final Pattern ENDSCOP = Pattern.compile("(?m)^[ \\t]*#[ \\t]*pragma[ \\t]+endscop\\b.*$\\R?");

  /**
   * The optimized text, what happened to each region, and whether reductions may have been
   * reassociated (the results may then differ from the original's in rounding).
   */
  public record Output(String text, List<String> notes, boolean reassociated) {
    public Output(String text, List<String> notes) {
      this(text, notes, false);
    }
  }

  /**
   * What the optimizer does after scheduling: tile permutable bands ({@code tileSizes} per band
   * member, the last size repeated; empty for the sizes of {@code sizePolicy}, or Pluto's 32 when
   * it is null; null for no tiling), run
   * parallel loops with OpenMP, turn tile bands without outer parallelism into wavefronts, put
   * the stride-one point loop innermost, and give time-iterated stencils concurrent-start
   * (diamond) hyperplanes when tiling. With {@code parametricTiles}, the tile sizes are run-time
   * values ({@link ParametricTiling}) whose defaults are {@code tileSizes} (see {@link
   * #withParametricTiles}). Loops with independent iterations around a vectorized innermost loop
   * are unrolled {@code unrollJam} times and jammed into it ({@link UnrollAndJam}; 1 for none).
   * With {@code reassociate}, reductions may be reordered and run in parallel ({@link
   * ReductionDependences}; off by default, since the sums then round differently).
   */
  public record Config(long[] tileSizes, TileSizePolicy sizePolicy, boolean parallel, boolean wavefront,
      boolean strideOrder, boolean diamond, boolean parametricTiles, int unrollJam, boolean reassociate) {
    /** Pluto's default tile size. */
    public static final long DEFAULT_TILE = 32;

    /** The default unroll-and-jam factor: four rows of a matrix product per vectorized inner loop. */
    public static final int DEFAULT_UNROLL_JAM = 4;

    public Config(long[] tileSizes, TileSizePolicy sizePolicy, boolean parallel, boolean wavefront,
        boolean strideOrder, boolean diamond, boolean parametricTiles) {
      this(tileSizes, sizePolicy, parallel, wavefront, strideOrder, diamond, parametricTiles, DEFAULT_UNROLL_JAM);
    }

    public Config(long[] tileSizes, TileSizePolicy sizePolicy, boolean parallel, boolean wavefront,
        boolean strideOrder, boolean diamond, boolean parametricTiles, int unrollJam) {
      this(tileSizes, sizePolicy, parallel, wavefront, strideOrder, diamond, parametricTiles, unrollJam, false);
    }

    /** Reductions reassociated (reordered, run in parallel) or kept in the program's order. */
    public Config withReassociate(boolean r) {
      return new Config(tileSizes, sizePolicy, parallel, wavefront, strideOrder, diamond, parametricTiles, unrollJam,
          r);
    }

    /** The best configuration the project has. */
    public static Config defaults() {
      return new Config(new long[0], null, true, true, true, false, false);
    }

    /** Unroll-and-jam by {@code factor} (1 for none). */
    public Config withUnrollJam(int factor) {
      com.google.common.base.Preconditions.checkArgument(factor >= 1, "unroll-and-jam factor must be positive, got %s",
          factor);
      return new Config(tileSizes, sizePolicy, parallel, wavefront, strideOrder, diamond, parametricTiles, factor,
          reassociate);
    }

    public Config withTileSizes(long[] sizes) {
      return new Config(sizes, sizePolicy, parallel, wavefront, strideOrder, diamond, parametricTiles, unrollJam,
          reassociate);
    }

    public Config withParallel(boolean p) {
      return new Config(tileSizes, sizePolicy, p, wavefront, strideOrder, diamond, parametricTiles, unrollJam,
          reassociate);
    }

    public Config withWavefront(boolean w) {
      return new Config(tileSizes, sizePolicy, parallel, w, strideOrder, diamond, parametricTiles, unrollJam,
          reassociate);
    }

    public Config withStrideOrder(boolean o) {
      return new Config(tileSizes, sizePolicy, parallel, wavefront, o, diamond, parametricTiles, unrollJam,
          reassociate);
    }

    /** Tile sizes chosen per band by {@code policy} (e.g. SICA) instead of constant sizes. */
    public Config withSizePolicy(TileSizePolicy policy) {
      return new Config(new long[0], policy, parallel, wavefront, strideOrder, diamond, false, unrollJam, reassociate);
    }

    /**
     * Tile sizes that are run-time values: the generated code reads band member k's size from the
     * environment variable {@code POLYJ_Tk} when it is set to a positive integer, otherwise from the
     * macro {@code POLYJ_Tk}, whose default is {@code defaults[k]} (the last one repeated, Pluto's
     * 32 when empty) and can be changed with {@code -DPOLYJ_Tk=...}. The tile loops of a wavefront
     * both use {@code POLYJ_T1}. Size policies (SICA) and parametric tiles exclude each other.
     */
    public Config withParametricTiles(long[] defaults) {
      return new Config(defaults, null, parallel, wavefront, strideOrder, false, true, unrollJam, reassociate);
    }

    public Config withDiamond(boolean d) {
      return new Config(tileSizes, sizePolicy, parallel, wavefront, strideOrder, d, parametricTiles, unrollJam,
          reassociate);
    }
  }

  private final Config config;

  /** The optimizer with the default configuration. */
  public PolyhedralOptimizer() {
    this(Config.defaults());
  }

  public PolyhedralOptimizer(Config config) {
    this.config = config;
  }

  @Override
  public String name() {
    return "polyj";
  }

  @Override
  public Optimizer withReassociation(boolean allowed) {
    return allowed == config.reassociate() ? this : new PolyhedralOptimizer(config.withReassociate(allowed));
  }

  @Override
  public OptimizeResult optimize(Path source, List<String> includeDirs, Options options) throws IOException {
    List<String> cpp = new ArrayList<>();
    for (String d : includeDirs) cpp.add("-I" + d);
    cpp.addAll(options.defines());
    Output out = optimize(source, cpp, config);
    Files.writeString(options.output(), out.text());
    return OptimizeResult.ok(options.output(), out.reassociated(), out.notes());
  }

  /** Optimizes every region of {@code file}; {@code cppOptions} are the preprocessor's -I/-D options. */
  public static Output optimize(Path file, List<String> cppOptions, Config config) throws IOException {
    String text = Files.readString(file);
    CFrontEnd.Extraction extraction = CFrontEnd.read(file, cppOptions);
    List<RegionResult> regions = extraction.regions();
    List<String> notes = new ArrayList<>(extraction.notes());
    StringBuilder sb = new StringBuilder();
    Matcher start = SCOP.matcher(text);
    Matcher end = ENDSCOP.matcher(text);
    int pos = 0;
    int k = 0;
    boolean reassociated = false;
    while (start.find(pos)) {
      if (!end.find(start.end())) break;
      sb.append(text, pos, start.start());
      RegionResult region = k < regions.size() ? regions.get(k) : null;
      String original = text.substring(start.start(), end.end());
      String replacement = original;
      if (region == null || !region.accepted()) {
        notes.add("region " + (k + 1) + ": not a static control part, left unchanged");
      } else {
        try {
          int level = start.group(1).replace("\t", "    ").length() / 2;
          Region r = expandedRegion(region.scop(), level, config);
          Scheduled scheduled = r.scheduled();
          replacement = specializationGuard(region) + r.code() + "\n";
          // a reduction reassociated by the schedule runs in parallel or vectorized with a clause
          boolean reordered = scheduled.reductions() != null && (replacement.contains("reduction(") || !config.parallel());
          reassociated |= reordered;
          notes.add("region " + (k + 1) + " (" + where(region) + "): optimized"
              + (reordered ? ", reductions reassociated" : "")
              + (region.specialized().isEmpty() ? "" : ", for " + values(region) + " only (other values stop the "
                  + "compilation)"));
        } catch (RuntimeException e) {
          notes.add("region " + (k + 1) + " (" + where(region) + "): left unchanged: " + e.getMessage());
        }
      }
      sb.append(replacement);
      pos = end.end();
      k++;
    }
    sb.append(text.substring(pos));
    return new Output(sb.toString(), notes, reassociated);
  }

  /**
   * The lines that stop the compilation of a region's code when the size macros it was
   * specialized to have other values ({@link RegionResult#specialized}); empty when it has none.
   */
  private static String specializationGuard(RegionResult region) {
    if (region.specialized().isEmpty()) return "";
    List<String> conditions = new ArrayList<>();
    for (var e : region.specialized().entrySet()) conditions.add("(" + e.getKey() + ") != " + e.getValue());
    return "#if " + String.join(" || ", conditions) + "\n#error \"polyj: this code was optimized for "
        + values(region) + "; optimize the file again for other values\"\n#endif\n";
  }

  private static String values(RegionResult region) {
    List<String> out = new ArrayList<>();
    for (var e : region.specialized().entrySet()) out.add(e.getKey() + " = " + e.getValue());
    return String.join(", ", out);
  }

  /** The function of a region, or "file scope" for a region written outside any function. */
  private static String where(RegionResult region) {
    return region.functionName() == null ? "file scope" : region.functionName();
  }

  /** The C code of one SCoP under its Pluto schedule, tiled and annotated as {@code config} says. */
  public static String regionCode(Scop scop, int level, Config config) {
    return expandedRegion(scop, level, config).code();
  }

  /** The code of a region and the schedule it was printed from. */
  private record Region(String code, Scheduled scheduled) {}

  private static Region expandedRegion(Scop scop, int level, Config config) {
    // scalars expanded before scheduling, contracted under the final tree, declared around the region
    ScalarStorage storage = ScalarStorage.expand(scop);
    Scheduled s = storage.contract(schedule(storage.scop(), config));
    return new Region(storage.wrap(regionCode(s, storage.innerLevel(level), config), level), s);
  }

  /** The C code of a scheduled SCoP. */
  private static String regionCode(Scheduled s, int level, Config config) {
    BuildOptions options = BuildOptions.defaults().withReservedNames(ScopCodegen.identifiers(s.scop()))
        .withParallelLoops(config.parallel()).withAnnotator((d, statements) -> reductionClauses(s, statements));
    if (!config.parametricTiles()) return smallWorkSequential(s, options, level, config.unrollJam());
    // tile-origin loops get their run-time steps first; peeling then leaves them alone
    Node ast = UnrollAndJam.apply(GuardPeeling.peel(RuntimeSteps.apply(ScopCodegen.ast(s.scop(), s.tree(), options),
        name -> originSizes(s, name))), config.unrollJam());
    List<String> sizes = new ArrayList<>();
    java.util.Set<String> used = new java.util.HashSet<>();
    names(ast, used);
    for (String p : s.scop().params()) if (ParametricTiling.sizeIndex(p) >= 0 && used.contains(p)) sizes.add(p);
    StringBuilder prelude = new StringBuilder();
    List<String> declarations = new ArrayList<>();
    if (!sizes.isEmpty()) {
      prelude.append("#ifndef polyj_tile_size\n")
          .append("#define polyj_tile_size(name, fallback) (getenv(name) != 0 && atoi(getenv(name)) >= 1 ")
          .append("? atoi(getenv(name)) : (fallback))\n#endif\n");
      declarations.add("extern char *getenv(const char *);");
      declarations.add("extern int atoi(const char *);");
    }
    for (String p : sizes) {
      int k = ParametricTiling.sizeIndex(p);
      long[] d = config.tileSizes().length == 0 ? new long[] {Config.DEFAULT_TILE} : config.tileSizes();
      String macro = p.toUpperCase(java.util.Locale.ROOT);
      prelude.append("#ifndef ").append(macro).append("\n#define ").append(macro).append(' ')
          .append(d[Math.min(k, d.length - 1)]).append("\n#endif\n");
      declarations.add("const int " + p + " = polyj_tile_size(\"" + macro + "\", " + macro + ");");
    }
    return prelude + CPrinter.standard().withUserPrinter(ScopCodegen.bodyPrinter(s.scop()))
        .printRegion(ast, level, declarations);
  }

  /**
   * The region's C code whose parallel loops run in one thread when the region's work is small:
   * every {@code omp parallel for} carries {@code if(polyj_parallel)}, a flag computed at the
   * start of the region from the parameters ({@link ParallelWork}).
   */
  private static String smallWorkSequential(Scheduled s, BuildOptions options, int level, int unrollJam) {
    if (!options.parallelLoops()) {
      return print(pointLoops(GuardPeeling.peel(ScopCodegen.ast(s.scop(), s.tree(), options)), s.scop(), unrollJam),
          s, level, List.of());
    }
    BuildOptions flagged = options.withReservedNames(List.of(ParallelWork.FLAG))
        .withAnnotator((d, statements) -> {
          List<String> clauses = new ArrayList<>(List.of("if(" + ParallelWork.FLAG + ")"));
          clauses.addAll(reductionClauses(s, statements));
          return clauses;
        });
    PointLoops ast = pointLoops(GuardPeeling.peel(ScopCodegen.ast(s.scop(), s.tree(), flagged)), s.scop(), unrollJam);
    Scop program = s.programOrder();
    if (!parallelLoop(ast.ast())) {
      return program == null ? print(ast, s, level, List.of()) : programOrder(program, options, level);
    }
    if (!StreamingOrder.withThreads(s.scop())) program = null;
    if (program == null) {
      return ParallelWork.prelude(ParallelWork.threshold())
          + print(ast, s, level, List.of(ParallelWork.declaration(s.scop())));
    }
    // the schedule where the threads run, the program's own order where the work is too small for them
    StringBuilder macros = new StringBuilder(ParallelWork.prelude(ParallelWork.threshold()));
    String scheduled = withoutMacros(print(ast, s, level + 2, List.of()), macros);
    String own = withoutMacros(programOrder(program, options, level + 2), macros);
    String unit = "  ";
    StringBuilder sb = new StringBuilder(macros);
    sb.append(unit.repeat(level)).append("{\n");
    sb.append(unit.repeat(level + 1)).append(ParallelWork.declaration(s.scop())).append('\n');
    sb.append(unit.repeat(level + 1)).append("if (").append(ParallelWork.FLAG).append(")\n");
    sb.append(scheduled);
    sb.append(unit.repeat(level + 1)).append("else\n");
    sb.append(own);
    sb.append(unit.repeat(level)).append("}\n");
    return sb.toString();
  }

  /** {@code code} without its leading preprocessor lines, which are added to {@code macros} unless already there. */
  private static String withoutMacros(String code, StringBuilder macros) {
    int pos = 0;
    StringBuilder block = new StringBuilder();
    while (pos < code.length() && code.charAt(pos) == '#') {
      int end = code.indexOf('\n', pos) + 1;
      if (end == 0) break;
      block.append(code, pos, end);
      pos = end;
    }
    // the helper macros come in #ifndef ... #endif groups
    for (String group : block.toString().split("(?<=#endif\n)")) {
      if (!group.isEmpty() && macros.indexOf(group) < 0) macros.append(group);
    }
    return code.substring(pos);
  }

  /** The region in the program's own loop order, sequential ({@link StreamingOrder}). */
  private static String programOrder(Scop program, BuildOptions options, int level) {
    return print(ScopCodegen.ast(program, program.schedule(), options.withParallelLoops(false)), program, level,
        List.of());
  }

  /**
   * The region's code with its matrix-product micro-kernels register-blocked ({@link
   * RegisterBlocking}) and the accumulators of its innermost loops in local variables ({@link
   * ScalarPromotion}).
   */
  private static String print(Node ast, Scop scop, int level, List<String> declarations) {
    return print(new PointLoops(ast, ScopCodegen.bodyPrinter(scop)), new Scheduled(scop, null), level, declarations);
  }

  /** {@link #print(Node, Scop, int, List)} of a scheduled SCoP's point loops, whose reductions may be vectorized. */
  private static String print(PointLoops ast, Scheduled s, int level, List<String> declarations) {
    Scop scop = s.scop();
    RegisterBlocking.Result blocked = registerBlocked(ColumnInterchange.apply(ast.ast(), scop), scop, ast.printer());
    ScalarPromotion.Result p = ScalarPromotion.apply(blocked.ast(), scop, blocked.printer(),
        (statements, locals) -> ReductionSchedules.simdClause(s, statements, locals));
    return CPrinter.standard().withUserPrinter(p.printer()).printRegion(p.ast(), level, declarations);
  }

  /**
   * {@code ast} with its accumulation loops around vectorized loops register-blocked ({@link
   * RegisterBlocking}); the system property {@code polyj.registerBlocking=false} turns it off.
   */
  private static RegisterBlocking.Result registerBlocked(Node ast, Scop scop,
      java.util.function.Function<Node.User, List<String>> base) {
    if (System.getProperty("polyj.registerBlocking", "true").equals("false")) {
      return new RegisterBlocking.Result(ast, base);
    }
    return RegisterBlocking.apply(ast, scop, base);
  }

  /** Point loops after packing and unroll-and-jam, with the printer of the packed tiles' lines. */
  private record PointLoops(Node ast, java.util.function.Function<Node.User, List<String>> printer) {}

  /**
   * {@code ast} with its matrix-product tiles packed ({@link ProductPacking}; the system property
   * {@code polyj.packing=false} turns it off), then unrolled and jammed ({@link UnrollAndJam}).
   */
  private static PointLoops pointLoops(Node ast, Scop scop, int unrollJam) {
    java.util.function.Function<Node.User, List<String>> base = ScopCodegen.bodyPrinter(scop);
    if (!System.getProperty("polyj.packing", "true").equals("false")) {
      ProductPacking.Result packed = ProductPacking.apply(ast, scop, base);
      ast = packed.ast();
      base = packed.printer();
    }
    return new PointLoops(UnrollAndJam.apply(ast, unrollJam), base);
  }

  /** The reduction clauses of a parallel loop running {@code statements} ({@link ReductionLoops}). */
  private static List<String> reductionClauses(Scheduled s, java.util.Set<String> statements) {
    return s.reductions() == null ? List.of() : s.reductions().clauses(statements);
  }

  private static boolean parallelLoop(Node n) {
    return Node.anyMatch(n, x -> x instanceof Node.For f && f.pragmas().stream().anyMatch(p -> p.startsWith("omp parallel")));
  }

  /** The identifiers and run-time steps the AST uses. */
  private static void names(Node n, java.util.Set<String> out) {
    if (n instanceof Node.For f) {
      if (f.sizeParam() != null) out.add(f.sizeParam());
      names(f.init(), out);
      names(f.upper(), out);
      names(f.body(), out);
    } else if (n instanceof Node.If i) {
      names(i.cond(), out);
      names(i.then(), out);
      if (i.otherwise() != null) names(i.otherwise(), out);
    } else if (n instanceof Node.Block b) {
      for (Node c : b.children()) names(c, out);
    } else if (n instanceof Node.Mark m) {
      names(m.body(), out);
    } else if (n instanceof Node.User u) {
      for (dev.polyj.codegen.ast.Expr e : u.args()) names(e, out);
    }
  }

  private static void names(dev.polyj.codegen.ast.Expr e, java.util.Set<String> out) {
    if (e instanceof dev.polyj.codegen.ast.Expr.Id id) {
      out.add(id.name());
    } else if (e instanceof dev.polyj.codegen.ast.Expr.Linear l) {
      for (dev.polyj.codegen.ast.Expr.Term t : l.terms()) names(t.expr(), out);
    } else if (e instanceof dev.polyj.codegen.ast.Expr.Op op) {
      for (dev.polyj.codegen.ast.Expr a : op.args()) names(a, out);
    }
  }

  /**
   * The size parameter of each coordinate of statement {@code name}'s instances whose loop is
   * stepped on the tile grid (null for the other coordinates), or null when there is none.
   */
  private static String[] originSizes(Scheduled s, String name) {
    String[] sizes = s.tiling() == null ? null : s.tiling().originSizes(name);
    if (sizes == null) return null;
    return java.util.Arrays.copyOf(sizes, s.scop().statement(name).iterators().size());
  }

  /**
   * A schedule tree and the SCoP it schedules: when bands are tiled, the statements' instances
   * carry the tile coordinates as extra leading iterators (unused by the bodies). {@code
   * programOrder} is the untiled SCoP when its own loop order is to run wherever the region's work
   * is too small for threads ({@link StreamingOrder}), else null. {@code reductions} gives the
   * reduction clauses of the parallel loops when reductions were reassociated, else null.
   */
  public record Scheduled(Scop scop, ScheduleNode tree, Tiling.Result tiling, Scop programOrder,
      ReductionLoops.Result reductions) {
    public Scheduled(Scop scop, ScheduleNode tree, Tiling.Result tiling, Scop programOrder) {
      this(scop, tree, tiling, programOrder, null);
    }

    public Scheduled(Scop scop, ScheduleNode tree) {
      this(scop, tree, null, null);
    }

    public Scheduled(Scop scop, ScheduleNode tree, Tiling.Result tiling) {
      this(scop, tree, tiling, null);
    }
  }

  /**
   * The schedule tree of a SCoP: Pluto hyperplanes, checked exactly against every dependence (a
   * violation is a bug and is thrown, never emitted) with every loop's parallel flag computed
   * exactly, then permutable bands tiled (legal by construction; the tiling properties check
   * tiled trees exactly), wavefronts where needed.
   */
  public static Scheduled schedule(Scop scop, Config config) {
    Dependences deps = Dependences.compute(scop.reads(), scop.mustWrites(), scop.scheduleMap());
    if (config.reassociate()) {
      ReductionDependences reductions = ReductionDependences.compute(scop, deps);
      if (reductions.any()) {
        return ReductionSchedules.choose(scop, reductions, deps.all(), d -> schedule(scop, config, d));
      }
    }
    return schedule(scop, config, deps.all());
  }

  /** {@link #schedule(Scop, Config)} against the dependences {@code all} (source to sink instances). */
  static Scheduled schedule(Scop scop, Config config, UnionRelation all) {
    List<Relation> domains = new ArrayList<>();
    for (Statement s : scop.statements()) domains.add(s.domain());
    AffineSchedule schedule = PlutoScheduler.schedule(domains, all, new BisectionLexmin(1 << 12),
        scop.scheduleMap());
    if (config.diamond() && config.tileSizes() != null) schedule = ConcurrentStart.apply(schedule, all);
    // exact legality of the schedule and the parallel loops of its tree; tiling keeps both
    ScheduleNode tree = TreeDependences.annotate(schedule.toTree(), all);
    if (config.tileSizes() != null) {
      // explicit or run-time tile sizes explore the tiling of the time band itself: it stays
      if (defaultSizes(config)) tree = timeLoop(tree, scop, all);
      Scop program = defaultSizes(config) && StreamingOrder.preferred(tree, scop) ? scop : null;
      long[] sizes = config.tileSizes().length == 0 ? new long[] {Config.DEFAULT_TILE} : config.tileSizes();
      Tiling.BandPolicy fixed = Tiling.fixedSizes(sizes);
      StrideOrder stride = new StrideOrder(scop);
      Tiling.Result tiled = Tiling.tile(tree, new Tiling.BandPolicy() {
        @Override
        public long[] sizes(ScheduleNode.Band band) {
          if (config.sizePolicy() == null && config.tileSizes().length == 0 && !config.parametricTiles()) {
            long[] product = productSizes(band, stride);
            if (product != null) return product;
          }
          if (config.sizePolicy() == null || config.tileSizes().length > 0) return fixed.sizes(band);
          if (band.nMember() < 2) return null;
          return config.sizePolicy().sizes(stride.query(band));
        }

        @Override
        public int[] pointOrder(ScheduleNode.Band band) {
          return config.strideOrder() ? stride.order(band) : Tiling.BandPolicy.super.pointOrder(band);
        }

        @Override
        public boolean wavefront() {
          return config.wavefront();
        }

        @Override
        public boolean wavefront(ScheduleNode.Band band) {
          return config.wavefront() && (!defaultSizes(config) || wavefrontPays(band));
        }

        @Override
        public boolean parametric() {
          return config.parametricTiles();
        }
      }, all);
      tree = tiled.tree();
      scop = withTileIterators(scop, tiled);
      return new Scheduled(scop, tree, tiled, program);
    }
    return new Scheduled(scop, tree);
  }

  /**
   * The default sizes of a band shaped like a matrix product (long tiles in the stride-one
   * dimension, see {@link ProductBandSizes}), or null for Pluto's constant size.
   */
  private static long[] productSizes(ScheduleNode.Band band, StrideOrder stride) {
    if (band.nMember() != 3) return null;
    return ProductBandSizes.sizes(band, stride.query(band).stride1Member());
  }

  /**
   * {@code tree} (annotated), or the program's own time loop kept sequential outside with the
   * space loops as permutable bands inside it when {@link SequentialTime#preferred} says that
   * time tiling would cost more than it wins; the system property {@code polyj.timeLoop} ({@code
   * tiled} or {@code sequential}) overrides the decision where the program has such a loop. Inside
   * the time loop the statements of a step are scheduled anew and fused where every loop of the
   * step stays parallel ({@link SequentialTime#fusedTree}; {@code polyj.fuseTimeStep=false} keeps
   * the program's loop nests).
   */
  private static ScheduleNode timeLoop(ScheduleNode tree, Scop scop, UnionRelation deps) {
    String forced = System.getProperty("polyj.timeLoop", "auto");
    boolean sequential = forced.equals("auto")
        ? SequentialTime.preferred(tree, scop)
            || (Boolean.getBoolean("polyj.outOfPlaceTime") && SequentialTime.outOfPlace(tree, scop, deps))
        : forced.equals("sequential") && SequentialTime.applies(scop);
    if (!sequential) return tree;
    if (!System.getProperty("polyj.fuseTimeStep", "true").equals("false")) {
      try {
        ScheduleNode fused = SequentialTime.fusedTree(scop, deps);
        if (fused != null) {
          fused = TreeDependences.annotate(fused, deps);
          if (SequentialTime.fullyParallelSteps(fused)) return fused;
        }
      } catch (RuntimeException e) {
        // the unfused steps below
      }
    }
    return TreeDependences.annotate(SequentialTime.tree(scop, deps), deps);
  }

  /** Whether the tile sizes are the defaults (neither explicit, nor from a policy, nor run-time values). */
  private static boolean defaultSizes(Config config) {
    return config.tileSizes() != null && config.tileSizes().length == 0 && config.sizePolicy() == null
        && !config.parametricTiles();
  }

  /**
   * Whether a tile band without outer parallelism should run as a wavefront: not when it has two
   * members and no loop below them (trisolv's triangular solve, the substitutions of ludcmp), where
   * one wavefront holds about as many instances as the band's extent, too little work to pay for
   * the synchronization each wavefront costs; such a band is tiled and run sequentially. The system
   * property {@code polyj.smallWavefronts=true} keeps the wavefront.
   */
  static boolean wavefrontPays(ScheduleNode.Band band) {
    if (band.nMember() >= 3 || Boolean.getBoolean("polyj.smallWavefronts")) return true;
    return containsBand(band.child());
  }

  private static boolean containsBand(ScheduleNode n) {
    if (n instanceof ScheduleNode.Band) return true;
    for (ScheduleNode c : n.children()) if (containsBand(c)) return true;
    return false;
  }

  /** The SCoP whose tiled statements have the tile coordinates as leading iterators. */
  private static Scop withTileIterators(Scop scop, Tiling.Result tiled) {
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
      Relation domain = tiled.liftDomain(UnionRelation.of(st.domain())).relations().get(0);
      List<Access> accesses = new ArrayList<>();
      for (Access a : st.accesses()) {
        Relation r = tiled.liftDomain(UnionRelation.of(a.relation())).relations().get(0);
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
      Relation sizes = ParametricTiling.sizeContext(nSizes);
      for (String p : sizes.space().params()) if (!params.contains(p)) params.add(p);
      List<String> merged = dev.polyj.presburger.space.Space.mergeParams(context.space().params(),
          sizes.space().params());
      context = context.alignParams(merged).intersect(sizes.alignParams(merged));
    }
    return new Scop(scop.functionName(), scop.pos(), params, context, scop.arrays(), stmts,
        scop.schedule(), scop.scheduleMap());
  }
}
