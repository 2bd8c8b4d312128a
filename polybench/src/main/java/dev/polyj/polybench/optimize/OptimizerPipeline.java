package dev.polyj.polybench.optimize;

import dev.polyj.codegen.transform.AstBuildPass;
import dev.polyj.codegen.transform.ColumnInterchangePass;
import dev.polyj.codegen.transform.GuardPeelingPass;
import dev.polyj.codegen.transform.IndexSetSplittingPass;
import dev.polyj.codegen.transform.OpenMpPass;
import dev.polyj.codegen.transform.ParallelWorkPass;
import dev.polyj.codegen.transform.ProductPackingPass;
import dev.polyj.codegen.transform.RegionState;
import dev.polyj.codegen.transform.RegisterBlockingPass;
import dev.polyj.codegen.transform.RuntimeStepsPass;
import dev.polyj.codegen.transform.ScalarPromotionPass;
import dev.polyj.codegen.transform.UnrollAndJamPass;
import dev.polyj.codegen.transform.VersionsPass;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassManager;
import dev.polyj.polyhedral.scheduling.pass.PivotSplittingPass;
import dev.polyj.polyhedral.scheduling.pass.ProgramOrderPass;
import dev.polyj.polyhedral.speculation.RuntimeChecksPass;
import dev.polyj.polyhedral.scheduling.pass.SchedulingPass;
import dev.polyj.polyhedral.scheduling.pass.TimeLoopPass;
import dev.polyj.polyhedral.storage.pass.DeLicmPass;
import dev.polyj.polyhedral.storage.pass.QuovPass;
import dev.polyj.polyhedral.storage.pass.ScalarExpansionPass;
import dev.polyj.polyhedral.storage.pass.StorageContractionPass;
import dev.polyj.polyhedral.tiling.pass.DiamondPass;
import dev.polyj.polyhedral.tiling.pass.ProductTileSizesPass;
import dev.polyj.polyhedral.tiling.pass.StrideOrderPass;
import dev.polyj.polyhedral.tiling.pass.TilingPass;
import dev.polyj.polyhedral.tiling.pass.WavefrontPass;
import dev.polyj.reductions.pass.ReductionsPass;
import dev.polyj.reductions.pass.SdrPass;
import java.util.List;

/**
 * The optimizer's default pipeline: every pass in the order it runs, each on or off as its default
 * says. This list is the one place that decides which passes the optimizer has; the command line
 * and {@link PolyhedralOptimizer.Config} only enable, disable and set options of its passes.
 */
public final class OptimizerPipeline {
  private OptimizerPipeline() {}

  /** The passes in pipeline order. */
  public static List<Pass<? super RegionState>> passes() {
    return List.of(
        // SCoP
        new RuntimeChecksPass(),
        new SdrPass(),
        new DeLicmPass(),
        new ScalarExpansionPass(),
        // schedule tree
        new SchedulingPass(),
        new DiamondPass(),
        new TimeLoopPass(),
        new PivotSplittingPass(),
        new ProgramOrderPass(),
        new ProductTileSizesPass(),
        new StrideOrderPass(),
        new WavefrontPass(),
        new QuovPass(),
        new TilingPass(),
        new ReductionsPass(),
        new dev.polyj.polyhedral.storage.pass.ScalarPrivatizationPass(),
        new StorageContractionPass(),
        // AST
        new OpenMpPass(),
        new ParallelWorkPass(),
        new AstBuildPass(),
        new RuntimeStepsPass(),
        new GuardPeelingPass(),
        new IndexSetSplittingPass(),
        new ProductPackingPass(),
        new UnrollAndJamPass(),
        new VersionsPass(),
        new ColumnInterchangePass(),
        new dev.polyj.codegen.transform.RecurrenceInterleavingPass(),
        new RegisterBlockingPass(),
        new ScalarPromotionPass(),
        new dev.polyj.codegen.transform.CyclicSchedulePass(),
        new dev.polyj.codegen.transform.DynamicSchedulePass(),
        new dev.polyj.codegen.transform.CollapsePass(),
        new dev.polyj.polybench.optimize.crehc.HistogramsPass(),
        new dev.polyj.codegen.transform.SmallWorkPass());
  }

  /** The default pipeline. */
  public static PassManager<RegionState> defaults() {
    return PassManager.of(passes());
  }

  /** The first and last passes the schedule of a SCoP runs (its schedule-tree passes before reductions). */
  static final String FIRST_SCHEDULE_PASS = "scheduling";
  static final String REDUCTIONS = "reductions";
  static final String CONTRACTION = "storage-contraction";
}
