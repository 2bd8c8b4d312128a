package dev.polyj.codegen.ast;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.polyj.presburger.set.Relation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Per-dimension AST build options, as isl's AST generator offers them for each schedule dimension
 * (band member):
 *
 * <ul>
 *   <li>{@code SEPARATE}: split the loop into pieces in which the same statements are active, so
 *       that no membership guards remain inside;
 *   <li>{@code ATOMIC}: every statement appears in a single loop at this level;
 *   <li>{@code UNROLL}: replace the loop by copies of its body, one per iteration;
 *   <li>separation classes (e.g. full and partial tiles, isl's {@code separation_class} and the
 *       {@code isolate} option): instances in different classes go to different loops.
 * </ul>
 *
 * The default lets the generator group statements whose iterations interleave into one loop and
 * give each group of iterations that comes entirely before another its own loop.
 */
public final class BuildOptions {
  /** How the loop of a dimension is formed. */
  public enum LoopKind {
    DEFAULT,
    ATOMIC,
    SEPARATE,
    UNROLL
  }

  private final ImmutableMap<Integer, LoopKind> kinds;
  private final ImmutableMap<Integer, ImmutableList<Relation>> classes;
  private final boolean exploitNestedBounds;
  private final ParallelLoopAnnotator annotator;
  private final com.google.common.collect.ImmutableSet<String> reservedNames;
  private final boolean parallelLoops;
  private final long budget;

  /**
   * Supplies the extra clauses of a parallel loop (e.g. {@code reduction(+: s)} or {@code
   * private(t)}), given the scan dimension of the loop and the names of the statements it runs.
   */
  @FunctionalInterface
  public interface ParallelLoopAnnotator {
    List<String> clauses(int dim, java.util.Set<String> statements);

    /**
     * Whether the loop's iterations are independent only with the private copies its clauses give
     * each thread (privatized scalars): then it is parallel, but neither vectorized nor marked
     * independent for the transformations of the AST, which would interleave its iterations in one
     * thread.
     */
    default boolean privatizes(int dim, java.util.Set<String> statements) {
      return false;
    }
  }

  private BuildOptions(Map<Integer, LoopKind> kinds, Map<Integer, ImmutableList<Relation>> classes,
      boolean exploitNestedBounds, ParallelLoopAnnotator annotator, java.util.Collection<String> reservedNames,
      boolean parallelLoops, long budget) {
    this.parallelLoops = parallelLoops;
    this.budget = budget;
    this.kinds = ImmutableMap.copyOf(kinds);
    this.classes = ImmutableMap.copyOf(classes);
    this.exploitNestedBounds = exploitNestedBounds;
    this.annotator = annotator;
    this.reservedNames = com.google.common.collect.ImmutableSet.copyOf(reservedNames);
  }

  public static BuildOptions defaults() {
    return new BuildOptions(Map.of(), Map.of(), true, (d, s) -> List.of(), List.of(), true, DEFAULT_BUDGET);
  }

  /** The default of {@link #budget}: well above what isl's test suite and PolyBench need. */
  public static final long DEFAULT_BUDGET = 2_000_000;

  /**
   * How many set operations (projections, emptiness and entailment tests, counted by the AST
   * builder) code generation may spend before giving up with a clear error ({@link #DEFAULT_BUDGET}
   * unless set by {@link #withBudget}, e.g. by the codegen command's {@code --budget}).
   */
  public long budget() {
    return budget;
  }

  /** These options with an operation budget of {@code operations} set operations. */
  public BuildOptions withBudget(long operations) {
    com.google.common.base.Preconditions.checkArgument(operations > 0, "the budget must be positive, got %s", operations);
    return new BuildOptions(kinds, classes, exploitNestedBounds, annotator, reservedNames, parallelLoops, operations);
  }

  /** Names the loop iterators must not take (identifiers of the surrounding code). */
  public com.google.common.collect.ImmutableSet<String> reservedNames() {
    return reservedNames;
  }

  public BuildOptions withReservedNames(java.util.Collection<String> names) {
    java.util.Set<String> all = new java.util.LinkedHashSet<>(reservedNames);
    all.addAll(names);
    return new BuildOptions(kinds, classes, exploitNestedBounds, annotator, all, parallelLoops, budget);
  }

  /** Whether coincident loops may become OpenMP parallel loops (otherwise only SIMD loops are marked). */
  public boolean parallelLoops() {
    return parallelLoops;
  }

  public BuildOptions withParallelLoops(boolean on) {
    return new BuildOptions(kinds, classes, exploitNestedBounds, annotator, reservedNames, on, budget);
  }

  public ParallelLoopAnnotator annotator() {
    return annotator;
  }

  public BuildOptions withAnnotator(ParallelLoopAnnotator a) {
    return new BuildOptions(kinds, classes, exploitNestedBounds, a, reservedNames, parallelLoops, budget);
  }

  public LoopKind kind(int dim) {
    return kinds.getOrDefault(dim, LoopKind.DEFAULT);
  }

  /** The separation classes of a dimension: sets over the schedule dimensions (may be empty). */
  public ImmutableList<Relation> separationClasses(int dim) {
    return classes.getOrDefault(dim, ImmutableList.of());
  }

  public boolean hasSeparationClasses() {
    return !classes.isEmpty();
  }

  /** Whether guards implied by the non-emptiness of inner loops are left out (isl's default). */
  public boolean exploitNestedBounds() {
    return exploitNestedBounds;
  }

  public BuildOptions with(int dim, LoopKind kind) {
    checkArgument(dim >= 0, "dimension %s", dim);
    Map<Integer, LoopKind> k = new HashMap<>(kinds);
    k.put(dim, kind);
    return new BuildOptions(k, classes, exploitNestedBounds, annotator, reservedNames, parallelLoops, budget);
  }

  /** Adds a separation class at a dimension: a set over the schedule space (the range of the schedule). */
  public BuildOptions withSeparationClass(int dim, Relation classSet) {
    checkArgument(classSet.isSet(), "separation class %s is not a set", classSet);
    Map<Integer, ImmutableList<Relation>> c = new HashMap<>(classes);
    c.put(dim, ImmutableList.<Relation>builder().addAll(separationClasses(dim)).add(classSet).build());
    return new BuildOptions(kinds, c, exploitNestedBounds, annotator, reservedNames, parallelLoops, budget);
  }

  public BuildOptions withExploitNestedBounds(boolean on) {
    return new BuildOptions(kinds, classes, on, annotator, reservedNames, parallelLoops, budget);
  }

  public List<Integer> dimsWithOptions() {
    return List.copyOf(kinds.keySet());
  }

  @Override
  public String toString() {
    return "BuildOptions" + kinds + (classes.isEmpty() ? "" : " classes at " + classes.keySet());
  }
}
