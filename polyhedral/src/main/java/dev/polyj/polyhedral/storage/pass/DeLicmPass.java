package dev.polyj.polyhedral.storage.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.storage.delicm.DeLicm;

/**
 * DeLICM (Kruse and Grosser, CGO 2018) before scalar expansion and scheduling: scalars defined
 * once are forwarded into their users, the others mapped into array elements unused while they
 * live, so their false dependences go without new memory. It runs before scalar expansion, which
 * then expands (with new memory) only what DeLICM could not remove. Off by default
 * ({@code optimize --delicm}).
 */
public final class DeLicmPass extends BasicPass<ScheduleState> {
  public DeLicmPass() {
    super("delicm", PassLevel.SCOP, false,
        "map scalars into unused array elements and forward scalars defined once (no new memory)");
  }

  @Override
  public String run(ScheduleState s) {
    DeLicm.Result r;
    try {
      r = DeLicm.run(s.scop);
    } catch (RuntimeException e) {
      // the region goes on without the pass (its SCoP unchanged); the statistics say why
      return "not applicable: " + e;
    }
    if (r.writesBefore() == 0 && !r.changed()) return "";
    if (r.changed()) {
      s.scop = r.scop();
      s.storage = ScalarStorage.none(s.scop);
    }
    s.notes.add(r.note());
    return r.note().substring("delicm: ".length());
  }
}
