package dev.polyj.polyhedral.storage.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.PassLevel;

/**
 * Contracts the arrays of the expanded scalars under the final schedule (and the program's order,
 * when it is printed too) to the few elements live at once ({@link ScalarStorage}).
 */
public final class StorageContractionPass extends BasicPass<ScheduleState> {
  public StorageContractionPass() {
    super("storage-contraction", PassLevel.SCHEDULE, true,
        "contract the expanded scalars' arrays under the final schedule (declared around the region)");
  }

  @Override
  public boolean required() {
    return true;
  }

  @Override
  public String run(ScheduleState s) {
    if (s.storage.arrays().isEmpty()) return "";
    s.scheduled(s.storage.contract(s.scheduled()));
    return s.storage.arrays().size() + " array(s) contracted";
  }
}
