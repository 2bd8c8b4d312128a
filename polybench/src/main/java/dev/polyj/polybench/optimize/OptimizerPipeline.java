package dev.polyj.polybench.optimize;

import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassManager;
import java.util.List;

/**
 * The optimizer's default pipeline: every pass in the order it runs, each on or off as its default
 * says. This list is the one place that decides which passes the optimizer has; the command line
 * and {@link PolyhedralOptimizer.Config} only enable, disable and set options of its passes.
 */
public final class OptimizerPipeline {
  private OptimizerPipeline() {}

  /** The passes in pipeline order. */
  public static List<Pass<RegionState>> passes() {
    return List.of(
        // SCoP
        new ScalarExpansionPass(),
        // schedule tree
        new SchedulingPass(),
        new DiamondPass(),
        new TimeLoopPass(),
        new ProgramOrderPass(),
        new ProductTileSizesPass(),
        new StrideOrderPass(),
        new WavefrontPass(),
        new TilingPass(),
        new ReductionsPass(),
        new StorageContractionPass(),
        // AST
        new OpenMpPass(),
        new ParallelWorkPass(),
        new AstBuildPass(),
        new RuntimeStepsPass(),
        new GuardPeelingPass(),
        new ProductPackingPass(),
        new UnrollAndJamPass(),
        new VersionsPass(),
        new ColumnInterchangePass(),
        new RegisterBlockingPass(),
        new ScalarPromotionPass());
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
