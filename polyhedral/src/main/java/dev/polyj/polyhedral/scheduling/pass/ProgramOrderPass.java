package dev.polyj.polyhedral.scheduling.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.PassOptions;
import java.util.Map;

/**
 * Keeps the program's own loop order for the runs where the region's work is too small for
 * threads, when the schedule's tiling would not pay for its reordering ({@link StreamingOrder}).
 */
public final class ProgramOrderPass extends BasicPass<ScheduleState> {
  /** @param mode {@code auto} ({@link StreamingOrder} decides), {@code always} or {@code never} */
  record Options(String mode) {}

  private final Options options;

  public ProgramOrderPass() {
    this(new Options("auto"));
  }

  private ProgramOrderPass(Options options) {
    super("program-order", PassLevel.SCHEDULE, true,
        "keep the program's own (streaming) order where the schedule's reordering would not pay");
    this.options = options;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("mode", "auto (a reuse test decides), always or never; default auto");
  }

  @Override
  public Pass<ScheduleState> withOption(String key, String value) {
    if (!key.equals("mode")) throw new IllegalArgumentException(PassOptions.unknown(this, key));
    return new ProgramOrderPass(new Options(PassOptions.choice(this, key, value, "auto", "always", "never")));
  }

  @Override
  public String run(ScheduleState s) {
    s.programOrderMode = options.mode();
    if (s.splitAtPivots && options.mode().equals("auto")) {
      s.programOrder = null;
      return "";
    }
    boolean preferred = StreamingOrder.preferred(s.tree(), s.scop, options.mode());
    // where skewed tiles pay through reuse at large sizes, a streaming program order still wins when
    // the work is too small for threads: its data then fit in the caches, and the tiles' guards and
    // unvectorized point loops cost more than they save (jacobi-2d at MEDIUM: 0.1x gcc tiled)
    s.programOrderSmallOnly = !preferred && options.mode().equals("auto") && StreamingOrder.streams(s.scop)
        && StreamingOrder.skews(s.tree());
    s.programOrder = preferred || s.programOrderSmallOnly ? s.scop : null;
    if (s.programOrder == null) return "";
    return s.programOrderSmallOnly ? "program order for small work (streams)" : "program order kept for small work";
  }
}
