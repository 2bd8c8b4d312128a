package dev.polyj.codegen.transform;

import dev.polyj.codegen.ast.Node;
import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.PassOptions;
import dev.polyj.polyhedral.scheduling.pass.StreamingOrder;
import java.util.Map;

/**
 * A third version of the region for tiny problems: the region's original statements, in the
 * program's order and untiled, run where a run-time estimate of its work ({@link
 * ParallelWork#estimate}, statement instances from the parameters) is below {@code
 * POLYJ_SMALL_WORK} (default one million, about a millisecond); the optimized code runs otherwise.
 *
 * <p>It is given to the regions whose optimized code gains through tiles and threads only: no
 * loop of theirs is marked {@code omp simd} (no stride-one loop the optimizer vectorized, no
 * reduction vectorized by reassociation, no packed or register-blocked product). Where the work is
 * small, their threads are off already ({@link ParallelWork}) and the data fit in the caches, so
 * the tiles' reuse buys nothing, while their loop overhead (partial tiles, {@code min}/{@code max}
 * bounds, wavefront skews, peeled and split loops) and their larger code, cold after the harness's
 * cache flush in a run of a few microseconds, cost more than the original loops (lu on 40 x 40
 * matrices: 15 microseconds in the original, 24 in the sequential copy of its tiles; durbin's
 * expanded scalar becomes a heap array the original does without). Regions with vectorized loops
 * keep their code at every size: on tiny problems those loops still beat the program's (bicg,
 * gemm, 2mm at PolyBench's MINI sizes). Nor is it given where the optimized code is the program's
 * own order already (floyd-warshall, nussinov): the same loops twice in one function only move
 * the hot loop to another alignment, which at these sizes is worth up to 30% either way
 * (floyd-warshall at MINI: 93 microseconds alone, 122 with the copy, 92 with both built with
 * {@code -falign-loops=64}). The exception is such loops that read across rows (the program's
 * order does not stream, {@link StreamingOrder#streams}) into an accumulator that scalar
 * promotion keeps in a local: gcc then vectorizes the accumulation with gathers, which pay
 * through memory-level parallelism when the rows come from memory and cost three times the
 * original's scalar loop when they are in the caches (nussinov on 180 x 180 entries: 1.35 ms
 * against 0.42). Those get the original statements below the work at which threads start ({@code
 * POLYJ_PARALLEL_WORK}, 20 M instances), where the data fit in the caches.
 *
 * <p>The pass only records the estimate ({@link RegionState#smallWork}); whoever prints the region
 * with its original text puts the test around the two (the optimizer's file rewriting), others
 * print the optimized code alone. The original code computes the original's results by
 * definition, so the choice is exact at every size.
 */
public final class SmallWorkPass extends BasicPass<RegionState> {
  /** Macro with the work (statement instances) from which the optimized code runs. */
  public static final String THRESHOLD_MACRO = "POLYJ_SMALL_WORK";

  /** The default threshold: about a millisecond of scalar work. */
  public static final long DEFAULT_THRESHOLD = 1_000_000L;

  /**
   * Macro every test goes through: the identity unless the program defines it first (to trace
   * which version runs, or to force one). With gcc it says the optimized code is the expected
   * branch: without it, gcc's code for the optimized loops beside the original text was slower
   * (ludcmp at SMALL: 229 microseconds against 186 without the original text, 215 with the hint;
   * lu 204, 189 and 170), and the original's at MINI is the same either way.
   */
  public static final String TEST_MACRO = "polyj_large_work";

  /** @param threshold the estimated statement instances from which the optimized code runs */
  record Options(long threshold) {}

  private final Options options;

  public SmallWorkPass() {
    this(new Options(DEFAULT_THRESHOLD));
  }

  private SmallWorkPass(Options options) {
    super("small-work", PassLevel.AST, true,
        "the original statements where the region's estimated work is tiny and its code gains through tiles and "
            + "threads only");
    this.options = options;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("threshold", "statement instances from which the optimized code runs (macro " + THRESHOLD_MACRO
        + " changes it at compile time); default " + DEFAULT_THRESHOLD);
  }

  @Override
  public Pass<RegionState> withOption(String key, String value) {
    if (key.equals("threshold")) return new SmallWorkPass(new Options(PassOptions.integer(this, key, value, 0)));
    throw new IllegalArgumentException(PassOptions.unknown(this, key));
  }

  @Override
  public String run(RegionState s) {
    s.smallWork = null;
    if (s.replacementCode != null || s.parametricTiles || s.versions.isEmpty()) return "";
    if (s.versions.size() == 1 && s.versions.get(0).scheduled == null) {
      // the program's own loops already: a copy of the original beside them only moves the code
      // around, unless they read across rows into a promoted accumulator (gathers, see above)
      if (StreamingOrder.streams(s.input) || !s.dump(PassLevel.AST).contains(ScalarPromotion.PREFIX)) return "";
      s.smallWork = ParallelWork.estimate(s.input);
      s.smallWorkMacro = ParallelWork.THRESHOLD_MACRO;
      s.smallWorkThreshold = s.parallelWork == null ? ParallelWork.DEFAULT_THRESHOLD : s.parallelWork;
      return "the original code below " + s.smallWorkThreshold + " estimated instances (accumulators read across rows)";
    }
    for (RegionState.Version v : s.versions) if (vectorized(v.ast)) return "";
    s.smallWork = ParallelWork.estimate(s.input);
    s.smallWorkMacro = THRESHOLD_MACRO;
    s.smallWorkThreshold = options.threshold();
    return "the original code below " + options.threshold() + " estimated instances";
  }

  /** Whether some loop of {@code ast} is marked {@code omp simd}. */
  static boolean vectorized(Node ast) {
    return Node.anyMatch(ast, n -> n instanceof Node.For f && f.pragmas().stream().anyMatch(p -> p.startsWith("omp simd")));
  }

  /** The lines that define the threshold macro {@code macro} and the test macro before the region. */
  public static String prelude(String macro, long threshold) {
    return "#ifndef " + macro + "\n#define " + macro + " " + threshold + "\n#endif\n"
        + "#ifndef " + TEST_MACRO + "\n#ifdef __GNUC__\n#define " + TEST_MACRO + "(c) __builtin_expect(!!(c), 1)\n#else\n#define "
        + TEST_MACRO + "(c) (c)\n#endif\n#endif\n";
  }

  /** The C condition under which the optimized code runs: the estimate {@code work} is at least {@code macro}. */
  public static String condition(String work, String macro) {
    return TEST_MACRO + "(" + work + " >= (double)" + macro + ")";
  }
}
