package dev.polyj.codegen.transform;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.PassOptions;
import java.util.Map;

/**
 * Runs the region's parallel loops in one thread when a run-time estimate of its work is small
 * ({@link ParallelWork}): {@code if(polyj_parallel)} on every parallel loop.
 */
public final class ParallelWorkPass extends BasicPass<RegionState> {
  /**
   * @param threshold the estimated statement instances from which parallel loops run in parallel
   * @param forkThreshold the estimated statement instances per start of a parallel loop from which they do
   */
  record Options(long threshold, long forkThreshold) {}

  private final Options options;

  public ParallelWorkPass() {
    this(new Options(ParallelWork.DEFAULT_THRESHOLD, ParallelWork.DEFAULT_FORK_THRESHOLD));
  }

  private ParallelWorkPass(Options options) {
    super("parallel-work", PassLevel.AST, true,
        "run parallel loops in one thread when the region's estimated work is small (if(polyj_parallel))");
    this.options = options;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("threshold", "statement instances from which loops run in parallel (macro "
        + ParallelWork.THRESHOLD_MACRO + " changes it at compile time); default " + ParallelWork.DEFAULT_THRESHOLD,
        "fork-threshold", "statement instances per start of a parallel loop from which loops run in parallel (macro "
        + ParallelWork.FORK_MACRO + "); default " + ParallelWork.DEFAULT_FORK_THRESHOLD);
  }

  @Override
  public Pass<RegionState> withOption(String key, String value) {
    if (key.equals("threshold")) {
      return new ParallelWorkPass(new Options(PassOptions.integer(this, key, value, 0), options.forkThreshold()));
    }
    if (key.equals("fork-threshold")) {
      return new ParallelWorkPass(new Options(options.threshold(), PassOptions.integer(this, key, value, 0)));
    }
    throw new IllegalArgumentException(PassOptions.unknown(this, key));
  }

  @Override
  public String run(RegionState s) {
    s.parallelWork = options.threshold();
    s.parallelForkWork = options.forkThreshold();
    return "";
  }
}
