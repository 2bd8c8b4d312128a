package dev.polyj.polybench.cli;

import dev.polyj.polybench.optimize.OptimizerPipeline;
import dev.polyj.polybench.optimize.PolyhedralOptimizer;
import dev.polyj.polybench.optimize.ProfileInstrumentation;
import dev.polyj.polybench.optimize.Specializations;
import dev.polyj.codegen.transform.RegionState;
import dev.polyj.polyhedral.pass.PassManager;
import dev.polyj.polyhedral.pass.PassStatistics;
import dev.polyj.polyhedral.frontend.CSourceException;
import dev.polyj.polyhedral.tiling.MachineModel;
import dev.polyj.polyhedral.tiling.TileSizePolicies;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code polyj optimize FILE [-o OUT]}: each #pragma scop region replaced by optimized C. */
@Command(mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = "Replaces each #pragma scop ... #pragma endscop region of a C file by optimized C "
        + "(Pluto-style schedule, tiling, OpenMP parallel loops). Notes on each region go to standard error.",
    footer = {"", "The optimizer is a pipeline of passes: --list-passes shows them with their options "
        + "(docs/pipeline.md describes each). The classic options (--tile, --no-parallel, ...) select passes and set "
        + "their options; --passes, --enable-pass, --disable-pass and --pass-option come after them.",
        "", "Exit codes: 0 success, 2 bad input (file:line:column or an unknown pass), 3 internal error."})
final class OptimizeCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FILE", arity = "0..1", description = "The C file.")
  Path file;

  @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Where to write the result (standard output when absent).")
  Path output;

  @Option(names = "-I", paramLabel = "DIR", description = "Include directory for the preprocessor.")
  List<String> includes = new ArrayList<>();

  @Option(names = "-D", paramLabel = "NAME[=VALUE]", description = "Macro definition for the preprocessor.")
  List<String> defines = new ArrayList<>();

  @Option(names = "--tile", paramLabel = "SIZES|auto|none|pluto[:N]|sica[2][:rho=R]|param[:SIZES]",
      defaultValue = "auto",
      description = "Tile sizes of the permutable bands: comma-separated per band member (the last one repeats), "
          + "'auto' or 'pluto' for 32, 'pluto:N' for N, 'sica' for sizes from the machine's L1 cache and SIMD "
          + "width (sica2: also the L2 cache), 'param' for run-time sizes (member k's size is the environment "
          + "variable POLYJ_Tk if set, else the macro POLYJ_Tk, default 32 or SIZES of 'param:SIZES'; a wavefront's "
          + "two tile loops both use POLYJ_T1), "
          + "'none' for no tiling (default: ${DEFAULT-VALUE}).")
  String tile;

  @Option(names = "--machine", paramLabel = "l1=32K,l2=1M,simd=32",
      description = "Overrides of the cache and SIMD sizes read from /sys and /proc/cpuinfo (for --tile sica).")
  String machine;

  // options that are on by default are declared by their negative name: picocli sets a negatable
  // option to the opposite of its default when the positive form is given
  @Option(names = "--no-parallel", negatable = true,
      description = "Sequential code: no OpenMP parallel loops (default: parallel loops on).")
  boolean noParallel;

  @Option(names = "--no-wavefront", negatable = true,
      description = "Do not run tiles of bands without outer parallelism as wavefronts (default: wavefronts on).")
  boolean noWavefront;

  @Option(names = "--no-stride-order", negatable = true,
      description = "Keep the point loops in schedule order instead of putting the stride-one loop innermost "
          + "(default: stride-one loop innermost, for vectorization).")
  boolean noStrideOrder;

  @Option(names = "--diamond", negatable = true, defaultValue = "false",
      description = "Concurrent-start (diamond) tiles for every time-skewed band where legal "
          + "(default: for time-iterated stencils only).")
  boolean diamond;

  @Option(names = "--delicm", defaultValue = "false",
      description = "Remove scalar dependences without new memory before scheduling: scalars mapped into unused "
          + "array elements, scalars defined once forwarded (the delicm pass; default: off).")
  boolean delicm;

  @Option(names = "--simplify-reductions", arity = "0..1", paramLabel = "MODE",
      parameterConsumer = OptionalMode.class,
      description = "Simplify dependent reductions before scheduling (the sdr pass): each reduction face reuses "
          + "the partial result along a direction the schedule allows; MODE heuristic (the default) or optimal "
          + "(exact search). Sums then round differently (default: off).")
  String simplifyReductions;

  @Option(names = "--collapse", defaultValue = "false",
      description = "Run non-rectangular parallel loop nests as one flat loop over the ranks of their iterations in "
          + "balanced chunks, unranked once per chunk (the collapse pass; default: off).")
  boolean collapse;

  @Option(names = "--reassociate", negatable = true, defaultValue = "false",
      description = "Let reductions (x = x + e, *, min, max) be reordered and run in parallel with OpenMP "
          + "reduction clauses; sums then round differently (default: off, the output computes bit for bit what the "
          + "original does).")
  boolean reassociate;

  @Option(names = "--unroll-jam", paramLabel = "N", defaultValue = "4",
      description = "Unroll loops with independent iterations around a vectorized innermost loop N times and jam "
          + "the copies into it (register tiling; 1 for none; default: ${DEFAULT-VALUE}).")
  int unrollJam;

  @Option(names = "--compute-budget", paramLabel = "STEPS", defaultValue = "" + PolyhedralOptimizer.DEFAULT_COMPUTE_BUDGET,
      description = "Steps of the integer-set engine (simplex pivots, eliminations, normalizations) a region may "
          + "take; a region that needs more is left unchanged, with a note (0: no limit; default: ${DEFAULT-VALUE}, "
          + "under a minute; the PolyBench kernels take under 150,000).")
  long computeBudget;

  @Option(names = "--storage", paramLabel = "default|quov", defaultValue = "default",
      description = "Storage of the region's temporary arrays: as declared (default), or quov: one array per "
          + "writing statement, contracted along its shortest occupancy vector for tiled execution, valid for every "
          + "tile size (enables the pass quov).")
  String storage;

  @Option(names = "--list-passes", description = "List the passes of the pipeline in order (name, level, default, "
      + "description, options) and exit.")
  boolean listPasses;

  @Option(names = "--passes", split = ",", paramLabel = "NAME[,NAME...]",
      description = "Run exactly these passes (and the required ones), in pipeline order.")
  List<String> passes;

  @Option(names = "--disable-pass", split = ",", paramLabel = "NAME", description = "Do not run this pass (repeatable).")
  List<String> disabled = new ArrayList<>();

  @Option(names = "--enable-pass", split = ",", paramLabel = "NAME", description = "Run this pass (repeatable).")
  List<String> enabled = new ArrayList<>();

  @Option(names = "--pass-option", paramLabel = "PASS.KEY=VALUE",
      description = "Set an option of a pass, e.g. tiling.sizes=64,64 (repeatable; see --list-passes).")
  List<String> passOptions = new ArrayList<>();

  @Option(names = "--print-after", paramLabel = "NAME|all", split = ",",
      description = "After this pass (or every pass), print the region to standard error: the SCoP (YAML), the "
          + "schedule tree (isl YAML) or the C of the AST, as the pass's level says.")
  List<String> printAfter = new ArrayList<>();

  @Option(names = "--stats", description = "Print per pass and region to standard error: the time it took and what it changed.")
  boolean stats;

  @Option(names = "--specialize", paramLabel = "NAME=VALUE[,NAME=VALUE...]",
      description = "Also emit, in each region that reads these names, a version optimized for these values, run when "
          + "they hold at the region's entry (the general code runs otherwise). Repeatable: one version per option. "
          + "See docs/spolly.md.")
  List<String> specialize = new ArrayList<>();

  @Option(names = "--profile", description = "Instead of optimizing, write the program with each region recording "
      + "the values of its parameters at every entry (lines 'REGION NAME VALUE' appended to the file named by the "
      + "environment variable POLYJ_PROFILE, default polyj.profile); then optimize with --profile-data.")
  boolean profile;

  @Option(names = "--profile-data", paramLabel = "FILE", description = "Specialize each region for the values of its "
      + "quasi-constant parameters (one value in 90%% of the entries) in a profile written by a --profile program.")
  Path profileData;

  @Spec CommandSpec spec;

  /** The tile sizes of {@code --tile}: empty for auto, null for none. */
  static long[] parseTileSizes(String text) {
    String t = text.trim().toLowerCase(java.util.Locale.ROOT);
    if (t.equals("auto")) return new long[0];
    if (t.equals("none") || t.equals("no")) return null;
    String[] parts = t.split(",");
    long[] sizes = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      try {
        sizes[i] = Long.parseLong(parts[i].trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("--tile: '" + parts[i].trim() + "' is not a tile size (expected positive "
            + "integers separated by commas, 'auto' or 'none')");
      }
      if (sizes[i] < 1) throw new IllegalArgumentException("--tile: tile sizes must be positive, got " + sizes[i]);
    }
    return sizes;
  }

  /**
   * The pipeline the options select: the classic options ({@code --tile}, {@code --no-parallel},
   * ...) first, then the pass selection and the pass options.
   */
  PassManager<RegionState> pipeline(PolyhedralOptimizer.Config config) {
    PassManager<RegionState> p = config.pipeline();
    if (delicm) p = p.enable("delicm");
    if (simplifyReductions != null) {
      String mode = simplifyReductions.trim().toLowerCase(java.util.Locale.ROOT);
      if (!mode.equals("heuristic") && !mode.equals("optimal")) {
        throw new IllegalArgumentException("--simplify-reductions: '" + simplifyReductions
            + "' is not a mode (expected heuristic or optimal)");
      }
      p = p.enable("sdr");
      if (mode.equals("optimal")) p = p.withOption("sdr.optimal=true");
    }
    if (collapse) p = p.enable("collapse");
    String st = storage == null ? "default" : storage.trim().toLowerCase(java.util.Locale.ROOT);
    if (st.equals("quov")) {
      p = p.enable("quov");
    } else if (!st.equals("default")) {
      throw new IllegalArgumentException("--storage: '" + storage + "' is not a storage mapping (expected default or quov)");
    }
    if (passes != null && !passes.isEmpty()) p = p.only(passes);
    for (String n : enabled) p = p.enable(n.trim());
    for (String n : disabled) p = p.disable(n.trim());
    for (String o : passOptions) p = p.withOption(o);
    for (String n : printAfter) if (!n.trim().equals("all")) p.index(n.trim());
    return p;
  }

  @Override
  public Integer call() {
    if (listPasses) {
      spec.commandLine().getOut().print(OptimizerPipeline.defaults().listing());
      spec.commandLine().getOut().flush();
      return Main.OK;
    }
    if (file == null) return fail("optimize: missing FILE (or --list-passes)");
    List<String> cpp = new ArrayList<>();
    for (String i : includes) cpp.add("-I" + i);
    for (String d : defines) cpp.add("-D" + d);
    PolyhedralOptimizer.Config config;
    try {
      config = PolyhedralOptimizer.Config.defaults().withParallel(!noParallel).withWavefront(!noWavefront)
          .withStrideOrder(!noStrideOrder).withDiamond(diamond).withUnrollJam(unrollJam).withReassociate(reassociate);
      String t = tile.trim().toLowerCase(java.util.Locale.ROOT);
      if (t.equals("param") || t.startsWith("param:")) {
        long[] defaults = t.equals("param") ? new long[0] : parseTileSizes(t.substring("param:".length()));
        if (defaults == null) throw new IllegalArgumentException("--tile: 'param:' needs sizes, e.g. param:32,32,8");
        config = config.withParametricTiles(defaults);
      } else if (t.startsWith("pluto:") || t.startsWith("sica")) {
        MachineModel m = MachineModel.detect();
        if (machine != null) m = m.withOverrides(machine);
        config = config.withSizePolicy(TileSizePolicies.parse(t, m));
      } else {
        config = config.withTileSizes(parseTileSizes(t.equals("pluto") ? "auto" : t));
      }
    } catch (IllegalArgumentException e) {
      return fail(e.getMessage());
    }
    PassManager<RegionState> pipeline;
    try {
      pipeline = pipeline(config);
    } catch (IllegalArgumentException e) {
      return fail("optimize: " + e.getMessage());
    }
    java.io.PrintWriter err = spec.commandLine().getErr();
    boolean all = printAfter.stream().anyMatch(n -> n.trim().equals("all"));
    java.util.Set<String> after = new java.util.HashSet<>();
    for (String n : printAfter) after.add(n.trim());
    PassManager.Listener<RegionState> listener = printAfter.isEmpty() ? null : (pass, state) -> {
      if (all || after.contains(pass.name())) {
        err.println("*** after " + pass.name() + " (" + pass.level().label() + ") ***");
        err.print(state.dump(pass.level()));
      }
    };
    List<PassManager.Statistic> statistics = new ArrayList<>();
    if (computeBudget < 0) return fail("optimize: --compute-budget: a number of steps >= 0, not " + computeBudget);
    PolyhedralOptimizer optimizer = new PolyhedralOptimizer(pipeline, listener, statistics)
        .withComputeBudget(computeBudget);
    if (profile && (profileData != null || !specialize.isEmpty())) {
      return fail("optimize: --profile writes the instrumented program; it does not take --profile-data or --specialize");
    }
    try {
      if (!specialize.isEmpty() && profileData != null) {
        return fail("optimize: --specialize and --profile-data exclude each other");
      }
      if (!specialize.isEmpty()) optimizer = optimizer.withSpecializations(Specializations.parse(specialize));
      if (profileData != null) optimizer = optimizer.withSpecializations(Specializations.profile(profileData));
    } catch (IllegalArgumentException e) {
      return fail(e.getMessage());
    } catch (IOException e) {
      return fail(profileData + ": error: " + e.getMessage());
    }
    PolyhedralOptimizer.Output out;
    try {
      out = profile ? ProfileInstrumentation.instrument(file, cpp) : optimizer.optimize(file, cpp);
    } catch (CSourceException e) {
      return fail(e.getMessage());
    } catch (IOException e) {
      return fail(file + ": error: " + e.getMessage());
    }
    for (String note : out.notes()) spec.commandLine().getErr().println(file + ": " + note);
    if (stats) err.print(PassStatistics.table(statistics));
    spec.commandLine().getErr().flush();
    if (output == null) {
      spec.commandLine().getOut().print(out.text());
      spec.commandLine().getOut().flush();
    } else {
      try {
        Files.writeString(output, out.text());
      } catch (IOException e) {
        return fail(output + ": error: cannot write: " + e.getMessage());
      }
    }
    return Main.OK;
  }

  private int fail(String message) {
    spec.commandLine().getErr().println(message);
    spec.commandLine().getErr().flush();
    return Main.BAD_INPUT;
  }

  /**
   * The optional MODE of {@code --simplify-reductions}: the next argument is taken as the mode
   * unless it is an existing file (so that {@code --simplify-reductions kernel.c} reads kernel.c
   * with the default mode) or an option.
   */
  static final class OptionalMode implements picocli.CommandLine.IParameterConsumer {
    @Override
    public void consumeParameters(java.util.Stack<String> args, picocli.CommandLine.Model.ArgSpec argSpec,
        CommandSpec commandSpec) {
      String mode = "heuristic";
      if (!args.isEmpty()) {
        String next = args.peek();
        boolean isMode = next.equalsIgnoreCase("heuristic") || next.equalsIgnoreCase("optimal");
        if (isMode || (!next.startsWith("-") && !isFile(next))) mode = args.pop();
      }
      argSpec.setValue(mode);
    }

    private static boolean isFile(String arg) {
      try {
        return Files.exists(Path.of(arg));
      } catch (java.nio.file.InvalidPathException e) {
        return false;
      }
    }
  }
}
