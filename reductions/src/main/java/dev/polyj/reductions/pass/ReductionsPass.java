package dev.polyj.reductions.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.Scheduled;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.PassOptions;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.reductions.Reduction;
import dev.polyj.reductions.ReductionDependences;
import dev.polyj.reductions.ReductionDetection;
import dev.polyj.reductions.ReductionLoops;
import java.util.List;
import java.util.Map;

/**
 * Lets reductions be reordered and run in parallel (Doerfert et al., IMPACT 2015): one of the
 * program's loops with reduction clauses, Pluto against the relaxed dependences, or the exact
 * schedule ({@link ReductionSchedules}); the schedule passes before it run again against the
 * relaxed dependences when needed. By default only the reductions that give the same bits in any
 * order take part (integer minima and maxima, {@link Reduction#exact}); with {@code
 * operators=all} ({@code optimize --reassociate}) every one, and sums then round differently.
 */
public final class ReductionsPass extends BasicPass<ScheduleState> {
  private final boolean readFusion;
  private final boolean all;

  public ReductionsPass() {
    this(true, false);
  }

  private ReductionsPass(boolean readFusion, boolean all) {
    super("reductions", PassLevel.SCHEDULE, true,
        "reorder reductions: reduction-enabled schedule, OpenMP reduction clauses; by default only integer"
            + " minima and maxima (operators=all: also sums, which round differently)");
    this.readFusion = readFusion;
    this.all = all;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("read-fusion", "consecutive nests reading one matrix fused so that it is read once"
        + " (ReadFusion); default true",
        "operators", "exact (integer minima and maxima, the same bits in any order; default) or all"
        + " (also floating-point and integer sums and products: optimize --reassociate)");
  }

  @Override
  public Pass<ScheduleState> withOption(String key, String value) {
    if (key.equals("read-fusion")) return new ReductionsPass(PassOptions.bool(this, key, value), all);
    if (key.equals("operators")) {
      return new ReductionsPass(readFusion, PassOptions.choice(this, key, value, "exact", "all").equals("all"));
    }
    throw new IllegalArgumentException(PassOptions.unknown(this, key));
  }

  /** Whether every reduction takes part, not only those that reorder exactly. */
  public boolean allOperators() {
    return all;
  }

  @Override
  public String run(ScheduleState s) {
    Scop scop = s.storage.scop();
    List<Reduction> found = all ? ReductionDetection.detect(scop) : ReductionDetection.detectExact(scop);
    if (found.isEmpty()) return "";
    ReductionDependences reductions = ReductionDependences.compute(scop, s.dependences().all(), found);
    if (!reductions.any()) return "";
    Scheduled current = s.scheduled();
    ReductionSchedules.Choice choice = ReductionSchedules.choose(scop, reductions, s.deps(),
        d -> d == s.deps() ? current : s.rescheduler.apply(d), readFusion);
    Scheduled chosen = choice.scheduled();
    s.scheduled(chosen);
    s.programOrderReductions = s.programOrder == scop ? ReductionSchedules.programOrderLoops(scop, reductions) : null;
    String kept = reductions.reductions().size() + " reduction(s)" + (all ? "" : " that reorder exactly") + ", "
        + choice.candidate();
    if (!(chosen.reductions() instanceof ReductionLoops.Result r)) return kept;
    return kept + ": " + r.clauses().size() + " statement(s) with reduction clauses, " + r.simdLoops().size()
        + " vectorized loop(s)";
  }
}
