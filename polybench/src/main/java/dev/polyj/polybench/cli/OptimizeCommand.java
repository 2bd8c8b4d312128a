package dev.polyj.polybench.cli;

import dev.polyj.polybench.optimize.PolyhedralOptimizer;
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
    footer = {"", "Exit codes: 0 success, 2 bad input (file:line:column), 3 internal error."})
final class OptimizeCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FILE", description = "The C file.")
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
      description = "Concurrent-start (diamond) tiling of time-iterated stencils when legal (default: off; "
          + "the non-unimodular point loops make code generation slow on 2-D stencils).")
  boolean diamond;

  @Option(names = "--reassociate", negatable = true, defaultValue = "false",
      description = "Let reductions (x = x + e, *, min, max) be reordered and run in parallel with OpenMP "
          + "reduction clauses; sums then round differently (default: off, the output computes bit for bit what the "
          + "original does).")
  boolean reassociate;

  @Option(names = "--unroll-jam", paramLabel = "N", defaultValue = "4",
      description = "Unroll loops with independent iterations around a vectorized innermost loop N times and jam "
          + "the copies into it (register tiling; 1 for none; default: ${DEFAULT-VALUE}).")
  int unrollJam;

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

  @Override
  public Integer call() {
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
    PolyhedralOptimizer.Output out;
    try {
      out = PolyhedralOptimizer.optimize(file, cpp, config);
    } catch (CSourceException e) {
      return fail(e.getMessage());
    } catch (IOException e) {
      return fail(file + ": error: " + e.getMessage());
    }
    for (String note : out.notes()) spec.commandLine().getErr().println(file + ": " + note);
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
}
