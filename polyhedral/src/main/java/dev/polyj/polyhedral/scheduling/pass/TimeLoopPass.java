package dev.polyj.polyhedral.scheduling.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.PassOptions;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keeps a stencil's time loop sequential outside, with the space loops as permutable bands inside
 * it, where time tiling would cost more than it wins ({@link SequentialTime}); inside the time
 * loop the statements of a step are scheduled anew and fused where every loop stays parallel.
 */
public final class TimeLoopPass extends BasicPass<ScheduleState> {
  /**
   * @param mode {@code auto} ({@link SequentialTime#preferred} decides) or {@code sequential}
   *     (wherever the program has such a loop)
   * @param fuse fuse the statements of a time step where every loop stays parallel
   * @param outOfPlace also keep the time loop for out-of-place updates ({@link SequentialTime#outOfPlace})
   * @param spaceTiles mark the unfused steps' space bands permutable, so that tiling tiles them
   */
  record Options(String mode, boolean fuse, boolean outOfPlace, boolean spaceTiles) {}

  private final Options options;

  public TimeLoopPass() {
    this(new Options("auto", true, false, false));
  }

  private TimeLoopPass(Options options) {
    super("time-loop", PassLevel.SCHEDULE, true,
        "keep a stencil's time loop sequential outside when time tiling would not pay; fuse each step");
    this.options = options;
  }

  @Override
  public Map<String, String> options() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("mode", "auto (a cost test decides) or sequential (wherever the program has a time loop); default auto");
    m.put("fuse", "fuse the statements of a time step where every loop stays parallel; default true");
    m.put("out-of-place", "also for out-of-place updates (jacobi-2d-like); default false");
    m.put("space-tiles", "tile the space loops of unfused steps; default false");
    return m;
  }

  @Override
  public Pass<ScheduleState> withOption(String key, String value) {
    return switch (key) {
      case "mode" -> new TimeLoopPass(new Options(PassOptions.choice(this, key, value, "auto", "sequential"),
          options.fuse(), options.outOfPlace(), options.spaceTiles()));
      case "fuse" -> new TimeLoopPass(new Options(options.mode(), PassOptions.bool(this, key, value),
          options.outOfPlace(), options.spaceTiles()));
      case "out-of-place" -> new TimeLoopPass(new Options(options.mode(), options.fuse(),
          PassOptions.bool(this, key, value), options.spaceTiles()));
      case "space-tiles" -> new TimeLoopPass(new Options(options.mode(), options.fuse(), options.outOfPlace(),
          PassOptions.bool(this, key, value)));
      default -> throw new IllegalArgumentException(PassOptions.unknown(this, key));
    };
  }

  @Override
  public String run(ScheduleState s) {
    ScheduleNode tree = s.tree();
    boolean sequential = options.mode().equals("auto")
        ? SequentialTime.preferred(tree, s.scop)
            || (options.outOfPlace() && SequentialTime.outOfPlace(tree, s.scop, s.deps()))
        : SequentialTime.applies(s.scop);
    if (!sequential) return "";
    if (options.fuse()) {
      try {
        ScheduleNode fused = SequentialTime.fusedTree(s.scop, s.deps());
        if (fused != null) {
          fused = TreeDependences.annotate(fused, s.deps());
          if (SequentialTime.fullyParallelSteps(fused)) {
            s.tree(fused);
            return "time loop sequential outside, steps fused";
          }
        }
      } catch (RuntimeException e) {
        // the unfused steps below
      }
    }
    s.tree(TreeDependences.annotate(SequentialTime.tree(s.scop, s.deps(), options.spaceTiles()), s.deps()));
    return "time loop sequential outside";
  }
}
