package dev.polyj.reductions.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.Scheduled;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.PassOptions;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.reductions.ReductionDependences;
import java.util.Map;

/**
 * Lets reductions be reordered and run in parallel (Doerfert et al., IMPACT 2015): one of the
 * program's loops with reduction clauses, Pluto against the relaxed dependences, or the exact
 * schedule ({@link ReductionSchedules}); the schedule passes before it run again against the
 * relaxed dependences when needed. Off by default: sums then round differently.
 */
public final class ReductionsPass extends BasicPass<ScheduleState> {
  private final boolean readFusion;

  public ReductionsPass() {
    this(true);
  }

  private ReductionsPass(boolean readFusion) {
    super("reductions", PassLevel.SCHEDULE, false,
        "reassociate reductions: reduction-enabled schedule, OpenMP reduction clauses (sums round differently)");
    this.readFusion = readFusion;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("read-fusion", "consecutive nests reading one matrix fused so that it is read once"
        + " (ReadFusion); default true");
  }

  @Override
  public Pass<ScheduleState> withOption(String key, String value) {
    if (key.equals("read-fusion")) return new ReductionsPass(PassOptions.bool(this, key, value));
    throw new IllegalArgumentException(PassOptions.unknown(this, key));
  }

  @Override
  public String run(ScheduleState s) {
    Scop scop = s.storage.scop();
    ReductionDependences reductions = ReductionDependences.compute(scop, s.dependences());
    if (!reductions.any()) return "";
    Scheduled current = s.scheduled();
    Scheduled chosen = ReductionSchedules.choose(scop, reductions, s.deps(),
        d -> d == s.deps() ? current : s.rescheduler.apply(d), readFusion);
    s.scheduled(chosen);
    s.programOrderReductions = s.programOrder == scop ? ReductionSchedules.programOrderLoops(scop, reductions) : null;
    if (!(chosen.reductions() instanceof dev.polyj.reductions.ReductionLoops.Result r)) {
      return "reductions found, exact schedule kept";
    }
    return r.clauses().size() + " statement(s) with reduction clauses, " + r.simdLoops().size() + " vectorized loop(s)";
  }
}
