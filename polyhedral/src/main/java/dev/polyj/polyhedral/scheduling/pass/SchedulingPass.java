package dev.polyj.polyhedral.scheduling.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.scheduling.BisectionLexmin;
import dev.polyj.polyhedral.scheduling.PlutoScheduler;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.List;

/**
 * Pluto's scheduling (Bondhugula et al., PLDI 2008): affine hyperplanes for outer parallelism and
 * locality, checked exactly against every dependence. Off, the program's own schedule stays.
 */
public final class SchedulingPass extends BasicPass<ScheduleState> {
  public SchedulingPass() {
    super("scheduling", PassLevel.SCHEDULE, true,
        "Pluto hyperplanes: outer parallelism and locality (legality checked exactly)");
  }

  @Override
  public String run(ScheduleState s) {
    List<Relation> domains = new ArrayList<>();
    for (Statement st : s.scop.statements()) domains.add(st.domain());
    s.schedule = PlutoScheduler.schedule(domains, s.deps(), new BisectionLexmin(1 << 12), s.scop.scheduleMap());
    s.tree(null);
    return describe(s.schedule);
  }

  /** The schedule in a few words: its loop levels, permutable bands and parallel levels. */
  static String describe(dev.polyj.polyhedral.scheduling.AffineSchedule a) {
    int loops = 0;
    int parallel = 0;
    for (var l : a.levels()) {
      if (l.scalar()) continue;
      loops++;
      if (l.coincident()) parallel++;
    }
    List<String> bands = new ArrayList<>();
    for (var b : a.bands()) if (b.size() >= 2) bands.add(Integer.toString(b.size()));
    return loops + " loop level(s), " + parallel + " parallel, permutable bands "
        + (bands.isEmpty() ? "none" : "of " + String.join("+", bands) + " members");
  }
}
