package dev.polyj.polyhedral.tiling.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.PassOptions;
import java.util.Map;

/**
 * Runs the tiles of a band without outer parallelism as wavefronts (Pluto's pipelined
 * parallelism; Wonnacott and Strout, IMPACT 2013); tiling applies it.
 */
public final class WavefrontPass extends BasicPass<ScheduleState> {
  /**
   * @param smallBands also for two-member bands with no loop below them, where a wavefront holds
   *     too little work to pay for its synchronization
   */
  record Options(boolean smallBands) {}

  private final Options options;

  public WavefrontPass() {
    this(new Options(false));
  }

  private WavefrontPass(Options options) {
    super("wavefront", PassLevel.SCHEDULE, true,
        "run tile bands without outer parallelism as parallel wavefronts (applied by tiling)");
    this.options = options;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("small-bands", "also two-member bands with no loop below them (trisolv-like); default false");
  }

  @Override
  public Pass<ScheduleState> withOption(String key, String value) {
    if (!key.equals("small-bands")) throw new IllegalArgumentException(PassOptions.unknown(this, key));
    return new WavefrontPass(new Options(PassOptions.bool(this, key, value)));
  }

  @Override
  public String run(ScheduleState s) {
    s.wavefront = true;
    s.smallWavefronts = options.smallBands();
    return "";
  }
}
