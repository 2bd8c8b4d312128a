package dev.polyj.polybench.optimize;

import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.c.ScopCodegen;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.reductions.sdr.Sdr;
import dev.polyj.reductions.sdr.SdrResult;

/**
 * The C code of a region whose reductions SDR simplified ({@link dev.polyj.reductions.sdr.Sdr}):
 * a block that allocates the temporaries, runs the transformed program (no OpenMP parallel
 * loops; the optimizer's passes add them), and frees the temporaries.
 */
public final class SdrRegion {
  private SdrRegion() {}

  /** The code replacing the region, indented at {@code level}, its loops scheduled anew by Pluto. */
  public static String code(SdrResult result, int level) {
    return code(result, level, true);
  }

  /**
   * The code replacing the region; with {@code reschedule} false, the loops follow the schedule
   * SDR derived from the augmented program's (Lemma 6.2) as it is.
   */
  public static String code(SdrResult result, int level, boolean reschedule) {
    Scop p = reschedule ? Sdr.rescheduled(result.program()) : result.program();
    BuildOptions options = BuildOptions.defaults().withReservedNames(ScopCodegen.identifiers(p)).withParallelLoops(false);
    // separate loops per statement group: the faces of a residual reduction have equalities
    // (j = i) that a shared loop over their hull would scan needlessly
    for (int d = 0; d < 16; d++) options = options.with(d, BuildOptions.LoopKind.SEPARATE);
    String inner = ScopCodegen.region(p, p.schedule(), options, level + 1);
    String pad = "  ".repeat(level);
    StringBuilder sb = new StringBuilder();
    sb.append(pad).append("{\n");
    for (String d : result.temporaryDeclarations()) sb.append(pad).append("  ").append(d).append('\n');
    sb.append(inner);
    for (String f : result.temporaryReleases()) sb.append(pad).append("  ").append(f).append('\n');
    sb.append(pad).append("}\n");
    return sb.toString();
  }
}
