package dev.polyj.polyhedral.storage.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.Scheduled;
import dev.polyj.polyhedral.storage.ScalarPrivatization;

/**
 * Makes sequential loops parallel whose iterations conflict only through scalars each iteration
 * writes before reading them, with a private copy per thread ({@link ScalarPrivatization}); runs
 * before storage-contraction, which then keeps the expanded arrays' dimensions over those loops.
 */
public final class ScalarPrivatizationPass extends BasicPass<ScheduleState> {
  public ScalarPrivatizationPass() {
    super("scalar-privatization", PassLevel.SCHEDULE, true,
        "loops serialized only by scalars each iteration writes before reading run in parallel with a copy per thread (lastprivate)");
  }

  @Override
  public String run(ScheduleState s) {
    // reassociated reductions and storage along occupancy vectors schedule against other dependences
    if (s.reductions != null || s.relaxedDependences() || !s.privateScalars.isEmpty()) return "";
    Scheduled sc = s.scheduled();
    ScalarPrivatization.Result r = ScalarPrivatization.apply(s.storage.scop(), sc.tree(), sc.tiling(),
        s.arrayDependences(s.storage.scop()));
    if (r.loops() == 0) return "";
    s.tree(r.tree());
    s.privatized.putAll(r.privatized());
    java.util.Set<String> scalars = new java.util.TreeSet<>();
    r.privatized().values().forEach(scalars::addAll);
    return r.loops() + " loop(s) parallel with private scalars: " + String.join(", ", scalars);
  }
}
