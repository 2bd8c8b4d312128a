package dev.polyj.reductions.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassOptions;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.storage.pass.ScalarStorage;
import dev.polyj.reductions.sdr.Sdr;
import dev.polyj.reductions.sdr.SdrResult;
import java.util.Map;

/**
 * Simplifying dependent reductions (Yang, Atkinson and Carbin, POPL 2021; {@link Sdr}): each
 * reduction face whose body is invariant along a reuse direction the schedule allows reuses the
 * previous partial result instead of recomputing it, lowering the region's complexity (e.g. a
 * prefix sum from O(N^2) to O(N)). The simplified program, with its own sequential schedule,
 * replaces the region's SCoP before scalar expansion and scheduling; its temporaries are declared
 * around the region's code. Off by default: reused partial sums round differently for
 * floating-point data (integer programs stay exact). A reduction whose elements accumulate at most
 * {@link Sdr#SMALL_REDUCTION} values each (by the constant extents of the arrays it reads) is left
 * as it is: simplifying it would not lower its complexity under those bounds, and its temporaries
 * would make the program slower.
 */
public final class SdrPass extends BasicPass<ScheduleState> {
  private final boolean optimal;

  public SdrPass() {
    this(false);
  }

  private SdrPass(boolean optimal) {
    super("sdr", PassLevel.SCOP, false,
        "simplify dependent reductions: reuse partial results along the faces (complexity drops; sums round differently)");
    this.optimal = optimal;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("optimal", "reuse vectors chosen by the exact search of the paper's Section 5.3 (as `sdr --optimal`)"
        + " instead of the heuristic; never worse, sometimes slower to decide; default false");
  }

  @Override
  public Pass<ScheduleState> withOption(String key, String value) {
    if (!key.equals("optimal")) throw new IllegalArgumentException(PassOptions.unknown(this, key));
    return new SdrPass(PassOptions.bool(this, key, value));
  }

  @Override
  public String run(ScheduleState s) {
    SdrResult result;
    for (var st : s.scop.statements()) {
      if (st.filter() != null || st.writes().stream().anyMatch(a -> !a.isMust())) {
        return "not applicable: data-dependent control or indirect writes";
      }
    }
    try {
      result = optimal ? Sdr.simplifyOptimal(s.scop) : Sdr.simplifyWhereProfitable(s.scop);
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      return "not applicable: " + e.getMessage();
    }
    if (!result.changed()) return "";
    s.scop = result.program();
    s.storage = ScalarStorage.none(s.scop);
    s.blockDeclarations.addAll(result.temporaryDeclarations());
    s.blockReleases.addAll(result.temporaryReleases());
    return "complexity " + result.before() + " -> " + result.after();
  }
}
