package dev.polyj.polybench.optimize;

import dev.polyj.polybench.bench.OptimizeResult;
import dev.polyj.polybench.bench.Optimizer;
import dev.polyj.polybench.bench.PipelineOptimizer;
import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.frontend.Speculation;
import dev.polyj.polyhedral.speculation.FixedParameters;
import dev.polyj.polyhedral.speculation.RuntimeChecks;
import dev.polyj.codegen.transform.RegionState;
import dev.polyj.codegen.transform.SmallWorkPass;
import dev.polyj.polyhedral.pass.PassManager;
import dev.polyj.polyhedral.pass.Scheduled;
import dev.polyj.polyhedral.tiling.pass.TilingPass;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.tiling.TileSizePolicy;
import dev.polyj.presburger.arith.ComputeBudget;
import dev.polyj.presburger.set.UnionRelation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The polyhedral optimizer: for every {@code #pragma scop} region of a C file, extracts the SCoP
 * and runs the pipeline of passes on it ({@link OptimizerPipeline}: scalar expansion, Pluto
 * scheduling, tiling, ..., AST rewrites), then prints the region anew from the final ASTs. A region
 * that cannot be handled is left as it was, with a note saying why. Which passes run, and with
 * which options, is the pipeline's ({@link PassManager}) alone; {@link Config} is the mapping of
 * the classic command-line options ({@code --tile}, {@code --no-parallel}, ...) onto it.
 */
public final class PolyhedralOptimizer implements PipelineOptimizer {
  private static final Pattern SCOP = Pattern.compile("(?m)^([ \\t]*)#[ \\t]*pragma[ \\t]+scop\\b.*$");
  private static final Pattern MULTIFOR = Pattern.compile("\\bmultifor\\s*\\(");
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
   * The classic options, mapped onto the pipeline by {@link #pipeline()}: tile permutable bands ({@code tileSizes} per band
   * member, the last size repeated; empty for the sizes of {@code sizePolicy}, or Pluto's 32 when
   * it is null; null for no tiling), run
   * parallel loops with OpenMP, turn tile bands without outer parallelism into wavefronts, put
   * the stride-one point loop innermost, and give time-iterated stencils concurrent-start
   * (diamond) hyperplanes when tiling. With {@code parametricTiles}, the tile sizes are run-time
   * values ({@code ParametricTiling}) whose defaults are {@code tileSizes} (see {@link
   * #withParametricTiles}). Loops with independent iterations around a vectorized innermost loop
   * are unrolled {@code unrollJam} times and jammed into it ({@code UnrollAndJam}; 1 for none).
   * With {@code reassociate}, reductions may be reordered and run in parallel ({@code
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

    /** The pipeline these options select: the default passes, enabled, disabled and set as the options say. */
    public PassManager<RegionState> pipeline() {
      PassManager<RegionState> p = OptimizerPipeline.defaults();
      if (!parallel) p = p.disable("openmp").disable("scalar-privatization");
      if (!wavefront) p = p.disable("wavefront");
      if (!strideOrder) p = p.disable("stride-order");
      if (unrollJam != DEFAULT_UNROLL_JAM) p = p.withOption("unroll-and-jam", "factor", Integer.toString(unrollJam));
      if (reassociate) p = p.withOption("reductions", "operators", "all");
      if (tileSizes == null) {
        return p.disable("tiling").disable("time-loop").disable("program-order").disable("product-tile-sizes");
      }
      if (tileSizes.length > 0 || sizePolicy != null || parametricTiles) {
        // explicit, per-band or run-time sizes explore the tiling of every band as it is
        p = p.disable("time-loop").disable("program-order").disable("product-tile-sizes")
            .withOption("wavefront", "small-bands", "true");
      }
      if (tileSizes.length > 0) {
        p = p.withOption("tiling", "sizes", java.util.Arrays.stream(tileSizes).mapToObj(Long::toString)
            .collect(java.util.stream.Collectors.joining(",")));
      }
      if (sizePolicy != null) p = p.withPass(((TilingPass) p.pass("tiling")).withPolicy(sizePolicy, sizePolicy.toString()));
      if (parametricTiles) {
        p = p.withOption("tiling", "parametric", "true").enable("runtime-steps").disable("parallel-work")
            .disable("product-packing").disable("column-interchange").disable("register-blocking")
            .disable("scalar-promotion");
      }
      if (diamond) p = p.enable("diamond").withOption("diamond", "bands", "all");
      return p;
    }
  }

  private final PassManager<RegionState> pipeline;
  private final PassManager.Listener<RegionState> listener;
  private final List<PassManager.Statistic> statistics;
  private Specializations specializations = Specializations.none();
  private long computeBudget = DEFAULT_COMPUTE_BUDGET;

  /**
   * The steps of the integer-set engine a region may take ({@link ComputeBudget}): a region that
   * needs more is left unchanged, with a note. The PolyBench kernels take at most about 130,000
   * (adi); the slowest program the random-program tester has found that still finishes takes about
   * 7 million (18 seconds of one core).
   */
  public static final long DEFAULT_COMPUTE_BUDGET = 12_000_000L;

  /** The optimizer with the default pipeline. */
  public PolyhedralOptimizer() {
    this(OptimizerPipeline.defaults());
  }

  public PolyhedralOptimizer(Config config) {
    this(config.pipeline());
  }

  /** The optimizer running {@code pipeline}. */
  public PolyhedralOptimizer(PassManager<RegionState> pipeline) {
    this(pipeline, null, null);
  }

  /**
   * The optimizer running {@code pipeline}, calling {@code listener} after each pass (may be null)
   * and adding each pass's statistics to {@code statistics} (may be null).
   */
  public PolyhedralOptimizer(PassManager<RegionState> pipeline, PassManager.Listener<RegionState> listener,
      List<PassManager.Statistic> statistics) {
    this.pipeline = pipeline;
    this.listener = listener;
    this.statistics = statistics;
  }

  /** This optimizer, also emitting the specialized versions {@code s} of the regions (SPolly, Section 4.2). */
  public PolyhedralOptimizer withSpecializations(Specializations s) {
    PolyhedralOptimizer o = with(pipeline);
    o.specializations = s;
    return o;
  }

  /** This optimizer, giving up on a region after {@code steps} steps of the integer-set engine (0: never). */
  public PolyhedralOptimizer withComputeBudget(long steps) {
    com.google.common.base.Preconditions.checkArgument(steps >= 0, "a compute budget is a number of steps >= 0, not %s",
        steps);
    PolyhedralOptimizer o = with(pipeline);
    o.computeBudget = steps;
    return o;
  }

  /** This optimizer's settings with the pipeline {@code p}. */
  private PolyhedralOptimizer with(PassManager<RegionState> p) {
    PolyhedralOptimizer o = running(p);
    o.specializations = specializations;
    return o;
  }

  /** An optimizer running {@code p} with this one's listener, statistics and budget, without specializations. */
  private PolyhedralOptimizer running(PassManager<RegionState> p) {
    PolyhedralOptimizer o = new PolyhedralOptimizer(p, listener, statistics);
    o.computeBudget = computeBudget;
    return o;
  }

  /** The pipeline this optimizer runs. */
  public PassManager<RegionState> pipeline() {
    return pipeline;
  }

  @Override
  public String name() {
    return "polyj";
  }

  @Override
  public Optimizer withReassociation(boolean allowed) {
    // the reductions that give the same bits in any order are reordered either way
    return with(pipeline.withEnabled(OptimizerPipeline.REDUCTIONS, true)
        .withOption(OptimizerPipeline.REDUCTIONS, "operators", allowed ? "all" : "exact"));
  }

  @Override
  public PolyhedralOptimizer withPasses(List<String> only, List<String> enable, List<String> disable,
      List<String> options) {
    PassManager<RegionState> p = pipeline;
    if (!only.isEmpty()) p = p.only(only);
    for (String n : enable) p = p.enable(n.trim());
    for (String n : disable) p = p.disable(n.trim());
    for (String o : options) p = p.withOption(o);
    return with(p);
  }

  @Override
  public List<String> ablationPasses() {
    return pipeline.enabledPasses().stream().filter(p -> !p.required()).map(p -> p.name()).toList();
  }

  @Override
  public OptimizeResult optimize(Path source, List<String> includeDirs, Options options) throws IOException {
    List<String> cpp = new ArrayList<>();
    for (String d : includeDirs) cpp.add("-I" + d);
    cpp.addAll(options.defines());
    Output out = optimize(source, cpp);
    Files.writeString(options.output(), out.text());
    return OptimizeResult.ok(options.output(), out.reassociated(), out.notes());
  }

  /** Whether this optimizer's pipeline runs the pass {@code name}. */
  boolean runs(String name) {
    return pipeline.enabled(name);
  }

  /** This optimizer without the passes {@code names} (those its pipeline runs and that are not required). */
  PolyhedralOptimizer without(List<String> names) {
    PassManager<RegionState> p = pipeline;
    for (String n : names) {
      if (p.enabled(n) && !p.pass(n).required()) p = p.disable(n);
    }
    return running(p);
  }

  /** Optimizes every region of {@code file}; {@code cppOptions} are the preprocessor's -I/-D options. */
  public static Output optimize(Path file, List<String> cppOptions, Config config) throws IOException {
    return new PolyhedralOptimizer(config).optimize(file, cppOptions);
  }

  /**
   * The file-scope definitions ({@link RegionState#fileScope}) the regions optimized by the current
   * thread's {@link #optimize(Path, List)} call need, by name.
   */
  private static final ThreadLocal<Map<String, String>> FILE_SCOPE = new ThreadLocal<>();

  /** Optimizes every region of {@code file} with this optimizer's pipeline. */
  public Output optimize(Path file, List<String> cppOptions) throws IOException {
    Map<String, String> outer = FILE_SCOPE.get();
    FILE_SCOPE.set(new java.util.LinkedHashMap<>());
    try {
      return optimizeFile(file, cppOptions);
    } finally {
      FILE_SCOPE.set(outer);
    }
  }

  private Output optimizeFile(Path file, List<String> cppOptions) throws IOException {
    String text = Files.readString(file);
    CFrontEnd.Extraction extraction = null;
    if (MULTIFOR.matcher(text).find()) {
      // multifor statements (Fassi et al., IMPACT 2013) become affine loops first: polyj multifor --polyhedral
      try {
        text = dev.polyj.codegen.multifor.MultiforCodegen.translateFile(text, file.toString());
      } catch (dev.polyj.polyhedral.frontend.CSourceException notMultifor) {
        // plain C with a function or macro named multifor reads as it is; else the multifor error stands
        try {
          extraction = CFrontEnd.read(text, file, cppOptions, java.util.Set.of());
        } catch (RuntimeException plain) {
          throw notMultifor;
        }
      }
    }
    if (extraction == null) extraction = CFrontEnd.read(text, file, cppOptions, java.util.Set.of());
    List<RegionResult> regions = extraction.regions();
    List<String> notes = new ArrayList<>(extraction.notes());
    StringBuilder sb = new StringBuilder();
    Matcher start = SCOP.matcher(text);
    Matcher end = ENDSCOP.matcher(text);
    int pos = 0;
    int k = 0;
    boolean reassociated = false;
    boolean[] flags = new boolean[1];
    List<int[]> copied = new ArrayList<>(); // original from, original to, output offset
    int firstNeed = -1;
    while (start.find(pos)) {
      if (!end.find(start.end())) break;
      copied.add(new int[] {pos, start.start(), sb.length()});
      sb.append(text, pos, start.start());
      RegionResult region = k < regions.size() ? regions.get(k) : null;
      String original = text.substring(start.start(), end.end());
      String replacement = original;
      int indent = start.group(1).replace("\t", "    ").length() / 2;
      String body = text.substring(Math.min(start.end() + 1, end.start()), end.start());
      int bodyStart = Math.min(start.end() + 1, end.start());
      List<Map<String, Long>> variants = region == null ? List.of()
          : specializations.forRegion(k + 1, parameters(region));
      String specialized = variants.isEmpty() ? null
          : specialized(text, file, cppOptions, k, bodyStart, end.start(), region, indent, variants, notes, flags);
      if (specialized != null) {
        replacement = specialized;
      } else if (region != null && !region.accepted() && region.speculation() != null
          && region.speculation().recovered()) {
        GuardedVersions.Version v = version(region, indent, "region " + (k + 1), notes, flags);
        replacement = original;
        if (v != null) {
          GuardedVersions versions = new GuardedVersions();
          versions.add(v);
          replacement = versions.code(body, indent);
        }
      } else if (region == null || !region.accepted()) {
        notes.add("region " + (k + 1) + ": not a static control part, left unchanged"
            + (region == null || region.rejections().isEmpty() ? "" : " (" + region.rejections().get(0) + ")"));
      } else if (dataDependentLoops(region)) {
        if (region.whileCollapse() == null) {
          notes.add("region " + (k + 1) + " (" + where(region) + "): left unchanged: a while loop with a data-dependent "
              + "condition (its iterations are unbounded)");
        } else {
          try {
            int level = start.group(1).replace("\t", "    ").length() / 2;
            WhileLoopCode code = new WhileLoopCode(this);
            String loopsText = code.code(region.whileCollapse(), level);
            replacement = specializationGuard(region) + loopsText + "\n";
            reassociated |= loopsText.contains("reduction(");
            notes.add("region " + (k + 1) + " (" + where(region) + "): optimized, " + region.whileCollapse().loops().size()
                + " data-dependent loop(s) kept as sequential loops around their optimized bodies");
          } catch (RuntimeException e) {
            notes.add("region " + (k + 1) + " (" + where(region) + "): left unchanged: " + e.getMessage());
          }
        }
      } else {
        try {
          int level = start.group(1).replace("\t", "    ").length() / 2;
          RegionState r = run(region.scop(), level);
          replacement = specializationGuard(region) + guarded(r, original, level) + "\n";
          boolean reordered = reordered(r, replacement);
          reassociated |= reordered;
          notes.add("region " + (k + 1) + " (" + where(region) + "): optimized"
              + (reordered ? ", reductions reassociated" : "")
              + (region.specialized().isEmpty() ? "" : ", for " + values(region) + " only (other values stop the "
                  + "compilation)"));
          for (String n : r.notes) notes.add("region " + (k + 1) + " (" + where(region) + "): " + n);
        } catch (RuntimeException e) {
          notes.add("region " + (k + 1) + " (" + where(region) + "): left unchanged: " + e.getMessage());
        }
      }
      sb.append(replacement);
      if (firstNeed < 0 && !FILE_SCOPE.get().isEmpty()) firstNeed = start.start();
      pos = end.end();
      k++;
    }
    copied.add(new int[] {pos, text.length(), sb.length()});
    sb.append(text.substring(pos));
    if (firstNeed >= 0) {
      // before the function (the top-level declaration) holding the first region that needs them
      int at = FileScope.topLevelStart(text, firstNeed);
      for (int[] c : copied) {
        if (c[0] <= at && at <= c[1]) {
          sb.insert(c[2] + at - c[0], "\n" + String.join("", FILE_SCOPE.get().values()));
          break;
        }
      }
    }
    return new Output(sb.toString(), notes, reassociated || flags[0]);
  }

  /**
   * The region's new code, or, when a pass made it for some parameter values only ({@link
   * RegionState#guard}), the new code under that condition and the original code (without its
   * pragmas) otherwise.
   */
  private static String guarded(RegionState r, String original, int level) {
    if (r.guard == null && r.smallWork == null) return r.code();
    String indent = "  ".repeat(level);
    String body = original.replaceFirst("^[ \\t]*#[ \\t]*pragma[ \\t]+scop[^\\n]*\\n?", "")
        .replaceFirst("[ \\t]*#[ \\t]*pragma[ \\t]+endscop[^\\n]*\\R?$", "");
    // the original statements also run where the work is too small for the optimized code (small-work)
    String prelude = r.smallWork == null ? "" : SmallWorkPass.prelude(r.smallWorkMacro, r.smallWorkThreshold);
    String large = r.smallWork == null ? null : SmallWorkPass.condition(r.smallWork, r.smallWorkMacro);
    String test = r.guard == null ? large : large == null ? r.guard : "(" + r.guard + ") && " + large;
    return prelude + indent + "if (" + test + ") {\n" + r.code() + indent + "} else {\n" + body + "\n" + indent + "}";
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

  /**
   * Whether the region's {@code code} may round its reductions differently from the original: a
   * reduction reassociated by the schedule or the program's order runs in parallel or vectorized
   * with a clause (or sequentially in the reassociated order when nothing runs in parallel).
   */
  private static boolean reordered(RegionState r, String code) {
    boolean inexact = (r.reductions != null && !r.reductions.exact())
        || (r.programOrderReductions != null && !r.programOrderReductions.exact());
    return inexact && (code.contains("reduction(") || !r.parallel);
  }

  /** The C code of one SCoP optimized as {@code config} says. */
  public static String regionCode(Scop scop, int level, Config config) {
    return new PolyhedralOptimizer(config).run(scop, level).code();
  }

  /** The C code of one SCoP optimized by this optimizer's pipeline. */
  public String regionCode(Scop scop, int level) {
    return run(scop, level).code();
  }

  /**
   * The region's code with a version specialized for each of {@code variants} (parameter values;
   * SPolly, Section 4.2) before the general code: each variant is the region read again with the
   * values in place of the names, optimized, and run when the parameters have these values (and its
   * own run-time checks hold); the general version (or the original code) runs otherwise. Null when
   * no variant could be optimized.
   */
  private String specialized(String text, Path file, List<String> cppOptions, int k, int bodyStart, int bodyEnd,
      RegionResult region, int level, List<Map<String, Long>> variants, List<String> notes, boolean[] flags) {
    String name = "region " + (k + 1) + " (" + where(region) + ")";
    String body = text.substring(bodyStart, bodyEnd);
    GuardedVersions versions = new GuardedVersions();
    List<String> done = new ArrayList<>();
    for (Map<String, Long> values : variants) {
      String what = name + ", for " + Specializations.describe(values);
      RegionResult special;
      try {
        Speculation spec = region.speculation();
        if (region.accepted()) {
          // a SCoP: its parameters fixed to the values
          special = new RegionResult(region.functionName(), region.pos(), FixedParameters.fix(region.scop(), values),
              region.rejections(), region.specialized());
        } else if (spec != null && spec.recovered()) {
          special = region.withSpeculation(new Speculation(FixedParameters.fix(spec.scop(), values), spec.unaliased(),
              spec.views(), spec.assumed(), spec.parameters()));
        } else {
          // not a SCoP with these names as parameters (N * N bounds...): the region read again with the values
          String specialText = text.substring(0, bodyStart) + Specializations.substitute(body, values)
              + text.substring(bodyEnd);
          List<RegionResult> all = CFrontEnd.read(specialText, file, cppOptions, java.util.Set.of()).regions();
          special = k < all.size() ? all.get(k) : null;
        }
      } catch (IOException | RuntimeException e) {
        notes.add(what + ": not specialized: " + e.getMessage());
        continue;
      }
      if (special == null) continue;
      List<String> quiet = new ArrayList<>();
      // the run-time estimate of the work reads the parameters, which are constants here: parallel loops run
      PolyhedralOptimizer fixed = pipeline.enabled("parallel-work")
          ? running(pipeline.disable("parallel-work")) : this;
      GuardedVersions.Version v = fixed.version(special, level, what, quiet, flags);
      if (v == null) {
        notes.add(what + ": not specialized: " + (quiet.isEmpty() ? "not a static control part with these values"
            + (special.rejections().isEmpty() ? "" : " (" + special.rejections().get(0) + ")") : quiet.get(0)));
        continue;
      }
      String guard = Specializations.guard(values) + (v.guard().equals("1") ? "" : "\n      && " + v.guard());
      versions.add(new GuardedVersions.Version(guard, v.declarations(), v.code()));
      done.add(Specializations.describe(values));
    }
    if (versions.isEmpty()) return null;
    List<String> quiet = new ArrayList<>();
    GuardedVersions.Version general = version(region, level, name, quiet, flags);
    if (general != null) versions.add(general);
    notes.add(name + ": specialized for " + String.join("; ", done) + ", next to "
        + (general == null ? "the original code" : general.guard().equals("1") ? "the general optimized code"
            : "the general code optimized under run-time checks and the original code"));
    return versions.code(body, level);
  }

  /** The values a region reads and never writes (its parameters), which a specialization may fix. */
  private static java.util.Set<String> parameters(RegionResult region) {
    if (region.accepted()) return new java.util.HashSet<>(region.scop().params());
    if (region.speculation() == null) return java.util.Set.of();
    java.util.Set<String> out = new java.util.HashSet<>(region.speculation().parameters());
    if (region.speculation().recovered()) out.addAll(region.speculation().scop().params());
    return out;
  }

  /**
   * One optimized version of a region at indentation {@code level + 2}, with its guard: "1" for a
   * static control part, the run-time checks of the {@code runtime-checks} pass for a region that
   * is one only under assumptions ({@link RegionResult#speculation}). Null, with a note, when the
   * region cannot be optimized or no check can be built.
   */
  /**
   * Whether the region has loops with data-dependent conditions or locally static bounds: its SCoP's
   * domains are unbounded there, so its code comes from {@link RegionResult#whileCollapse()}.
   */
  private static boolean dataDependentLoops(RegionResult region) {
    return region.whileCollapse() != null
        || region.scop().statements().stream().anyMatch(st -> st.filter() != null && st.filter().multiValued());
  }

  private GuardedVersions.Version version(RegionResult region, int level, String what, List<String> notes,
      boolean[] reassociated) {
    try {
      if (region.accepted() && dataDependentLoops(region)) {
        notes.add(what + ": left unchanged: data-dependent loops");
        return null;
      }
      if (region.accepted()) {
        RegionState r = run(region.scop(), level + 2);
        String code = specializationGuard(region) + r.code();
        reassociated[0] |= reordered(r, code);
        // a pass that made the code for some parameter values only: the original code runs otherwise
        return new GuardedVersions.Version(r.guard == null ? "1" : r.guard, List.of(), code);
      }
      Speculation spec = region.speculation();
      if (spec == null || !spec.recovered()) return null;
      RuntimeChecks checks = RuntimeChecks.of(spec);
      RegionState r = run(spec.scop(), level + 2, checks);
      if (!checks.built) {
        notes.add(what + ": left unchanged: " + assumptions(spec) + ", and "
            + (checks.declined == null ? "the runtime-checks pass is disabled" : "no exact run-time check: " + checks.declined));
        return null;
      }
      String code = r.code();
      reassociated[0] |= reordered(r, code);
      List<String> declarations = new ArrayList<>();
      for (Speculation.View v : spec.views()) declarations.add(v.declaration());
      notes.add(what + ": optimized under run-time checks (" + assumptions(spec) + "); the original code runs when "
          + "they fail");
      return new GuardedVersions.Version(
          r.guard == null ? checks.guard() : "(" + checks.guard() + ") && (" + r.guard + ")", declarations, code);
    } catch (RuntimeException e) {
      notes.add(what + ": left unchanged: " + e.getMessage());
      return null;
    }
  }

  /** What a speculation assumes, in words. */
  private static String assumptions(Speculation spec) {
    List<String> parts = new ArrayList<>();
    List<String> pointers = new ArrayList<>();
    for (String p : spec.unaliased()) {
      String base = p;
      for (Speculation.View v : spec.views()) if (v.name().equals(p)) base = v.base();
      pointers.add(base);
    }
    if (!pointers.isEmpty()) parts.add("pointers " + String.join(", ", pointers) + " may overlap");
    for (Speculation.View v : spec.views()) {
      parts.add("'" + v.base() + "' read as the " + (v.sizes().size() + 1) + "-d array " + v.name() + " (rows of "
          + String.join(" x ", v.sizes()) + ")");
    }
    return String.join("; ", parts);
  }

  /** Runs the pipeline on one region. */
  public RegionState run(Scop scop, int level) {
    return run(scop, level, new RuntimeChecks());
  }

  /** Runs the pipeline on one region that needs the run-time checks {@code checks} (filled by the pipeline). */
  public RegionState run(Scop scop, int level, RuntimeChecks checks) {
    RegionState s = new RegionState(scop, level);
    s.runtimeChecks = checks;
    s.rescheduler = d -> reschedule(s, d);
    List<PassManager.Statistic> stats = computeBudget == 0 ? pipeline.run(s, listener)
        : ComputeBudget.within(computeBudget, () -> pipeline.run(s, listener));
    if (statistics != null) statistics.addAll(stats);
    Map<String, String> fileScope = FILE_SCOPE.get();
    if (fileScope != null) s.fileScope.forEach(fileScope::putIfAbsent);
    return s;
  }

  /** The schedule passes before reductions run again on {@code s}'s SCoP against the dependences {@code d}. */
  private Scheduled reschedule(RegionState s, UnionRelation d) {
    RegionState fresh = new RegionState(s.storage.scop(), s.level);
    fresh.useDependences(d);
    pipeline.run(fresh, pipeline.index(OptimizerPipeline.FIRST_SCHEDULE_PASS),
        pipeline.index(OptimizerPipeline.REDUCTIONS), null);
    return fresh.scheduled();
  }

  /**
   * The schedule of a SCoP as {@code config} says, without scalar expansion: the schedule-tree
   * passes of its pipeline (Pluto hyperplanes checked exactly against every dependence, tiling,
   * wavefronts, reductions).
   */
  public static Scheduled schedule(Scop scop, Config config) {
    return schedule(scop, config.pipeline());
  }

  /** The schedule of a SCoP by the schedule-tree passes of {@code pipeline}, without scalar expansion. */
  public static Scheduled schedule(Scop scop, PassManager<RegionState> pipeline) {
    PolyhedralOptimizer o = new PolyhedralOptimizer(pipeline);
    RegionState s = new RegionState(scop, 0);
    s.rescheduler = d -> o.reschedule(s, d);
    o.pipeline.run(s, o.pipeline.index(OptimizerPipeline.FIRST_SCHEDULE_PASS),
        o.pipeline.index(OptimizerPipeline.CONTRACTION), null);
    return s.scheduled();
  }
}
