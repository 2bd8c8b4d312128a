package dev.polyj.polyhedral.pass;

import dev.polyj.polyhedral.flow.ArrayDependences;
import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.frontend.ScopPrinter;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.schedule.ScheduleYaml;
import dev.polyj.polyhedral.scheduling.AffineSchedule;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.storage.pass.ScalarStorage;
import dev.polyj.polyhedral.tiling.Tiling;
import dev.polyj.presburger.set.UnionRelation;
import java.util.List;
import java.util.function.Function;

/**
 * What the SCoP and schedule-tree passes rewrite for one {@code #pragma scop} region: the SCoP
 * (after scalar expansion), its dependences, its schedule (the scheduler's hyperplanes, then the
 * annotated and tiled schedule tree) and what the passes before tiling ask of it. A field no pass
 * has set keeps the value that makes the later passes behave as if that pass were off (no
 * expansion, the program's own schedule, no tiling). Code generation extends it with the AST.
 */
public class ScheduleState {
  /** The indentation level of the region (two spaces per level). */
  public final int level;
  /** The SCoP the region was extracted as. */
  public final Scop input;

  // ---- SCoP level
  /** The region's scalars: expanded by scalar-expansion, contracted by storage-contraction. */
  public ScalarStorage storage;
  /** The SCoP being scheduled (scalars expanded; after tiling, with the tile coordinates as iterators). */
  public Scop scop;
  private ArrayDependences dependences;
  /** The SCoP {@link #dependences} was computed from. */
  private Scop dependencesOf;
  private UnionRelation deps;
  private boolean relaxed;
  /** The run-time checks the region's code needs (none unless it was optimized under assumptions). */
  public dev.polyj.polyhedral.speculation.RuntimeChecks runtimeChecks = new dev.polyj.polyhedral.speculation.RuntimeChecks();
  /** C lines a SCoP pass needs first in the region's block (declarations of its temporaries). */
  public final List<String> blockDeclarations = new java.util.ArrayList<>();
  /** What the passes want said about this region in the optimizer's notes. */
  public final List<String> notes = new java.util.ArrayList<>();
  /** C lines a SCoP pass needs last in the region's block (releases of its temporaries). */
  public final List<String> blockReleases = new java.util.ArrayList<>();
  /** Scalars declared for the region that each thread of a parallel loop keeps a copy of ({@code private}). */
  public final List<String> privateScalars = new java.util.ArrayList<>();
  /**
   * Per statement, the scalars each thread of the parallel loop that runs it keeps a copy of, the
   * copy of the last iteration kept after the loop ({@code lastprivate}; scalar-privatization).
   */
  public final java.util.Map<String, List<String>> privatized = new java.util.TreeMap<>();
  /**
   * A C condition on the parameters under which the region's new code is valid (a pass made it
   * for those sizes only); the region's original code runs otherwise. Null: always valid.
   */
  public String guard;

  // ---- schedule level
  /** The scheduler's hyperplanes, or null for the program's own schedule. */
  public AffineSchedule schedule;
  private ScheduleNode tree;
  /**
   * Whether loops were split at their pivots (PivotSplitting): the pieces vectorize where the
   * program's loops do not, so the program's order is no better for small work.
   */
  public boolean splitAtPivots;
  /** The program's own order, to run where the region's work is too small for threads, or null. */
  public Scop programOrder;
  /**
   * Whether {@link #programOrder} runs only where the region's work is too small for threads (its
   * reuse makes tiling pay at large sizes), never in place of a schedule without parallel loops.
   */
  public boolean programOrderSmallOnly;
  /** When the program's order also replaces the schedule's parallel code: auto, always or never. */
  public String programOrderMode = "auto";
  /** The tile sizes (parallel, stride-one, accumulation) of matrix-product bands, or null. */
  public long[] productTileSizes;
  /** Whether tiling puts the stride-one point loop innermost. */
  public boolean strideOrder;
  /** Whether tiling runs tile bands without outer parallelism as wavefronts. */
  public boolean wavefront;
  /** Whether tiling cuts the tiles of time-skewed bands for concurrent start ({@code ConcurrentStart}). */
  public boolean concurrentStart;
  /** Whether concurrent start is tried on every time-skewed band, not only on time-iterated stencils. */
  public boolean concurrentStartAnyBand;
  /** Whether a wavefront is also kept for two-member bands with no loop below them. */
  public boolean smallWavefronts;
  /** The tiling of the tree, or null. */
  public Tiling.Result tiling;
  /** Whether the tile sizes are run-time values ({@code POLYJ_Tk}), and their defaults. */
  public boolean parametricTiles;
  public long[] parametricDefaults = new long[0];
  /** The reduction clauses when reductions were reassociated, else null. */
  public ReductionClauses reductions;
  /**
   * The reduction clauses of {@link #programOrder}'s own loops when reductions were reassociated
   * (its innermost sums vectorized), else null.
   */
  public ReductionClauses programOrderReductions;
  /**
   * Runs the schedule passes before the current one again, on the region's SCoP against other
   * dependences (set by whoever runs the pipeline; reductions compares such schedules).
   */
  public Function<UnionRelation, Scheduled> rescheduler;

  public ScheduleState(Scop scop, int level) {
    this.input = scop;
    this.level = level;
    this.scop = scop;
    this.storage = ScalarStorage.none(scop);
  }

  /** The dependences of the SCoP (computed once, when first needed, from the SCoP then current). */
  public Dependences dependences() {
    if (dependences == null) {
      dependences = ArrayDependences.compute(scop.reads(), scop.mayWrites(), scop.scheduleMap());
      dependencesOf = scop;
      if (deps == null) deps = dependences.all().all();
    }
    return dependences.all();
  }

  /**
   * The dependences of {@link #dependences} with their arrays, when they were computed from
   * {@code of} (the same SCoP object), else null.
   */
  public ArrayDependences arrayDependences(Scop of) {
    return dependences != null && dependencesOf == of ? dependences : null;
  }

  /** The dependences (source to sink instances) the schedule must respect. */
  public UnionRelation deps() {
    if (deps == null) deps = dependences().all();
    return deps;
  }

  /** Schedules against {@code d} instead of the exact dependences. */
  public void useDependences(UnionRelation d) {
    this.deps = d;
    this.relaxed = true;
  }

  /** Whether the schedule was made against other dependences than the exact ones ({@link #useDependences}). */
  public boolean relaxedDependences() {
    return relaxed;
  }

  /** The schedule tree, annotated with the loops' parallelism (the program's own when no scheduler ran). */
  public ScheduleNode tree() {
    if (tree == null) {
      ScheduleNode t = schedule == null ? scop.schedule() : schedule.toTree();
      tree = TreeDependences.annotate(t, deps());
    }
    return tree;
  }

  /** Replaces the tree (null: derive it again from {@link #schedule}). */
  public void tree(ScheduleNode t) {
    this.tree = t;
  }

  /** The schedule as one record. */
  public Scheduled scheduled() {
    return new Scheduled(scop, tree(), tiling, programOrder, reductions);
  }

  /** Replaces the schedule. */
  public void scheduled(Scheduled s) {
    scop = s.scop();
    tree = s.tree();
    tiling = s.tiling();
    programOrder = s.programOrder();
    reductions = s.reductions();
  }

  /** The state after a pass of {@code level} as {@code --print-after} shows it. */
  public String dump(PassLevel passLevel) {
    if (passLevel == PassLevel.SCOP) {
      return ScopPrinter.print(List.of(new RegionResult(scop.functionName(), scop.pos(), scop, List.of())));
    }
    return ScheduleYaml.write(tree());
  }
}
