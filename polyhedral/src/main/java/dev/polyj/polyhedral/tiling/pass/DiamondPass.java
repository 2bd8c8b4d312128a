package dev.polyj.polyhedral.tiling.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.PassOptions;
import dev.polyj.polyhedral.pass.ScheduleState;
import java.util.Map;

/**
 * Concurrent-start (diamond) tiles for time-iterated stencils (Bandishti et al., SC 2012; Wonnacott
 * and Strout, IMPACT 2013): tiling cuts the tiles of a time-skewed band along {@code c t - h_2}
 * ({@link dev.polyj.polyhedral.tiling.ConcurrentStart}), so that the tiles along the initial time
 * face start at once instead of in a pipeline; the points inside a tile keep the band's order.
 * By default only stencils (a time loop tied to no subscript of a written array and no bound)
 * get them; {@code bands=all} tries every time-skewed band whose first member is the outermost
 * loop.
 */
public final class DiamondPass extends BasicPass<ScheduleState> {
  private final boolean allBands;

  public DiamondPass() {
    this(false);
  }

  private DiamondPass(boolean allBands) {
    super("diamond", PassLevel.SCHEDULE, true,
        "concurrent-start (diamond) tiles for time-iterated stencils when legal (applied by tiling)");
    this.allBands = allBands;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("bands", "stencils (time loops tied to no written subscript) or all (every time-skewed band); "
        + "default stencils");
  }

  @Override
  public Pass<ScheduleState> withOption(String key, String value) {
    if (!key.equals("bands")) throw new IllegalArgumentException(PassOptions.unknown(this, key));
    return new DiamondPass(PassOptions.choice(this, key, value, "stencils", "all").equals("all"));
  }

  @Override
  public String run(ScheduleState s) {
    s.concurrentStart = true;
    s.concurrentStartAnyBand = allBands;
    return "";
  }
}
